"""The THP type table: how an argument of each C type is checked, unpacked and named for people.

An option matches only if every argument the caller gave passes its check (a cheap type test:
pointer compares for tensors, PyFloat/PyLong tests for numbers) on its bound value, call.arg[i].
Then each is unpacked into a C local named after it, before the GIL is released:
    real value = THPUtils_(unpackReal)(call.arg[0]);
    THTensor *other = THPTensor_(CData)(call.arg[1]);
Sizes unpack into a new THLongStorage, and a sequence of tensors into a new array: temporaries
that the call keeps (THPCall_keep) and frees when it ends, however it ends. The receiver, self,
is unpacked once for the whole wrapper. This plugin also rejects unknown types, and gives
THGenerator* its default (the default generator). A `nullable` pointer also accepts None, which
TH gets as NULL (THNN's optional weights and biases):
    THFloatTensor *bias = call.arg[4] == Py_None ? NULL : THPFloatTensor_CData(call.arg[4]);
A dimension with `wrap_dim: self` counts back from the end of self's dimensions when negative
(-1 is the last), as v0.1.12 did; it is unpacked once the tensor it refers to is:
    int dim = THPUtils_wrapDim(THPUtils_unpackInt(call.arg[1]),
                               THTensor_(nDimension)(self), 0, "dim");
"""

from dataclasses import dataclass
from typing import Optional

from ..parser import CwrapError
from . import Plugin, substitute


class Macro(str):
    """A C macro that expands to a string literal, e.g. THPTensorStr ("torch_early.FloatTensor")."""


@dataclass
class THPType:
    ctype: str                          # type of the unpacked C local
    check: str                          # C condition on $arg, the Python object
    unpack: str                         # C expression of $arg giving the C value
    python: str                         # the name people know it by (or a Macro)
    result: Optional[str] = None        # for outputs: the result helper, (&call, i) -> object
    count: Optional[str] = None         # for tensors: number of elements of $value
    default: Optional[str] = None       # used when the declaration gives no default
    release: Optional[str] = None       # the unpacked value is new: the call frees it with this
    ndim: Optional[str] = None          # for tensors: number of dimensions of $value (wrap_dim)


TENSOR = THPType('THTensor *', 'THPTensor_(Check)($arg)', 'THPTensor_(CData)($arg)',
                 Macro('THPTensorStr'), result='THPTensor_(result)',
                 count='THTensor_(nElement)($value)', ndim='THTensor_(nDimension)($value)')


def fixed_dtype_tensor(real):
    """The argument type THLongTensor* (real='Long') and its likes: a tensor of that dtype."""
    return THPType('TH%sTensor *' % real, 'THP%sTensor_Check($arg)' % real,
                   'THP%sTensor_CData($arg)' % real, 'torch_early.%sTensor' % real,
                   result='THP%sTensor_result' % real,
                   count='TH%sTensor_nElement($value)' % real)


