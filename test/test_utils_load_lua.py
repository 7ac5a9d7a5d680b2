"""torch_early.utils.serialization.load_lua: Lua Torch's .t7 files, written here by a small
writer of the format (Torch7's File: type tags, indexed objects, "V 1" and class names), read
back as Python values, torch_early tensors and storages; shared storages stay shared; broken
files give T7ReaderException, never a crash or a huge allocation."""
import math
import struct

import pytest

import torch_early as torch
from torch_early.utils.serialization import T7ReaderException, TorchObject, load_lua

NIL, NUMBER, STRING, TABLE, TORCH, BOOLEAN, FUNCTION = 0, 1, 2, 3, 4, 5, 6
TYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double']
ELEMENT_FORMAT = {'Byte': 'B', 'Char': 'b', 'Short': 'h', 'Int': 'i', 'Long': 'q', 'Float': 'f',
                  'Double': 'd'}


class LuaClass(object):
    """A Lua object of another class than torch's tensors: a class name and a table of fields."""

    def __init__(self, name, fields):
        self.name = name
        self.fields = fields


class T7Writer(object):
    """Writes values the way Lua Torch's torch.save does, in binary (little-endian, 8-byte C
    long) or in ascii. Tables and torch objects get an index; writing one again writes only
    the index, as Torch does for shared objects."""

    def __init__(self, ascii=False, long_size=8):
        self.ascii = ascii
        self.long_format = {8: 'q', 4: 'i'}[long_size]
        self.parts = []
        self.indices = {}

    def data(self):
        return b''.join(self.parts)

    def int(self, value):
        self.parts.append(b'%d\n' % value if self.ascii else struct.pack('<i', value))

    def long(self, value):
        self.parts.append(b'%d\n' % value if self.ascii else struct.pack('<' + self.long_format,
                                                                         value))

    def double(self, value):
        self.parts.append(repr(float(value)).encode() + b'\n' if self.ascii
                          else struct.pack('<d', value))

    def string(self, text):
        raw = text.encode() if isinstance(text, str) else text
        self.int(len(raw))
        self.parts.append(raw + (b'\n' if self.ascii else b''))

    def elements(self, real, values):
        if self.ascii:
            self.parts.append(b' '.join(repr(v).encode() for v in values) + b'\n')
        else:
            fmt = self.long_format if real == 'Long' else ELEMENT_FORMAT[real]
            self.parts.append(struct.pack('<%d%s' % (len(values), fmt), *values))

    def _indexed(self, obj):
        """Writes the index of obj; True when obj was written before. A storage is known by its
        memory (each storage() call gives a new Python object)."""
        key = ('storage', obj.data_ptr()) if torch.is_storage(obj) else id(obj)
        seen = key in self.indices
        if not seen:
            self.indices[key] = (len(self.indices) + 1, obj)
        self.int(self.indices[key][0])
        return seen

    def write(self, obj):
        if obj is None:
            self.int(NIL)
        elif isinstance(obj, bool):
            self.int(BOOLEAN)
            self.int(1 if obj else 0)
        elif isinstance(obj, (int, float)):
            self.int(NUMBER)
            self.double(obj)
        elif isinstance(obj, (str, bytes)):
            self.int(STRING)
            self.string(obj)
        elif isinstance(obj, (dict, list)):
            self.int(TABLE)
            if self._indexed(obj):
                return
            items = obj.items() if isinstance(obj, dict) else enumerate(obj, 1)
            items = list(items)
            self.int(len(items))
            for key, value in items:
                self.write(key)
                self.write(value)
        elif torch.is_storage(obj) or torch.is_tensor(obj) or isinstance(obj, LuaClass):
            self.int(TORCH)
            if self._indexed(obj):
                return
            self.string('V 1')
            if isinstance(obj, LuaClass):
                self.string(obj.name)
                self.write(obj.fields)
            elif torch.is_storage(obj):
                self.string('torch.' + type(obj).__name__)
                self.long(obj.size())
                self.elements(type(obj).__name__[:-len('Storage')], obj.tolist())
            else:
                self.string('torch.' + type(obj).__name__)
                self.int(obj.dim())
                for value in list(obj.size()) + list(obj.stride()):
                    self.long(value)
                self.long(obj.storage_offset() + 1)
                self.write(obj.storage() if obj.dim() else None)
        else:
            raise TypeError(type(obj))


def save_lua(tmp_path, obj, **kwargs):
    writer = T7Writer(**kwargs)
    writer.write(obj)
    path = tmp_path / 'value.t7'
    path.write_bytes(writer.data())
    return str(path)


def test_numbers_strings_booleans_nil(tmp_path):
    assert load_lua(save_lua(tmp_path, 3)) == 3 and type(load_lua(save_lua(tmp_path, 3))) is int
    assert load_lua(save_lua(tmp_path, -0.25)) == -0.25
    assert load_lua(save_lua(tmp_path, 'módulo')) == 'módulo'
    assert load_lua(save_lua(tmp_path, b'\xff\x00')) == b'\xff\x00'
    assert load_lua(save_lua(tmp_path, True)) is True
    assert load_lua(save_lua(tmp_path, False)) is False
    assert load_lua(save_lua(tmp_path, None)) is None
    assert math.isinf(load_lua(save_lua(tmp_path, float('inf'))))


