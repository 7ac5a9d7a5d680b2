"""Indexing: t[key] and t[key] = value.

An int picks one position along a dimension and removes that dimension (t.select); a slice keeps
a range of positions (t.narrow); a tuple applies one item per dimension, left to right, and an
Ellipsis stands for as many whole dimensions as the other items leave over. The result is a view
that shares the storage, except when every dimension has been picked: then it is the element
itself, as a Python number. A ByteTensor mask picks the elements where it is 1 (a copy, in
row-major order). Each expected value below is computed from nested lists.
"""
import numpy
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, DTYPES, tensor_class


def numbered(*sizes, cls=torch_early.FloatTensor):
    """A tensor of these sizes holding 0, 1, 2, ... in row-major order, and the same as lists."""
    def build(sizes, start):
        if len(sizes) == 1:
            return [start + i for i in range(sizes[0])]
        step = 1
        for size in sizes[1:]:
            step *= size
        return [build(sizes[1:], start + i * step) for i in range(sizes[0])]
    rows = build(list(sizes), 0)
    return cls(rows), rows


def column(rows, j):
    return [row[j] for row in rows]


# ---- an int ---------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_an_int_selects_along_the_first_dimension(name):
    t, rows = numbered(2, 3, cls=tensor_class(name))
    assert t[0].tolist() == rows[0]
    assert t[1].tolist() == rows[1]
    assert t[1].size() == torch_early.Size([3])


def test_a_negative_int_counts_from_the_end():
    t, rows = numbered(3, 2)
    assert t[-1].tolist() == rows[2]
    assert t[-3].tolist() == rows[0]


@pytest.mark.parametrize('name, number_type', [
    ('Byte', int), ('Char', int), ('Short', int), ('Int', int), ('Long', int),
    ('Float', float), ('Double', float), ('Half', float),
])
def test_an_int_index_of_a_one_dimensional_tensor_is_a_python_number(name, number_type):
    t = tensor_class(name)([5, 6, 7])
    assert t[1] == 6
    assert type(t[1]) is number_type
    assert t[-1] == 7


def test_long_elements_keep_all_their_digits():
    assert torch_early.LongTensor([2 ** 40 + 1])[0] == 2 ** 40 + 1


def test_an_int_index_of_a_matrix_is_a_view_sharing_the_storage():
    t, _ = numbered(2, 3)
    row = t[1]
    assert row.storage_offset() == 3
    assert row.data_ptr() == t.data_ptr() + 3 * t.element_size()
    row[0] = 30
    assert t[1][0] == 30


@pytest.mark.parametrize('index', [2, -3, 2 ** 70])
def test_an_int_out_of_range_is_an_index_error(index):
    t, _ = numbered(2, 3)
    with pytest.raises(IndexError, match='out of range for dimension 0 \\(of size 2\\)'):
        t[index]


def test_numpy_integers_are_ints():
    t, rows = numbered(3, 2)
    assert t[numpy.int64(2)].tolist() == rows[2]


# ---- a slice --------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_slice_narrows_the_first_dimension(name):
    t, rows = numbered(4, 2, cls=tensor_class(name))
    assert t[1:3].tolist() == rows[1:3]
    assert t[:2].tolist() == rows[:2]
    assert t[-1:].tolist() == rows[-1:]
    assert t[2:100].tolist() == rows[2:100]


def test_a_slice_is_a_view_sharing_the_storage():
    t, _ = numbered(4, 2)
    window = t[1:3]
    assert window.storage_offset() == 2
    window[0][1] = 99
    assert t[1][1] == 99


@pytest.mark.parametrize('key', [slice(0, 0), slice(3, 1), slice(5, None)])
def test_an_empty_slice_is_an_index_error(key):
    # this era has no zero-size dimensions, so an empty slice has no tensor to give
    t, _ = numbered(4, 2)
    with pytest.raises(IndexError, match='is empty'):
        t[key]


