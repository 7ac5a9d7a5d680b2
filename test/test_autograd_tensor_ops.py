"""Autograd of the copying shape operations and the rest of the tensor family: Concat (cat),
repeat, resize, clone, contiguous, sort, topk, and type changes (type, type_as, the casts, cpu).
"""
import pytest

import torch_early
from torch_early.autograd import Variable
from torch_early.autograd._functions import Concat
from autograd_checks import LAYOUTS, check, double, expanded, leaf, same_values, shares_memory


# -- Concat -----------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, shapes', [(0, [(2, 3), (1, 3)]), (1, [(2, 3), (2, 1), (2, 2)]),
                                         (0, [(3, 2)]), (2, [(2, 1, 2), (2, 1, 3)])], ids=repr)
def test_concat(dim, shapes, layout):
    inputs = [leaf(double(*shape, layout=layout)) for shape in shapes]
    result = Concat(dim)(*inputs)
    same_values(result, torch_early.cat([v.data for v in inputs], dim))
    check(lambda *inputs: Concat(dim)(*inputs), *inputs)


def test_concat_with_an_input_that_needs_no_grad():
    a = leaf(double(2, 3))
    b = leaf(expanded(2, 3), requires_grad=False)
    result = Concat(0)(a, b, a)
    same_values(result, torch_early.cat([a.data, b.data, a.data], 0))
    check(lambda a: Concat(0)(a, b, a), a)
    assert b.grad is None


def test_concat_gradient_values():
    a = leaf(double(1, 2))
    b = leaf(double(2, 2))
    Concat(0)(a, b).backward(torch_early.DoubleTensor([[1, 2], [3, 4], [5, 6]]))
    assert a.grad.data.tolist() == [[1, 2]]
    assert b.grad.data.tolist() == [[3, 4], [5, 6]]


def test_concat_errors():
    a = leaf(double(2, 3))
    with pytest.raises(RuntimeError):
        Concat(0)(a, leaf(double(2, 2)))
    with pytest.raises(RuntimeError):
        Concat(-3)(a, a)
    assert Concat(-1)(a, a).size() == (2, 6)          # -1: the last dimension
    with pytest.raises(TypeError, match='Variables'):
        Concat(0)(a, double(2, 3))


# -- repeat, resize, clone, contiguous ------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('repeats', [(2, 1), (1, 3), (2, 2), (2, 1, 1), (3, 2, 2)], ids=repr)
def test_repeat_sums_the_gradient_of_the_tiles(repeats, layout):
    x = leaf(double(2, 3, layout=layout))
    same_values(x.repeat(*repeats), x.data.repeat(*repeats))
    same_values(x.repeat(torch_early.Size(repeats)), x.data.repeat(*repeats))
    check(lambda x: x.repeat(*repeats), x)


def test_repeat_gradient_values_and_errors():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    x.repeat(2, 3).backward(torch_early.DoubleTensor(2, 6).fill_(1))
    assert x.grad.data.tolist() == [6, 6]
    with pytest.raises(ValueError):
        leaf(double(2, 3)).repeat(2)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('sizes', [(12,), (2, 6), (4, 3), (1, 3, 4)], ids=repr)
def test_resize_keeps_the_element_count(sizes, layout):
    x = leaf(double(3, 4, layout=layout))
    y = x.resize(*sizes)
    assert y.size() == torch_early.Size(sizes)
    assert y.data.contiguous().view(12).tolist() == x.data.contiguous().view(12).tolist()
    assert shares_memory(y, x) == x.data.is_contiguous()
    same_values(x.resize(torch_early.Size(sizes)), y.data)
    same_values(x.resize_as(leaf(double(*sizes))), y.data)
    check(lambda x: x.resize(*sizes), x)


@pytest.mark.parametrize('sizes', [(5,), (3, 5), (-1,), ()], ids=repr)
def test_resize_cannot_change_the_element_count(sizes):
    with pytest.raises(RuntimeError, match='number of elements'):
        leaf(double(3, 4)).resize(*sizes)


@pytest.mark.parametrize('layout', LAYOUTS)
def test_clone_copies(layout):
    x = leaf(double(3, 4, layout=layout))
    y = x.clone()
    same_values(y, x.data)
    assert not shares_memory(y, x)
    assert y._version_counter is not x._version_counter
    check(lambda x: x.clone(), x)


@pytest.mark.parametrize('layout', ['transposed', 'narrowed'])
def test_contiguous_replaces_the_data_and_returns_self(layout):
    x = leaf(double(3, 4, layout=layout))
    y = x * 2
    y_transposed = y.t()
    values = y_transposed.data.tolist()
    assert y_transposed.contiguous() is y_transposed
    assert y_transposed.data.is_contiguous() and y_transposed.data.tolist() == values
    y_transposed.view(12).backward(torch_early.DoubleTensor(12).fill_(1))
    assert x.grad.data.tolist() == [[2.0] * 4] * 3


def test_contiguous_keeps_contiguous_data():
    x = leaf(double(3, 4))
    data_ptr = x.data.data_ptr()
    assert x.contiguous() is x and x.data.data_ptr() == data_ptr


