"""Autograd of the linear-algebra methods: diag, tril, triu, trace, cross, inverse, gesv, potrf.

Forward values are compared with the tensor ops, gradients with finite differences on
contiguous, transposed and narrowed inputs. The matrices that must be invertible or positive
definite are built well away from singular ones.
"""
import pytest

import torch_early
from torch_early.autograd import Variable
from torch_early.autograd._functions import Potrf

from autograd_checks import LAYOUTS, check, double, leaf


@pytest.fixture(autouse=True)
def seeded():
    """The same random inputs on every run."""
    torch_early.manual_seed(0)


def well_conditioned(n, layout='contiguous'):
    """An n x n matrix in `layout`: random entries in [-1, 1) plus n on the diagonal."""
    t = double(n, n, layout=layout)
    return t.add_(torch_early.eye(n).double().mul_(n))


def symmetric_positive_definite(vectors):
    """n I + sum of v v^T over the vectors (each of size n), built with Variable.addr so that
    gradcheck can perturb the vectors freely and A stays symmetric."""
    n = vectors[0].data.size(0)
    a = Variable(torch_early.eye(n).double().mul_(n))
    for v in vectors:
        a = a.addr(v, v)
    return a


# -- diag ----------------------------------------------------------------------------------------

DIAG_CASES = [((3,), 0), ((3,), 1), ((3,), -2), ((3, 4), 0), ((3, 4), 1), ((3, 4), -1),
              ((3, 4), 3), ((4, 3), 2), ((4, 3), -3), ((3, 3), 0)]


@pytest.mark.parametrize('size, k', DIAG_CASES)
def test_diag_forward_matches_tensor(size, k):
    x = double(*size)
    assert leaf(x).diag(k).data.equal(x.diag(k))


