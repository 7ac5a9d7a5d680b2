"""The THP type table: how an argument of each C type is checked, unpacked and named for people.

An option matches only if every argument the caller gave passes its check (a cheap type test:
pointer compares for tensors, PyFloat/PyLong tests for numbers). Then each is unpacked into a C
local named after it, before anything is allocated and before the GIL is released:
    real value = THPUtils_(unpackReal)(py_value);
    THTensor *other = ((THPTensor *)py_other)->cdata;
Sizes unpack into a new THLongStorage, and a sequence of tensors into a new array: resources,
freed after the call, or on error.
This plugin also rejects unknown types, and gives THGenerator* its default (the default generator).
"""

from dataclasses import dataclass
from typing import Optional

from ..parser import CwrapError
from . import Plugin, Resource, substitute


class Macro(str):
    """A C macro that expands to a string literal, e.g. THPTensorStr ("torch_early.FloatTensor")."""


@dataclass
class THPType:
    ctype: str                          # type of the unpacked C local
    check: str                          # C condition on $arg, the Python object
    unpack: str                         # C expression of $arg giving the C value
    python: str                         # the name people know it by (or a Macro)
    new_empty: Optional[str] = None     # for outputs: a new, empty Python object of this type
    count: Optional[str] = None         # for tensors: number of elements of $value
    default: Optional[str] = None       # used when the declaration gives no default
    may_raise: bool = False             # unpacking may fail (an integer too large...)
    free: Optional[str] = None          # the unpacked value is new and must be freed with this


TENSOR = THPType('THTensor *', 'THPTensor_(Check)($arg)', '((THPTensor *)$arg)->cdata',
                 Macro('THPTensorStr'), new_empty='THPTensor_(NewEmpty)()',
                 count='THTensor_(nElement)($value)')


def fixed_dtype_tensor(real):
    """The argument type THLongTensor* (real='Long') and its likes: a tensor of that dtype."""
    return THPType('TH%sTensor *' % real, 'PyObject_TypeCheck($arg, &THP%sTensorType)' % real,
                   '((THP%sTensor *)$arg)->cdata' % real, 'torch_early.%sTensor' % real,
                   new_empty='THP%sTensor_NewEmpty()' % real,
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
                          free='THPUtils_(freeTensorList)($value)'),
    # A sparse tensor of the wrapper's dtype (lib/THS): the operand of the sparse math, or a
    # sparse result.
    'THSTensor*': THPType('THSTensor *', 'THSPTensor_(Check)($arg)',
                          '((THSPTensor *)$arg)->cdata', Macro('THSPTensorStr'),
                          new_empty='THSPTensor_(NewEmpty)()', count='THSTensor_(nnz)($value)'),
    'THStorage*': THPType('THStorage *', 'THPStorage_(Check)($arg)',
                          '((THPStorage *)$arg)->cdata', Macro('THPStorageStr')),
    'THGenerator*': THPType('THGenerator *', 'THPGenerator_Check($arg)',
                            '((THPGenerator *)$arg)->cdata', 'torch_early.Generator',
                            default='THPGenerator_defaultCData()'),
    'THSize*': THPType('THLongStorage *',
                       '(PyTuple_Check($arg) || PyList_Check($arg)) && '
                       'THPUtils_checkSizeArgs(&$arg, 1)',
                       'THPUtils_unpackSizeSequence($arg)', 'torch_early.Size',
                       free='THLongStorage_free($value)'),
    'THStride*': THPType('THLongStorage *',
                         '(PyTuple_Check($arg) || PyList_Check($arg)) && '
                         'THPUtils_checkSizeArgs(&$arg, 1)',
                         'THPUtils_unpackSizeSequence($arg)', 'tuple',
                         free='THLongStorage_free($value)'),
    'real': THPType('real', 'THPUtils_(checkReal)($arg)', 'THPUtils_(unpackReal)($arg)',
                    Macro('RealStr'), may_raise=True),
    'accreal': THPType('accreal', 'THPUtils_(checkAccreal)($arg)',
                       'THPUtils_(unpackAccreal)($arg)', Macro('RealStr'), may_raise=True),
    # An int beyond the C range fails naming itself, rather than reaching TH saturated.
    'long': THPType('long', 'THPUtils_checkLong($arg)',
                    'THPUtils_unpackLongArgument($arg, "$name")', 'int', may_raise=True),
    # Dimensions: TH takes them as C ints, so values beyond that range must fail, not wrap.
    'int': THPType('int', 'THPUtils_checkLong($arg)', 'THPUtils_unpackInt($arg)', 'int',
                   may_raise=True),
    'double': THPType('double', 'THPUtils_checkDouble($arg)', 'THPUtils_unpackDouble($arg)',
                      'float', may_raise=True),
    'bool': THPType('int', 'PyBool_Check($arg)', '($arg == Py_True)', 'bool'),
}