@pytest.mark.parametrize('key, expected', [
    (slice(None, None, 2), [[0, 1], [4, 5]]), (slice(1, 4, 2), [[2, 3], [6, 7]]),
    (slice(1, 9, 5), [[2, 3]]), ((slice(None), slice(0, 2, 2)), [[0], [2], [4], [6]]),
], ids=repr)
def test_a_slice_with_a_step_takes_every_step_th_position_as_a_view(key, expected):
    t, _ = numbered(4, 2)
    view = t[key]
    assert view.tolist() == expected
    view.fill_(-1)                                    # a view: the tensor changes
    assert t.eq(-1).sum() == len(expected) * len(expected[0])
    t, _ = numbered(4, 2)
    t[key] = 9
    assert t.eq(9).sum() == len(expected) * len(expected[0])


@pytest.mark.parametrize('step, error', [(0, ValueError), (-1, ValueError)])
def test_a_zero_or_negative_step_is_a_value_error(step, error):
    t, _ = numbered(4, 2)
    with pytest.raises(error):
        t[1:3:step]


def test_none_adds_a_dimension_of_size_1_where_it_stands():
    t, _ = numbered(3, 4)
    assert t[None].size() == (1, 3, 4)
    assert t[1, None].size() == (1, 4) and t[1, None].tolist() == [t[1].tolist()]
    assert t[None, 1:3, None].size() == (1, 2, 1, 4)
    assert t[..., None].size() == (3, 4, 1)
    assert t[None, ..., 2].size() == (1, 3)
    t[None, 0] = 7
    assert t[0].tolist() == [7, 7, 7, 7]


# ---- a tuple --------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_a_tuple_indexes_one_dimension_per_item(name):
    t, rows = numbered(3, 4, cls=tensor_class(name))
    assert t[1, 2] == rows[1][2]
    assert t[-1, -1] == rows[-1][-1]
    assert t[:, 2].tolist() == column(rows, 2)
    assert t[1:3, 1:3].tolist() == [row[1:3] for row in rows[1:3]]
    assert t[2, 1:].tolist() == rows[2][1:]


def test_a_tuple_on_three_dimensions():
    t, rows = numbered(2, 3, 4)
    assert t[1, 2, 3] == rows[1][2][3]
    assert t[1, :, 2].tolist() == [rows[1][j][2] for j in range(3)]
    assert t[:, 1].tolist() == [rows[i][1] for i in range(2)]


def test_an_empty_tuple_is_the_whole_tensor():
    t, rows = numbered(2, 3)
    assert t[()].tolist() == rows


def test_too_many_indices_are_an_index_error():
    t, _ = numbered(2, 3)
    with pytest.raises(IndexError, match='too many indices for a 2-dimensional tensor'):
        t[0, 1, 2]
    with pytest.raises(IndexError, match='too many indices'):
        t[0, ..., 0, 0]  # an Ellipsis stands for zero or more dimensions, never fewer
    with pytest.raises(IndexError, match='too many indices for a 1-dimensional tensor'):
        torch_early.FloatTensor([1, 2])[:, 0]


def test_a_tuple_item_out_of_range_names_its_dimension():
    t, _ = numbered(2, 3)
    with pytest.raises(IndexError, match='index 3 is out of range for dimension 1 \\(of size 3\\)'):
        t[0, 3]


# ---- Ellipsis -------------------------------------------------------------------------------

def test_an_ellipsis_stands_for_the_dimensions_left_over():
    t, rows = numbered(2, 3, 4)
    assert t[..., 1].tolist() == [[rows[i][j][1] for j in range(3)] for i in range(2)]
    assert t[1, ...].tolist() == rows[1]
    assert t[1, ..., 2].tolist() == [rows[1][j][2] for j in range(3)]
    assert t[..., 1:3].size() == torch_early.Size([2, 3, 2])


def test_an_ellipsis_alone_is_the_whole_tensor():
    t, rows = numbered(2, 3)
    view = t[...]
    assert view.tolist() == rows
    view[0][0] = 50
    assert t[0][0] == 50


def test_an_ellipsis_may_stand_for_no_dimension_at_all():
    t, rows = numbered(2, 3)
    assert t[1, 2, ...] == rows[1][2]
    assert t[..., 1, 2] == rows[1][2]


def test_two_ellipses_are_an_index_error():
    t, _ = numbered(2, 3)
    with pytest.raises(IndexError, match='single Ellipsis'):
        t[..., ...]


