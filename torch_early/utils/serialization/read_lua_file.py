"""load_lua: reads a file that Lua Torch's torch.save wrote (Torch7's File format, binary or
ascii): numbers, strings, booleans, nil, tables (dicts, or lists when the keys are 1..n), and
torch.<T>Tensor and torch.<T>Storage of every CPU type, with tensors that shared a storage in
Lua sharing one here.

The format: every value starts with an int type tag. A table or torch object then gives an int
index; an index seen before refers to the object already read (this is how sharing and cycles
are kept). A table gives its count of pairs and the pairs; a torch object its version string
("V 1"), its class name ("torch.FloatTensor"), and then what that class writes: a storage its
element count and elements, a tensor its dimensions, sizes, strides, 1-based storage offset,
and its storage as another value."""
import math
import os
import struct

import torch_early

TYPE_NIL = 0
TYPE_NUMBER = 1
TYPE_STRING = 2
TYPE_TABLE = 3
TYPE_TORCH = 4
TYPE_BOOLEAN = 5
TYPE_FUNCTION = 6
LEGACY_TYPE_RECUR_FUNCTION = 7
TYPE_RECUR_FUNCTION = 8

# The element types of Lua Torch's CPU tensors and storages: (torch_early name, struct format of
# one element in a binary file, whether the elements are integers).
_ELEMENTS = {
    'Byte': ('B', True), 'Char': ('b', True), 'Short': ('h', True), 'Int': ('i', True),
    'Long': (None, True),  # as long as a C long of the writer: long_size bytes
    'Float': ('f', False), 'Double': ('d', False), 'Half': ('e', False),
}
_MAX_DIMENSIONS = 64


class T7ReaderException(RuntimeError):
    """A .t7 file that cannot be read: truncated, corrupt, or holding what load_lua does not
    know (an unknown class, unless unknown_classes=True)."""


class TorchObject(object):
    """An object of a Lua class that load_lua does not know (read with unknown_classes=True):
    its class name and the table of its fields, reachable as attributes or items."""

    def __init__(self, typename, obj):
        self._typename = typename
        self._obj = obj

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return self._obj.get(name)

    def __getitem__(self, key):
        return self._obj.get(key)

    def torch_typename(self):
        return self._typename

    def __repr__(self):
        return '{}({!r})'.format(self._typename, self._obj)


class LuaFunction(object):
    """A Lua function in the file: its dumped bytecode and upvalues, kept but never run."""

    def __init__(self, dumped, upvalues):
        self.dumped = dumped
        self.upvalues = upvalues

    def __repr__(self):
        return '<Lua function, {} bytes of bytecode>'.format(len(self.dumped))


class _BinaryStream(object):
    """Numbers and bytes of a binary file, as the writer's machine laid them out (little-endian,
    a C long of long_size bytes)."""

    def __init__(self, f, long_size):
        self.f = f
        self.long_format = {4: '<i', 8: '<q'}[long_size]
        self.long_size = long_size
        self.remaining = _remaining_bytes(f)

    def read_bytes(self, count):
        if count < 0 or count > self.remaining:
            raise T7ReaderException('truncated file: {} bytes wanted, {} left'.format(
                count, self.remaining))
        data = self.f.read(count)
        if len(data) != count:
            raise T7ReaderException('truncated file: {} bytes wanted, {} read'.format(
                count, len(data)))
        self.remaining -= count
        return data

    def _unpack(self, fmt, size):
        return struct.unpack(fmt, self.read_bytes(size))[0]

    def read_int(self):
        return self._unpack('<i', 4)

    def read_long(self):
        return self._unpack(self.long_format, self.long_size)

    def read_double(self):
        return self._unpack('<d', 8)

    def read_string(self):
        return self.read_bytes(self.read_int())

    def read_storage(self, real, count):
        fmt, _ = _ELEMENTS[real]
        storage_class = getattr(torch_early, real + 'Storage')
        size = self.long_size if real == 'Long' else struct.calcsize(fmt)
        data = self.read_bytes(self._checked_count(count, size) * size)
        if real == 'Long' and size == 4:
            return torch_early.IntStorage.from_buffer(data, 'little').long()
        if count == 0:
            return storage_class()
        if real in ('Byte', 'Char'):
            return storage_class.from_buffer(data)
        return storage_class.from_buffer(data, 'little')

    def _checked_count(self, count, element_size):
        """Refuses, before anything is allocated, a count the rest of the file cannot hold."""
        if count < 0 or count * element_size > self.remaining:
            raise T7ReaderException('corrupt or truncated file: {} elements of {} bytes wanted, '
                                    '{} bytes left'.format(count, element_size, self.remaining))
        return count


