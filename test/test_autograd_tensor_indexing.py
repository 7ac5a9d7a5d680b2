"""Autograd of indexed and masked operations: __setitem__, index_select/add/copy/fill,
masked_select/copy/fill, gather and scatter.

The rule behind every backward here: an element that the operation picked gets the gradient of
the places it went to (summed when picked twice); an element that was overwritten gets none.
Index tensors are LongTensors, masks ByteTensors, given bare or in a Variable.
"""
import pytest

import torch_early
from torch_early.autograd import Variable
from autograd_checks import (LAYOUTS, check, check_inplace_on_a_leaf, double, expanded, leaf,
                             same_values)


def long(values):
    return torch_early.LongTensor(values)


def mask_of(tensor, threshold=0.0):
    return tensor.gt(threshold)


AS_TENSOR_OR_VARIABLE = [lambda t: t, Variable]
WRAP_IDS = ['tensor', 'Variable']


# -- __setitem__ -----------------------------------------------------------------------------

SET_KEYS = [0, -1, slice(1, 3), (1, 2), (slice(None), 2), (slice(0, 2), slice(1, 3)),
            Ellipsis, (Ellipsis, 1)]


def region_size(tensor, key):
    region = tensor[key]
    return region.size() if torch_early.is_tensor(region) else torch_early.Size([1])


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('key', SET_KEYS, ids=repr)
def test_setitem_number(key, layout):
    x = leaf(double(3, 4, layout=layout))

    def fn(x):
        y = x * 1
        y[key] = 2.5
        return y

    expected = x.data.clone()
    expected[key] = 2.5
    y = fn(x)
    same_values(y, expected)
    assert type(y.creator).__name__ == 'SetItem'
    check(fn, x)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('key', SET_KEYS, ids=repr)
def test_setitem_variable(key, layout):
    x = leaf(double(3, 4, layout=layout))
    value = leaf(double(*region_size(x.data, key)))

    def fn(x, value):
        y = x * 1
        y[key] = value
        return y

    expected = x.data.clone()
    expected[key] = value.data if value.numel() > 1 else value.data[0]
    same_values(fn(x, value), expected)
    check(fn, x, value)


def test_setitem_value_of_another_shape_with_the_same_element_count():
    x = leaf(double(3, 4))
    value = leaf(double(2, 2))

    def fn(x, value):
        y = x * 1
        y[1, :] = value
        return y

    assert fn(x, value).data[1].tolist() == value.data.view(4).tolist()
    check(fn, x, value)


@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_setitem_mask_with_a_number_is_masked_fill(layout, wrap):
    x = leaf(double(3, 4, layout=layout))
    mask = mask_of(x.data)

    def fn(x):
        y = x * 1
        y[wrap(mask)] = -3.0
        return y

    y = fn(x)
    same_values(y, x.data.clone().masked_fill_(mask, -3.0))
    assert type(y.creator).__name__ == 'MaskedFill'
    check(fn, x)


@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_setitem_mask_with_a_variable_is_masked_copy(layout, wrap):
    x = leaf(double(3, 4, layout=layout))
    mask = mask_of(x.data)
    value = leaf(double(12, layout=layout))

    def fn(x, value):
        y = x * 1
        y[wrap(mask)] = value
        return y

    y = fn(x, value)
    same_values(y, x.data.clone().masked_copy_(mask, value.data))
    assert type(y.creator).__name__ == 'MaskedCopy'
    check(fn, x, value)


def test_setitem_is_in_place_and_keeps_the_variable():
    x = leaf(double(3, 4))
    y = x * 1
    data = y.data
    y[0] = 1.0
    y[mask_of(x.data)] = 2.0
    assert y.data is data and y._version == 2


def test_setitem_on_a_leaf_that_requires_grad_breaks_backward():
    def assign(x):
        x[0] = 1.0
        return x
    check_inplace_on_a_leaf(assign, leaf(double(3, 4)))


