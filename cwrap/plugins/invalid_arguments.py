"""The error when no option matches: a TypeError listing what was given and what is accepted.

  add received an invalid combination of arguments - got (str), but expected one of:
   * (float value)
   * (torch_early.FloatTensor other)

The wrapper ends with a call to THPUtils_invalidArguments, which receives the call's arguments
and the signatures (see signatures.py), builds that message and returns NULL.
"""

from . import Plugin
from .. import signatures


class InvalidArguments(Plugin):

    def process_wrapper(self, declaration, code):
        options = signatures.all_signatures(declaration)
        lines = ['return THPUtils_invalidArguments(',
                 '    args, nargs, kwnames, "%s", %d,' % (declaration.python_name, len(options))]
        lines += ['    %s,' % signatures.c_string(pieces) for pieces in options]
        lines[-1] = lines[-1][:-1] + ');'
        code.epilogue += lines