@pytest.mark.parametrize('size, k', DIAG_CASES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_diag_gradcheck(size, k, layout):
    check(lambda v: v.diag(k), leaf(double(*size, layout=layout)))


def test_diag_default_is_the_main_diagonal():
    x = double(3, 3)
    assert leaf(x).diag().data.equal(x.diag())


def test_diag_of_a_matrix_gradient_lands_on_the_diagonal():
    x = leaf(double(3, 4))
    x.diag(1).backward(torch_early.DoubleTensor([1, 2, 3]))
    expected = torch_early.DoubleTensor([[0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 3]])
    assert x.grad.data.equal(expected)


# -- tril, triu ----------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ['tril', 'triu'])
@pytest.mark.parametrize('args', [(), (0,), (1,), (-1,), (2,)])
def test_triangle_forward_matches_tensor(name, args):
    x = double(3, 4)
    assert getattr(leaf(x), name)(*args).data.equal(getattr(x, name)(*args))


@pytest.mark.parametrize('name', ['tril', 'triu'])
@pytest.mark.parametrize('args', [(), (1,), (-1,)])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_triangle_gradcheck(name, args, layout):
    check(lambda v: getattr(v, name)(*args), leaf(double(3, 4, layout=layout)))


# -- trace ---------------------------------------------------------------------------------------

@pytest.mark.parametrize('size', [(3, 3), (3, 4), (4, 2)])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_trace(size, layout):
    x = double(*size, layout=layout)
    result = leaf(x).trace()
    assert result.data.size() == torch_early.Size([1])
    assert result.data[0] == pytest.approx(x.trace(), rel=1e-12)
    check(lambda v: v.trace(), leaf(x))


def test_trace_backward_without_a_gradient():
    x = leaf(double(2, 3))
    x.trace().backward()
    assert x.grad.data.equal(torch_early.DoubleTensor([[1, 0, 0], [0, 1, 0]]))


# -- cross ---------------------------------------------------------------------------------------

CROSS_CASES = [((4, 3), ()), ((4, 3), (1,)), ((3, 4), ()), ((3, 4), (0,)), ((3, 3), (1,)),
               ((3,), ()), ((2, 3, 3), (2,)), ((4, 3), (-1,))]


@pytest.mark.parametrize('size, args', CROSS_CASES)
def test_cross_forward_matches_tensor(size, args):
    a, b = double(*size), double(*size)
    assert leaf(a).cross(leaf(b), *args).data.equal(a.cross(b, *args))


@pytest.mark.parametrize('size, args', CROSS_CASES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_cross_gradcheck(size, args, layout):
    a, b = double(*size, layout=layout), double(*size, layout=layout)
    check(lambda x, y: x.cross(y, *args), leaf(a), leaf(b))


def test_cross_gradcheck_with_one_input_requiring_grad():
    a, b = double(4, 3), double(4, 3)
    check(lambda x, y: x.cross(y), leaf(a), leaf(b, False))
    check(lambda x, y: x.cross(y), leaf(a, False), leaf(b))


# -- inverse -------------------------------------------------------------------------------------

@pytest.mark.parametrize('n', [1, 3])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_inverse(n, layout):
    x = well_conditioned(n, layout)
    assert leaf(x).inverse().data.equal(x.inverse())
    check(lambda v: v.inverse(), leaf(x))


def test_inverse_times_the_matrix_is_the_identity_and_its_gradient_is_zero():
    a = leaf(well_conditioned(3))
    product = a.inverse().mm(a)
    assert product.data.add(-1, torch_early.eye(3).double()).abs().max() < 1e-12
    product.backward(torch_early.DoubleTensor(3, 3).uniform_())
    assert a.grad.data.abs().max() < 1e-12


# -- gesv ----------------------------------------------------------------------------------------

@pytest.mark.parametrize('columns', [1, 2])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_gesv(columns, layout):
    b, a = double(3, columns, layout=layout), well_conditioned(3, layout)
    solution, lu = leaf(b).gesv(leaf(a))
    expected_solution, expected_lu = b.gesv(a)
    assert solution.data.equal(expected_solution)
    assert lu.data.equal(expected_lu)
    assert solution.requires_grad and not lu.requires_grad
    check(lambda x, y: x.gesv(y)[0], leaf(b), leaf(a))


def test_gesv_gradcheck_with_one_input_requiring_grad():
    b, a = double(3, 2), well_conditioned(3)
    check(lambda x, y: x.gesv(y)[0], leaf(b, False), leaf(a))
    check(lambda x, y: x.gesv(y)[0], leaf(b), leaf(a, False))


def test_gesv_leaves_its_inputs_unchanged():
    b, a = double(3, 2), well_conditioned(3)
    b_copy, a_copy = b.clone(), a.clone()
    leaf(b).gesv(leaf(a))
    assert b.equal(b_copy) and a.equal(a_copy)


# -- potrf ---------------------------------------------------------------------------------------

@pytest.mark.parametrize('upper', [True, False])
def test_potrf_forward_matches_tensor(upper):
    vectors = [leaf(double(3)) for _ in range(3)]
    a = symmetric_positive_definite(vectors)
    factor = a.potrf(upper)
    assert factor.data.equal(a.data.potrf(upper))
    rebuilt = factor.data.t().mm(factor.data) if upper else factor.data.mm(factor.data.t())
    assert rebuilt.add(-1, a.data).abs().max() < 1e-12


def test_potrf_default_is_upper():
    a = symmetric_positive_definite([leaf(double(3)) for _ in range(3)])
    assert a.potrf().data.equal(a.data.potrf(True))


@pytest.mark.parametrize('upper', [True, False])
@pytest.mark.parametrize('n', [1, 2, 4])
def test_potrf_gradcheck(upper, n):
    vectors = tuple(leaf(double(n)) for _ in range(n))
    check(lambda *vs: symmetric_positive_definite(vs).potrf(upper), *vectors)


@pytest.mark.parametrize('layout', LAYOUTS)
def test_potrf_gradient_is_symmetric_for_any_layout(layout):
    x = double(3, 3, layout=layout)
    # a symmetric positive-definite matrix written into x's layout
    values = x.new(3, 3).uniform_(-1, 1)
    x.copy_(values.mm(values.t()).add_(torch_early.eye(3).double().mul_(3)))
    a = leaf(x)
    a.potrf().backward(torch_early.DoubleTensor(3, 3).uniform_())
    grad = a.grad.data
    assert grad.add(-1, grad.t()).abs().max() < 1e-12


def test_potrf_function_matches_method():
    a = symmetric_positive_definite([leaf(double(3)) for _ in range(3)])
    assert Potrf(False)(a).data.equal(a.potrf(False).data)


# -- errors --------------------------------------------------------------------------------------

ERRORS = [
    (lambda: leaf(double(2, 2, 2)).diag(), RuntimeError),
    (lambda: leaf(double(3, 4)).diag(7), RuntimeError),
    (lambda: leaf(double(3)).trace(), RuntimeError),
    (lambda: leaf(double(2, 2)).cross(leaf(double(2, 2))), RuntimeError),
    (lambda: leaf(double(4, 3)).cross(leaf(double(3, 4))), RuntimeError),
    (lambda: leaf(double(4, 3)).cross(leaf(double(4, 3)), 0), RuntimeError),
    (lambda: leaf(double(3, 4)).inverse(), RuntimeError),
    (lambda: leaf(double(3, 2)).gesv(leaf(double(3, 4))), RuntimeError),
    (lambda: leaf(double(2, 2)).gesv(leaf(well_conditioned(3))), RuntimeError),
    (lambda: leaf(double(3)).gesv(leaf(well_conditioned(3))), RuntimeError),
    (lambda: leaf(torch_early.DoubleTensor(3, 3).fill_(-1)).potrf(), RuntimeError),
    (lambda: leaf(double(4, 3)).cross(double(4, 3)), TypeError),
    (lambda: leaf(double(3, 2)).gesv(well_conditioned(3)), TypeError),
    (lambda: leaf(double(3, 3)).tril('1'), TypeError),
]


@pytest.mark.parametrize('call, error', ERRORS)
def test_errors(call, error):
    with pytest.raises(error):
        call()