def test_setitem_errors():
    x = leaf(double(3, 4))
    y = x * 1
    with pytest.raises(TypeError, match='wrap a tensor in a Variable'):
        y[0] = double(4)
    with pytest.raises(TypeError):
        y[0] = 'a'
    with pytest.raises(IndexError):
        y[3] = 1.0
    with pytest.raises(TypeError, match='mask'):
        y[Variable(double(3, 4))] = 1.0
    with pytest.raises(RuntimeError):
        y[0] = leaf(double(5))
    assert y._version == 0


# -- index_select, index_add, index_copy, index_fill ---------------------------------------------

INDEX_CASES = [(0, [2, 0]), (1, [3, 1, 0]), (0, [1])]


@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, indices', INDEX_CASES + [(1, [2, 2, 0, 2])])
def test_index_select(dim, indices, layout, wrap):
    x = leaf(double(3, 4, layout=layout))
    index = long(indices)
    same_values(x.index_select(dim, wrap(index)), x.data.index_select(dim, index))
    check(lambda x: x.index_select(dim, wrap(index)), x)


def test_index_select_sums_the_gradient_of_repeated_indices():
    x = leaf(double(3))
    x.index_select(0, long([1, 1, 2, 1])).backward(torch_early.DoubleTensor(4).fill_(1))
    assert x.grad.data.tolist() == [0, 3, 1]


def index_source(x, dim, count, layout):
    sizes = list(x.size())
    sizes[dim] = count
    return leaf(double(*sizes, layout=layout))


@pytest.mark.parametrize('inplace', [False, True], ids=['index_add', 'index_add_'])
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, indices', INDEX_CASES + [(1, [1, 1])])
def test_index_add(dim, indices, layout, inplace):
    x = leaf(double(3, 4, layout=layout))
    index = long(indices)
    source = index_source(x, dim, len(indices), layout)

    def fn(x, source):
        if inplace:
            return (x * 1).index_add_(dim, index, source)
        return x.index_add(dim, Variable(index), source)

    same_values(fn(x, source), x.data.clone().index_add_(dim, index, source.data))
    check(fn, x, source)


@pytest.mark.parametrize('inplace', [False, True], ids=['index_copy', 'index_copy_'])
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, indices', INDEX_CASES)
def test_index_copy(dim, indices, layout, inplace):
    x = leaf(double(3, 4, layout=layout))
    index = long(indices)
    source = index_source(x, dim, len(indices), layout)

    def fn(x, source):
        if inplace:
            return (x * 1).index_copy_(dim, Variable(index), source)
        return x.index_copy(dim, index, source)

    same_values(fn(x, source), x.data.clone().index_copy_(dim, index, source.data))
    check(fn, x, source)


@pytest.mark.parametrize('inplace', [False, True], ids=['index_fill', 'index_fill_'])
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, indices', INDEX_CASES)
def test_index_fill(dim, indices, layout, inplace):
    x = leaf(double(3, 4, layout=layout))
    index = long(indices)

    def fn(x):
        if inplace:
            return (x * 1).index_fill_(dim, index, 1.5)
        return x.index_fill(dim, Variable(index), 1.5)

    same_values(fn(x), x.data.clone().index_fill_(dim, index, 1.5))
    check(fn, x)


def test_index_operations_out_of_place_leave_the_input_alone():
    x = leaf(double(3, 4))
    before = x.data.clone()
    x.index_add(0, long([0]), leaf(double(1, 4)))
    x.index_copy(0, long([0]), leaf(double(1, 4)))
    x.index_fill(0, long([0]), 0)
    assert x.data.tolist() == before.tolist() and x._version == 0


def test_index_operations_in_place_return_self():
    y = leaf(double(3, 4)) * 1
    assert y.index_fill_(1, long([0]), 2) is y
    assert y.index_add_(0, long([1]), leaf(double(1, 4))) is y
    assert y.index_copy_(0, long([2]), leaf(double(1, 4))) is y
    assert y._version == 3