# -- sort and topk ---------------------------------------------------------------------------

def indices_are_not_differentiable(indices):
    assert isinstance(indices, Variable) and not indices.requires_grad
    assert type(indices.data).__name__ == 'LongTensor'


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, descending', [(None, False), (0, False), (1, True), (-1, False),
                                             (-2, True)])
def test_sort(dim, descending, layout):
    x = leaf(double(3, 4, layout=layout))
    values, indices = x.sort(dim, descending)
    expected = x.data.sort(1 if dim is None else dim, descending)
    same_values(values, expected[0])
    same_values(indices, expected[1])
    indices_are_not_differentiable(indices)
    check(lambda x: x.sort(dim, descending), x)


def test_sort_keyword_forms_and_gradient_values():
    x = leaf(torch_early.DoubleTensor([3, 1, 2]))
    values, indices = x.sort(descending=True)
    assert values.data.tolist() == [3, 2, 1] and indices.data.tolist() == [0, 2, 1]
    values.backward(torch_early.DoubleTensor([10, 20, 30]))
    assert x.grad.data.tolist() == [10, 30, 20]


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('k, dim, largest, sorted', [
    (2, None, True, True), (1, 0, True, True), (3, 1, False, True), (2, -1, True, False),
    (2, 0, False, False), (4, 1, True, True)])
def test_topk(k, dim, largest, sorted, layout):
    x = leaf(double(3, 4, layout=layout))
    values, indices = x.topk(k, dim, largest, sorted)
    expected = x.data.topk(k, 1 if dim is None else dim, largest, sorted)
    same_values(values, expected[0])
    same_values(indices, expected[1])
    indices_are_not_differentiable(indices)
    check(lambda x: x.topk(k, dim, largest, sorted), x)


def test_topk_gradient_values_and_errors():
    x = leaf(torch_early.DoubleTensor([5, 1, 4, 2]))
    values, indices = x.topk(2)
    assert values.data.tolist() == [5, 4]
    values.backward(torch_early.DoubleTensor([1, 2]))
    assert x.grad.data.tolist() == [1, 0, 2, 0]
    with pytest.raises(IndexError):
        x.topk(5)
    with pytest.raises(IndexError):
        x.data.sort(1)
    with pytest.raises(IndexError):
        x.sort(1)


def test_the_indices_output_alone_has_no_gradient():
    x = leaf(double(3, 4))
    values, indices = x.sort()
    with pytest.raises(RuntimeError):
        indices.backward(torch_early.LongTensor(3, 4).fill_(1))


# -- type changes ------------------------------------------------------------------------------

def test_type_without_an_argument_is_the_type_name():
    assert leaf(double(2)).type() == 'torch_early.DoubleTensor'
    assert Variable(torch_early.LongTensor(2)).type() == 'torch_early.LongTensor'


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dest', [torch_early.FloatTensor, 'torch_early.FloatTensor',
                                  'torch.FloatTensor'], ids=['class', 'name', 'torch-name'])
def test_type_converts_and_converts_the_gradient_back(dest, layout):
    x = leaf(double(3, 4, layout=layout))
    y = x.type(dest)
    assert type(y.data) is torch_early.FloatTensor
    same_values(y, x.data.float())
    y.backward(torch_early.FloatTensor(3, 4).fill_(0.5))
    assert type(x.grad.data) is torch_early.DoubleTensor
    assert x.grad.data.tolist() == [[0.5] * 4] * 3
    # Float rounding makes a tiny step meaningless; the function is linear, so a large one
    # gives the exact slope.
    check(lambda x: x.type(dest).double(), leaf(double(3, 4, layout=layout)), eps=1e-2)


CASTS = ['double', 'float', 'half', 'long', 'int', 'short', 'char', 'byte']


@pytest.mark.parametrize('cast', CASTS)
def test_casts(cast):
    x = leaf(double(3, 4, low=0, high=100))
    y = getattr(x, cast)()
    expected = getattr(x.data, cast)()
    assert type(y.data) is type(expected)
    assert y.data.float().tolist() == expected.float().tolist()
    assert y.requires_grad and y.creator is not None
    if cast != 'half':
        y.backward(expected.new(3, 4).fill_(2))
        assert x.grad.data.tolist() == [[2.0] * 4] * 3


def test_a_cast_to_the_same_type_shares_data_and_version():
    x = leaf(double(3, 4))
    y = x.double()
    assert y is not x and y.data is x.data
    assert y._version_counter is x._version_counter
    check(lambda x: x.double(), x)


def test_type_as_takes_a_variable_or_a_tensor():
    x = leaf(double(3, 4))
    assert type(x.type_as(Variable(torch_early.IntTensor(1))).data) is torch_early.IntTensor
    assert type(x.type_as(torch_early.FloatTensor(1)).data) is torch_early.FloatTensor
    check(lambda x: x.type_as(double(1)), x)


def test_cpu_returns_self_and_bad_types_are_refused():
    x = leaf(double(3, 4))
    assert x.cpu() is x
    with pytest.raises(ValueError):
        x.type('torch_early.NoSuchTensor')