def test_int_heuristic_off_keeps_doubles(tmp_path):
    value = load_lua(save_lua(tmp_path, 3), int_heuristic=False)
    assert value == 3.0 and type(value) is float


def test_tables_become_dicts_or_lists(tmp_path):
    table = {'name': 'lenet', 'sizes': [6, 16, 120], 'nested': {'lr': 0.5, 2: 'two'}}
    assert load_lua(save_lua(tmp_path, table)) == table
    # Keys 1..n make a list; other integer keys stay a dict; list_heuristic=False keeps dicts.
    assert load_lua(save_lua(tmp_path, {1: 'a', 3: 'c'})) == {1: 'a', 3: 'c'}
    assert load_lua(save_lua(tmp_path, ['a', 'b']), list_heuristic=False) == {1: 'a', 2: 'b'}
    assert load_lua(save_lua(tmp_path, {})) == {}


def test_a_table_written_twice_is_one_object(tmp_path):
    inner = {'x': 1}
    loaded = load_lua(save_lua(tmp_path, {'a': inner, 'b': inner}))
    assert loaded['a'] is loaded['b']


@pytest.mark.parametrize('real', TYPES)
def test_tensors_and_storages_of_every_type(tmp_path, real):
    values = [[1, 2, 3], [4, 5, 6]]
    tensor = getattr(torch, real + 'Tensor')(values)
    loaded = load_lua(save_lua(tmp_path, {'t': tensor, 's': tensor.storage()}))
    assert type(loaded['t']) is type(tensor) and loaded['t'].tolist() == values
    assert type(loaded['s']) is type(tensor.storage())
    assert loaded['s'].tolist() == [1, 2, 3, 4, 5, 6]
    # The tensor's storage was written first, and the storage entry refers to it.
    assert loaded['t'].storage().data_ptr() == loaded['s'].data_ptr()


def test_float_values_and_negative_integers_survive(tmp_path):
    t = torch.DoubleTensor([1e-300, -2.5, float('inf')])
    assert load_lua(save_lua(tmp_path, t)).tolist() == [1e-300, -2.5, float('inf')]
    assert load_lua(save_lua(tmp_path, torch.CharTensor([-128, 127]))).tolist() == [-128, 127]
    big = torch.LongTensor([2 ** 40, -(2 ** 40)])
    assert load_lua(save_lua(tmp_path, big)).tolist() == [2 ** 40, -(2 ** 40)]


def test_views_of_one_storage_keep_sharing(tmp_path):
    base = torch.FloatTensor([[1, 2, 3], [4, 5, 6]])
    column, row = base.select(1, 1), base[1]
    loaded = load_lua(save_lua(tmp_path, [base, column, row.t() if row.dim() > 1 else row]))
    loaded_base, loaded_column, loaded_row = loaded
    assert loaded_column.tolist() == [2, 5] and loaded_column.stride() == (3,)
    assert loaded_row.tolist() == [4, 5, 6] and loaded_row.storage_offset() == 3
    loaded_base.fill_(0)
    assert loaded_column.tolist() == [0, 0] and loaded_row.tolist() == [0, 0, 0]


def test_empty_tensor_and_storage(tmp_path):
    loaded = load_lua(save_lua(tmp_path, [torch.FloatTensor(), torch.DoubleStorage()]))
    assert type(loaded[0]) is torch.FloatTensor and loaded[0].dim() == 0
    assert type(loaded[1]) is torch.DoubleStorage and loaded[1].size() == 0


def test_a_four_byte_long(tmp_path):
    path = save_lua(tmp_path, torch.LongTensor([7, -8]), long_size=4)
    assert load_lua(path, long_size=4).tolist() == [7, -8]


def test_the_ascii_format(tmp_path):
    value = {'t': torch.DoubleTensor([[0.5, -1], [2, 3]]).t(), 'name': 'two words\nand a line',
             'flag': True, 'n': 12, 'bytes': torch.ByteTensor([0, 255])}
    loaded = load_lua(save_lua(tmp_path, value, ascii=True), ascii=True)
    assert loaded['t'].tolist() == [[0.5, 2], [-1, 3]]
    assert loaded['name'] == 'two words\nand a line' and loaded['flag'] is True
    assert loaded['n'] == 12 and loaded['bytes'].tolist() == [0, 255]


def test_an_unknown_class_is_refused_or_read_as_a_torch_object(tmp_path):
    weight = torch.FloatTensor([[1, 2]])
    path = save_lua(tmp_path, LuaClass('nn.Linear', {'weight': weight, 'train': True}))
    with pytest.raises(T7ReaderException, match='nn.Linear.*unknown_classes=True'):
        load_lua(path)
    module = load_lua(path, unknown_classes=True)
    assert isinstance(module, TorchObject) and module.torch_typename() == 'nn.Linear'
    assert module.weight.tolist() == [[1, 2]] and module['train'] is True
    assert module.bias is None