TYPES = {
    'THTensor*': TENSOR,
    # Tensors of one fixed dtype whatever the wrapper's own: indices (Long), masks (Byte), pivots
    # (Int), per-element probabilities (Float, Double).
    'THLongTensor*': fixed_dtype_tensor('Long'),
    'THByteTensor*': fixed_dtype_tensor('Byte'),
    'THIntTensor*': fixed_dtype_tensor('Int'),
    'THFloatTensor*': fixed_dtype_tensor('Float'),
    'THDoubleTensor*': fixed_dtype_tensor('Double'),
    # A list or tuple of tensors of this dtype (cat's sequence), unpacked into a new
    # NULL-terminated array; the declaration passes its length as
    # `CONSTANT THPUtils_(tensorListLength)(<name>)`.
    'THTensor**': THPType('THTensor **', 'THPUtils_(checkTensorList)($arg)',
                          'THPUtils_(unpackTensorList)($arg)',
                          Macro('"sequence of " THPTensorStr'),
                          count='THPUtils_(tensorListNumel)($value)',
                          release='THPUtils_(freeTensorList)',
                          ndim='THPUtils_(tensorListDim)($value)'),
    # A sparse tensor of the wrapper's dtype (lib/THS): the operand of the sparse math, or a
    # sparse result.
    'THSTensor*': THPType('THSTensor *', 'THSPTensor_(Check)($arg)', 'THSPTensor_(CData)($arg)',
                          Macro('THSPTensorStr'), result='THSPTensor_(result)',
                          count='THSTensor_(nnz)($value)'),
    'THStorage*': THPType('THStorage *', 'THPStorage_(Check)($arg)',
                          '((THPStorage *)$arg)->cdata', Macro('THPStorageStr')),
    'THGenerator*': THPType('THGenerator *', 'THPGenerator_Check($arg)',
                            '((THPGenerator *)$arg)->cdata', 'torch_early.Generator',
                            default='THPGenerator_defaultCData()'),
    'THSize*': THPType('THLongStorage *',
                       '(PyTuple_Check($arg) || PyList_Check($arg)) && '
                       'THPUtils_checkSizeArgs(&$arg, 1)',
                       'THPUtils_unpackSizeSequence($arg)', 'torch_early.Size',
                       release='THPUtils_freeSizes'),
    'THStride*': THPType('THLongStorage *',
                         '(PyTuple_Check($arg) || PyList_Check($arg)) && '
                         'THPUtils_checkSizeArgs(&$arg, 1)',
                         'THPUtils_unpackSizeSequence($arg)', 'tuple',
                         release='THPUtils_freeSizes'),
    'real': THPType('real', 'THPUtils_(checkReal)($arg)', 'THPUtils_(unpackReal)($arg)',
                    Macro('RealStr')),
    'accreal': THPType('accreal', 'THPUtils_(checkAccreal)($arg)',
                       'THPUtils_(unpackAccreal)($arg)', Macro('RealStr')),
    # An int beyond the C range fails naming itself, rather than reaching TH saturated.
    'long': THPType('long', 'THPUtils_checkLong($arg)',
                    'THPUtils_unpackLongArgument($arg, "$name")', 'int'),
    # Dimensions: TH takes them as C ints, so values beyond that range must fail, not wrap.
    'int': THPType('int', 'THPUtils_checkLong($arg)', 'THPUtils_unpackInt($arg)', 'int'),
    'double': THPType('double', 'THPUtils_checkDouble($arg)', 'THPUtils_unpackDouble($arg)',
                      'float'),
    'bool': THPType('int', 'PyBool_Check($arg)', '($arg == Py_True)', 'bool'),
    # The THNN bindings' own types (cwrap/thnn.py): `real` of the Float functions, and the state
    # argument, which the CPU kernels do not use: TH gets NULL whatever int is given (the era's
    # GPU library took its state's address there).
    'float': THPType('float', 'THPUtils_checkDouble($arg)', '(float)THPUtils_unpackDouble($arg)',
                     'float'),
    'THNNState*': THPType('THNNState *', 'THPUtils_checkLong($arg)', 'NULL', 'int'),
}

# A THSize* with long_args: True takes the remaining positional values, `resize_(2, 3)` or
# `resize_((2, 3))`, which binding leaves in call.rest / call.nrest.
LONG_ARGS_CHECK = 'THPUtils_checkSizeArgs(call.rest, call.nrest)'
LONG_ARGS_UNPACK = 'THPUtils_unpackSizeArgs(call.rest, call.nrest)'


def type_of(arg):
    return TYPES[arg.type]


def declared(ctype, name):
    """A C declaration: 'real value', 'THTensor *other'."""
    return ctype + ('' if ctype.endswith('*') else ' ') + name


def bound_value(option, arg):
    """The C expression of the Python object bound to a caller-given argument: call.arg[i], i its
    index among the option's Python arguments (the order of its argument-names string)."""
    return 'call.arg[%d]' % option.python_arguments().index(arg)


def receiver_unpack(declaration):
    """The unpacking of the receiver, once for the whole wrapper ('THTensor *self = ...'), or
    None for a function form or a wrapper whose options do not use it."""
    for option in declaration.options:
        for arg in option.arguments:
            if arg.kind == 'self':
                return '%s = %s;' % (declared(type_of(arg).ctype, 'self'),
                                     substitute(type_of(arg).unpack, {'arg': 'py_self'}))
    return None


