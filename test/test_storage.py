"""The storage type underneath tensors: the flat array of one dtype that tensors view.

A storage has a length, elements (Python numbers of its kind), slices that are views into it
(sharing memory, keeping their base alive), and a few methods of its own: new, fill_, resize_ and
copy_ from a storage of any dtype. The Python half of the storage classes (printing, iteration,
pickling, type conversion) is in test_storage_mixin.py.
"""
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, storage_class, tensor_class

ELEMENT_SIZES = {'Byte': 1, 'Char': 1, 'Short': 2, 'Int': 4, 'Long': 8, 'Float': 4,
                 'Double': 8, 'Half': 2}
VALUES = [0, 1, 2, 100]  # exact in all eight dtypes


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_storage_is_a_flat_array(name):
    storage = storage_class(name)([1, 2, 3])
    assert len(storage) == storage.size() == 3
    assert storage.tolist() == [1, 2, 3]
    assert storage[0] == 1 and storage[2] == 3
    assert storage[-1] == 3  # negative indices count from the end


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_element_size_is_the_bytes_of_one_element(name):
    assert storage_class(name)().element_size() == ELEMENT_SIZES[name]
    assert tensor_class(name)().element_size() == ELEMENT_SIZES[name]


def test_storage_elements_are_python_numbers_of_the_matching_kind():
    assert type(torch_early.LongStorage([5])[0]) is int
    assert type(torch_early.FloatStorage([5])[0]) is float


def test_sized_and_empty_storages():
    assert torch_early.FloatStorage(5).size() == 5
    assert torch_early.FloatStorage().size() == 0
    with pytest.raises(ValueError, match='size must be non-negative'):
        torch_early.FloatStorage(-1)


def test_storage_items_that_are_not_numbers_are_a_type_error():
    with pytest.raises(TypeError, match='item 1 of the list is str'):
        torch_early.FloatStorage([1, 'a'])
    with pytest.raises(TypeError, match='item 0 of the list is float'):
        torch_early.IntStorage([1.5])


@pytest.mark.parametrize('index', [3, -4])
def test_a_storage_index_out_of_range_is_an_index_error(index):
    with pytest.raises(IndexError, match='out of range'):
        torch_early.FloatStorage([1, 2, 3])[index]


def test_a_storage_index_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match="can't index a torch_early.FloatStorage with str"):
        torch_early.FloatStorage([1, 2, 3])['a']


def test_assigning_storage_elements():
    storage = torch_early.IntStorage([1, 2, 3, 4])
    storage[0] = 10
    storage[-1] = 40
    storage[1:3] = 7  # a slice assignment fills the range
    assert storage.tolist() == [10, 7, 7, 40]
    with pytest.raises(TypeError, match='can only set storage content with a int'):
        storage[0] = 1.5


def test_a_storage_slice_is_a_view_sharing_memory():
    storage = torch_early.FloatStorage([0, 1, 2, 3, 4])
    view = storage[1:4]
    assert view.tolist() == [1, 2, 3]
    assert view.data_ptr() == storage.data_ptr() + storage.element_size()
    view[0] = 10
    storage[3] = 30
    assert storage.tolist() == [0, 10, 2, 30, 4]
    assert view.tolist() == [10, 2, 30]


def test_a_storage_view_from_the_constructor():
    storage = torch_early.FloatStorage([0, 1, 2, 3, 4])
    assert torch_early.FloatStorage(storage, 2).tolist() == [2, 3, 4]
    view = torch_early.FloatStorage(storage, 1, 2)
    view.fill_(9)
    assert storage.tolist() == [0, 9, 9, 3, 4]
    with pytest.raises(ValueError, match='does not fit'):
        torch_early.FloatStorage(storage, 3, 5)


def test_a_storage_view_keeps_its_base_alive():
    view = torch_early.FloatStorage([0, 1, 2, 3])[2:]
    assert view.tolist() == [2, 3]  # the base storage object is gone; its memory is not
    root, offset = view._root_storage()
    assert offset == 2 and root.tolist() == [0, 1, 2, 3]


def test_a_storage_is_resizable_again_once_its_views_are_gone():
    storage = torch_early.FloatStorage([0, 1, 2, 3])
    view = storage[1:3]
    del view
    storage.resize_(100)
    assert storage.size() == 100 and storage[3] == 3