def test_a_lua_function_is_kept_not_run(tmp_path):
    writer = T7Writer()
    writer.int(FUNCTION)
    writer.string(b'\x1bLuaJ bytecode')
    writer.write({'upvalue': 1})
    path = tmp_path / 'f.t7'
    path.write_bytes(writer.data())
    function = load_lua(str(path))
    assert function.dumped == b'\x1bLuaJ bytecode' and function.upvalues == {'upvalue': 1}


def test_truncated_files(tmp_path):
    data = T7Writer()
    data.write({'t': torch.DoubleTensor([1, 2, 3]), 'name': 'x'})
    whole = data.data()
    path = tmp_path / 'cut.t7'
    for length in range(0, len(whole), 7):
        path.write_bytes(whole[:length])
        with pytest.raises(T7ReaderException, match='truncated'):
            load_lua(str(path))


def corrupt(tmp_path, *pieces):
    """A file of the given ints (4 bytes each) and raw bytes."""
    path = tmp_path / 'bad.t7'
    path.write_bytes(b''.join(struct.pack('<i', p) if isinstance(p, int) else p for p in pieces))
    return str(path)


def test_huge_counts_are_refused_before_any_allocation(tmp_path):
    long62 = struct.pack('<q', 2 ** 62)
    storage = corrupt(tmp_path, TORCH, 1, 3, b'V 1', 18, b'torch.FloatStorage', long62)
    with pytest.raises(T7ReaderException, match='truncated'):
        load_lua(storage)
    string = corrupt(tmp_path, STRING, 2 ** 31 - 1, b'abc')
    with pytest.raises(T7ReaderException, match='truncated'):
        load_lua(string)
    negative = corrupt(tmp_path, TABLE, 1, -5)
    with pytest.raises(T7ReaderException, match='a table of -5 entries'):
        load_lua(negative)
    table = corrupt(tmp_path, TABLE, 1, 2 ** 31 - 1, NUMBER)
    with pytest.raises(T7ReaderException, match='truncated'):
        load_lua(table)


def test_a_tensor_reaching_past_its_storage(tmp_path):
    writer = T7Writer()
    writer.int(TORCH)
    writer.int(1)
    writer.string('V 1')
    writer.string('torch.FloatTensor')
    writer.int(1)
    writer.long(5)   # size
    writer.long(1)   # stride
    writer.long(1)   # offset, 1-based
    writer.write(torch.FloatStorage(3))
    path = tmp_path / 'past.t7'
    path.write_bytes(writer.data())
    with pytest.raises(T7ReaderException, match='reaches past its storage of 3 elements'):
        load_lua(str(path))


def test_other_corruptions(tmp_path):
    with pytest.raises(T7ReaderException, match='unknown type tag 99'):
        load_lua(corrupt(tmp_path, 99))
    with pytest.raises(T7ReaderException, match='1000 dimensions'):
        load_lua(corrupt(tmp_path, TORCH, 1, 3, b'V 1', 17, b'torch.FloatTensor', 1000))
    # A tensor whose storage entry is a number.
    with pytest.raises(T7ReaderException, match='whose storage is'):
        load_lua(corrupt(tmp_path, TORCH, 1, 3, b'V 1', 17, b'torch.FloatTensor', 1,
                         struct.pack('<qqq', 1, 1, 1), NUMBER, struct.pack('<d', 1)))
    deep = b''.join(struct.pack('<iiii', TABLE, i + 1, 1, NUMBER) + struct.pack('<d', 1)
                    for i in range(20000))
    with pytest.raises(T7ReaderException, match='nested too deeply'):
        load_lua(corrupt(tmp_path, deep))
    with pytest.raises(T7ReaderException, match='no number'):
        load_lua(str(_write(tmp_path, b'1\nxyz\n')), ascii=True)


def _write(tmp_path, data):
    path = tmp_path / 'raw.t7'
    path.write_bytes(data)
    return path


@pytest.mark.parametrize('kwargs', [{}, {'ascii': True}, {'long_size': 4}])
def test_every_byte_changed_gives_a_value_or_a_reader_exception(tmp_path, kwargs):
    # T7ReaderException is a RuntimeError: no other exception type escapes, whatever byte changes
    writer = T7Writer(**kwargs)
    values = torch.DoubleTensor([[1, 2], [3, 4]])
    writer.write({'t': values, 'row': values[1], 'name': 'módulo', 'list': [1, 2.5, True, None],
                  'long': torch.LongTensor([5, -6]),
                  'module': LuaClass('nn.Linear', {'weight': torch.FloatTensor(2).fill_(1)})})
    data = writer.data()
    path = tmp_path / 'changed.t7'
    outcomes = set()
    for position in range(len(data)):
        changed = bytearray(data)
        changed[position] ^= 0x81                      # the top and the bottom bit
        path.write_bytes(bytes(changed))
        try:
            load_lua(str(path), unknown_classes=True, **kwargs)
            outcomes.add('value')
        except T7ReaderException:
            outcomes.add('T7ReaderException')
    assert outcomes == {'value', 'T7ReaderException'}
