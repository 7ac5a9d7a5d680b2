"""Tensor constructors: every form that torch_early.<T>Tensor(...) accepts, for every dtype.

A tensor is a view (sizes, strides, offset) onto a storage. Some forms make a new storage
(sizes, nested sequences, an array of another dtype); the others view memory that already
exists (a storage, another tensor, an array of the same dtype), and then writes through one
object are seen through the other. Bad arguments are refused with the exception a Python
programmer expects: TypeError for the wrong kind of argument, ValueError for a wrong value,
RuntimeError when memory runs out; a ragged nested list is a RuntimeError, as in 2017.
"""
import numpy
import pytest

import torch_early
from tensor_checks import (ALL_DTYPES, FLOAT_DTYPES, INTEGER_DTYPES, NUMPY, storage_class,
                           tensor_class)

# ---- T(): the empty tensor -----------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_no_arguments_give_an_empty_tensor(name):
    t = tensor_class(name)()
    assert type(t) is tensor_class(name)
    assert t.dim() == 0
    assert t.numel() == 0
    assert t.size() == torch_early.Size([])
    storage = t.storage()  # every tensor has a storage; an empty one has no elements
    assert type(storage) is storage_class(name) and storage.size() == 0
    assert t.storage().data_ptr() == storage.data_ptr()  # the same one each time


@pytest.mark.parametrize('make', [
    lambda: torch_early.FloatTensor(0), lambda: torch_early.FloatTensor([]),
    lambda: torch_early.FloatTensor().clone(), lambda: torch_early.FloatTensor([0, 0]).nonzero(),
    lambda: torch_early.FloatTensor(numpy.zeros(0, numpy.float32)),
    lambda: torch_early.FloatTensor([1]).set_()], ids=['zero', 'empty list', 'clone', 'nonzero',
                                                       'empty array', 'set_()'])
def test_empty_results_have_an_empty_storage_too(make):
    t = make()
    assert t.storage().size() == 0
    assert t.storage_offset() == 0
    t.resize_(2).fill_(3)  # the storage grows like any other
    assert t.storage().tolist() == [3, 3]


# ---- T(*sizes), T(Size): uninitialised memory of a shape -----------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_sizes_give_a_contiguous_tensor_of_that_shape(name):
    t = tensor_class(name)(2, 3, 4)
    assert t.size() == torch_early.Size([2, 3, 4])
    assert t.stride() == (12, 4, 1)  # row-major: the last index moves fastest
    assert t.numel() == 24
    assert t.is_contiguous()
    assert t.storage().size() == 24


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_size_object_is_the_same_as_the_sizes(name):
    t = tensor_class(name)(torch_early.Size([3, 2]))
    assert t.size() == torch_early.Size([3, 2])
    assert t.stride() == (2, 1)


@pytest.mark.parametrize('data', [(3, 2), [3, 2], (3,), ((1, 2), (3, 4))], ids=repr)
def test_a_tuple_of_numbers_is_data_as_a_list_is(data):
    # Only separate ints or a torch_early.Size give sizes; a tuple is values, as in 2017.
    t = torch_early.FloatTensor(data)
    assert t.tolist() == [list(row) if isinstance(row, tuple) else row for row in data]


def test_a_tuple_of_negative_numbers_is_data_not_a_bad_size():
    assert torch_early.LongTensor((-34,)).tolist() == [-34]


def test_numpy_integers_count_as_sizes():
    t = torch_early.FloatTensor(numpy.int64(2), numpy.int32(3))
    assert t.size() == torch_early.Size([2, 3])


def test_a_size_of_zero_gives_an_empty_tensor():
    assert torch_early.FloatTensor(0).dim() == 0


@pytest.mark.parametrize('sizes, position', [((-1,), 0), ((2, -3), 1)])
def test_negative_sizes_are_a_value_error_naming_the_position(sizes, position):
    with pytest.raises(ValueError) as error:
        torch_early.FloatTensor(*sizes)
    assert str(error.value) == 'sizes must be non-negative, but got {} at position {}'.format(
        min(sizes), position)


# Far more than any machine has, and more than a 64-bit address space holds, so allocation fails
# the same way everywhere: 2**50 elements.
@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_huge_tensor_is_a_memory_error_not_a_crash(name):
    with pytest.raises(MemoryError, match='not enough memory') as error:
        tensor_class(name)(2 ** 20, 2 ** 30)
    assert isinstance(error.value, RuntimeError)     # as every TH error was in the first releases


def test_a_size_whose_element_count_overflows_is_a_runtime_error():
    with pytest.raises(RuntimeError, match='too large'):
        torch_early.FloatTensor(2 ** 62, 2 ** 62)