def test_a_storage_with_views_cannot_be_resized():
    # resizing may move the memory, and the view would then read freed memory
    storage = torch_early.FloatStorage([0, 1, 2, 3])
    view = storage[1:3]
    with pytest.raises(RuntimeError, match='not resizable'):
        storage.resize_(100)
    with pytest.raises(RuntimeError, match='not resizable'):
        view.resize_(10)
    assert view.tolist() == [1, 2]


def test_an_empty_slice_is_an_empty_view():
    assert torch_early.FloatStorage([1, 2])[1:1].size() == 0


def test_storage_slices_with_a_step_are_a_runtime_error():
    with pytest.raises(RuntimeError, match=r'with a step are not supported \(got step 2\)'):
        torch_early.FloatStorage([1, 2, 3])[::2]
    with pytest.raises(RuntimeError, match='step'):
        torch_early.FloatStorage([1, 2, 3])[::-1] = 0


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_new_gives_an_empty_storage_of_the_same_type(name):
    storage = storage_class(name)([1, 2])
    fresh = storage.new()
    assert type(fresh) is storage_class(name)
    assert fresh.size() == 0 and storage.tolist() == [1, 2]


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_fill_sets_every_element(name):
    storage = storage_class(name)(4)
    assert storage.fill_(7) is storage
    assert storage.tolist() == [7, 7, 7, 7]


def test_fill_checks_its_value():
    with pytest.raises(TypeError, match='fill_ expected a int, but got float'):
        torch_early.IntStorage(2).fill_(1.5)


def test_resize_keeps_the_first_elements():
    storage = torch_early.LongStorage([1, 2, 3, 4])
    assert storage.resize_(2) is storage
    assert storage.tolist() == [1, 2]
    storage.resize_(5)
    assert storage.size() == 5
    assert storage[:2].tolist() == [1, 2]


def test_resize_refuses_negative_and_impossible_sizes():
    storage = torch_early.FloatStorage([1, 2])
    with pytest.raises(ValueError, match='non-negative'):
        storage.resize_(-1)
    with pytest.raises(RuntimeError, match='too large'):
        storage.resize_(2 ** 62)
    with pytest.raises(RuntimeError, match='a size of 18446744073709551616 is too large'):
        storage.resize_(2 ** 64)
    assert storage.tolist() == [1, 2]


# Sizes whose byte count overflows 64 bits are refused naming them; representable ones that no
# machine holds (2**50 bytes and up) fail at once with a MemoryError, leaving the storage as it was.

@pytest.mark.parametrize('name', [name for name in ALL_DTYPES if name not in ('Byte', 'Char')])
def test_a_storage_too_large_to_count_in_bytes_is_refused(name):
    message = 'a storage of 4611686018427387904 elements is too large'
    with pytest.raises(RuntimeError, match=message):
        storage_class(name)(2 ** 62)


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_storage_size_beyond_64_bits_is_named(name):
    with pytest.raises(RuntimeError, match='a size of 9223372036854775808 is too large'):
        storage_class(name)(2 ** 63)


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_huge_storage_is_a_memory_error(name):
    with pytest.raises(MemoryError, match='not enough memory'):
        storage_class(name)(2 ** 50)
    storage = storage_class(name)([1, 2])
    with pytest.raises(MemoryError, match='not enough memory'):
        storage.resize_(2 ** 50)
    assert storage.tolist() == [1, 2]


@pytest.mark.parametrize('source', ALL_DTYPES)
@pytest.mark.parametrize('destination', ALL_DTYPES)
def test_storage_copy_between_every_pair_of_dtypes(source, destination):
    src = storage_class(source)(VALUES)
    dst = storage_class(destination)(4)
    assert dst.copy_(src) is dst
    assert dst.tolist() == VALUES


def test_storage_copy_needs_the_same_size():
    with pytest.raises(RuntimeError, match='cannot copy 3 elements into a storage of 2 elements'):
        torch_early.IntStorage(2).copy_(torch_early.FloatStorage([1, 2, 3]))


def test_storage_copy_from_something_else_is_a_type_error():
    with pytest.raises(TypeError, match='copy_ expected a storage, but got list'):
        torch_early.IntStorage(2).copy_([1, 2])


def test_a_tensor_and_its_storage_share_memory():
    t = torch_early.FloatTensor([[1, 2], [3, 4]])
    storage = t.storage()
    assert type(storage) is torch_early.FloatStorage
    assert storage.data_ptr() == t.data_ptr()
    storage[3] = 40
    assert t[1][1] == 40
