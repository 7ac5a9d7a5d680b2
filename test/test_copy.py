"""copy_ between tensors of any two dtypes, and the storage type underneath tensors.

t.copy_(s) writes the elements of s into t, converting each one as C converts numbers. Only the
element counts must agree: each side is read in its own row-major order, whatever its shape and
strides. A storage is the flat array of one dtype that tensors view; it has a length, elements,
slices that are views into it, and a few methods of its own.
"""
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, storage_class, tensor_class

ELEMENT_SIZES = {'Byte': 1, 'Char': 1, 'Short': 2, 'Int': 4, 'Long': 8, 'Float': 4,
                 'Double': 8, 'Half': 2}
# Every one of these is exact in all eight dtypes (a Byte holds 0..255, a Char -128..127, and a
# Half every integer up to 2048).
VALUES = [[0, 1], [2, 100]]


def flat(rows):
    return [x for row in rows for x in row]


# ---- tensor copy_ ---------------------------------------------------------------------------

@pytest.mark.parametrize('source', ALL_DTYPES)
@pytest.mark.parametrize('destination', ALL_DTYPES)
def test_copy_between_every_pair_of_dtypes(source, destination):
    src = tensor_class(source)(VALUES)
    dst = tensor_class(destination)(2, 2)
    result = dst.copy_(src)
    assert result is dst
    assert dst.tolist() == VALUES
    assert type(dst[1][1]) is (float if destination in ('Float', 'Double', 'Half') else int)
    assert src.tolist() == VALUES  # the source is only read


def test_copy_only_needs_as_many_elements():
    src = torch_early.IntTensor([[1, 2, 3], [4, 5, 6]])
    assert torch_early.FloatTensor(6).copy_(src).tolist() == [1, 2, 3, 4, 5, 6]
    assert torch_early.FloatTensor(3, 2).copy_(src).tolist() == [[1, 2], [3, 4], [5, 6]]


def test_copy_reads_a_non_contiguous_source_in_its_own_order():
    src = torch_early.IntTensor([[1, 2, 3], [4, 5, 6]]).t()  # [[1, 4], [2, 5], [3, 6]]
    assert not src.is_contiguous()
    assert torch_early.DoubleTensor(6).copy_(src).tolist() == [1, 4, 2, 5, 3, 6]
    assert torch_early.IntTensor(3, 2).copy_(src).tolist() == [[1, 4], [2, 5], [3, 6]]


def test_copy_writes_a_non_contiguous_destination_in_its_own_order():
    base = torch_early.FloatTensor(2, 3).zero_()
    base.t().copy_(torch_early.LongTensor([1, 2, 3, 4, 5, 6]))
    # base.t() is 3x2; its row-major order walks down the columns of base
    assert base.tolist() == [[1, 3, 5], [2, 4, 6]]


def test_copy_into_a_slice_writes_the_source_tensor():
    base = torch_early.FloatTensor(3, 3).zero_()
    base[:, 1].copy_(torch_early.ByteTensor([7, 8, 9]))
    assert base.tolist() == [[0, 7, 0], [0, 8, 0], [0, 9, 0]]


def test_float_to_integer_copies_truncate_toward_zero():
    src = torch_early.DoubleTensor([-2.7, -0.5, 0.5, 2.7])
    assert torch_early.IntTensor(4).copy_(src).tolist() == [-2, 0, 0, 2]


def test_half_copies_round_to_the_nearest_half():
    half = torch_early.HalfTensor(2).copy_(torch_early.DoubleTensor([0.1, 3.0]))
    # 0.1 is not a binary fraction; the nearest half-precision number is 1638 / 2**14
    assert half.tolist() == [1638 / 2 ** 14, 3.0]


@pytest.mark.parametrize('destination, source', [((3,), (4,)), ((2, 2), (5,)), ((2, 3), (3, 3))])
def test_another_element_count_is_a_runtime_error_naming_both_sizes(destination, source):
    dst = torch_early.FloatTensor(*destination).fill_(1)
    src = torch_early.DoubleTensor(*source).fill_(2)
    size = 'x'.join(str(n) for n in destination)
    src_size = 'x'.join(str(n) for n in source)
    with pytest.raises(RuntimeError) as error:
        dst.copy_(src)
    assert 'cannot copy {} elements (size {}) into a tensor of {} elements (size {})'.format(
        src.numel(), src_size, dst.numel(), size) in str(error.value)
    assert dst.tolist() == torch_early.FloatTensor(*destination).fill_(1).tolist()  # untouched


def test_copy_accepts_the_async_flag_and_ignores_it_on_the_cpu():
    dst = torch_early.FloatTensor(2)
    assert dst.copy_(torch_early.FloatTensor([1, 2]), True).tolist() == [1, 2]
    assert dst.copy_(torch_early.FloatTensor([3, 4]), **{'async': False}).tolist() == [3, 4]


@pytest.mark.parametrize('args, got', [(([1, 2],), '(list)'), ((), '()'), ((3,), '(int)')])
def test_copy_from_something_that_is_not_a_tensor_is_a_type_error(args, got):
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(2).copy_(*args)
    assert str(error.value) == ('copy_ received an invalid combination of arguments - got ' + got
                                + ', but expected (torch_early.Tensor source, bool async=False)')


# ---- storages -------------------------------------------------------------------------------

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
    with pytest.raises(TypeError, match='item 1 is str'):
        torch_early.FloatStorage([1, 'a'])
    with pytest.raises(TypeError, match='item 0 is float'):
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
    assert storage.tolist() == [1, 2]


@pytest.mark.parametrize('source', ALL_DTYPES)
@pytest.mark.parametrize('destination', ALL_DTYPES)
def test_storage_copy_between_every_pair_of_dtypes(source, destination):
    src = storage_class(source)(flat(VALUES))
    dst = storage_class(destination)(4)
    assert dst.copy_(src) is dst
    assert dst.tolist() == flat(VALUES)


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