def test_after_a_failed_allocation_the_next_one_works():
    with pytest.raises(RuntimeError):
        torch_early.DoubleTensor(2 ** 50)
    assert torch_early.DoubleTensor([1, 2]).tolist() == [1, 2]


# ---- T(sequence): a copy of nested lists and tuples ----------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_flat_list_is_copied_in_order(name):
    t = tensor_class(name)([0, 1, 2, 100])
    assert t.size() == torch_early.Size([4])
    assert t.tolist() == [0, 1, 2, 100]


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_nested_lists_give_the_shape_and_the_values(name):
    rows = [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]
    t = tensor_class(name)(rows)
    assert t.size() == torch_early.Size([2, 2, 3])
    assert t.tolist() == rows
    # each element sits where its indices say: offset = sum(index * stride)
    for i in range(2):
        for j in range(2):
            for k in range(3):
                assert t[i][j][k] == rows[i][j][k]


@pytest.mark.parametrize('name', FLOAT_DTYPES + ['Half'])
def test_float_tensors_keep_fractions(name):
    assert tensor_class(name)([[0.5, -1.25], [2.75, 3]]).tolist() == [[0.5, -1.25], [2.75, 3.0]]


def test_tuples_ranges_and_mixtures_are_sequences_too():
    assert torch_early.LongTensor(((1, 2), [3, 4])).tolist() == [[1, 2], [3, 4]]
    assert torch_early.IntTensor(range(4)).tolist() == [0, 1, 2, 3]


def test_numbers_of_other_types_convert():
    values = [numpy.float32(0.5), numpy.int64(2), True]
    assert torch_early.DoubleTensor(values).tolist() == [0.5, 2, 1]
    assert torch_early.LongTensor([numpy.int32(-3), True]).tolist() == [-3, 1]


def test_an_empty_list_gives_an_empty_tensor():
    assert torch_early.FloatTensor([]).dim() == 0
    assert torch_early.FloatTensor([[]]).dim() == 0


@pytest.mark.parametrize('rows, message', [
    ([[1, 2], [3]], ' length at index (1) - expected 2 but got 1'),
    ([[1], [2, 3]], ' length at index (1) - expected 1 but got 2'),
    (((1, 2), (3, 4, 5)), ' length at index (1) - expected 2 but got 3'),
    ([[[1, 2], [3, 4]], [[5, 6], [7]]], ' length at index (1, 1) - expected 2 but got 1'),
    ([[1, 2], 3], ' at index (1) - expected a sequence of length 2 but got int'),
])
def test_ragged_lists_are_a_runtime_error_naming_the_index(rows, message):
    with pytest.raises(RuntimeError) as error:
        torch_early.FloatTensor(rows)
    assert str(error.value) == 'inconsistent sequence' + message


def test_a_row_where_a_number_should_be_is_ragged_too():
    with pytest.raises(RuntimeError) as error:
        torch_early.FloatTensor([[1, 2], [3, [4]]])
    assert str(error.value) == ('torch_early.FloatTensor(): expected float values in the nested '
                                'sequence, but got list at index (1, 1)')


@pytest.mark.parametrize('rows, got, index', [
    (['a'], 'str', '(0)'),
    ([1, None], 'NoneType', '(1)'),
    ([[1, 2], [3, 'x']], 'str', '(1, 1)'),
])
def test_items_that_are_not_numbers_are_a_type_error_naming_the_index(rows, got, index):
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(rows)
    assert str(error.value) == ('torch_early.FloatTensor(): expected float values in the nested '
                                'sequence, but got %s at index %s' % (got, index))


@pytest.mark.parametrize('name', INTEGER_DTYPES)
def test_integer_tensors_refuse_fractions(name):
    with pytest.raises(TypeError, match='expected int values'):
        tensor_class(name)([1, 2.5])


def test_long_tensors_hold_the_whole_64_bit_range():
    assert torch_early.LongTensor([2 ** 63 - 1, -2 ** 63]).tolist() == [2 ** 63 - 1, -2 ** 63]


@pytest.mark.parametrize('name', INTEGER_DTYPES)
def test_ints_beyond_64_bits_are_an_overflow_error(name):
    message = '{} is out of range for integer tensors'.format(2 ** 64)
    with pytest.raises(OverflowError, match=message):
        tensor_class(name)([1, 2 ** 64])


def test_a_failing_sequence_passes_its_own_error_on():
    class Broken:
        def __len__(self):
            return 2

        def __getitem__(self, index):
            raise KeyError('broken sequence')

    with pytest.raises(KeyError, match='broken sequence'):
        torch_early.FloatTensor(Broken())