class TypeChecks(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            where = '%s: declaration %s' % (declaration.source, declaration.name)
            for option in declaration.options:
                for arg in option.arguments:
                    if arg.kind in ('constant', 'reference'):
                        continue
                    if arg.type not in TYPES:
                        raise CwrapError('%s: unknown argument type %r (known: %s)'
                                         % (where, arg.type, ', '.join(TYPES)))
                    if arg.long_args and arg.type != 'THSize*':
                        raise CwrapError('%s: long_args is for THSize* only' % where)
                    if arg.nullable and (arg.output or arg.kind == 'self'):
                        raise CwrapError('%s: a result or self cannot be nullable' % where)
                    if arg.output and TYPES[arg.type].result is None:
                        raise CwrapError('%s: an output must be a tensor, not %s'
                                         % (where, arg.type))
                    if arg.default is None and TYPES[arg.type].default is not None:
                        arg.default = TYPES[arg.type].default
        return declarations

    def process_wrapper(self, declaration, code):
        unpack = receiver_unpack(declaration)
        if unpack and not declaration.stateless:
            code.prologue.append(unpack)

    def process_option(self, declaration, option, code):
        # Each value is unpacked in the caller's order (an error stops the reading of the next
        # ones); a wrap_dim dimension waits for its tensor if that comes later.
        unpacked_names = {'self'} if not declaration.stateless else set()
        waiting = []
        for arg in self._in_caller_order(option):
            thp = type_of(arg)
            if arg.kind == 'constant':
                unpack = (declared(thp.ctype, arg.name), arg.value)
            else:
                unpack = (declared(thp.ctype, arg.name), self._unpacked(option, arg, code))
            if arg.wrap_dim:
                waiting.append((arg, unpack))
            else:
                code.unpacks.append(unpack)
                unpacked_names.add(arg.name)
            for dim_arg, dim_unpack in list(waiting):
                if self._wrap_tensor(declaration, dim_arg) in unpacked_names:
                    code.unpacks.append(self._wrapped(declaration, option, dim_arg, dim_unpack))
                    waiting.remove((dim_arg, dim_unpack))
        for dim_arg, dim_unpack in waiting:
            code.unpacks.append(self._wrapped(declaration, option, dim_arg, dim_unpack))

    @staticmethod
    def _unpacked(option, arg, code):
        """The C expression unpacking a caller-given argument; its type check goes to code."""
        thp = type_of(arg)
        if arg.long_args:
            code.checks.append(LONG_ARGS_CHECK)
            unpacked = LONG_ARGS_UNPACK
        else:
            value = bound_value(option, arg)
            check = substitute(thp.check, {'arg': value})
            unpacked = substitute(thp.unpack, {'arg': value, 'name': arg.name})
            if arg.nullable:
                check = '(%s == Py_None || %s)' % (value, check)
                if unpacked != 'NULL':
                    unpacked = '%s == Py_None ? NULL : %s' % (value, unpacked)
            code.checks.append(check)
        if thp.release:
            unpacked = 'THPCall_keep(&call, %s, %s)' % (unpacked, thp.release)
        return unpacked

    @staticmethod
    def _wrap_tensor(declaration, arg):
        """The C name of the tensor a wrap_dim dimension counts by (self is source in a function
        form)."""
        tensor_name = arg.wrap_dim.partition('+')[0]
        return 'source' if declaration.stateless and tensor_name == 'self' else tensor_name

    @staticmethod
    def _wrapped(declaration, option, arg, unpack):
        """The unpacking of a `wrap_dim` dimension: the value counted back from the end of the
        tensor's dimensions when negative (THPUtils_wrapDim, csrc/utils.h)."""
        extra = arg.wrap_dim.partition('+')[2]
        tensor_name = TypeChecks._wrap_tensor(declaration, arg)
        tensors = [a for a in option.arguments if a.name == tensor_name and a.kind != 'constant']
        if not tensors or TYPES[tensors[0].type].ndim is None:
            raise CwrapError('%s: declaration %s: wrap_dim %r names no tensor argument'
                             % (declaration.source, declaration.name, arg.wrap_dim))
        ndim = substitute(TYPES[tensors[0].type].ndim, {'value': tensor_name})
        return (unpack[0], 'THPUtils_wrapDim(%s, %s, %s, "%s")'
                % (unpack[1], ndim, extra or '0', arg.keyword or arg.name))

    @staticmethod
    def _in_caller_order(option):
        """The positional arguments, the keyword-only ones, then the left-out ones that hold a
        default."""
        given = sorted(option.python_arguments(),
                       key=lambda arg: (arg.position is None, arg.position or 0))
        defaults = [arg for arg in option.arguments if arg.kind == 'constant' and arg.name is not None]
        return given + defaults