# ---- wrong keys -----------------------------------------------------------------------------

@pytest.mark.parametrize('key, named', [
    ('a', 'str'), (1.0, 'float'), ([0, 1], 'list'), (True, 'bool'),
    (torch_early.IntTensor([0]), 'torch_early.IntTensor'),
])
def test_keys_of_other_types_are_a_type_error(key, named):
    t, _ = numbered(2, 3)
    with pytest.raises(TypeError) as error:
        t[key]
    assert str(error.value).startswith('indexing a tensor with {} is not supported'.format(named))


def test_an_index_whose_conversion_fails_passes_its_error_on():
    class BadIndex:
        def __index__(self):
            raise ValueError('no index here')

    t, _ = numbered(2, 3)
    with pytest.raises(ValueError, match='no index here'):
        t[BadIndex()]
    with pytest.raises(ValueError, match='no index here'):
        t[0, BadIndex()] = 1


def test_an_empty_tensor_cannot_be_indexed():
    with pytest.raises(IndexError, match='empty tensor'):
        torch_early.FloatTensor()[0]


# ---- len ------------------------------------------------------------------------------------

def test_len_is_the_size_of_the_first_dimension():
    assert len(torch_early.FloatTensor(4, 2)) == 4
    assert len(torch_early.FloatTensor(4, 2).t()) == 2
    assert len(torch_early.FloatTensor([7])) == 1
    assert len(torch_early.FloatTensor()) == 0


# ---- non-contiguous tensors -----------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_indexing_a_transposed_tensor_follows_its_strides(name):
    t, rows = numbered(2, 3, cls=tensor_class(name))
    transposed = t.t()  # element [i][j] of transposed is element [j][i] of t
    columns = [column(rows, j) for j in range(3)]
    assert transposed[1].tolist() == columns[1]
    assert transposed[:, 1].tolist() == rows[1]
    assert transposed[2, 0] == rows[0][2]
    assert transposed[1:, 1].tolist() == rows[1][1:]


def test_writing_through_a_transposed_view_writes_the_source():
    t, _ = numbered(2, 3)
    transposed = t.t()
    transposed[2, 1] = -5
    assert t[1][2] == -5
    transposed[0] = 7  # a column of t
    assert t.tolist() == [[7, 1, 2], [7, 4, -5]]


# ---- assignment -----------------------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_assigning_a_number_to_an_element(name):
    t, rows = numbered(2, 3, cls=tensor_class(name))
    t[1, 2] = 42
    t[0][1] = 7
    t[-1, 0] = 9
    rows[1][2], rows[0][1], rows[1][0] = 42, 7, 9
    assert t.tolist() == rows


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_assigning_a_number_to_a_region_fills_it(name):
    t, rows = numbered(3, 3, cls=tensor_class(name))
    t[1] = 5
    t[:, 2] = 8
    rows[1] = [5, 5, 5]
    for row in rows:
        row[2] = 8
    assert t.tolist() == rows


def test_assigning_a_tensor_copies_it_into_the_region():
    t, rows = numbered(3, 3)
    t[0] = torch_early.FloatTensor([10, 11, 12])
    t[1:, 1:] = torch_early.FloatTensor([[20, 21], [22, 23]])
    rows[0] = [10, 11, 12]
    rows[1][1:], rows[2][1:] = [20, 21], [22, 23]
    assert t.tolist() == rows


def test_assigning_a_tensor_of_another_dtype_converts_it():
    t = torch_early.FloatTensor([[0, 0], [0, 0]])
    t[1] = torch_early.IntTensor([3, 4])
    assert t.tolist() == [[0, 0], [3, 4]]
    h = torch_early.HalfTensor([[0, 0], [0, 0]])
    h[0] = torch_early.DoubleTensor([0.5, 1.5])
    assert h.tolist() == [[0.5, 1.5], [0, 0]]


def test_assigning_into_a_transposed_region():
    t, rows = numbered(2, 3)
    t.t()[1] = torch_early.FloatTensor([-1, -2])  # column 1 of t
    rows[0][1], rows[1][1] = -1, -2
    assert t.tolist() == rows


