"""The index operations: picking slices and elements by position, or by a mask (indexing with
t[key] is in test_getitem_setitem.py).

- index_select / index_copy_ / index_add_ / index_fill_ work on whole slices along one dimension,
  named by a 1-D LongTensor of positions;
- gather / scatter_ move single elements, named by an index of the tensor's own rank;
- masked_select / masked_fill_ / masked_copy_ pick elements with a ByteTensor of 0s and 1s.

Every result is compared with NumPy on contiguous and non-contiguous operands (transposed,
narrowed, stride 0 from expand), for every dtype; every error says what was wrong: an IndexError
names the position, the dimension and its size (it is a torch_early.TensorIndexError, also a
RuntimeError as every TH error was in 2017); a wrong argument type is a TypeError listing the
accepted signatures; a size mismatch is a RuntimeError naming the sizes.
"""
import numpy
import pytest

import torch_early
from tensor_checks import (DTYPES, LAYOUTS, as_numpy, expected_values, laid_out, small_values,
                           tensor_class)


def longs(positions):
    return torch_early.LongTensor(list(positions))


# ---- index_select: whole slices, in the order the index names them -----------------------------

@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_index_select_matches_numpy_take(name, layout):
    array = small_values(4, 5, 3)
    tensor = laid_out(name, array, layout)
    expected = expected_values(array, layout)
    rows, columns = [2, 0, 2, 3], [4, 1, 1]
    picked = tensor.index_select(0, longs(rows))
    assert picked.is_contiguous()
    assert (as_numpy(picked, name) == numpy.take(expected, rows, axis=0)).all()
    picked = torch_early.index_select(tensor, 1, longs(columns))
    assert (as_numpy(picked, name) == numpy.take(expected, columns, axis=1)).all()


@pytest.mark.parametrize('name', DTYPES)
def test_index_select_of_a_vector_and_with_a_strided_index(name):
    vector = tensor_class(name)([10, 11, 12, 13])
    index = torch_early.LongTensor([[3, 9], [0, 9], [3, 9]]).select(1, 0)  # stride 2: 3 0 3
    assert vector.index_select(0, index).tolist() == [13, 10, 13]


def test_index_select_of_many_rows_matches_numpy():
    array = numpy.random.RandomState(0).rand(20000, 16).astype(numpy.float32)
    rows = numpy.random.RandomState(1).randint(0, 20000, size=12000)
    source = torch_early.from_numpy(array)
    picked = source.index_select(0, torch_early.from_numpy(rows.astype(numpy.int64)))
    assert numpy.array_equal(picked.numpy(), array[rows])


@pytest.mark.parametrize('name', ['Int', 'Double'])
def test_index_select_into_out(name):
    cls = tensor_class(name)
    source = cls(small_values(3, 2).tolist())
    out = cls(3, 3).t()                                  # the right size already, column-major
    result = torch_early.index_select(source, 1, longs([1, 1, 0]), out=out)
    assert result is out
    assert out.stride() == (1, 3)                        # written in place
    assert out.tolist() == numpy.take(small_values(3, 2), [1, 1, 0], axis=1).tolist()
    torch_early.index_select(source, 0, longs([2]), out=source)     # out may be the source
    assert source.tolist() == [small_values(3, 2)[2].tolist()]


def test_index_select_errors():
    tensor = torch_early.FloatTensor(small_values(3, 2).tolist())
    with pytest.raises(IndexError, match=r'index 5 is out of range for dimension 0 \(of size 3\)'):
        tensor.index_select(0, longs([0, 5]))
    with pytest.raises(IndexError, match=r'index -1 is out of range for dimension 1 \(of size 2\)'):
        tensor.index_select(1, longs([-1]))
    with pytest.raises(TypeError, match=r"argument 'index' must be a LongTensor, not an "
                                        r"IntTensor; convert it with \.long\(\)\n.*"
                                        r'got \(int, torch_early.IntTensor\), but expected one '
                                        r'of:\n \* \(int dim, torch_early.LongTensor index\)'):
        tensor.index_select(0, torch_early.IntTensor([0]))
    with pytest.raises(TypeError, match='index_select received an invalid combination'):
        tensor.index_select(0, [0, 1])
    with pytest.raises(RuntimeError, match='expected a 1-D index, got a tensor of size 1x2'):
        tensor.index_select(0, torch_early.LongTensor([[0, 1]]))
    with pytest.raises(RuntimeError, match='dimension 2 out of range of 2D tensor'):
        tensor.index_select(2, longs([0]))


