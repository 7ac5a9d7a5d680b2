"""torch_early.autograd.gradcheck: the check and the helpers v0.1.12 had (iter_tensors,
iter_gradients, zero_gradients, make_jacobian, contiguous, the two Jacobians as tensors)."""
import pytest

import torch_early
from torch_early.autograd import Function, Variable
from torch_early.autograd.gradcheck import (
    contiguous, get_analytical_jacobian, get_numerical_jacobian, gradcheck, iter_gradients,
    iter_tensors, make_jacobian, zero_gradients)


def double(*sizes):
    return torch_early.DoubleTensor(*sizes).uniform_(-1, 1)


def test_iter_tensors_walks_nested_inputs_and_can_keep_only_those_requiring_grad():
    a, b, c = double(2), double(3), double(1)
    nested = [Variable(a, requires_grad=True), (Variable(b), c), 'not a tensor']
    assert [t.numel() for t in iter_tensors(nested)] == [2, 3, 1]
    assert [t.numel() for t in iter_tensors(nested, True)] == [2, 1]
    assert next(iter_tensors(nested)) is a


def test_make_jacobian_has_a_row_per_input_element_and_skips_what_needs_no_grad():
    jacobian = make_jacobian([Variable(double(2, 3), requires_grad=True), Variable(double(4)),
                              double(5)], 7)
    assert [tuple(j.size()) for j in jacobian] == [(6, 7), (5, 7)]
    assert all(j.abs().sum() == 0 for j in jacobian)
    assert make_jacobian(Variable(double(2)), 3) is None


def test_contiguous_keeps_the_nesting():
    t = double(3, 2).t()
    made = contiguous((t, [Variable(t)], 5))
    assert type(made) is tuple and made[2] == 5
    assert made[0].is_contiguous() and made[1][0].data.is_contiguous()
    assert made[0].tolist() == t.tolist()


def test_the_numerical_jacobian_of_a_linear_map_is_its_matrix_transposed():
    weight = double(2, 3)
    x = double(3)
    jacobian = get_numerical_jacobian(lambda v: weight.mv(v), x, x, eps=1e-6)
    assert tuple(jacobian.size()) == (3, 2)
    assert (jacobian - weight.t()).abs().max() < 1e-8
    transposed = double(3, 2).t()                      # perturbed in place, whatever its strides
    before = transposed.clone()
    jacobian = get_numerical_jacobian(lambda v: v.sum(1).view(-1), transposed, transposed)
    assert (jacobian - torch_early.DoubleTensor([[1, 0], [1, 0], [1, 0],
                                                  [0, 1], [0, 1], [0, 1]])).abs().max() < 1e-8
    assert transposed.tolist() == before.tolist()


def test_the_analytical_jacobian_reads_the_gradients_and_zeroes_them_between_columns():
    x = Variable(double(3), requires_grad=True)
    y = Variable(double(3), requires_grad=True)
    out = x * y
    jacobian = get_analytical_jacobian((x, y), out)
    assert (jacobian[0] - torch_early.diag(y.data)).abs().max() < 1e-12
    assert (jacobian[1] - torch_early.diag(x.data)).abs().max() < 1e-12
    # the last column's backward is the one whose gradients remain
    assert [g.tolist() for g in iter_gradients((x, y))] == [[0, 0, y.data[2]], [0, 0, x.data[2]]]
    zero_gradients([x, (y,)])
    assert x.grad.data.abs().sum() == 0 and y.grad.data.abs().sum() == 0


def test_iter_gradients_gives_none_before_the_first_backward():
    x = Variable(double(2), requires_grad=True)
    assert list(iter_gradients([x, Variable(double(2))])) == [None]
    zero_gradients(x)                                   # nothing to zero yet
    (x * 2).sum().backward()
    assert [g.tolist() for g in iter_gradients([x])] == [[2, 2]]


class WrongSquare(Function):
    """x ** 2 with the gradient of x ** 3: a check must catch it."""

    def forward(self, x):
        self.save_for_backward(x)
        return x * x

    def backward(self, grad_output):
        x, = self.saved_tensors
        return grad_output * 3 * x * x


def test_gradcheck_passes_right_gradients_and_catches_a_wrong_one():
    x = Variable(double(2, 2), requires_grad=True)
    assert gradcheck(lambda v: v * v, (x,))
    assert not gradcheck(lambda v: WrongSquare()(v), (x,))


def test_gradcheck_checks_each_differentiable_output_and_noncontiguous_inputs():
    x = Variable(double(3, 2).t(), requires_grad=True)
    assert gradcheck(lambda v: (v.sum(), v * 2, Variable(double(1))), (x,))
    assert not gradcheck(lambda v: (v * 2, WrongSquare()(v)), (x,))


def test_gradcheck_wants_graph_leaves():
    x = Variable(double(2), requires_grad=True)
    with pytest.raises(ValueError, match='graph leaves'):
        gradcheck(lambda v: v * 2, (x * 2,))
