"""The GIL: other Python threads may run while TH works on large tensors.

Each option tells THPCall_enterTH (csrc/Call.h) how many elements its input tensors hold, the
receiver counted once; at or above THP_GIL_RELEASE_THRESHOLD the GIL is released for the TH call
(below it, releasing would cost more than the work), and the return helpers take it back, as
does the error path if TH raises. Options without tensor inputs count 0 and keep the GIL, and so
do declarations with `release_gil: False`: calls that only look at or re-point sizes and strides
(dim, transpose, set_...) cost the same for any size, far less than handing the GIL over. A
nullable tensor given as None (NULL) counts 0.
"""

from . import Plugin, substitute
from .type_checks import TYPES


def input_elements(option):
    """The C expressions of the element counts of the option's input tensors, to be added up
    (['0'] if none)."""
    counts = []
    for arg in option.arguments:
        if arg.kind not in ('self', 'python') or TYPES[arg.type].count is None:
            continue
        count = substitute(TYPES[arg.type].count, {'value': arg.name})
        if arg.nullable:
            count = '(%s ? %s : 0)' % (arg.name, count)
        if count not in counts:   # in-place calls pass self twice; it counts once
            counts.append(count)
    return counts or ['0']


class GILRelease(Plugin):

    def process_option(self, declaration, option, code):
        if declaration.release_gil:
            code.elements = input_elements(option)
