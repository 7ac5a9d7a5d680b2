"""Autograd of the reductions and scans: sum, mean, prod, max, min, mode, median, kthvalue, norm,
dist, var, std, cumsum, cumprod, renorm.

Each method is checked three ways: its forward value against the tensor op, its gradient
against finite differences (gradcheck) on contiguous, transposed and narrowed inputs, and its
error paths. A reduction over everything gives a one-element Variable; along a dim it keeps the
dim with size 1.
"""
import pytest

import torch_early
from torch_early.autograd import Variable, _functions

from autograd_checks import LAYOUTS, check, double, expanded, leaf


@pytest.fixture(autouse=True)
def seeded():
    """The same random inputs on every run."""
    torch_early.manual_seed(0)


def distinct(*sizes, layout='contiguous'):
    """Values 0.1 apart in shuffled order: no ties, so max/min/median/... pick one element each
    and small perturbations do not change which."""
    t = double(*sizes, layout=layout)
    count = t.numel()
    shuffled = torch_early.randperm(count).double().add_(-count / 2.0).mul_(0.1)
    return t.copy_(shuffled.view(*sizes))


def away_from_zero(*sizes, layout='contiguous'):
    """Values with |x| in [0.5, 1.5) and both signs, away from the kink of |x| at 0."""
    t = double(*sizes, layout=layout)
    return t.copy_(t.sign().mul_(t.abs().add_(0.5)))


def assert_close(actual, expected):
    """Equal up to rounding (the same sum taken in another order)."""
    assert actual.add(-1, expected).abs().max() <= 1e-12 * (1 + expected.abs().max())


def raised(fn):
    """The exception type fn() raises (the tensor op's, to compare a Variable's with)."""
    try:
        fn()
    except Exception as error:
        return type(error)
    raise AssertionError("expected an error")


# -- sum, mean, prod: one number, or along a dim -------------------------------------------------

DIM_FORMS = [(), (0,), (1,), (-1,), (-2,)]
SUM_LIKE = ['sum', 'mean', 'prod']


@pytest.mark.parametrize('name', SUM_LIKE)
@pytest.mark.parametrize('args', DIM_FORMS)
def test_sum_like_forward_matches_tensor(name, args):
    x = double(3, 4, low=0.5, high=1.5)
    result = getattr(leaf(x), name)(*args)
    expected = getattr(x, name)(*args)
    if not args:
        assert result.data.size() == torch_early.Size([1])
        assert result.data[0] == pytest.approx(expected, rel=1e-12)
    else:
        assert result.data.equal(expected)


