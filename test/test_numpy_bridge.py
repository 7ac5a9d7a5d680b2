"""NumPy and torch_early share memory, both ways, without copying.

torch_early.from_numpy(array) wraps the array's memory in a storage that holds a reference to the
array; t.numpy() (and numpy.asarray(t), through the buffer protocol) gives an array over the
tensor's memory that holds a reference to the tensor. Either side may be deleted first: the
memory lives as long as somebody uses it. Because two owners now share the memory, the
storage can no longer be resized: a resize would move the memory out from under the other side.
"""
import gc
import hashlib
import weakref

import numpy
import pytest

import torch_early

MATCHING_CLASSES = [
    (numpy.float64, torch_early.DoubleTensor),
    (numpy.float32, torch_early.FloatTensor),
    (numpy.float16, torch_early.HalfTensor),
    (numpy.int64, torch_early.LongTensor),
    (numpy.int32, torch_early.IntTensor),
    (numpy.int16, torch_early.ShortTensor),
    (numpy.int8, torch_early.CharTensor),
    (numpy.uint8, torch_early.ByteTensor),
]


# ---- from_numpy -----------------------------------------------------------------------------

@pytest.mark.parametrize('dtype, cls', MATCHING_CLASSES)
def test_from_numpy_gives_the_matching_tensor_class(dtype, cls):
    array = numpy.array([[1, 2, 3], [4, 5, 6]], dtype=dtype)
    t = torch_early.from_numpy(array)
    assert type(t) is cls
    assert t.size() == torch_early.Size([2, 3])
    assert t.tolist() == [[1, 2, 3], [4, 5, 6]]


@pytest.mark.parametrize('dtype, cls', MATCHING_CLASSES)
def test_from_numpy_shares_memory_both_ways(dtype, cls):
    array = numpy.array([[1, 2, 3], [4, 5, 6]], dtype=dtype)
    t = torch_early.from_numpy(array)
    assert t.data_ptr() == array.ctypes.data
    t[0][2] = 30
    assert array[0, 2] == 30
    array[1, 0] = 40
    assert t[1][0] == 40


def test_a_transposed_array_keeps_its_strides():
    array = numpy.arange(6, dtype=numpy.float64).reshape(2, 3).T  # 3x2, strides (8, 24) bytes
    t = torch_early.from_numpy(array)
    assert t.stride() == (1, 3)  # strides in elements, not bytes
    assert not t.is_contiguous()
    assert t.tolist() == array.tolist() == [[0, 3], [1, 4], [2, 5]]


def test_a_strided_slice_of_an_array_is_shared():
    array = numpy.arange(12, dtype=numpy.int32).reshape(3, 4)
    t = torch_early.from_numpy(array[:, 1:3])
    assert t.stride() == (4, 1)
    assert t.tolist() == [[1, 2], [5, 6], [9, 10]]
    t[2][0] = -9
    assert array[2, 1] == -9


def test_one_field_of_a_record_array_is_shared_with_a_stride():
    records = numpy.zeros(3, dtype=[('x', numpy.float32), ('y', numpy.float32)])
    records['x'] = [1, 2, 3]
    t = torch_early.from_numpy(records['x'])
    assert t.stride() == (2,)  # every other float32
    assert t.tolist() == [1, 2, 3]
    t[1] = 20
    assert records['x'][1] == 20 and records['y'][1] == 0


def test_negative_strides_are_a_value_error():
    with pytest.raises(ValueError, match='negative strides'):
        torch_early.from_numpy(numpy.arange(4.0)[::-1])


@pytest.mark.parametrize('dtype, format', [
    (numpy.bool_, '?'), (numpy.complex64, 'Zf'), (numpy.complex128, 'Zd'), (numpy.uint16, 'H'),
    (numpy.uint64, 'L'), (object, 'O'),
])
def test_unsupported_dtypes_are_a_type_error(dtype, format):
    with pytest.raises(TypeError) as error:
        torch_early.from_numpy(numpy.zeros(3, dtype=dtype))
    message = str(error.value)
    assert message.startswith("can't convert an array of element format '{}'".format(format))
    assert 'float64, float32, float16, int64, int32, int16, int8 and uint8' in message


def test_byte_swapped_arrays_are_a_type_error():
    swapped = numpy.arange(3, dtype='>f8') if numpy.little_endian else numpy.arange(3, dtype='<f8')
    with pytest.raises(TypeError, match="can't convert"):
        torch_early.from_numpy(swapped)


def test_read_only_arrays_and_other_objects_are_a_type_error():
    frozen = numpy.arange(3.0)
    frozen.flags.writeable = False
    with pytest.raises(TypeError, match='expects a writable numpy.ndarray, but got a read-only '
                                        'numpy.ndarray'):
        torch_early.from_numpy(frozen)
    with pytest.raises(TypeError, match='expects a writable numpy.ndarray, but got list'):
        torch_early.from_numpy([1.0, 2.0])


def test_an_empty_array_gives_an_empty_tensor():
    assert torch_early.from_numpy(numpy.zeros((0, 3))).dim() == 0


def test_the_tensor_keeps_the_array_alive():
    array = numpy.arange(4.0)
    alive = weakref.ref(array)
    t = torch_early.from_numpy(array)
    del array
    gc.collect()
    assert alive() is not None
    assert t.tolist() == [0, 1, 2, 3]
    storage = t.storage()
    del t
    gc.collect()
    assert alive() is not None  # the storage still uses the memory
    assert storage.tolist() == [0, 1, 2, 3]
    del storage
    gc.collect()
    assert alive() is None  # and then nothing holds the array: no leak