# ---- index_copy_, index_add_, index_fill_: writing whole slices ---------------------------------

def write_rows(expected, rows, source, add):
    for i, row in enumerate(rows):
        expected[row] = expected[row] + source[i] if add else source[i]
    return expected


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', ['contiguous', 'transposed', 'narrowed'])
@pytest.mark.parametrize('source_layout', LAYOUTS)
def test_index_copy_and_index_add_write_the_named_rows(name, layout, source_layout):
    rows = [3, 0, 3]                                     # row 3 twice: copy keeps the last
    source_array = small_values(3, 2, 10)
    source = laid_out(name, source_array, source_layout)
    source_values = expected_values(source_array, source_layout)
    tensor = laid_out(name, small_values(4, 2), layout)
    assert tensor.index_copy_(0, longs(rows), source) is tensor
    expected = write_rows(small_values(4, 2), rows, source_values, add=False)
    assert (as_numpy(tensor, name) == expected).all()
    tensor.index_add_(0, longs(rows), source)            # row 3 gets both of its source rows
    expected = write_rows(expected, rows, source_values, add=True)
    assert (as_numpy(tensor, name) == expected).all()


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', ['contiguous', 'transposed', 'narrowed'])
def test_index_fill_sets_the_named_columns(name, layout):
    tensor = laid_out(name, small_values(3, 4), layout)
    assert tensor.index_fill_(1, longs([2, 0]), 7) is tensor
    expected = small_values(3, 4)
    expected[:, [2, 0]] = 7
    assert (as_numpy(tensor, name) == expected).all()


def test_index_writes_check_everything_before_writing():
    tensor = torch_early.FloatTensor(small_values(3, 2).tolist())
    source = torch_early.FloatTensor(small_values(2, 3).tolist())
    with pytest.raises(RuntimeError, match=r'expected a source of size 3x2 except 2 at dimension 0 '
                                           r"\(the index's length\), got size 2x3"):
        tensor.index_copy_(0, longs([0, 1]), source)
    with pytest.raises(IndexError, match=r'index 3 is out of range for dimension 0 \(of size 3\)'):
        tensor.index_add_(0, longs([0, 3]), torch_early.FloatTensor(2, 2).zero_())
    with pytest.raises(IndexError, match='index 2 is out of range for dimension 1'):
        tensor.index_fill_(1, longs([1, 2]), 0)
    with pytest.raises(TypeError, match='index_fill_ received an invalid combination'):
        tensor.index_fill_(1, longs([0]), 'zero')
    with pytest.raises(TypeError, match=r'torch_early.LongTensor index, torch_early.FloatTensor '
                                        r'source'):
        tensor.index_copy_(0, longs([0]), torch_early.DoubleTensor(1, 2))
    assert tensor.tolist() == small_values(3, 2).tolist()


# ---- gather and scatter_: one element per index entry --------------------------------------------

GATHER_ROWS = numpy.array([[2, 0, 1], [0, 2, 2]])


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_gather_matches_numpy_take_along_axis(name, layout):
    array = small_values(3, 3, 5)
    tensor = laid_out(name, array, layout)
    expected = expected_values(array, layout)
    gathered = tensor.gather(0, torch_early.LongTensor(GATHER_ROWS.tolist()))
    assert (as_numpy(gathered, name) == numpy.take_along_axis(expected, GATHER_ROWS, 0)).all()
    columns = numpy.array([[2], [1], [0]])
    gathered = torch_early.gather(tensor, 1, torch_early.LongTensor(columns.tolist()))
    assert (as_numpy(gathered, name) == numpy.take_along_axis(expected, columns, 1)).all()


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', ['contiguous', 'transposed', 'narrowed'])
def test_scatter_writes_each_source_element_where_the_index_says(name, layout):
    tensor = laid_out(name, small_values(3, 3), layout)
    source = small_values(2, 3, 20)
    index = torch_early.LongTensor(GATHER_ROWS.tolist())
    assert tensor.scatter_(0, index, tensor_class(name)(source.tolist())) is tensor
    expected = small_values(3, 3)
    numpy.put_along_axis(expected, GATHER_ROWS, source, 0)
    assert (as_numpy(tensor, name) == expected).all()
    tensor.scatter_(0, index, 9)                         # the value form
    numpy.put_along_axis(expected, GATHER_ROWS, 9, 0)
    assert (as_numpy(tensor, name) == expected).all()


