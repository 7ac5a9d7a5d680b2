"""Joining tensors: cat along an existing dimension, stack along a new one; and split and chunk,
which cut one tensor into views.

Every result is compared with NumPy on contiguous and non-contiguous operands (transposed,
narrowed, stride 0 from expand), for every dtype; a size mismatch is a RuntimeError naming the
sizes, a wrong argument type a TypeError listing the accepted signatures.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, LAYOUTS, as_numpy, expected_values, laid_out, small_values


# ---- cat: joining along an existing dimension ---------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_cat_matches_numpy_concatenate(name, layout):
    a_array, b_array = small_values(2, 3), small_values(4, 3, 7)
    a = laid_out(name, a_array, layout)
    b = laid_out(name, b_array, 'transposed')
    a_values = expected_values(a_array, layout)
    joined = torch_early.cat([a, b])
    assert (as_numpy(joined, name) == numpy.concatenate([a_values, b_array])).all()
    joined = torch_early.cat((a, b.narrow(0, 0, 2), a), 1)
    expected = numpy.concatenate([a_values, b_array[:2], a_values], axis=1)
    assert (as_numpy(joined, name) == expected).all()
    joined = torch_early.cat([a], dim=1)
    assert (as_numpy(joined, name) == a_values).all()


def test_cat_of_many_tensors_and_of_three_dimensions():
    pieces = [numpy.full((100,), k, dtype=numpy.float32) for k in range(100)]
    joined = torch_early.cat([torch_early.from_numpy(p) for p in pieces])
    assert numpy.array_equal(joined.numpy(), numpy.concatenate(pieces))
    cube = numpy.arange(24, dtype=numpy.float64).reshape(2, 3, 4)
    tensor = torch_early.from_numpy(cube)
    for dim in range(3):
        joined = torch_early.cat([tensor, tensor.mul(2)], dim)
        assert numpy.array_equal(joined.numpy(), numpy.concatenate([cube, cube * 2], axis=dim))


def test_cat_skips_empty_tensors_and_writes_into_out():
    a = torch_early.IntTensor([[1, 2]])
    assert torch_early.cat([torch_early.IntTensor(), a, torch_early.IntTensor(), a]).tolist() == \
        [[1, 2], [1, 2]]
    assert torch_early.cat([torch_early.IntTensor()]).dim() == 0
    out = torch_early.IntTensor()
    assert torch_early.cat([a, a], 1, out=out) is out
    assert out.tolist() == [[1, 2, 1, 2]]
    torch_early.cat([a, a], 0, out=a)                    # out may be one of the inputs
    assert a.tolist() == [[1, 2], [1, 2]]


def test_cat_dispatches_on_the_first_tensor():
    assert type(torch_early.cat([torch_early.ShortTensor([1]), torch_early.ShortTensor([2])])) is \
        torch_early.ShortTensor


def test_cat_errors():
    a, b = torch_early.FloatTensor(2, 3), torch_early.FloatTensor(2, 4)
    with pytest.raises(RuntimeError, match='inconsistent tensor sizes in cat: tensor 1 has size 2x4 '
                                           'but tensor 0 has size 2x3; they must match in every '
                                           'dimension except 0'):
        torch_early.cat([a, b])
    with pytest.raises(RuntimeError, match='dimension 2 out of range of 2D tensor'):
        torch_early.cat([a, a], 2)
    with pytest.raises(TypeError, match=r'both tensors must be of one type.*\n'
                                        r'cat received an invalid combination of arguments - got '
                                        r'\(list\), but expected one of:\n'
                                        r' \* \(sequence of torch_early.FloatTensor seq\)'):
        torch_early.cat([a, torch_early.DoubleTensor(2, 3)])
    with pytest.raises(RuntimeError, match='expected at least one tensor to concatenate, got 0'):
        torch_early.cat([])
    with pytest.raises(TypeError, match='cat received an invalid combination'):
        torch_early.cat([a, 1])
    with pytest.raises(TypeError, match='cat received an invalid combination'):
        torch_early.cat(a)


@pytest.mark.parametrize('join', [
    lambda a, b: torch_early.cat((a, b), 1), lambda a, b: torch_early.cat([a, b], dim=1),
    lambda a, b: torch_early.cat(seq=(a, b), dim=1),
], ids=['positional', 'dim=', 'seq= and dim='])
def test_cat_takes_its_dim_by_keyword_too(join):
    a, b = torch_early.FloatTensor([[1], [2]]), torch_early.FloatTensor([[3, 4], [5, 6]])
    assert join(a, b).tolist() == [[1, 3, 4], [2, 5, 6]]


# ---- stack: joining along a new dimension -------------------------------------------------------

@pytest.mark.parametrize('dim', [0, 1, 2])
def test_stack_matches_numpy_stack(dim):
    arrays = [small_values(2, 3, k).astype(numpy.float64) for k in range(4)]
    tensors = [torch_early.DoubleTensor(a.tolist()) for a in arrays]
    tensors[1] = tensors[1].t().contiguous().t()            # a non-contiguous one
    stacked = torch_early.stack(tensors, dim)
    assert numpy.array_equal(stacked.numpy(), numpy.stack(arrays, axis=dim))


def test_stack_into_out_and_of_an_empty_sequence():
    a = torch_early.LongTensor([1, 2])
    out = torch_early.LongTensor()
    assert torch_early.stack((a, a), out=out) is out
    assert out.tolist() == [[1, 2], [1, 2]]
    with pytest.raises(ValueError, match='stack expects a non-empty sequence of tensors'):
        torch_early.stack([])


def test_split_and_chunk_still_cut_views():
    tensor = torch_early.FloatTensor(small_values(5, 2).tolist())
    assert [piece.size(0) for piece in torch_early.split(tensor, 2)] == [2, 2, 1]
    assert [piece.size(1) for piece in tensor.chunk(2, 1)] == [1, 1]
    torch_early.split(tensor, 2)[1].fill_(0)
    assert tensor[2].tolist() == [0, 0]


def test_stack_of_something_that_is_not_a_tensor_is_a_type_error_naming_it():
    t = torch_early.FloatTensor(2, 3).fill_(1)
    with pytest.raises(TypeError, match='stack expects a sequence of tensors, but element 0 of '
                                        'the sequence is NoneType'):
        torch_early.stack([None, t])
    from torch_early.autograd import Variable
    for sequence, index, name in [([t, None], 1, 'NoneType'), ([t, 3], 1, 'int'),
                                  ('ab', 0, 'str'), ([Variable(t), [1, 2]], 1, 'list')]:
        with pytest.raises(TypeError, match='element %d of the sequence is %s' % (index, name)):
            torch_early.stack(sequence)
    # cat lists its signatures for a sequence that is not all tensors of the first one's type
    with pytest.raises(TypeError, match='cat received an invalid combination of arguments'):
        torch_early.cat([t, None])


# ---- negative dims (v0.1.12) and unbind --------------------------------------------------------

def test_cat_counts_a_negative_dim_from_the_last_dimension_of_its_tensors():
    a = torch_early.FloatTensor([[1, 2], [3, 4]])
    b = torch_early.FloatTensor([[5], [6]])
    assert torch_early.cat([a, b], -1).tolist() == [[1, 2, 5], [3, 4, 6]]
    assert torch_early.cat([torch_early.FloatTensor(), a, a], -2).size() == (4, 2)
    with pytest.raises(IndexError, match=r'dimension -3 out of range of 2D tensor \(expected a '
                                         r'dimension from -2 to 1\)'):
        torch_early.cat([a, a], -3)


def test_stack_counts_a_negative_dim_from_the_dims_of_its_inputs_as_v0_1_12_did():
    # -1 on 2-D inputs is position 1 (before their last dimension), not numpy's appending -1
    a = torch_early.FloatTensor([[1, 2], [3, 4]])
    assert torch_early.stack([a, a + 10], -1).tolist() == torch_early.stack([a, a + 10], 1).tolist()
    assert torch_early.stack([a, a], -2).size() == (2, 2, 2)
    with pytest.raises(IndexError, match='expected a dimension from -2 to 1'):
        torch_early.stack([a, a], -3)


def test_split_and_chunk_take_a_negative_dim():
    tensor = torch_early.FloatTensor(2, 5).zero_()
    assert [p.size() for p in tensor.split(2, -1)] == [(2, 2), (2, 2), (2, 1)]
    assert [p.size() for p in torch_early.chunk(tensor, 2, -2)] == [(1, 5), (1, 5)]
    with pytest.raises(IndexError, match='dimension 2 out of range of 2D tensor'):
        tensor.chunk(2, 2)


def test_unbind_gives_the_select_views_along_a_dim():
    tensor = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    rows = torch_early.unbind(tensor)
    assert isinstance(rows, tuple) and [r.tolist() for r in rows] == [[1, 2, 3], [4, 5, 6]]
    columns = tensor.unbind(-1)
    assert [c.tolist() for c in columns] == [[1, 4], [2, 5], [3, 6]]
    columns[1].fill_(0)                              # views: the tensor changes too
    assert tensor.tolist() == [[1, 0, 3], [4, 0, 6]]
    with pytest.raises(IndexError, match='dimension 2 out of range of 2D tensor'):
        torch_early.unbind(tensor, 2)
    with pytest.raises(TypeError, match='unbind'):
        torch_early.unbind([1, 2])
