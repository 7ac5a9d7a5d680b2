"""Storage.from_buffer: a storage read out of raw bytes.

Numbers wider than a byte are stored in one of two byte orders: little-endian (least significant
byte first, as x86 and ARM keep them in memory) or big-endian (most significant first, as network
formats do). from_buffer(buffer, byte_order, count=-1, offset=0) copies elements out of any object
with the buffer protocol, decoding them in the order named: 'native', 'little' or 'big'. offset
counts bytes, count elements. The reference is NumPy, which writes every dtype in both orders.
"""
import sys

import numpy
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, storage_class

TYPE_CODES = {'Byte': 'u1', 'Char': 'i1', 'Short': 'i2', 'Int': 'i4', 'Long': 'i8',
              'Float': 'f4', 'Double': 'f8', 'Half': 'f2'}
VALUES = [0, 1, -2, 100, -128, 127, 3]


def encoded(name, order, values=VALUES):
    """The bytes of `values` as NumPy writes them for this dtype in this byte order."""
    kind = TYPE_CODES[name]
    values = [v % 256 for v in values] if name == 'Byte' else values
    prefix = {'little': '<', 'big': '>', 'native': '='}[order]
    return numpy.array(values, dtype=prefix + kind).tobytes(), values


@pytest.mark.parametrize('order', ['native', 'little', 'big'])
@pytest.mark.parametrize('name', sorted(ALL_DTYPES))
def test_every_dtype_in_every_byte_order(name, order):
    data, values = encoded(name, order)
    storage = storage_class(name).from_buffer(data, order)
    assert type(storage) is storage_class(name)
    assert storage.tolist() == values


def test_the_example_of_the_first_releases():
    data = bytearray([1, 2, 3, 4])
    assert torch_early.ByteStorage.from_buffer(data).tolist() == [1, 2, 3, 4]
    assert torch_early.ShortStorage.from_buffer(data, 'big').tolist() == [0x0102, 0x0304]
    assert torch_early.IntStorage.from_buffer(data, 'little').tolist() == [0x04030201]
    assert torch_early.FloatStorage.from_buffer(bytearray([0x40, 0x10, 0, 0]), 'big')[0] == 2.25


def test_native_is_the_machine_order():
    data, values = encoded('Int', sys.byteorder)
    assert torch_early.IntStorage.from_buffer(data, 'native').tolist() == values


@pytest.mark.parametrize('name', ['Byte', 'Char'])
def test_single_byte_types_need_no_byte_order(name):
    data, values = encoded(name, 'native')
    assert storage_class(name).from_buffer(data).tolist() == values
    assert storage_class(name).from_buffer(data, 'big').tolist() == values


def test_offset_counts_bytes_and_count_counts_elements():
    data, _ = encoded('Short', 'little', [10, 20, 30, 40])
    shorts = torch_early.ShortStorage
    assert shorts.from_buffer(data, 'little', offset=2).tolist() == [20, 30, 40]
    assert shorts.from_buffer(data, 'little', 2, 4).tolist() == [30, 40]
    assert shorts.from_buffer(data, 'little', count=0).tolist() == []
    assert shorts.from_buffer(b'\x00' + data, 'little', offset=1, count=4).tolist() == [10, 20, 30, 40]


def test_the_storage_is_a_copy():
    data = bytearray([5, 6])
    storage = torch_early.ByteStorage.from_buffer(data)
    data[0] = 99
    assert storage.tolist() == [5, 6]


def test_any_buffer_will_do():
    array = numpy.array([1.5, -2.5], dtype='<f8')
    for source in (array, memoryview(array.tobytes()), array.tobytes()):
        assert torch_early.DoubleStorage.from_buffer(source, 'little').tolist() == [1.5, -2.5]


@pytest.mark.parametrize('call, error, message', [
    (lambda: torch_early.IntStorage.from_buffer(b'1234', 'middle'), ValueError,
     "invalid byte_order 'middle' \\(expected 'native', 'little' or 'big'\\)"),
    (lambda: torch_early.IntStorage.from_buffer(b'1234'), TypeError, 'byte_order'),
    (lambda: torch_early.IntStorage.from_buffer(b'12345', 'little'), ValueError,
     'the 5 bytes after offset 0 are not a whole number of 4-byte elements'),
    (lambda: torch_early.ShortStorage.from_buffer(b'1234', 'big', 3), ValueError,
     'the buffer holds 2 elements of 2 bytes after offset 0, but count is 3'),
    (lambda: torch_early.ShortStorage.from_buffer(b'1234', 'big', offset=5), ValueError,
     "offset must be between 0 and the buffer's length \\(4 bytes\\), but got 5"),
    (lambda: torch_early.ShortStorage.from_buffer(b'1234', 'big', offset=-1), ValueError,
     'but got -1'),
    (lambda: torch_early.ShortStorage.from_buffer(b'1234', 'big', -2), ValueError,
     'count must be -1 \\(every element\\) or at least 0, but got -2'),
    (lambda: torch_early.FloatStorage.from_buffer([1.0, 2.0], 'little'), TypeError,
     'a bytes-like object is required, not .list.'),
])
def test_bad_arguments(call, error, message):
    with pytest.raises(error, match=message):
        call()