def test_assigning_a_tensor_with_another_element_count_is_a_runtime_error():
    t, rows = numbered(2, 3)
    with pytest.raises(RuntimeError, match='cannot copy 2 elements \\(size 2\\) into a tensor'):
        t[0] = torch_early.FloatTensor([1, 2])
    assert t.tolist() == rows  # nothing was written


@pytest.mark.parametrize('key', [2, (0, 3), slice(5, 6)])
def test_assigning_out_of_range_is_an_index_error(key):
    t, _ = numbered(2, 3)
    with pytest.raises(IndexError):
        t[key] = 1


def test_assigning_something_that_is_not_a_number_is_a_type_error():
    t, _ = numbered(2, 3)
    with pytest.raises(TypeError, match='can only assign a float or a tensor'):
        t[0] = 'a'
    with pytest.raises(TypeError, match='an element of a torch_early.FloatTensor can only be set'):
        t[0, 0] = torch_early.FloatTensor([1])
    with pytest.raises(TypeError, match='can only assign a int or a tensor'):
        torch_early.IntTensor([1, 2])[0] = 2.5


def test_elements_cannot_be_deleted():
    t, _ = numbered(2, 3)
    with pytest.raises(TypeError, match='cannot be deleted'):
        del t[0]


# ---- ByteTensor masks -----------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_a_mask_selects_the_marked_elements_in_row_major_order(name):
    t, rows = numbered(2, 3, cls=tensor_class(name))
    flags = [[0, 1, 0], [1, 0, 1]]
    picked = t[torch_early.ByteTensor(flags)]
    assert type(picked) is tensor_class(name)
    expected = [rows[i][j] for i in range(2) for j in range(3) if flags[i][j]]
    assert picked.tolist() == expected == [1, 3, 5]


def test_a_mask_result_is_a_copy():
    t, _ = numbered(2, 2)
    picked = t[torch_early.ByteTensor([[1, 1], [0, 0]])]
    picked[0] = 100
    assert t[0][0] == 0


def test_a_mask_on_a_transposed_tensor_follows_its_strides():
    t, rows = numbered(2, 3)
    transposed = t.t()  # 3x2
    flags = [[1, 0], [0, 1], [1, 1]]
    expected = [rows[j][i] for i in range(3) for j in range(2) if flags[i][j]]
    assert transposed[torch_early.ByteTensor(flags)].tolist() == expected


@pytest.mark.parametrize('name', DTYPES)
def test_assigning_a_number_through_a_mask_fills_the_marked_elements(name):
    t, rows = numbered(2, 3, cls=tensor_class(name))
    t[torch_early.ByteTensor([[1, 0, 0], [0, 0, 1]])] = 9
    rows[0][0] = rows[1][2] = 9
    assert t.tolist() == rows


def test_assigning_a_tensor_through_a_mask_copies_in_order():
    t, rows = numbered(2, 3)
    t[torch_early.ByteTensor([[0, 1, 0], [1, 0, 1]])] = torch_early.FloatTensor([7, 8, 9])
    rows[0][1], rows[1][0], rows[1][2] = 7, 8, 9
    assert t.tolist() == rows


def test_a_mask_with_another_element_count_is_a_runtime_error():
    t, _ = numbered(2, 3)
    with pytest.raises(RuntimeError, match='the mask has 2 elements'):
        t[torch_early.ByteTensor([1, 0])]


def test_a_mask_source_of_another_dtype_is_a_type_error():
    t, _ = numbered(2, 2)
    with pytest.raises(TypeError, match='needs a torch_early.FloatTensor source'):
        t[torch_early.ByteTensor([[1, 0], [0, 1]])] = torch_early.IntTensor([1, 2])


def test_half_tensors_take_masks_through_float():
    half = torch_early.HalfTensor([1, 2, 3])
    assert half[torch_early.ByteTensor([1, 0, 1])].tolist() == [1, 3]
    half[torch_early.ByteTensor([0, 1, 0])] = 0.5
    assert type(half) is torch_early.HalfTensor and half.tolist() == [1, 0.5, 3]
    with pytest.raises(TypeError, match='does not support mask indexing'):
        torch_early.HalfTensor.index(half, torch_early.ByteTensor([1, 0, 1]))


