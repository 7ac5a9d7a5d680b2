"""The error when no option matches: a TypeError listing what was given and what is accepted.

  add received an invalid combination of arguments - got (str), but expected one of:
   * (float value)
   * (torch_early.FloatTensor other)

The wrapper ends with THPCall_invalidArguments(&call, &THPTensorType), which finds the wrapper's
docstring in the method table of that type (the accepted signatures are its last paragraph, see
signatures.py), builds that message and returns NULL: help() and the error list the same text.
When the arguments fail only because a tensor is of another type than a signature takes, the
message opens with a line that says so and lists only the signatures they nearly fit
(csrc/TypeMix.h): the generated code is the same either way.
A function of a module (the THNN bindings) finds its docstring in the module it was called from:
THPCall_invalidArgumentsIn(&call, module).
"""

from . import Plugin


def method_table_type(declaration):
    """The type whose method table lists the declaration's wrapper."""
    return '&%s%s' % ('THSPTensor' if declaration.sparse else 'THPTensor',
                      'StatelessType' if declaration.stateless else 'Type')


class InvalidArguments(Plugin):

    def process_wrapper(self, declaration, code):
        if declaration.module is not None:
            code.epilogue.append('return THPCall_invalidArgumentsIn(&call, module);')
            return
        code.epilogue.append('return THPCall_invalidArguments(&call, %s);'
                             % method_table_type(declaration))