class _AsciiStream(object):
    """Numbers and bytes of an ascii file: numbers as text, each followed by white space; a
    string's bytes follow the separator after its length."""

    def __init__(self, f):
        self.f = f
        self.remaining = _remaining_bytes(f)

    def _token(self):
        """The next number's text, and the one separator after it."""
        token = b''
        while True:
            c = self.f.read(1)
            if not c:
                if token:
                    return token
                raise T7ReaderException('truncated file: a number expected')
            if c.isspace():
                if token:
                    return token
                continue
            token += c
            if len(token) > 64:
                raise T7ReaderException('corrupt file: {!r}... is no number'.format(token))

    def _number(self, parse):
        token = self._token()
        try:
            return parse(token.decode('ascii'))
        except (ValueError, UnicodeDecodeError):
            raise T7ReaderException('corrupt file: {!r} is no number'.format(token)) from None

    def read_int(self):
        return self._number(int)

    read_long = read_int

    def read_double(self):
        return self._number(_ascii_float)

    def read_bytes(self, count):
        data = self.f.read(count)
        if len(data) != count:
            raise T7ReaderException('truncated file: {} bytes wanted, {} read'.format(
                count, len(data)))
        return data

    def read_string(self):
        count = self.read_int()
        if count < 0 or count > self.remaining:
            raise T7ReaderException('corrupt file: a string of {} bytes'.format(count))
        return self.read_bytes(count)

    def read_storage(self, real, count):
        # Each element takes at least two characters (a digit and a separator).
        if count < 0 or 2 * count > self.remaining:
            raise T7ReaderException('corrupt or truncated file: a storage of {} elements'.format(
                count))
        _, integral = _ELEMENTS[real]
        parse = int if integral else _ascii_float
        values = [self._number(parse) for _ in range(count)]
        return getattr(torch_early, real + 'Storage')(values)


def _ascii_float(text):
    """A number as C's printf wrote it ('inf', '-nan' included)."""
    lowered = text.lower()
    if lowered in ('nan', '-nan'):
        return math.nan
    return float(lowered)


def _remaining_bytes(f):
    position = f.tell()
    end = f.seek(0, os.SEEK_END)
    f.seek(position)
    return end - position