def test_nesting_deeper_than_64_levels_is_refused():
    deep = 1
    for _ in range(70):
        deep = [deep]
    with pytest.raises(ValueError, match='deeper than 64 levels'):
        torch_early.FloatTensor(deep)


# ---- T(storage[, offset[, size[, stride]]]): a view of existing memory ---------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_storage_is_viewed_whole_as_one_dimension(name):
    storage = storage_class(name)([1, 2, 3, 4])
    t = tensor_class(name)(storage)
    assert t.size() == torch_early.Size([4])
    assert t.tolist() == [1, 2, 3, 4]
    assert t.data_ptr() == storage.data_ptr()


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_storage_view_shares_memory_both_ways(name):
    storage = storage_class(name)([1, 2, 3, 4])
    t = tensor_class(name)(storage)
    t[0] = 10
    assert storage[0] == 10
    storage[3] = 40
    assert t[3] == 40


def test_offset_and_size_pick_a_window_of_the_storage():
    storage = torch_early.FloatStorage([0, 1, 2, 3, 4, 5, 6])
    t = torch_early.FloatTensor(storage, 1, torch_early.Size([2, 3]))
    assert t.storage_offset() == 1
    assert t.tolist() == [[1, 2, 3], [4, 5, 6]]
    t[1][0] = 40
    assert storage[4] == 40


def test_the_offset_alone_views_the_rest_of_the_storage():
    storage = torch_early.IntStorage([0, 1, 2, 3])
    assert torch_early.IntTensor(storage, 2).tolist() == [2, 3]


def test_strides_say_how_far_apart_neighbours_are():
    storage = torch_early.FloatStorage([0, 1, 2, 3, 4, 5])
    # element [i][j] is storage[offset + i * stride[0] + j * stride[1]]
    t = torch_early.FloatTensor(storage, 0, (3, 2), (1, 3))
    expected = [[storage[i * 1 + j * 3] for j in range(2)] for i in range(3)]
    assert t.tolist() == expected == [[0, 3], [1, 4], [2, 5]]
    assert not t.is_contiguous()
    # a zero stride reads one element again and again
    assert torch_early.FloatTensor(storage, 5, (3,), (0,)).tolist() == [5, 5, 5]


def test_a_view_that_does_not_fit_is_a_value_error_and_leaves_the_storage_alone():
    storage = torch_early.FloatStorage([0, 1, 2, 3, 4, 5])
    with pytest.raises(ValueError) as error:
        torch_early.FloatTensor(storage, 4, (2, 2))
    assert str(error.value) == 'a view of size 2x2 at offset 4 does not fit in a storage of size 6'
    with pytest.raises(ValueError):
        torch_early.FloatTensor(storage, 0, (2,), (6,))
    assert storage.size() == 6
    assert storage.tolist() == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize('offset', [-1, 7])
def test_an_offset_outside_the_storage_is_a_value_error(offset):
    with pytest.raises(ValueError, match='offset {} is out of range'.format(offset)):
        torch_early.FloatTensor(torch_early.FloatStorage(6), offset)


def test_sizes_and_strides_must_pair_up():
    with pytest.raises(ValueError, match='got 2 sizes but 1 strides'):
        torch_early.FloatTensor(torch_early.FloatStorage(6), 0, (2, 3), (1,))


def test_a_storage_of_another_dtype_is_a_type_error():
    with pytest.raises(TypeError, match='got \\(torch_early.DoubleStorage\\)'):
        torch_early.FloatTensor(torch_early.DoubleStorage(3))


# ---- T(other): another tensor object on the same storage -----------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_tensor_gives_a_new_view_of_the_same_storage(name):
    cls = tensor_class(name)
    original = cls([[1, 2], [3, 4]])
    view = cls(original)
    assert view is not original
    assert view.size() == original.size()
    assert view.stride() == original.stride()
    assert view.data_ptr() == original.data_ptr()
    view[1][1] = 9
    assert original[1][1] == 9


def test_a_view_of_a_transposed_tensor_keeps_its_strides():
    original = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]]).t()
    view = torch_early.FloatTensor(original)
    assert view.stride() == (1, 3)
    assert view.tolist() == [[1, 4], [2, 5], [3, 6]]


def test_a_tensor_of_another_dtype_is_a_type_error():
    with pytest.raises(TypeError, match='got \\(torch_early.DoubleTensor\\)'):
        torch_early.FloatTensor(torch_early.DoubleTensor(3))