def test_a_tensor_over_an_array_cannot_be_resized():
    t = torch_early.from_numpy(numpy.arange(4.0))
    with pytest.raises(RuntimeError, match='not resizable'):
        t.resize_(10)
    with pytest.raises(RuntimeError, match='not resizable'):
        t.storage().resize_(10)
    assert t.tolist() == [0, 1, 2, 3]


# ---- numpy() and numpy.asarray --------------------------------------------------------------

@pytest.mark.parametrize('dtype, cls', MATCHING_CLASSES)
def test_numpy_gives_an_array_of_the_matching_dtype(dtype, cls):
    array = cls([[1, 2], [3, 4]]).numpy()
    assert type(array) is numpy.ndarray
    assert array.dtype == dtype
    assert array.shape == (2, 2)
    assert array.tolist() == [[1, 2], [3, 4]]


@pytest.mark.parametrize('dtype, cls', MATCHING_CLASSES)
def test_numpy_shares_memory_both_ways(dtype, cls):
    t = cls([1, 2, 3])
    array = t.numpy()
    assert array.ctypes.data == t.data_ptr()
    array[1] = 20
    assert t[1] == 20
    t[2] = 30
    assert array[2] == 30


def test_numpy_of_a_transposed_tensor_has_byte_strides():
    t = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]]).t()
    array = t.numpy()
    assert array.strides == (4, 12)  # element strides (1, 3) times 4 bytes
    assert array.tolist() == [[1, 4], [2, 5], [3, 6]]


def test_numpy_of_a_slice_starts_at_its_offset():
    t = torch_early.DoubleTensor([[1, 2, 3], [4, 5, 6]])
    array = t[:, 1].numpy()
    assert array.tolist() == [2, 5]
    array[1] = 50
    assert t[1][1] == 50


def test_numpy_of_an_empty_tensor_is_an_empty_array():
    array = torch_early.FloatTensor().numpy()
    assert array.shape == (0,)
    assert array.dtype == numpy.float32


def test_numpy_asarray_uses_the_buffer_protocol():
    t = torch_early.LongTensor([[1, 2], [3, 4]])
    array = numpy.asarray(t)
    assert array.dtype == numpy.int64
    assert array.tolist() == [[1, 2], [3, 4]]
    array[0, 0] = 10
    assert t[0][0] == 10
    view = memoryview(t)
    assert view.shape == (2, 2) and view.itemsize == 8 and not view.readonly


def test_the_array_keeps_the_tensor_alive():
    t = torch_early.FloatTensor([1, 2, 3])
    alive = weakref.ref(t)
    array = t.numpy()
    del t
    gc.collect()
    assert alive() is not None
    array[0] = 5  # the memory is still there to write to
    assert array.tolist() == [5, 2, 3]
    del array
    gc.collect()
    assert alive() is None  # and then nothing holds the tensor: no leak


def test_the_array_keeps_the_memory_of_a_view_alive():
    base = torch_early.IntTensor([[1, 2], [3, 4]])
    array = base[1].numpy()
    del base
    gc.collect()
    assert array.tolist() == [3, 4]


def test_a_storage_is_resizable_again_once_its_exports_are_released():
    t = torch_early.FloatTensor([1, 2, 3])
    array = t.numpy()
    view = memoryview(t)
    del array
    gc.collect()
    with pytest.raises(RuntimeError, match='not resizable'):
        t.resize_(1000)          # the memoryview still points into it
    view.release()
    t.resize_(1000)
    assert t.size(0) == 1000 and t[2] == 3


def test_an_exported_storage_cannot_be_resized():
    t = torch_early.FloatTensor([1, 2, 3])
    storage = t.storage()
    array = t.numpy()
    with pytest.raises(RuntimeError, match='not resizable'):
        storage.resize_(1000)
    with pytest.raises(RuntimeError, match='not resizable'):
        t.resize_(1000)
    array[0] = 7
    assert storage[0] == 7  # the array still reads the storage's memory


def test_a_contiguous_tensor_exports_plain_bytes():
    t = torch_early.IntTensor([1, 2, 3])
    assert bytes(t) == numpy.array([1, 2, 3], dtype=numpy.int32).tobytes()
    assert hashlib.sha1(t).digest() == hashlib.sha1(bytes(t)).digest()  # reads flat bytes


def test_bytes_of_a_transposed_tensor_are_in_row_major_order():
    assert bytes(torch_early.ByteTensor([[1, 2], [3, 4]]).t()) == bytes([1, 3, 2, 4])


def test_a_consumer_that_needs_packed_memory_is_refused_a_strided_tensor():
    t = torch_early.FloatTensor([[1, 2], [3, 4]]).t()
    with pytest.raises(BufferError, match='not contiguous'):
        hashlib.sha1(t)
    t.resize_(10)  # the refusal left nothing behind: the storage is still resizable
    assert t.numel() == 10


def test_a_round_trip_shares_one_memory():
    t = torch_early.DoubleTensor([1, 2])
    back = torch_early.from_numpy(t.numpy())
    assert back.data_ptr() == t.data_ptr()
    back[0] = 10
    assert t[0] == 10