class T7Reader(object):
    """Reads the values of a Lua Torch file one by one (read()).

    list_heuristic: a table whose keys are exactly 1..n becomes a list (else a dict).
    int_heuristic: a number with no fractional part becomes an int.
    unknown_classes: an object of a class load_lua does not know becomes a TorchObject (else it
    raises T7ReaderException naming the class).
    long_size: the size of a C long where the file was written (8, or 4 on 32-bit machines).
    ascii: the file was written in Torch's ascii format (torch.save(name, obj, 'ascii'))."""

    def __init__(self, f, list_heuristic=True, int_heuristic=True, unknown_classes=False,
                 long_size=None, ascii=False):
        if long_size is None:
            long_size = 8
        if long_size not in (4, 8):
            raise ValueError('long_size must be 4 or 8, not {!r}'.format(long_size))
        self.stream = _AsciiStream(f) if ascii else _BinaryStream(f, long_size)
        self.list_heuristic = list_heuristic
        self.int_heuristic = int_heuristic
        self.unknown_classes = unknown_classes
        self.objects = {}

    def read(self):
        """The next value of the file."""
        try:
            return self._read()
        except RecursionError:
            raise T7ReaderException('corrupt file: values nested too deeply') from None

    def _read(self):
        type_tag = self.stream.read_int()
        if type_tag == TYPE_NIL:
            return None
        if type_tag == TYPE_NUMBER:
            return self._read_number()
        if type_tag == TYPE_BOOLEAN:
            return self.stream.read_int() == 1
        if type_tag == TYPE_STRING:
            return _text(self.stream.read_string())
        if type_tag == TYPE_FUNCTION:
            return self._read_function()
        if type_tag in (TYPE_TABLE, TYPE_TORCH, TYPE_RECUR_FUNCTION, LEGACY_TYPE_RECUR_FUNCTION):
            index = self.stream.read_int()
            if index in self.objects:
                return self.objects[index]
            if type_tag == TYPE_TABLE:
                return self._read_table(index)
            if type_tag == TYPE_TORCH:
                return self._read_torch_object(index)
            return self._read_function(index)
        raise T7ReaderException('corrupt file: unknown type tag {}'.format(type_tag))

    def _read_number(self):
        value = self.stream.read_double()
        if self.int_heuristic and math.isfinite(value) and value.is_integer():
            return int(value)
        return value

    def _read_function(self, index=None):
        dumped = self.stream.read_string()
        function = LuaFunction(dumped, None)
        if index is not None:
            self.objects[index] = function
        function.upvalues = self._read()
        return function

    def _read_table(self, index):
        table = {}
        self.objects[index] = table
        count = self.stream.read_int()
        if count < 0:
            raise T7ReaderException('corrupt file: a table of {} entries'.format(count))
        for _ in range(count):
            key = self._read()
            value = self._read()
            try:
                table[key] = value
            except TypeError:
                raise T7ReaderException('a table has a key of type {}, which Python cannot use '
                                        'as a dict key'.format(type(key).__name__)) from None
        if self.list_heuristic and table and set(table) == set(range(1, len(table) + 1)):
            as_list = [table[i] for i in range(1, len(table) + 1)]
            self.objects[index] = as_list
            return as_list
        return table

    def _read_torch_object(self, index):
        version = _text(self.stream.read_string())
        if isinstance(version, str) and version.startswith('V '):
            class_name = _text(self.stream.read_string())
        else:  # files of the first Torch7 versions start with the class name
            class_name = version
        real, kind = _torch_class(class_name)
        if kind == 'Storage':
            obj = self._read_storage(real)
        elif kind == 'Tensor':
            obj = self._read_tensor(real)
        elif self.unknown_classes:
            obj = TorchObject(class_name, None)
            self.objects[index] = obj
            obj._obj = self._read()
            return obj
        else:
            raise T7ReaderException(
                "don't know how to read Lua class {}; load_lua(..., unknown_classes=True) "
                "reads it as a TorchObject holding its fields".format(class_name))
        self.objects[index] = obj
        return obj

    def _read_storage(self, real):
        return self.stream.read_storage(real, self.stream.read_long())

    def _read_tensor(self, real):
        tensor_class = getattr(torch_early, real + 'Tensor')
        dimensions = self.stream.read_int()
        if not 0 <= dimensions <= _MAX_DIMENSIONS:
            raise T7ReaderException('corrupt file: a tensor of {} dimensions'.format(dimensions))
        sizes = [self.stream.read_long() for _ in range(dimensions)]
        strides = [self.stream.read_long() for _ in range(dimensions)]
        offset = self.stream.read_long() - 1
        storage = self._read()
        if dimensions == 0:
            return tensor_class()
        if storage is None or type(storage) is not getattr(torch_early, real + 'Storage'):
            raise T7ReaderException('corrupt file: a {} whose storage is {}'.format(
                real + 'Tensor', torch_early.typename(type(storage))))
        _check_tensor_fits(sizes, strides, offset, storage.size())
        return tensor_class().set_(storage, offset, torch_early.Size(sizes), tuple(strides))


def _check_tensor_fits(sizes, strides, offset, storage_size):
    if any(size < 0 for size in sizes) or any(stride < 0 for stride in strides) or offset < 0:
        raise T7ReaderException('corrupt file: a tensor of sizes {}, strides {}, offset {}'.format(
            sizes, strides, offset + 1))
    if 0 in sizes:
        return
    last = offset + sum((size - 1) * stride for size, stride in zip(sizes, strides))
    if last >= storage_size:
        raise T7ReaderException('corrupt file: a tensor of sizes {}, strides {} at offset {} '
                                'reaches past its storage of {} elements'.format(
                                    sizes, strides, offset + 1, storage_size))


def _torch_class(class_name):
    """('Float', 'Tensor') for 'torch.FloatTensor'; (None, None) for a class that is not one of
    torch's CPU tensors or storages."""
    if isinstance(class_name, str) and class_name.startswith('torch.'):
        for kind in ('Tensor', 'Storage'):
            real = class_name[len('torch.'):-len(kind)]
            if class_name.endswith(kind) and real in _ELEMENTS:
                return real, kind
    return None, None


def _text(data):
    """A Lua string as str when it is UTF-8 text (keys, names), else as bytes."""
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        return data


def load_lua(filename, **kwargs):
    """The value that Lua Torch's torch.save wrote into `filename`. Keyword arguments go to
    T7Reader (list_heuristic, int_heuristic, unknown_classes, long_size, ascii)."""
    with open(filename, 'rb') as f:
        return T7Reader(f, **kwargs).read()