# ---- T(ndarray): shares an array of the same dtype, copies any other -----------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_an_array_of_the_same_dtype_is_shared(name):
    array = numpy.array([[1, 2, 3], [4, 5, 6]], dtype=NUMPY[name])
    t = tensor_class(name)(array)
    assert t.tolist() == [[1, 2, 3], [4, 5, 6]]
    assert t.data_ptr() == array.ctypes.data
    t[0][0] = 7
    assert array[0, 0] == 7
    array[1, 2] = 8
    assert t[1][2] == 8


def test_a_non_contiguous_array_is_shared_with_its_strides():
    array = numpy.arange(12, dtype=numpy.float64).reshape(3, 4)[:, 1:3]
    t = torch_early.DoubleTensor(array)
    assert t.stride() == (4, 1)
    assert t.tolist() == array.tolist()
    t[2][1] = -1
    assert array[2, 1] == -1


@pytest.mark.parametrize('source, target', [
    (numpy.int64, 'Float'), (numpy.float32, 'Double'), (numpy.int32, 'Long'),
    (numpy.uint8, 'Int'), (numpy.float64, 'Half'),
])
def test_an_array_of_another_dtype_is_copied(source, target):
    array = numpy.array([[1, 2], [3, 4]], dtype=source)
    t = tensor_class(target)(array)
    assert t.tolist() == [[1, 2], [3, 4]]
    t[0][0] = 100
    assert array[0, 0] == 1  # a copy: the array is untouched


def test_a_float_array_cannot_become_an_integer_tensor():
    # the same rule as for lists: integer tensors take integers
    with pytest.raises(TypeError, match='expected int values'):
        torch_early.IntTensor(numpy.array([1.5]))


# ---- cdata=address: the first releases' internal form is not offered ------------------------

@pytest.mark.parametrize('make', [torch_early.FloatTensor, torch_early.FloatStorage])
@pytest.mark.parametrize('address', [8, 0, 'own'])
def test_cdata_is_refused_rather_than_trusted(make, address):
    # An address cannot be checked from Python: a wrong one would crash, so none is taken.
    if address == 'own':
        address = make([1, 2])._cdata
    with pytest.raises(TypeError, match=r'got \(cdata=int\), but expected one of'):
        make(cdata=address)


# ---- wrong arguments -----------------------------------------------------------------------

SIGNATURES = (', but expected one of:'
              '\n * no arguments'
              '\n * (int ...)'
              '\n * (torch_early.Size size)'
              '\n * (Sequence data)'
              '\n * (torch_early.FloatTensor other)'
              '\n * (torch_early.FloatStorage storage, int offset=0, torch_early.Size size=None, '
              'torch_early.Size stride=None)')


@pytest.mark.parametrize('args, got', [
    (('a',), '(str)'),
    ((2.5,), '(float)'),
    ((None,), '(NoneType)'),
    ((2, 'a'), '(int, str)'),
    ((b'ab',), '(bytes)'),
])
def test_wrong_arguments_are_a_type_error_listing_the_signatures(args, got):
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(*args)
    assert str(error.value) == ('torch_early.FloatTensor received an invalid combination of '
                                'arguments - got ' + got + SIGNATURES)


def test_unknown_keywords_are_named_in_the_type_error():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(2, 3, shape=1)
    assert str(error.value).startswith('torch_early.FloatTensor received an invalid combination '
                                       'of arguments - got (int, int, shape=int)')


def test_an_int_index_that_fails_passes_its_error_on():
    class BadIndex:
        def __index__(self):
            raise ValueError('no index here')

    with pytest.raises(ValueError, match='no index here'):
        torch_early.FloatTensor(BadIndex())


def test_storage_constructor_refuses_a_keyword_naming_it():
    with pytest.raises(TypeError, match=r"got \(content=float\), but expected one of:(.|\n)*"
                                         r"\(a storage takes no keyword arguments; got the "
                                         r"keyword argument 'content'\)$"):
        torch_early.FloatStorage(content=1234.)


def test_storage_from_a_sequence_names_the_sequence_and_the_item():
    with pytest.raises(TypeError, match=r"expected a sequence of float, but item 1 of the list is str"):
        torch_early.FloatStorage([1.0, 'b'])
    with pytest.raises(TypeError, match=r"item 0 of the tuple is str"):
        torch_early.IntStorage(('a',))


@pytest.mark.parametrize("offset, size, message", [
    (1, 5, r"offset 1 and size 5 does not fit in a storage of size 3 \(2 elements from the offset on\)"),
    (1, -5, r"offset 1 and size -5 .* \(2 elements from the offset on\)"),
    (-1, 2, r"offset -1 and size 2 does not fit in a storage of size 3$"),
])
def test_storage_view_out_of_range_says_what_room_there_is(offset, size, message):
    with pytest.raises(ValueError, match=message):
        torch_early.FloatStorage(torch_early.FloatStorage(3), offset, size)