@pytest.mark.parametrize('call, error', [
    (lambda x: x.index_select(0, long([3])), IndexError),
    (lambda x: x.index_select(-3, long([0])), IndexError),
    (lambda x: x.index_select(0, [0, 1]), TypeError),
    (lambda x: x.index_select(0, Variable(double(2))), TypeError),
    (lambda x: x.index_select(0, torch_early.IntTensor([0])), TypeError),
    (lambda x: x.index_add(1, long([4]), leaf(double(3, 1))), IndexError),
    (lambda x: x.index_add(0, long([0]), double(1, 4)), TypeError),
    (lambda x: x.index_copy(0, long([0, 1]), leaf(double(1, 4))), RuntimeError),
    (lambda x: x.index_fill(0, long([0]), leaf(double(1))), TypeError),
    (lambda x: x.index_fill(0, long([9]), 1), IndexError),
], ids=['select-range', 'select-negative-dim', 'select-list', 'select-double-variable',
        'select-int-tensor', 'add-range', 'add-tensor-source', 'copy-sizes', 'fill-variable',
        'fill-range'])
def test_index_operation_errors(call, error):
    with pytest.raises(error):
        call(leaf(double(3, 4)))


# -- masked_select, masked_copy, masked_fill -------------------------------------------------------

@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_masked_select(layout, wrap):
    x = leaf(double(3, 4, layout=layout))
    mask = mask_of(x.data)
    same_values(x.masked_select(wrap(mask)), x.data.masked_select(mask))
    same_values(x[wrap(mask)], x.data[mask])
    check(lambda x: x.masked_select(wrap(mask)), x)
    check(lambda x: x[wrap(mask)], x)


def test_masked_select_of_a_transposed_mask_and_an_empty_selection():
    x = leaf(double(3, 4))
    mask = mask_of(double(4, 3)).t()
    same_values(x.masked_select(mask), x.data.masked_select(mask))
    check(lambda x: x.masked_select(mask), x)
    nothing = x.masked_select(mask_of(x.data, 2.0))
    assert nothing.numel() == 0
    check(lambda x: x.masked_select(mask_of(x.data, 2.0)), x)


def test_masked_select_gradient_values():
    x = leaf(torch_early.DoubleTensor([[1, -2], [-3, 4]]))
    x.masked_select(x.data.gt(0)).backward(torch_early.DoubleTensor([5, 6]))
    assert x.grad.data.tolist() == [[5, 0], [0, 6]]


def test_masked_select_of_an_expanded_input():
    x = leaf(expanded(3, 4))
    mask = mask_of(double(3, 4))
    same_values(x.masked_select(mask), x.data.masked_select(mask))


@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('inplace', [False, True], ids=['masked_copy', 'masked_copy_'])
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('source_size', [12, 14])
def test_masked_copy(source_size, layout, inplace, wrap):
    x = leaf(double(3, 4, layout=layout))
    mask = mask_of(x.data)
    source = leaf(double(source_size, layout=layout))

    def fn(x, source):
        if inplace:
            return (x * 1).masked_copy_(wrap(mask), source)
        return x.masked_copy(wrap(mask), source)

    same_values(fn(x, source), x.data.clone().masked_copy_(mask, source.data))
    check(fn, x, source)


def test_masked_copy_gradient_goes_to_the_first_source_elements():
    x = leaf(torch_early.DoubleTensor([1, -2, 3, -4]))
    source = leaf(torch_early.DoubleTensor([10, 20, 30]))
    x.masked_copy(x.data.gt(0), source).backward(torch_early.DoubleTensor([1, 2, 3, 4]))
    assert x.grad.data.tolist() == [0, 2, 0, 4]
    assert source.grad.data.tolist() == [1, 3, 0]


@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('inplace', [False, True], ids=['masked_fill', 'masked_fill_'])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_masked_fill(layout, inplace, wrap):
    x = leaf(double(3, 4, layout=layout))
    mask = mask_of(x.data)

    def fn(x):
        if inplace:
            return (x * 1).masked_fill_(wrap(mask), 0.25)
        return x.masked_fill(wrap(mask), 0.25)

    same_values(fn(x), x.data.clone().masked_fill_(mask, 0.25))
    check(fn, x)