# A THSize* with long_args: True takes the remaining positional values, `resize_(2, 3)` or
# `resize_((2, 3))`; $args/$nargs are those values.
LONG_ARGS_CHECK = 'THPUtils_checkSizeArgs($args, $nargs)'
LONG_ARGS_UNPACK = 'THPUtils_unpackSizeArgs($args, $nargs)'


def type_of(arg):
    return TYPES[arg.type]


def declared(ctype, name, volatile=False):
    """A C declaration: 'real value', 'THTensor *other', 'THLongStorage *volatile size'.
    Locals that the error path reads after a siglongjmp are volatile."""
    if ctype.endswith('*'):
        return ctype + ('volatile ' if volatile else '') + name
    return ctype + (' volatile ' if volatile else ' ') + name


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
                    if arg.output and TYPES[arg.type].new_empty is None:
                        raise CwrapError('%s: an output must be a tensor, not %s'
                                         % (where, arg.type))
                    if arg.default is None and TYPES[arg.type].default is not None:
                        arg.default = TYPES[arg.type].default
        return declarations

    def process_option(self, declaration, option, code):
        may_raise = False
        for arg in self._in_caller_order(option):
            if arg.kind == 'self':
                code.unpacks.append('%s = %s;' % (declared(type_of(arg).ctype, 'self'),
                                                   substitute(type_of(arg).unpack,
                                                              {'arg': 'py_self'})))
            elif arg.kind == 'constant' and arg.name is not None:
                code.unpacks.append('%s = %s;' % (declared(type_of(arg).ctype, arg.name),
                                                   arg.value))
            elif arg.kind == 'python' and arg.long_args:
                rest = {'args': 'args + %d' % arg.position if arg.position else 'args',
                        'nargs': 'nargs - %d' % arg.position if arg.position else 'nargs'}
                code.checks.append(substitute(LONG_ARGS_CHECK, rest))
                code.resources.append(self._freed(arg, substitute(LONG_ARGS_UNPACK, rest)))
            elif arg.kind == 'python':
                thp = type_of(arg)
                code.checks.append(substitute(thp.check, {'arg': arg.py_object}))
                unpacked = substitute(thp.unpack, {'arg': arg.py_object, 'name': arg.name})
                if thp.free:
                    code.resources.append(self._freed(arg, unpacked))
                else:
                    code.unpacks.append('%s = %s;' % (declared(thp.ctype, arg.name), unpacked))
                    may_raise = may_raise or thp.may_raise
        if may_raise:
            code.unpacks.append('if (PyErr_Occurred()) return NULL;')

    @staticmethod
    def _in_caller_order(option):
        """self (once, though in-place calls pass it twice), the positional arguments, the
        keyword-only ones, then the left-out ones that hold a default."""
        arguments = option.arguments
        selves = [arg for arg in arguments if arg.kind == 'self'][:1]
        given = sorted(option.python_arguments(),
                       key=lambda arg: (arg.position is None, arg.position or 0))
        defaults = [arg for arg in arguments if arg.kind == 'constant' and arg.name is not None]
        return selves + given + defaults

    @staticmethod
    def _freed(arg, unpacked):
        thp = type_of(arg)
        return Resource(acquire='%s = %s;' % (declared(thp.ctype, arg.name, volatile=True),
                                              unpacked),
                        failed='%s == NULL' % arg.name,
                        release=substitute(thp.free, {'value': arg.name}) + ';')
