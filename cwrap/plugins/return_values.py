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

For the C values the call is written `<type> ret = THTensor_(...)(...);`. The wrapper owns the
results it allocated: a returned one passes to the caller, any other is released.
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
    if any(arg.kind not in ('self', 'python', 'allocated') for arg in arguments):
        raise CwrapError('%s: declaration %s: only arguments that are Python objects can be '
                         'returned' % (declaration.source, declaration.name))
    return arguments


class ReturnValues(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            for option in declaration.options:
                returns = option.returns.strip()
                if returns not in CONVERSIONS and returns != 'void':
                    returned_arguments(declaration, option)
        return declarations

    def process_option(self, declaration, option, code):
        allocated = [arg for arg in option.arguments if arg.kind == 'allocated']
        returned = returned_arguments(declaration, option)
        if returned is None:
            code.returns += ['Py_DECREF(%s);' % arg.py_object for arg in allocated]
            returns = option.returns.strip()
            if returns == 'void':
                code.returns.append('Py_RETURN_NONE;')
            else:
                ctype, make = CONVERSIONS[returns]
                code.call = '%s%sret = %s;' % (ctype, '' if ctype.endswith('*') else ' ',
                                               code.call_expression)
                code.returns.append('return %s;' % make)
            return

        objects = ['py_self' if arg.kind == 'self' else arg.py_object for arg in returned]
        if len(returned) == 1:
            if returned[0].kind != 'allocated':
                code.returns.append('Py_INCREF(%s);' % objects[0])
            code.returns += ['Py_DECREF(%s);' % arg.py_object for arg in allocated
                             if arg is not returned[0]]
            code.returns.append('return %s;' % objects[0])
            return
        # A tuple holds its own references: the allocated results are released once packed.
        code.returns.append('PyObject *ret = PyTuple_Pack(%d, %s);'
                            % (len(objects), ', '.join(objects)))
        code.returns += ['Py_DECREF(%s);' % arg.py_object for arg in allocated]
        code.returns.append('return ret;')