def test_scatter_takes_a_source_longer_along_dim():
    tensor = torch_early.LongTensor(2, 3).zero_()
    source = torch_early.LongTensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    tensor.scatter_(0, torch_early.LongTensor([[1, 0, 1]]), source)    # reads source's first row
    assert tensor.tolist() == [[0, 2, 0], [1, 0, 3]]


@pytest.mark.parametrize('call', [
    lambda t: t.index_select(0, torch_early.LongTensor([0, 3])),
    lambda t: t.index_fill_(1, torch_early.LongTensor([2]), 0),
    lambda t: t.index_copy_(0, torch_early.LongTensor([5]), torch_early.FloatTensor(1, 2)),
    lambda t: t.index_add_(0, torch_early.LongTensor([-1]), torch_early.FloatTensor(1, 2)),
    lambda t: t.gather(1, torch_early.LongTensor([[0], [2], [1]])),
    lambda t: t.scatter_(0, torch_early.LongTensor([[3, 0]]), 1.5),
    lambda t: t.scatter_(0, torch_early.LongTensor([[3, 0]]), torch_early.FloatTensor(1, 2)),
], ids=['index_select', 'index_fill_', 'index_copy_', 'index_add_', 'gather', 'scatter_ value',
        'scatter_ source'])
def test_an_index_out_of_range_is_both_an_index_error_and_a_runtime_error(call):
    # 2017 programs catch it as a RuntimeError (every TH error was one); Python code expects an
    # IndexError. torch_early.TensorIndexError is both.
    tensor = torch_early.FloatTensor(small_values(3, 2).tolist())
    with pytest.raises(torch_early.TensorIndexError) as error:
        call(tensor)
    assert isinstance(error.value, IndexError) and isinstance(error.value, RuntimeError)
    assert 'out of range' in str(error.value)
    assert tensor.tolist() == small_values(3, 2).tolist()


def test_gather_and_scatter_errors():
    tensor = torch_early.FloatTensor(small_values(3, 2).tolist())
    with pytest.raises(IndexError, match=r'index 2 is out of range for dimension 1 \(of size 2\)'):
        tensor.gather(1, torch_early.LongTensor([[0], [2], [1]]))
    with pytest.raises(RuntimeError, match=r'expected an index with as many dimensions as the '
                                           r'tensor \(2\), got size 2'):
        tensor.gather(0, longs([0, 1]))
    with pytest.raises(RuntimeError, match=r"argument 'index': inconsistent tensor size: the "
                                           r"index \(size 1x2\) must match the tensor \(size "
                                           r"3x2\) in every dimension except 1"):
        tensor.gather(1, torch_early.LongTensor([[0, 1]]))
    with pytest.raises(RuntimeError, match=r'the index has 2 entries along dimension 1 but the '
                                           r'source only 1 \(size 3x1\)'):
        tensor.scatter_(1, torch_early.LongTensor(3, 2).zero_(), torch_early.FloatTensor(3, 1))
    with pytest.raises(IndexError, match='index -1 is out of range for dimension 0'):
        tensor.scatter_(0, torch_early.LongTensor([[-1, 0]]), 5)
    with pytest.raises(TypeError, match='scatter_ received an invalid combination'):
        tensor.scatter_(0, torch_early.ByteTensor([[0, 0]]), 5)
    assert tensor.tolist() == small_values(3, 2).tolist()