def test_masked_operations_in_place_return_self():
    y = leaf(double(3, 4)) * 1
    mask = mask_of(y.data)
    assert y.masked_fill_(mask, 1) is y
    assert y.masked_copy_(Variable(mask), leaf(double(12))) is y
    assert y._version == 2


@pytest.mark.parametrize('call, error', [
    (lambda x, m: x.masked_fill(m.double(), 0), TypeError),
    (lambda x, m: x.masked_fill(Variable(m.long()), 0), TypeError),
    (lambda x, m: x.masked_fill(m, leaf(double(1))), TypeError),
    (lambda x, m: x.masked_select(m.float()), TypeError),
    (lambda x, m: x.masked_select([1, 0]), TypeError),
    (lambda x, m: x[m.double()], TypeError),
    (lambda x, m: x.masked_copy(m, double(12)), TypeError),
    (lambda x, m: x.masked_copy(m.long(), leaf(double(12))), TypeError),
    (lambda x, m: x.masked_select(m[0]), RuntimeError),
    (lambda x, m: x.masked_copy(m.fill_(1), leaf(double(5))), RuntimeError),
], ids=['fill-double-mask', 'fill-long-variable', 'fill-variable-value', 'select-float-mask',
        'select-list', 'getitem-double-key', 'copy-tensor-source', 'copy-long-mask',
        'select-mask-size', 'copy-short-source'])
def test_masked_operation_errors(call, error):
    x = leaf(double(3, 4))
    with pytest.raises(error):
        call(x, mask_of(x.data))


# -- gather and scatter -----------------------------------------------------------------------

GATHER_CASES = [(0, [[2, 0, 1, 2], [0, 0, 1, 1]]), (1, [[3, 0], [1, 1], [0, 3]]),
                (1, [[2], [0], [3]]), (0, [[1, 2, 0, 0]])]


@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, indices', GATHER_CASES)
def test_gather_sums_the_gradient_of_repeated_picks(dim, indices, layout, wrap):
    x = leaf(double(3, 4, layout=layout))
    index = long(indices)
    same_values(x.gather(dim, wrap(index)), x.data.gather(dim, index))
    check(lambda x: x.gather(dim, wrap(index)), x)


def test_gather_of_three_dims_with_a_transposed_index():
    x = leaf(double(2, 3, 4, layout='transposed'))
    for dim in range(3):
        sizes = list(x.size())
        sizes[dim] = 3
        # Random picks in [0, size along dim), laid out transposed in memory.
        picks = double(sizes[0], sizes[2], sizes[1], low=0, high=x.size(dim)).long()
        index = picks.transpose(1, 2)
        assert not index.is_contiguous()
        same_values(x.gather(dim, index), x.data.gather(dim, index))
        check(lambda x: x.gather(dim, index), x)


def test_gather_gradient_values():
    x = leaf(torch_early.DoubleTensor([[1, 2, 3]]))
    x.gather(1, long([[2, 2, 0, 2]])).backward(torch_early.DoubleTensor([[1, 2, 3, 4]]))
    assert x.grad.data.tolist() == [[3, 0, 7]]


# Along dim, the indices of one slice are distinct: each target position is written once.
SCATTER_CASES = [(0, [[2, 0, 1, 2], [0, 1, 2, 1]]), (1, [[3, 0], [1, 2], [0, 3]]),
                 (1, [[2], [0], [3]])]


@pytest.mark.parametrize('inplace', [False, True], ids=['scatter', 'scatter_'])
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, indices', SCATTER_CASES)
def test_scatter(dim, indices, layout, inplace):
    x = leaf(double(3, 4, layout=layout))
    index = long(indices)
    source = leaf(double(*index.size(), layout=layout))

    def fn(x, source):
        if inplace:
            return (x * 1).scatter_(dim, Variable(index), source)
        return x.scatter(dim, index, source)

    same_values(fn(x, source), x.data.clone().scatter_(dim, index, source.data))
    check(fn, x, source)


