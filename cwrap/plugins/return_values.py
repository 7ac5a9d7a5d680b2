"""What a wrapper returns (the `return` key).

  void              None
  self              the tensor the method was called on
  argument N        the Python object of argument N (a result: the one out= gave, or the one
  argument N,M      the wrapper allocated), or a tuple of several
  real, accreal     a Python number, from the C value TH returned
  long, bool        a Python int / bool
  THTensor*         a new tensor object around the new THTensor TH returned
  THSTensor*        a new sparse tensor object around the new THSTensor THS returned
  THLongTensor*     a new torch_early.LongTensor around the new THLongTensor returned (indices)
  void*             a Python int holding the address

Objects go back through THPCall_return (a new reference; the call then releases what it owns, so
an allocated result passes to the caller and any other is freed) or THPCall_returnTuple. For the
C values the call is written `<type> ret = THTensor_(...)(...);`, then THPCall_end (the GIL is
taken back) comes before the conversion, which is Python code.
"""

from ..parser import CwrapError
from . import Plugin

# return type -> (C type of `ret`, expression making the Python object)
CONVERSIONS = {
    'real': ('real', 'THPUtils_(newReal)(ret)'),
    'accreal': ('accreal', 'THPUtils_(newAccreal)(ret)'),
    'long': ('long', 'PyLong_FromLong(ret)'),
    'bool': ('int', 'PyBool_FromLong(ret)'),
    'THTensor*': ('THTensor *', 'THPTensor_(New)(ret)'),
    'THSTensor*': ('THSTensor *', 'THSPTensor_(New)(ret)'),
    'THLongTensor*': ('THLongTensor *', 'THPLongTensor_New(ret)'),
    'void*': ('void *', 'PyLong_FromVoidPtr(ret)'),
}


def returned_arguments(declaration, option):
    """The arguments that `return: argument N[,M]` (or `self`) names, else None."""
    returns = option.returns.strip()
    if returns == 'self':
        selves = [arg for arg in option.arguments if arg.kind == 'self']
        if not selves:
            raise CwrapError('%s: declaration %s returns self but has no self argument'
                             % (declaration.source, declaration.name))
        return selves[:1]
    if not returns.startswith('argument '):
        return None
    try:
        indices = [int(i) for i in returns[len('argument '):].split(',')]
        arguments = [option.arguments[i] for i in indices]
    except (ValueError, IndexError):
        raise CwrapError('%s: declaration %s: bad return %r'
                         % (declaration.source, declaration.name, returns))
    if any(arg.kind not in ('self', 'python', 'output') for arg in arguments):
        raise CwrapError('%s: declaration %s: only arguments that are Python objects can be '
                         'returned' % (declaration.source, declaration.name))
    return arguments


def python_object(arg):
    """The C expression of an argument's Python object, for returning it."""
    if arg.kind == 'self':
        return 'py_self'
    if arg.kind == 'output':
        return 'call.result[%d]' % arg.out_index
    return None


class ReturnValues(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            for option in declaration.options:
                returns = option.returns.strip()
                if returns not in CONVERSIONS and returns != 'void':
                    returned_arguments(declaration, option)
        return declarations

    def process_option(self, declaration, option, code):
        returned = returned_arguments(declaration, option)
        if returned is None:
            returns = option.returns.strip()
            if returns == 'void':
                code.returns.append('return THPCall_return(&call, Py_None);')
                return
            ctype, make = CONVERSIONS[returns]
            code.call = '%s%sret = %s;' % (ctype, '' if ctype.endswith('*') else ' ',
                                           code.call_expression)
            code.returns += ['THPCall_end(&call);', 'return %s;' % make]
            return
        objects = [python_object(arg) or 'call.arg[%d]' % option.python_arguments().index(arg)
                   for arg in returned]
        if len(objects) == 1:
            code.returns.append('return THPCall_return(&call, %s);' % objects[0])
        else:
            code.returns.append('return THPCall_returnTuple(&call, %d, %s);'
                                % (len(objects), ', '.join(objects)))