# ---- masks: ByteTensors of 0s and 1s ------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_masked_select_matches_numpy_boolean_indexing(name, layout):
    array = small_values(3, 4)
    tensor = laid_out(name, array, layout)
    chosen = (small_values(3, 4, 1) % 3 == 0)
    mask = laid_out('Byte', chosen.astype(numpy.uint8), 'transposed')
    expected = expected_values(array, layout)[chosen]
    assert (as_numpy(tensor.masked_select(mask), name) == expected).all()
    assert (as_numpy(torch_early.masked_select(tensor, mask), name) == expected).all()
    assert torch_early.masked_select(tensor, mask.clone().zero_()).dim() == 0   # nothing picked


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', ['contiguous', 'transposed', 'narrowed'])
def test_masked_fill_and_masked_copy(name, layout):
    chosen = (small_values(3, 4) % 4 == 1)
    mask = torch_early.ByteTensor(chosen.astype(numpy.uint8).tolist())
    tensor = laid_out(name, small_values(3, 4), layout)
    assert tensor.masked_fill_(mask, 8) is tensor
    expected = small_values(3, 4)
    expected[chosen] = 8
    assert (as_numpy(tensor, name) == expected).all()
    source = tensor_class(name)(list(range(20, 40)))       # more than needed: taken in order
    assert tensor.masked_copy_(mask, source) is tensor
    expected[chosen] = numpy.arange(20, 20 + chosen.sum())
    assert (as_numpy(tensor, name) == expected).all()


def test_mask_errors():
    tensor = torch_early.FloatTensor(small_values(2, 3).tolist())
    with pytest.raises(RuntimeError, match=r'the mask has 4 elements \(size 4\) but the tensor has 6'):
        tensor.masked_select(torch_early.ByteTensor(4).zero_())
    with pytest.raises(RuntimeError, match='the mask may only contain 0s and 1s'):
        tensor.masked_fill_(torch_early.ByteTensor([[0, 2, 0], [1, 0, 0]]), 1)
    with pytest.raises(RuntimeError, match=r'the mask picks 2 elements but the source has only 1'):
        tensor.masked_copy_(torch_early.ByteTensor([[1, 1, 0], [0, 0, 0]]), torch_early.FloatTensor([5]))
    with pytest.raises(TypeError, match='expected .*torch_early.ByteTensor mask'):
        tensor.masked_fill_(torch_early.FloatTensor(2, 3).zero_(), 1)
    assert tensor.tolist() == small_values(2, 3).tolist()


# ---- negative dims (v0.1.12): -1 is the last dimension ------------------------------------------

def test_index_ops_take_a_negative_dim():
    tensor = torch_early.DoubleTensor([[1, 2, 3], [4, 5, 6]])
    index = torch_early.LongTensor([2, 0])
    assert tensor.index_select(-1, index).tolist() == tensor.index_select(1, index).tolist()
    assert torch_early.index_select(tensor, -2, torch_early.LongTensor([1])).tolist() == [[4, 5, 6]]
    source = torch_early.DoubleTensor([[10, 20], [30, 40]])
    for method, argument in [('index_add_', source), ('index_copy_', source),
                             ('index_fill_', 7)]:
        negative = getattr(tensor.clone(), method)(-1, index, argument)
        positive = getattr(tensor.clone(), method)(1, index, argument)
        assert negative.tolist() == positive.tolist()


def test_gather_and_scatter_take_a_negative_dim():
    tensor = torch_early.FloatTensor([[1, 2], [3, 4]])
    index = torch_early.LongTensor([[1, 0], [0, 0]])
    assert tensor.gather(-1, index).tolist() == [[2, 1], [3, 3]]
    assert torch_early.gather(tensor, -2, index).tolist() == tensor.gather(0, index).tolist()
    zeros = torch_early.FloatTensor(2, 2).zero_()
    scattered = zeros.clone().scatter_(-1, index, tensor)
    assert scattered.tolist() == zeros.clone().scatter_(1, index, tensor).tolist()
    filled = torch_early.FloatTensor(2, 2).zero_().scatter_(-2, index, 5)
    assert filled.tolist() == [[5, 5], [5, 0]]


def test_an_index_op_dim_out_of_range_names_the_valid_range():
    tensor = torch_early.FloatTensor(2, 3)
    with pytest.raises(IndexError, match=r"argument 'dim': dimension -3 out of range of 2D "
                                         r"tensor \(expected a dimension from -2 to 1\)"):
        tensor.index_select(-3, torch_early.LongTensor([0]))