@pytest.mark.parametrize('name', SUM_LIKE)
@pytest.mark.parametrize('args', DIM_FORMS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_sum_like_gradcheck(name, args, layout):
    check(lambda v: getattr(v, name)(*args), leaf(double(3, 4, layout=layout)))


def test_sum_over_everything_backward_works_without_a_gradient():
    x = leaf(double(2, 3))
    x.sum().backward()
    assert x.grad.data.equal(torch_early.DoubleTensor(2, 3).fill_(1))


def test_a_gradient_of_another_shape_with_as_many_elements_is_reshaped():
    x = leaf(torch_early.DoubleTensor([[1, 2], [3, 4]]))
    x.sum(1).backward(torch_early.DoubleTensor([5, 7]))
    assert x.grad.data.equal(torch_early.DoubleTensor([[5, 5], [7, 7]]))


def test_mean_gradient_is_one_over_count():
    x = leaf(double(2, 5))
    x.mean(1).backward(torch_early.DoubleTensor(2, 1).fill_(1))
    assert x.grad.data.equal(torch_early.DoubleTensor(2, 5).fill_(0.2))


@pytest.mark.parametrize('name', SUM_LIKE)
def test_sum_like_of_an_expanded_input_matches_its_copy(name):
    # gradcheck cannot perturb one element of a stride-0 tensor alone; compare with a copy.
    base = expanded(3, 4)
    for args in [(), (0,), (1,)]:
        x, y = leaf(base), leaf(base.clone())
        out_x, out_y = getattr(x, name)(*args), getattr(y, name)(*args)
        assert_close(out_x.data, out_y.data)
        grad = out_x.data.new(out_x.data.size()).uniform_()
        out_x.backward(grad)
        out_y.backward(grad)
        assert_close(x.grad.data, y.grad.data)


def test_sum_of_a_3d_input_along_the_middle():
    check(lambda v: v.sum(1), leaf(double(2, 3, 2)))
    check(lambda v: v.mean(-2), leaf(double(2, 3, 2, layout='narrowed')))


# -- prod with zeros: the gradient is the product of the other elements -------------------------

def test_prod_gradient_with_one_zero_and_with_several_zeros():
    x = leaf(torch_early.DoubleTensor([[2, 0, 3], [0, 0, 5], [1, 2, 3], [4, 5, 0]]))
    x.prod(1).backward(torch_early.DoubleTensor(4, 1).fill_(1))
    expected = torch_early.DoubleTensor([[0, 6, 0], [0, 0, 0], [6, 3, 2], [0, 0, 20]])
    assert x.grad.data.equal(expected)


@pytest.mark.parametrize('values, expected', [
    ([2, 0, 3, 4], [0, 24, 0, 0]),
    ([2, 0, 3, 0], [0, 0, 0, 0]),
    ([2, 1, 3, 4], [12, 24, 8, 6]),
])
def test_prod_of_everything_gradient_with_zeros(values, expected):
    x = leaf(torch_early.DoubleTensor(values))
    x.prod().backward()
    assert x.grad.data.equal(torch_early.DoubleTensor(expected))


@pytest.mark.parametrize('args', [(), (0,), (1,)])
def test_prod_gradcheck_at_zeros(args):
    # prod is a polynomial, smooth at 0: finite differences are exact there too.
    x = double(3, 4)
    x[0][1] = 0
    x[2][1] = 0
    x[2][3] = 0
    check(lambda v: v.prod(*args), leaf(x))


# -- max, min: a number, or (values, indices) along a dim ---------------------------------------

@pytest.mark.parametrize('name', ['max', 'min'])
@pytest.mark.parametrize('args', [(), (0,), (1,), (-1,)])
def test_max_min_forward_matches_tensor(name, args):
    x = distinct(3, 4)
    result = getattr(leaf(x), name)(*args)
    expected = getattr(x, name)(*args)
    if not args:
        assert result.data.size() == torch_early.Size([1])
        assert result.data[0] == expected
    else:
        values, indices = result
        assert values.data.equal(expected[0])
        assert indices.data.equal(expected[1])
        assert values.requires_grad and not indices.requires_grad


@pytest.mark.parametrize('name', ['max', 'min'])
@pytest.mark.parametrize('args', [(), (0,), (1,), (-1,), (-2,)])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_max_min_gradcheck(name, args, layout):
    check(lambda v: getattr(v, name)(*args), leaf(distinct(3, 4, layout=layout)))


@pytest.mark.parametrize('name, position', [('max', (1, 2)), ('min', (0, 1))])
def test_max_min_of_everything_sends_the_gradient_to_its_position(name, position):
    x = leaf(torch_early.DoubleTensor([[3, -4, 1], [0, 2, 5]]))
    getattr(x, name)().backward(torch_early.DoubleTensor([7]))
    expected = torch_early.DoubleTensor(2, 3).zero_()
    expected[position[0]][position[1]] = 7
    assert x.grad.data.equal(expected)


@pytest.mark.skipif(not hasattr(_functions, 'Cmax'), reason='needs the pointwise Cmax/Cmin')
@pytest.mark.parametrize('name', ['max', 'min'])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_max_min_elementwise_with_a_variable(name, layout):
    x, y = distinct(3, 4, layout=layout), double(3, 4, layout=layout).add_(0.05)
    result = getattr(leaf(x), name)(leaf(y))
    assert result.data.equal(getattr(x, name)(y))
    check(lambda a, b: getattr(a, name)(b), leaf(x), leaf(y))


@pytest.mark.skipif(not hasattr(_functions, 'CmaxConstant'),
                    reason='needs the pointwise CmaxConstant/CminConstant')
@pytest.mark.parametrize('name', ['max', 'min'])
def test_max_min_elementwise_with_a_float(name):
    x = distinct(3, 4)
    result = getattr(leaf(x), name)(0.05)
    expected = getattr(x, name)(x.new(3, 4).fill_(0.05))
    assert result.data.equal(expected)
    check(lambda v: getattr(v, name)(0.05), leaf(x))


@pytest.mark.parametrize('name', ['max', 'min'])
@pytest.mark.parametrize('bad', ['1', True, [0], torch_early.DoubleTensor(3, 4)])
def test_max_min_reject_other_arguments(name, bad):
    with pytest.raises(TypeError):
        getattr(leaf(double(3, 4)), name)(bad)


# -- mode, median, kthvalue: (values, indices) along a dim, the last by default -----------------

SELECTIONS = [
    ('mode', ()), ('mode', (0,)), ('mode', (-2,)),
    ('median', ()), ('median', (0,)), ('median', (1,)), ('median', (-2,)),
    ('kthvalue', (1,)), ('kthvalue', (3,)), ('kthvalue', (2, 0)), ('kthvalue', (2, -1)),
]


@pytest.mark.parametrize('name, args', SELECTIONS)
def test_selection_forward_matches_tensor(name, args):
    x = distinct(3, 4)
    values, indices = getattr(leaf(x), name)(*args)
    expected_values, expected_indices = getattr(x, name)(*args)
    assert values.data.equal(expected_values)
    assert indices.data.equal(expected_indices)
    assert values.requires_grad and not indices.requires_grad


@pytest.mark.parametrize('name, args', SELECTIONS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_selection_gradcheck(name, args, layout):
    check(lambda v: getattr(v, name)(*args)[0], leaf(distinct(3, 4, layout=layout)))


def test_mode_with_repeats_sends_the_gradient_to_the_reported_position():
    x = leaf(torch_early.DoubleTensor([[1, 2, 2, 3], [5, 5, 4, 4]]))
    values, indices = x.mode(1)
    assert values.data.equal(torch_early.DoubleTensor([[2], [4]]))
    values.backward(torch_early.DoubleTensor([[10], [20]]))
    expected = torch_early.DoubleTensor(2, 4).zero_()
    for row, value in enumerate([10, 20]):
        expected[row][indices.data[row][0]] = value
    assert x.grad.data.equal(expected)


def test_selection_gradient_of_a_3d_input():
    check(lambda v: v.median(1)[0], leaf(distinct(2, 3, 2)))
    check(lambda v: v.kthvalue(2, 0)[0], leaf(distinct(3, 2, 2, layout='transposed')))


# -- norm and dist -------------------------------------------------------------------------------

NORM_FORMS = [(), (2,), (3,), (1,), (1.5,), (0.5,), (float('inf'),), (2, 0), (3, 1), (1, -1),
              (1.5, -2), (0.5, 1), (float('inf'), 0)]


@pytest.mark.parametrize('args', NORM_FORMS)
def test_norm_forward_matches_tensor(args):
    x = away_from_zero(3, 4)
    result = leaf(x).norm(*args)
    expected = x.norm(*args)
    if len(args) < 2:
        assert result.data[0] == pytest.approx(expected, rel=1e-12)
    else:
        assert result.data.equal(expected)


@pytest.mark.parametrize('args', NORM_FORMS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_norm_gradcheck(args, layout):
    check(lambda v: v.norm(*args), leaf(away_from_zero(3, 4, layout=layout)))


@pytest.mark.parametrize('p', [2, 3, 1])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_dist_matches_tensor_and_gradcheck(p, layout):
    x, y = away_from_zero(3, 4, layout=layout), double(3, 4, layout=layout).mul_(0.2)
    assert leaf(x).dist(leaf(y), p).data[0] == pytest.approx(x.dist(y, p), rel=1e-12)
    check(lambda a, b: a.dist(b, p), leaf(x), leaf(y))


def test_dist_default_p_is_2():
    x, y = double(5), double(5)
    assert leaf(x).dist(leaf(y)).data[0] == pytest.approx(x.dist(y), rel=1e-12)


def test_dist_needs_a_variable():
    with pytest.raises(TypeError):
        leaf(double(3)).dist(double(3))


# -- var and std ---------------------------------------------------------------------------------

VAR_FORMS = [(), (False,), (True,), (0,), (1,), (-1,), (0, False), (1, True), (-2, False)]


@pytest.mark.parametrize('name', ['var', 'std'])
@pytest.mark.parametrize('args', VAR_FORMS)
def test_var_std_forward_matches_tensor(name, args):
    x = double(3, 4)
    result = getattr(leaf(x), name)(*args)
    expected = getattr(x, name)(*args)
    if not args or isinstance(args[0], bool):
        assert result.data[0] == pytest.approx(expected, rel=1e-12)
    else:
        assert result.data.equal(expected)


@pytest.mark.parametrize('name', ['var', 'std'])
@pytest.mark.parametrize('args', VAR_FORMS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_var_std_gradcheck(name, args, layout):
    check(lambda v: getattr(v, name)(*args), leaf(double(3, 4, layout=layout)))


def test_var_keyword_unbiased():
    x = double(3, 4)
    assert leaf(x).var(dim=1, unbiased=False).data.equal(x.var(1, False))


# -- cumsum, cumprod -----------------------------------------------------------------------------

@pytest.mark.parametrize('name', ['cumsum', 'cumprod'])
@pytest.mark.parametrize('dim', [0, 1, -1, -2])
def test_scan_forward_matches_tensor(name, dim):
    x = double(3, 4)
    assert getattr(leaf(x), name)(dim).data.equal(getattr(x, name)(dim))


@pytest.mark.parametrize('name', ['cumsum', 'cumprod'])
@pytest.mark.parametrize('dim', [0, 1, -1])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_scan_gradcheck(name, dim, layout):
    check(lambda v: getattr(v, name)(dim), leaf(double(3, 4, layout=layout)))


@pytest.mark.parametrize('name', ['cumsum', 'cumprod'])
def test_scan_of_a_vector_and_a_3d_input(name):
    check(lambda v: getattr(v, name)(0), leaf(double(5)))
    check(lambda v: getattr(v, name)(0), leaf(double(5, layout='narrowed')))
    check(lambda v: getattr(v, name)(1), leaf(double(2, 3, 2)))


def test_cumprod_gradient_with_zeros():
    x = torch_early.DoubleTensor([[2, 0, 3, 4], [0, 5, 0, 2], [1, 2, 3, 4]])
    check(lambda v: v.cumprod(1), leaf(x))
    var = leaf(x.clone())
    var.cumprod(1).backward(torch_early.DoubleTensor(3, 4).fill_(1))
    # d/dx_i of sum_j prod_{k<=j} x_k, written out for each row:
    # row 0 (2, 0, 3, 4): only x_1 = 0 matters: 2 + 2*3 + 2*3*4 = 32 at i = 1; and 1 at i = 0.
    # row 1 (0, 5, 0, 2): at i = 0: 1 + 5; elsewhere every term holds a zero.
    # row 2 (1, 2, 3, 4): 1 + 2 + 6 + 24, 1 + 3 + 12, 2 + 8, 6.
    expected = torch_early.DoubleTensor([[1, 32, 0, 0], [6, 0, 0, 0], [33, 16, 10, 6]])
    assert var.grad.data.equal(expected)


# -- renorm --------------------------------------------------------------------------------------

def _midpoint_maxnorm(x, p, dim):
    """A maxnorm halfway between two slice norms, so some slices are scaled and some not, and
    none sits on the edge where finite differences would cross it."""
    dim = dim % x.dim()
    norms = sorted(x.select(dim, i).norm(p) for i in range(x.size(dim)))
    return (norms[0] + norms[1]) / 2


@pytest.mark.parametrize('p, dim', [(2, 0), (3, 1), (1, 0), (2, -1)])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_renorm_matches_tensor_and_gradcheck(p, dim, layout):
    x = away_from_zero(3, 4, layout=layout)
    maxnorm = _midpoint_maxnorm(x, p, dim)
    assert leaf(x).renorm(p, dim, maxnorm).data.equal(x.renorm(p, dim, maxnorm))
    check(lambda v: v.renorm(p, dim, maxnorm), leaf(x))


def test_renorm_with_every_slice_below_maxnorm_passes_the_gradient():
    x = leaf(double(3, 4))
    grad = torch_early.DoubleTensor(3, 4).uniform_()
    x.renorm(2, 0, 100).backward(grad)
    assert x.grad.data.equal(grad)


# -- errors --------------------------------------------------------------------------------------

BAD_CALLS = [
    ('sum', (2,)), ('sum', (-3,)), ('mean', (2,)), ('prod', (5,)),
    ('max', (2,)), ('min', (-3,)), ('mode', (4,)), ('median', (-3,)),
    ('kthvalue', (5, 1)), ('kthvalue', (0,)), ('kthvalue', (1, 3)),
    ('norm', (2, 7)), ('var', (3,)), ('std', (-3,)), ('cumsum', (5,)), ('cumprod', (-3,)),
    ('renorm', (2, 3, 1.0)), ('renorm', (-1, 0, 1.0)),
]


@pytest.mark.parametrize('name, args', BAD_CALLS)
def test_bad_arguments_raise_what_the_tensor_op_raises(name, args):
    x = double(3, 4)
    expected = raised(lambda: getattr(x, name)(*args))
    assert issubclass(expected, (IndexError, RuntimeError))
    with pytest.raises(expected):
        getattr(leaf(x), name)(*args)


@pytest.mark.parametrize('name', ['sum', 'mean', 'prod', 'mode', 'cumsum', 'norm'])
def test_a_dim_of_the_wrong_type_is_a_type_error(name):
    with pytest.raises(TypeError):
        getattr(leaf(double(3, 4)), name)('1')


def test_renorm_of_a_vector_is_an_error():
    with pytest.raises(RuntimeError):
        leaf(double(4)).renorm(2, 0, 1.0)


def test_reductions_work_on_volatile_variables_without_a_graph():
    x = Variable(double(3, 4), volatile=True)
    for result in [x.sum(), x.max(1)[0], x.norm(2, 0), x.cumprod(1), x.var()]:
        assert result.volatile and result.creator is None


# -- dims of size 1 and batches of one -------------------------------------------------------------

# Reducing a dim of size 1 leaves a one-element gradient of two dims (1x1), which is not a number
# when indexed: each reduction must still spread it back.
SIZE_ONE_CASES = [
    ('sum', (1,), (1, 4)), ('sum', (0,), (4, 1)), ('sum', (), (1, 1)), ('sum', (0,), (1,)),
    ('mean', (1,), (1, 4)), ('mean', (0,), (1, 1)), ('mean', (), (1,)),
    ('prod', (1,), (1, 4)), ('prod', (0,), (1, 1)),
    ('var', (1,), (1, 4)), ('var', (0,), (4, 1)), ('std', (1,), (1, 4)), ('std', (), (1, 4)),
    ('norm', (2, 1), (1, 4)), ('norm', (3, 0), (4, 1)), ('norm', (2, 1), (1, 1)),
    ('norm', (), (1, 1)), ('max', (1,), (1, 4)), ('min', (0,), (1, 3)), ('max', (), (1, 1)),
    ('median', (1,), (1, 4)), ('mode', (1,), (1, 1)), ('kthvalue', (1, 1), (1, 4)),
    ('cumsum', (0,), (1, 4)), ('cumprod', (1,), (1, 1)),
]


@pytest.mark.parametrize('name, args, size', SIZE_ONE_CASES)
def test_reductions_with_dims_of_size_one(name, args, size):
    def reduce(v):
        result = getattr(v, name)(*args)
        return result[0] if isinstance(result, tuple) else result
    x = leaf(distinct(*size).add_(5))      # away from 0, where norm and prod have kinks
    reduce(x).sum().backward()
    assert x.grad.size() == x.size()
    check(reduce, leaf(distinct(*size).add_(5)))


def test_a_batch_of_one_trains_like_any_batch():
    # A 1x4 batch through a linear map, a squashing and a mean over the batch's features.
    x = leaf(distinct(1, 4))
    w = leaf(distinct(4, 3))

    def loss(x, w):
        hidden = x.mm(w).sigmoid()
        return hidden.sum(1).mean(0) + hidden.std(1).sum() + hidden.norm(2, 1).sum()
    loss(x, w).backward()
    assert x.grad.size() == x.size() and w.grad.size() == w.size()
    check(loss, leaf(distinct(1, 4)), leaf(distinct(4, 3)))


# -- where the formulas of norm, dist and std read 0 / 0 ----------------------------------------
# The gradients are the limits modern PyTorch gives, never NaN: 0 where the norm (p > 1) or the
# std is 0, 0 at the zero elements for p < 1; p = 0 counts the nonzero elements (gradient 0);
# p = inf is max |x|, whose gradient is shared among the elements that reach it.

def gradient_of(function, values):
    x = Variable(torch_early.DoubleTensor(values), requires_grad=True)
    function(x).sum().backward()
    return x.grad.data.tolist()


def test_std_of_equal_values_has_a_zero_gradient():
    assert gradient_of(lambda v: v.std(), [3, 3, 3]) == [0, 0, 0]
    assert gradient_of(lambda v: v.std(False), [3, 3]) == [0, 0]
    assert gradient_of(lambda v: v.std(1), [[3, 3, 3], [1, 2, 3]]) == [[0, 0, 0], [-0.5, 0, 0.5]]
    assert gradient_of(lambda v: v.var(), [3, 3, 3]) == [0, 0, 0]


@pytest.mark.parametrize('p', [2, 3, 1.5, 1, 0.5, 0, float('inf')])
def test_the_norm_of_zeros_has_a_zero_gradient(p):
    assert gradient_of(lambda v: v.norm(p), [0, 0, 0]) == [0, 0, 0]
    assert gradient_of(lambda v: v.norm(p, 1), [[0, 0], [0, 0]]) == [[0, 0], [0, 0]]


@pytest.mark.parametrize('p', [2, 3, 1, 0.5])
def test_dist_between_equal_tensors_has_a_zero_gradient(p):
    x = Variable(torch_early.DoubleTensor([1, 2]), requires_grad=True)
    y = Variable(torch_early.DoubleTensor([1, 2]), requires_grad=True)
    x.dist(y, p).backward()
    assert x.grad.data.tolist() == [0, 0] and y.grad.data.abs().sum() == 0


def test_a_norm_below_one_at_a_zero_element():
    # d/dx_i (sum |x|^p)^(1/p) = sign(x_i) |x_i|^(p-1) N^(1-p): 0 at x_i = 0
    values = [0, 1, 4]
    norm = sum(abs(v) ** 0.5 for v in values) ** 2
    expected = [0] + [v ** -0.5 * norm ** 0.5 for v in values[1:]]
    assert gradient_of(lambda v: v.norm(0.5), values) == pytest.approx(expected, rel=1e-12)


def test_the_norms_0_and_inf():
    values = [[0.5, -2, 1], [3, -3, 0]]
    assert gradient_of(lambda v: v.norm(0), values) == [[0, 0, 0], [0, 0, 0]]
    # max |x| over everything is 3, reached by two elements; along dim 1, -2 and 3, -3
    assert gradient_of(lambda v: v.norm(float('inf')), values) == [[0, 0, 0], [0.5, -0.5, 0]]
    assert gradient_of(lambda v: v.norm(float('inf'), 1), values) == [[0, -1, 0], [0.5, -0.5, 0]]
    check(lambda v: v.norm(float('inf'), 1), leaf(distinct(3, 4)))
