"""gdb helpers for torch_early's C structs: `te-print EXPR` shows a THTensor*, a THStorage* or a
tensor's PyObject* the way a reader thinks of it (dtype, sizes, strides, offset, storage, first
elements) instead of as raw struct fields; `te-python-helpers` loads CPython's own gdb helpers
(py-bt, py-list) for the Python being debugged. Load this file in gdb with

    source tools/gdb/torch_early_gdb.py        (or: gdb -x tools/gdb/torch_early_gdb.py ...)

This file runs inside gdb's own Python (module `gdb`), not in the program being debugged: it
reads the program's memory through gdb.Value and never calls a function of the program, so it is
safe at any stop, even inside a TH error.
"""
import glob
import math
import os
import re

import gdb

FIRST_ELEMENTS = 8          # how many elements te-print shows
DTYPES = ('Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double', 'Half')
# The generic mechanism names each dtype's struct THFloatTensor, THFloatStorage, THPFloatTensor...
TH_STRUCT = re.compile(r'^TH(P?)({})(Tensor|Storage)$'.format('|'.join(DTYPES)))
# lib/TH/THStorage.h's flag bits, in the order they are printed.
STORAGE_FLAGS = (('REFCOUNTED', 1), ('RESIZABLE', 2), ('FREEMEM', 4), ('VIEW', 8))


def struct_name(pointer):
    """The name of what a pointer points to: its typedef name (THPFloatTensor is a typedef of an
    unnamed struct), else its struct tag (struct THFloatTensor), else the type as gdb writes it."""
    target = pointer.type.strip_typedefs().target()
    return target.name or target.strip_typedefs().tag or str(target)


def address(pointer):
    return '0x{:x}'.format(int(pointer))


def tuple_text(values):
    """(2, 3) as Python prints a tuple, (4,) included."""
    return '(' + ', '.join(str(v) for v in values) + (',)' if len(values) == 1 else ')')


def storage_flags(flag):
    names = [name for name, bit in STORAGE_FLAGS if flag & bit]
    return '|'.join(names) or 'none'


def element_text(value):
    """An element as a short number: 1.5 rather than gdb's 1.5000000000000000 for a double."""
    if value.type.strip_typedefs().code == gdb.TYPE_CODE_FLT:
        return '{:g}'.format(float(value))
    if value.type.strip_typedefs().code == gdb.TYPE_CODE_INT:
        return str(int(value))
    return str(value)        # Half: the struct, as gdb shows it


def logical_offsets(sizes, strides, count):
    """Storage offsets (from the tensor's own offset) of its first `count` elements in index
    order: strides map an index to an offset, so a transposed view reads its storage across."""
    offsets = []
    index = [0] * len(sizes)
    while len(offsets) < count and all(s > 0 for s in sizes) and sizes:
        offsets.append(sum(i * s for i, s in zip(index, strides)))
        for dim in reversed(range(len(sizes))):    # the last index moves fastest
            index[dim] += 1
            if index[dim] < sizes[dim]:
                break
            index[dim] = 0
        else:
            break
    return offsets


def tensor_lines(tensor, dtype):
    ndim = int(tensor['nDimension'])
    sizes = [int(tensor['size'][d]) for d in range(ndim)]
    strides = [int(tensor['stride'][d]) for d in range(ndim)]
    offset = int(tensor['storageOffset'])
    lines = ['TH{}Tensor: dtype {}, sizes {}, strides {}, offset {}, refcount {}'.format(
        dtype, dtype, tuple_text(sizes), tuple_text(strides), offset, int(tensor['refcount']))]
    storage = tensor['storage']
    if int(storage) == 0:
        return lines + ['  storage: NULL (no elements)']
    lines += ['  ' + storage_lines(storage, dtype)[0]]
    offsets = logical_offsets(sizes, strides, FIRST_ELEMENTS)
    numel = math.prod(sizes) if sizes else 0
    values = [element_text(storage['data'][offset + o]) for o in offsets]
    lines.append('  elements: ' + (', '.join(values) + (', ...' if numel > len(values) else '')
                                   if values else 'none'))
    return lines


def storage_lines(storage, dtype):
    size = int(storage['size'])
    lines = ['storage TH{}Storage {}: size {}, refcount {}, flags {}'.format(
        dtype, address(storage), size, int(storage['refcount']),
        storage_flags(int(storage['flag'])))]
    if int(storage['flag']) & 8:
        lines[0] += ', a view of ' + address(storage['view'])
    return lines


def storage_with_elements(storage, dtype):
    lines = storage_lines(storage, dtype)
    size = int(storage['size'])
    shown = min(size, FIRST_ELEMENTS)
    values = [element_text(storage['data'][k]) for k in range(shown)]
    lines.append('  elements: ' + (', '.join(values) + (', ...' if size > shown else '')
                                   if values else 'none'))
    return lines