def test_scatter_from_a_larger_source():
    x = leaf(double(3, 4))
    index = long([[1], [0], [3]])
    source = leaf(double(3, 4, layout='narrowed'))
    same_values(x.scatter(1, index, source), x.data.clone().scatter_(1, index, source.data))
    check(lambda x, source: x.scatter(1, index, source), x, source)


def test_scatter_gradient_values():
    x = leaf(torch_early.DoubleTensor([[1, 2, 3]]))
    source = leaf(torch_early.DoubleTensor([[10, 20]]))
    x.scatter(1, long([[2, 0]]), source).backward(torch_early.DoubleTensor([[1, 2, 3]]))
    assert x.grad.data.tolist() == [[0, 2, 0]]
    assert source.grad.data.tolist() == [[3, 1]]


@pytest.mark.parametrize('call, error', [
    (lambda x: x.gather(1, long([[4], [0], [0]])), IndexError),
    (lambda x: x.gather(-3, long([[0], [0], [0]])), IndexError),
    (lambda x: x.gather(1, [[0], [0], [0]]), TypeError),
    (lambda x: x.gather(1, long([[0], [0]])), RuntimeError),
    (lambda x: x.scatter(1, long([[4], [0], [0]]), leaf(double(3, 1))), IndexError),
    (lambda x: x.scatter(1, long([[0], [0], [0]]), double(3, 1)), TypeError),
    (lambda x: x.scatter(1, long([[0], [0], [0]]), 1.0), TypeError),
    (lambda x: x.scatter(1, long([[0, 1], [0, 1], [0, 1]]), leaf(double(3, 1))), RuntimeError),
], ids=['gather-range', 'gather-negative-dim', 'gather-list', 'gather-sizes', 'scatter-range',
        'scatter-tensor-source', 'scatter-number', 'scatter-small-source'])
def test_gather_and_scatter_errors(call, error):
    with pytest.raises(error):
        call(leaf(double(3, 4)))


def test_scatter_in_place_on_a_leaf_that_requires_grad_breaks_backward():
    source = leaf(double(3, 1))
    check_inplace_on_a_leaf(lambda x: x.scatter_(1, long([[0], [0], [0]]), source),
                            leaf(double(3, 4)))


def test_a_saved_index_changed_in_place_is_caught():
    x = leaf(double(3, 4))
    index = Variable(long([[0], [1], [2]]))
    y = x.gather(1, index)
    index.add_(0)
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        y.backward(torch_early.DoubleTensor(3, 1).fill_(1))


# -- a LongTensor key: index_select / index_fill_ / index_copy_ along dimension 0 ----------------

@pytest.mark.parametrize('wrap', AS_TENSOR_OR_VARIABLE, ids=WRAP_IDS)
def test_a_long_tensor_key_reads_slices_and_sums_the_gradient_of_repeats(wrap):
    x = leaf(double(3, 2))
    picked = x[wrap(long([2, 0, 2]))]
    same_values(picked, x.data.index_select(0, long([2, 0, 2])))
    picked.sum().backward()
    assert x.grad.data.tolist() == [[1, 1], [0, 0], [2, 2]]    # row 2 picked twice
    check(lambda v: v[long([1, 1, 0])], leaf(double(3, 2)))


def test_assigning_a_number_through_a_long_tensor_key_cuts_the_gradient_of_those_slices():
    x = leaf(double(3, 2))
    y = x * 1
    y[long([0, 2])] = 5
    same_values(y, torch_early.DoubleTensor([[5, 5], x.data[1].tolist(), [5, 5]]))
    y.sum().backward()
    assert x.grad.data.tolist() == [[0, 0], [1, 1], [0, 0]]


def test_assigning_a_variable_through_a_long_tensor_key_is_index_copy():
    x, source = leaf(double(3, 2)), leaf(double(2, 2))

    def assign(x, source):
        y = x * 1
        y[long([2, 0])] = source
        return y
    same_values(assign(x, source),
                x.data.clone().index_copy_(0, long([2, 0]), source.data))
    check(assign, x, source)
    with pytest.raises(TypeError, match='a mask .* or an index'):
        x[Variable(torch_early.DoubleTensor([0]))]