# ---- index(key) and set_index(key, value): the same, keeping a single element a tensor -------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_index_gives_a_one_element_tensor_where_indexing_gives_a_number(name):
    t, rows = numbered(3, 4, cls=tensor_class(name))
    element = t.index((1, 2))
    assert type(element) is tensor_class(name)
    assert element.size() == torch_early.Size([1]) and element.tolist() == [rows[1][2]]
    element[0] = 7                                              # a view: it writes into t
    assert t[1, 2] == 7
    assert t.index(0).tolist() == t[0].tolist()                 # anything else: as t[key]
    assert t.index((slice(1, 3), 1)).tolist() == t[1:3, 1].tolist()
    assert numbered(5)[0].index(-1).tolist() == [4]


def test_index_with_a_mask_selects_as_indexing_does():
    t, _ = numbered(2, 2)
    assert t.index(t.gt(1)).tolist() == [2, 3]


def test_index_errors_are_those_of_indexing():
    t, _ = numbered(3, 4)
    with pytest.raises(IndexError, match='index 4 is out of range for dimension 1'):
        t.index((0, 4))
    with pytest.raises(IndexError, match='too many indices'):
        t.index((0, 1, 2))
    with pytest.raises(TypeError):
        t.index(0.5)


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_set_index_assigns_a_number_or_a_one_element_tensor(name):
    t, rows = numbered(3, 4, cls=tensor_class(name))
    assert t.set_index((2, 3), 9) is t
    assert t.set_index((0, 0), tensor_class(name)([8])) is t    # t[0, 0] = tensor would refuse
    assert t.set_index(1, 5) is t
    rows[2][3], rows[0][0], rows[1] = 9, 8, [5] * 4
    assert t.tolist() == rows


def test_set_index_arguments():
    t, _ = numbered(2)
    with pytest.raises(TypeError, match='set_index received an invalid combination'):
        t.set_index(0)
    with pytest.raises(RuntimeError, match='inconsistent tensor size'):
        t.set_index(0, torch_early.FloatTensor([1, 2]))


# ---- a LongTensor key: whole slices along dimension 0 (v0.1.10 on) ----------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_a_long_tensor_key_picks_slices_along_dim_0_as_a_copy(name):
    tensor = tensor_class(name)([[1, 2], [3, 4], [5, 6]])
    picked = tensor[torch_early.LongTensor([2, 0, 2])]
    assert type(picked) is type(tensor) and picked.tolist() == [[5, 6], [1, 2], [5, 6]]
    picked.fill_(0)                                    # a copy: the tensor keeps its values
    assert tensor.tolist() == [[1, 2], [3, 4], [5, 6]]
    assert tensor_class(name)([7, 8, 9])[torch_early.LongTensor([1])].tolist() == [8]


@pytest.mark.parametrize('name', DTYPES)
def test_assigning_through_a_long_tensor_key_fills_or_copies_slices(name):
    tensor = tensor_class(name)(3, 2).zero_()
    tensor[torch_early.LongTensor([0, 2])] = 7
    assert tensor.tolist() == [[7, 7], [0, 0], [7, 7]]
    tensor[torch_early.LongTensor([1, 0])] = tensor_class(name)([[1, 2], [3, 4]])
    assert tensor.tolist() == [[3, 4], [1, 2], [7, 7]]


def test_a_long_tensor_key_out_of_range_or_in_a_tuple_is_an_error():
    tensor = torch_early.FloatTensor(3, 2).zero_()
    with pytest.raises(IndexError):
        tensor[torch_early.LongTensor([3])]
    with pytest.raises(IndexError):
        tensor[torch_early.LongTensor([0, 5])] = 1
    assert tensor.tolist() == [[0, 0]] * 3              # checked before anything is written
    with pytest.raises(TypeError, match='indexing a tensor with torch_early.LongTensor'):
        tensor[0, torch_early.LongTensor([1])] = 1     # v0.1.12 refused it inside a tuple too
    with pytest.raises(TypeError, match='needs a torch_early.FloatTensor source'):
        tensor[torch_early.LongTensor([0])] = torch_early.DoubleTensor(1, 2)
    with pytest.raises(RuntimeError):
        tensor[torch_early.LongTensor([0])] = torch_early.FloatTensor(1, 3)
