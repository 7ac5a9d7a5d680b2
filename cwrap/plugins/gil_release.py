"""The GIL: other Python threads may run while TH works on large tensors.

Around the TH call the wrapper adds up the element counts of its input tensors; at or above
THP_GIL_RELEASE_THRESHOLD it releases the GIL (below it, releasing would cost more than the work)
and takes it back right after. If TH raises meanwhile, the error path takes it back first.
Options without tensor inputs keep the GIL, and so do declarations with `release_gil: False`:
calls that only look at or re-point sizes and strides (dim, transpose, set_...) cost the same
for any size, far less than handing the GIL over.
"""

from . import Plugin, substitute
from .type_checks import TYPES


class GILRelease(Plugin):

    def process_option(self, declaration, option, code):
        if not declaration.release_gil:
            return
        counts = [substitute(TYPES[arg.type].count, {'value': arg.name})
                  for arg in option.arguments
                  if arg.kind in ('self', 'python') and not arg.output
                  and TYPES[arg.type].count is not None]
        if not counts:
            return
        code.frame_locals.append('PyThreadState *volatile released = NULL;')
        code.on_error.insert(0, 'if (released) PyEval_RestoreThread(released);')
        code.call_prefix += ['if (%s >= THP_GIL_RELEASE_THRESHOLD)' % ' + '.join(counts),
                             '  released = PyEval_SaveThread();']
        code.call_suffix += ['if (released) {',
                             '  PyEval_RestoreThread(released);',
                             '  released = NULL;',
                             '}']