def python_tensor_lines(obj):
    """A PyObject* that is a tensor: find the C base type torch_early._C.<Dtype>TensorBase among
    its type's bases, then read the THTensor* that the THP<Dtype>Tensor struct holds."""
    kind = obj['ob_type']
    while int(kind):
        name = kind['tp_name'].string()
        match = re.match(r'^torch_early\._C\.(\w+)TensorBase$', name)
        if match and match.group(1) in DTYPES:
            dtype = match.group(1)
            thp = obj.cast(gdb.lookup_type('THP{}Tensor'.format(dtype)).pointer())
            return (['Python object of type {}, holding:'.format(obj['ob_type']['tp_name']
                                                                  .string())]
                    + ['  ' + line for line in tensor_lines(thp['cdata'].dereference(), dtype)])
        kind = kind['tp_base']
    raise gdb.GdbError('te-print: this PyObject is a {}, not a torch_early tensor'.format(
        obj['ob_type']['tp_name'].string()))


def describe(value):
    """The lines te-print prints for `value`, or a GdbError saying what it accepts."""
    if value.type.strip_typedefs().code != gdb.TYPE_CODE_PTR:
        value = value.address if value.address is not None else value
    if value.type.strip_typedefs().code != gdb.TYPE_CODE_PTR:
        raise gdb.GdbError('te-print: expected a pointer, got a value of type {}'.format(
            value.type))
    if int(value) == 0:
        return ['NULL']
    name = struct_name(value)
    match = TH_STRUCT.match(name)
    if match and not match.group(1):
        dtype, kind = match.group(2), match.group(3)
        if kind == 'Tensor':
            return tensor_lines(value.dereference(), dtype)
        return storage_with_elements(value, dtype)
    if match and match.group(3) == 'Tensor':        # THP<Dtype>Tensor*
        return python_tensor_lines(value.cast(gdb.lookup_type('PyObject').pointer()))
    if name in ('PyObject', '_object'):
        return python_tensor_lines(value)
    raise gdb.GdbError('te-print: expected a THTensor*, THStorage* or tensor PyObject* '
                       '(THFloatTensor*, THLongStorage*...), got a {}*'.format(name))


class TePrint(gdb.Command):
    """te-print EXPR: a torch_early THTensor*, THStorage* or tensor PyObject*, readably.
For a tensor: dtype, sizes, strides, storage offset, refcount, its storage and first elements.
For a storage: size, refcount, flags and first elements."""

    def __init__(self):
        super().__init__('te-print', gdb.COMMAND_DATA, gdb.COMPLETE_EXPRESSION)

    def invoke(self, argument, from_tty):
        if not argument.strip():
            raise gdb.GdbError('te-print: give an expression, e.g. te-print t')
        for line in describe(gdb.parse_and_eval(argument)):
            print(line)


def python_helpers_candidates(program):
    """Where CPython's own gdb helpers (py-bt, py-list...) are installed for `program`: beside
    the real binary, as `python3.11-gdb.py` (pyenv, a `make install`), or in gdb's auto-load
    folder (Debian's python3-dbg)."""
    real = os.path.realpath(program)
    folder, name = os.path.split(real)
    return [real + '-gdb.py', os.path.join(folder, name + '-gdb.py')] + sorted(
        glob.glob('/usr/share/gdb/auto-load' + os.path.dirname(real) + '/' + name + '*-gdb.py'))


class TePythonHelpers(gdb.Command):
    """te-python-helpers: load CPython's gdb helpers (py-bt, py-list, py-print...) for the program
being debugged, from beside its binary, when they are installed but not loaded (gdb's auto-load
safe-path refuses files outside its own folders)."""

    def __init__(self):
        super().__init__('te-python-helpers', gdb.COMMAND_SUPPORT)

    def invoke(self, argument, from_tty):
        if python_helpers_loaded():
            print('py-bt is already defined')
            return
        program = gdb.current_progspace().filename
        if not program:
            raise gdb.GdbError('te-python-helpers: no program yet (gdb --args python ...)')
        for candidate in python_helpers_candidates(program):
            if os.path.isfile(candidate):
                gdb.execute('source ' + candidate)
                print('loaded CPython\'s gdb helpers from ' + candidate)
                return
        raise gdb.GdbError('te-python-helpers: no python*-gdb.py beside {}; this Python was '
                           'installed without them (see docs/tour/7-debugging.md)'.format(program))


def python_helpers_loaded():
    try:
        gdb.execute('help py-bt', to_string=True)
        return True
    except gdb.error:
        return False


TePrint()
TePythonHelpers()
