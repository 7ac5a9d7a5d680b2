"""Autograd of the element-wise functions: exp, log, the trigonometric and hyperbolic family,
clamp, rounding, max/min of two operands, lerp, addcmul and addcdiv.

Each Function's backward is checked against finite differences (gradcheck, in double precision)
on contiguous, transposed and narrowed inputs; its forward against the plain tensor op; its
gradients against the shapes of its inputs. Inputs stay away from the points where the
derivative jumps (abs at 0, clamp at its bounds, floor at the integers), where finite
differences say nothing.
"""
import pytest

import torch_early
from torch_early.autograd import Function, Variable
from torch_early.autograd._functions import (
    Abs, Addcmul, Clamp, Cmax, CmaxConstant, Cmin, CminConstant, Exp, Fmod, Lerp, Remainder)

from autograd_checks import LAYOUTS, check, check_inplace_on_a_leaf, double, expanded, leaf


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(1234)


def away_from_zero(tensor, margin=0.2):
    """The same tensor with every value pushed `margin` further from 0 (keeps the layout)."""
    return tensor.add_(tensor.sign().mul_(margin))


def ones_like(tensor):
    return tensor.new(tensor.size()).fill_(1)


def assert_gradients(fn, *inputs):
    """gradcheck fn, then check on fresh leaves that every gradient has its input's size."""
    check(fn, *inputs)
    fresh = [leaf(v.data, v.requires_grad) for v in inputs]
    out = fn(*fresh)
    out.backward(out.data.new(out.data.size()).uniform_(-1, 1))
    for var in fresh:
        if var.requires_grad:
            assert var.grad.size() == var.size()


class TransposedView(Function):
    """A view of a 2-D input with the dims swapped: gives tests a non-contiguous non-leaf."""

    def forward(self, i):
        result = i.t()
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return grad_output.t()


# -- functions of one Variable --------------------------------------------------------------

# method name -> (low, high) of its input values; ops with a kink at 0 get away_from_zero.
UNARY = {
    'exp': (-1, 1), 'log': (0.5, 2), 'log1p': (-0.5, 1), 'tanh': (-1.5, 1.5),
    'sigmoid': (-2, 2), 'sinh': (-1, 1), 'cosh': (-1, 1), 'abs': (-1, 1), 'sqrt': (0.5, 2),
    'sin': (-2, 2), 'cos': (-2, 2), 'tan': (-1, 1), 'asin': (-0.8, 0.8),
    'acos': (-0.8, 0.8), 'atan': (-2, 2), 'reciprocal': (0.5, 2), 'rsqrt': (0.5, 2),
    'floor': (-3, 3), 'ceil': (-3, 3), 'round': (-3, 3), 'sign': (-1, 1), 'trunc': (-3, 3),
    'frac': (-3, 3),
}
KINKED_AT_ZERO = {'abs', 'sign'}
INPLACE = ['exp', 'log', 'log1p', 'tanh', 'sigmoid', 'abs']


def unary_input(name, rows, cols, layout):
    low, high = UNARY[name]
    tensor = double(rows, cols, low=low, high=high, layout=layout)
    if name in KINKED_AT_ZERO:
        away_from_zero(tensor)
    return tensor


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', sorted(UNARY))
def test_unary_gradient(name, layout):
    x = leaf(unary_input(name, 3, 4, layout))
    assert_gradients(lambda v: getattr(v, name)(), x)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', sorted(UNARY))
def test_unary_forward_matches_tensor_op(name, layout):
    x = leaf(unary_input(name, 3, 4, layout))
    y = getattr(x, name)()
    assert isinstance(y, Variable) and y.requires_grad
    assert y.data.equal(getattr(x.data, name)())
    assert y.creator is not None


@pytest.mark.parametrize('name', sorted(UNARY))
def test_unary_gradient_on_expanded_data(name):
    # Rows that share memory are still separate elements to autograd: each gets its own
    # gradient, the same as on a contiguous copy.
    low, high = UNARY[name]
    data = expanded(3, 4, low=low, high=high)
    if name in KINKED_AT_ZERO:
        data = away_from_zero(data.contiguous()).narrow(0, 0, 1).expand(3, 4)
    x, copy = leaf(data), leaf(data.contiguous())
    grad = torch_early.DoubleTensor(3, 4).uniform_(-1, 1)
    getattr(x, name)().backward(grad)
    getattr(copy, name)().backward(grad)
    assert x.grad.data.equal(copy.grad.data)


@pytest.mark.parametrize('name', ['floor', 'ceil', 'round', 'sign', 'trunc'])
def test_step_functions_have_zero_gradient(name):
    x = leaf(away_from_zero(double(2, 3, low=-3, high=3)))
    getattr(x, name)().backward(ones_like(x.data))
    assert x.grad.data.equal(x.data.new(2, 3).zero_())


@pytest.mark.parametrize('call', [lambda v: v.frac(), lambda v: v.fmod(1.5),
                                  lambda v: v.remainder(-1.5)])
def test_sawtooth_functions_pass_the_gradient_unchanged(call):
    x = leaf(double(2, 3, low=-3, high=3))
    grad = torch_early.DoubleTensor(2, 3).uniform_(-1, 1)
    call(x).backward(grad)
    assert x.grad.data.equal(grad)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('constant', [1.5, -0.7])
@pytest.mark.parametrize('name', ['fmod', 'remainder'])
def test_fmod_and_remainder(name, constant, layout):
    x = leaf(double(3, 4, low=-3, high=3, layout=layout))
    assert getattr(x, name)(constant).data.equal(getattr(x.data, name)(constant))
    assert_gradients(lambda v: getattr(v, name)(constant), x)


def test_fmod_and_remainder_follow_the_sign_conventions():
    x = leaf(torch_early.DoubleTensor([-2.5, 2.5]))
    assert x.fmod(2).data.tolist() == [-0.5, 0.5]
    assert x.remainder(2).data.tolist() == [1.5, 0.5]


@pytest.mark.parametrize('name', ['fmod', 'remainder'])
def test_fmod_and_remainder_take_only_numbers(name):
    x = leaf(double(2, 3))
    with pytest.raises(TypeError, match=name):
        getattr(x, name)(leaf(double(2, 3)))
    with pytest.raises(TypeError, match='wrap a tensor in a Variable'):
        getattr(x, name)(double(2, 3))


def test_abs_operator_and_aliases():
    x = leaf(away_from_zero(double(2, 3)))
    assert abs(x).data.equal(x.data.abs())
    assert isinstance(abs(x).creator, Abs)
    assert x.cinv().data.equal(x.data.reciprocal())
    assert_gradients(lambda v: v.cinv(), x)


def test_derivatives_at_known_points():
    # A few exact values, so that a formula cannot be right only up to gradcheck's tolerance.
    x = leaf(torch_early.DoubleTensor([0.0, 0.5]))
    x.tanh().backward(ones_like(x.data))
    assert x.grad.data[0] == 1.0
    x = leaf(torch_early.DoubleTensor([0.0]))
    x.sigmoid().backward(ones_like(x.data))
    assert x.grad.data[0] == 0.25
    x = leaf(torch_early.DoubleTensor([4.0]))
    x.sqrt().backward(ones_like(x.data))
    assert x.grad.data[0] == 0.25
    x = leaf(torch_early.DoubleTensor([4.0]))
    x.rsqrt().backward(ones_like(x.data))
    assert x.grad.data[0] == -1.0 / 16
    x = leaf(torch_early.DoubleTensor([-2.0, 3.0]))
    x.abs().backward(ones_like(x.data))
    assert x.grad.data.tolist() == [-1.0, 1.0]


def test_volatile_input_builds_no_graph():
    x = Variable(double(2, 3, low=0.5, high=2), volatile=True)
    for name in sorted(UNARY):
        y = getattr(x, name)()
        assert y.volatile and y.creator is None and not y.requires_grad


def test_input_that_needs_no_grad():
    x = leaf(double(2, 3), requires_grad=False)
    y = x.exp()
    assert not y.requires_grad
    assert y.data.equal(x.data.exp())


# -- in-place forms -------------------------------------------------------------------------

@pytest.mark.parametrize('name', INPLACE)
def test_inplace_gradient(name):
    x = leaf(unary_input(name, 3, 4, 'contiguous'))
    assert_gradients(lambda v: getattr(v.add(0), name + '_')(), x)


@pytest.mark.parametrize('name', INPLACE)
def test_inplace_on_a_non_contiguous_view(name):
    x = leaf(unary_input(name, 4, 3, 'contiguous'))
    check(lambda v: getattr(TransposedView()(v.add(0)), name + '_')(), x)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', INPLACE)
def test_inplace_returns_its_input_and_writes_the_data(name, layout):
    x = leaf(unary_input(name, 3, 4, layout))
    expected = getattr(x.data, name)()
    y = x.add(0)
    version = y._version
    result = getattr(y, name + '_')()
    assert result is y
    assert y._version == version + 1
    assert y.data.equal(expected)
    # Without a graph (a leaf that needs no grad) the tensor itself is written.
    data = unary_input(name, 3, 4, layout)
    expected = getattr(data, name)()
    getattr(leaf(data, requires_grad=False), name + '_')()
    assert data.equal(expected)


@pytest.mark.parametrize('name', INPLACE + ['clamp'])
def test_inplace_on_a_leaf_that_requires_grad_breaks_backward(name):
    x = leaf(unary_input(name, 2, 3, 'contiguous') if name != 'clamp' else double(2, 3))
    args = (-0.5, 0.5) if name == 'clamp' else ()
    check_inplace_on_a_leaf(lambda v: getattr(v, name + '_')(*args), x)


def test_overwriting_a_saved_input_is_caught():
    x = leaf(double(2, 3, low=0.5, high=2))
    y = x.add(0)
    z = y.log()
    y.exp_()
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        z.backward(ones_like(z.data))


def test_overwriting_a_saved_output_is_caught():
    x = leaf(double(2, 3))
    y = x.add(0).exp_()
    y.tanh_()
    w = x.exp()
    w.backward(ones_like(w.data))
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        y.backward(ones_like(y.data))


# -- clamp ------------------------------------------------------------------------------------

CLAMP_FORMS = {
    'both': ((-0.5, 0.5), {}),
    'keywords': ((), {'min': -0.5, 'max': 0.5}),
    'min only': ((), {'min': -0.3}),
    'max only': ((), {'max': 0.3}),
    'min positionally': ((0.2,), {}),
}


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('form', sorted(CLAMP_FORMS))
def test_clamp(form, layout):
    args, kwargs = CLAMP_FORMS[form]
    x = leaf(double(3, 4, layout=layout))
    y = x.clamp(*args, **kwargs)
    bounds = dict(zip(('min', 'max'), args), **kwargs)
    assert y.data.equal(x.data.clamp(**bounds))
    assert_gradients(lambda v: v.clamp(*args, **kwargs), x)


@pytest.mark.parametrize('form', sorted(CLAMP_FORMS))
def test_clamp_inplace(form):
    args, kwargs = CLAMP_FORMS[form]
    x = leaf(double(3, 4))
    y = x.add(0)
    assert y.clamp_(*args, **kwargs) is y
    assert y.data.equal(x.clamp(*args, **kwargs).data)
    assert_gradients(lambda v: v.add(0).clamp_(*args, **kwargs), x)
    check(lambda v: TransposedView()(v.add(0)).clamp_(*args, **kwargs), x)


@pytest.mark.parametrize('inplace', [False, True])
def test_clamp_passes_the_gradient_inside_the_bounds_only(inplace):
    x = leaf(torch_early.DoubleTensor([-1, -0.5, 0, 0.5, 1]))
    source = x.add(0) if inplace else x
    y = source.clamp_(-0.5, 0.5) if inplace else source.clamp(-0.5, 0.5)
    y.backward(ones_like(x.data))
    assert x.grad.data.tolist() == [0, 1, 1, 1, 0]


def test_clamp_errors():
    x = leaf(double(2, 3))
    with pytest.raises(TypeError, match='min, max or both'):
        x.clamp()
    with pytest.raises(TypeError, match='min, max or both'):
        x.add(0).clamp_()
    with pytest.raises(TypeError, match='clamp'):
        x.clamp('a', 1)
    with pytest.raises(TypeError, match='clamp'):
        x.clamp(max=leaf(double(2, 3)))
    with pytest.raises(ValueError, match='min_val, max_val or both'):
        Clamp()


# -- two Variables: atan2, cmax, cmin ---------------------------------------------------------

TWO_INPUTS = ['atan2', 'cmax', 'cmin']


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', TWO_INPUTS)
def test_two_input_gradient(name, layout):
    a = leaf(double(3, 4, layout=layout))
    b = leaf(double(3, 4, layout='transposed' if layout == 'contiguous' else 'contiguous'))
    assert getattr(a, name)(b).data.equal(getattr(a.data, name)(b.data))
    assert_gradients(lambda u, v: getattr(u, name)(v), a, b)


@pytest.mark.parametrize('needs', [(True, False), (False, True)])
@pytest.mark.parametrize('name', TWO_INPUTS)
def test_two_input_gradient_of_one_operand(name, needs):
    a = leaf(double(3, 4), requires_grad=needs[0])
    b = leaf(double(3, 4), requires_grad=needs[1])
    assert_gradients(lambda u, v: getattr(u, name)(v), a, b)


@pytest.mark.parametrize('name', TWO_INPUTS)
def test_two_input_operands_of_different_shapes(name):
    # Equal element counts are enough in 0.1.x; each gradient has its own operand's shape.
    a = leaf(double(2, 6))
    b = leaf(double(3, 4))
    assert getattr(a, name)(b).size() == torch_early.Size([2, 6])
    assert_gradients(lambda u, v: getattr(u, name)(v), a, b)


@pytest.mark.parametrize('name', TWO_INPUTS)
def test_two_input_errors(name):
    a = leaf(double(2, 3))
    with pytest.raises(RuntimeError, match='inconsistent tensor size'):
        getattr(a, name)(leaf(double(5)))
    with pytest.raises(TypeError, match='Variable'):
        getattr(a, name)(double(2, 3))
    with pytest.raises(TypeError):
        getattr(a, name)(leaf(torch_early.FloatTensor(2, 3).zero_()))


def test_atan2_known_derivative():
    # d atan2(y, x) = (x dy - y dx) / (x^2 + y^2); at (y, x) = (1, 1): 1/2 and -1/2.
    y = leaf(torch_early.DoubleTensor([1.0]))
    x = leaf(torch_early.DoubleTensor([1.0]))
    y.atan2(x).backward(ones_like(y.data))
    assert y.grad.data[0] == 0.5 and x.grad.data[0] == -0.5


@pytest.mark.parametrize('name, expected', [('cmax', ([0, 1, 1], [1, 0, 0])),
                                            ('cmin', ([1, 0, 1], [0, 1, 0]))])
def test_cmax_cmin_route_the_gradient_to_the_chosen_operand(name, expected):
    # Element 2 is a tie: the gradient goes to the first operand, never to both.
    a = leaf(torch_early.DoubleTensor([1, 5, 3]))
    b = leaf(torch_early.DoubleTensor([2, 4, 3]))
    getattr(a, name)(b).backward(ones_like(a.data))
    assert (a.grad.data.tolist(), b.grad.data.tolist()) == expected


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('constant', [0.3, -0.2, 0])
@pytest.mark.parametrize('name', ['cmax', 'cmin'])
def test_cmax_cmin_with_a_number(name, constant, layout):
    x = leaf(double(3, 4, layout=layout))
    assert getattr(x, name)(constant).data.equal(getattr(x.data, name)(constant))
    assert_gradients(lambda v: getattr(v, name)(constant), x)


@pytest.mark.parametrize('name, expected', [('cmax', [0, 1, 1]), ('cmin', [1, 1, 0])])
def test_cmax_cmin_with_a_number_pass_the_gradient_where_the_variable_wins(name, expected):
    x = leaf(torch_early.DoubleTensor([1, 2, 3]))
    getattr(x, name)(2).backward(ones_like(x.data))
    assert x.grad.data.tolist() == expected


def test_cmax_cmin_build_the_historical_functions():
    a, b = leaf(double(2, 3)), leaf(double(2, 3))
    assert isinstance(a.cmax(b).creator, Cmax)
    assert isinstance(a.cmin(b).creator, Cmin)
    assert isinstance(a.cmax(1).creator, CmaxConstant)
    assert isinstance(a.cmin(1).creator, CminConstant)
    # The constructor forms the reductions rely on for max(other) / min(other).
    assert Cmax()(a, b).data.equal(a.data.cmax(b.data))
    assert CminConstant(0.1)(a).data.equal(a.data.cmin(0.1))


@pytest.mark.parametrize('name', ['cmax', 'cmin'])
def test_cmax_cmin_reject_other_arguments(name):
    x = leaf(double(2, 3))
    with pytest.raises(TypeError, match='{}.*Variable or a number'.format(name)):
        getattr(x, name)('a')
    with pytest.raises(TypeError, match='wrap a tensor in a Variable'):
        getattr(x, name)(double(2, 3))


# -- lerp -----------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('weight', [0.3, 0, 1.5])
def test_lerp(weight, layout):
    start = leaf(double(3, 4, layout=layout))
    end = leaf(double(3, 4))
    assert start.lerp(end, weight).data.equal(start.data.lerp(end.data, weight))
    assert_gradients(lambda s, e: s.lerp(e, weight), start, end)


@pytest.mark.parametrize('needs', [(True, False), (False, True)])
def test_lerp_one_operand_and_other_shapes(needs):
    start = leaf(double(2, 6), requires_grad=needs[0])
    end = leaf(double(4, 3), requires_grad=needs[1])
    assert_gradients(lambda s, e: s.lerp(e, 0.25), start, end)
    assert isinstance(start.lerp(end, 0.25).creator, Lerp)


def test_lerp_errors():
    start = leaf(double(2, 3))
    with pytest.raises(TypeError, match='lerp'):
        start.lerp(leaf(double(2, 3)), leaf(double(2, 3)))
    with pytest.raises(TypeError, match='Variable'):
        start.lerp(double(2, 3), 0.5)
    with pytest.raises(RuntimeError, match='inconsistent tensor size'):
        start.lerp(leaf(double(7)), 0.5)


# -- addcmul and addcdiv ----------------------------------------------------------------------

def addc_operands(layout):
    base = leaf(double(3, 4, layout=layout))
    t1 = leaf(double(3, 4, layout='narrowed' if layout == 'contiguous' else 'contiguous'))
    t2 = leaf(away_from_zero(double(3, 4, layout=layout)))
    return base, t1, t2


ADDC_FORMS = {
    'pair': lambda name, a, b, c: getattr(a, name)(b, c),
    'value first': lambda name, a, b, c: getattr(a, name)(0.5, b, c),
    'keywords': lambda name, a, b, c: getattr(a, name)(value=-2, tensor1=b, tensor2=c),
    'value keyword': lambda name, a, b, c: getattr(a, name)(b, c, value=3),
}
ADDC_VALUES = {'pair': 1, 'value first': 0.5, 'keywords': -2, 'value keyword': 3}


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('form', sorted(ADDC_FORMS))
@pytest.mark.parametrize('name', ['addcmul', 'addcdiv'])
def test_addcmul_addcdiv(name, form, layout):
    call = ADDC_FORMS[form]
    base, t1, t2 = addc_operands(layout)
    expected = getattr(base.data, name)(ADDC_VALUES[form], t1.data, t2.data)
    assert call(name, base, t1, t2).data.equal(expected)
    assert_gradients(lambda a, b, c: call(name, a, b, c), base, t1, t2)


@pytest.mark.parametrize('form', sorted(ADDC_FORMS))
@pytest.mark.parametrize('name', ['addcmul', 'addcdiv'])
def test_addcmul_addcdiv_inplace(name, form):
    call = ADDC_FORMS[form]
    base, t1, t2 = addc_operands('contiguous')
    expected = call(name, base, t1, t2).data
    start = base.add(0)
    assert call(name + '_', start, t1, t2) is start
    assert start.data.equal(expected)
    assert_gradients(lambda a, b, c: call(name + '_', a.add(0), b, c), base, t1, t2)
    check_inplace_on_a_leaf(lambda a: call(name + '_', a, t1, t2), base)


@pytest.mark.parametrize('needs', [(True, False, False), (False, True, False),
                                   (False, False, True)])
@pytest.mark.parametrize('name', ['addcmul', 'addcdiv'])
def test_addcmul_addcdiv_one_operand_and_other_shapes(name, needs):
    base = leaf(double(2, 6), requires_grad=needs[0])
    t1 = leaf(double(3, 4), requires_grad=needs[1])
    t2 = leaf(away_from_zero(double(12)), requires_grad=needs[2])
    assert_gradients(lambda a, b, c: getattr(a, name)(0.7, b, c), base, t1, t2)


@pytest.mark.parametrize('name', ['addcmul_', 'addcdiv_'])
def test_addc_inplace_refuses_factors_sharing_its_memory(name):
    # Their gradients need the factors' values from before the write.
    x = leaf(away_from_zero(double(3, 4)))
    base = x.add(0)
    with pytest.raises(RuntimeError, match='must not share memory'):
        getattr(base, name)(base, x)
    # A factor that is a view of the target: refused as any in-place change of shared storage;
    # the same memory under a Variable that autograd does not know as a view: by the Function.
    with pytest.raises(RuntimeError, match="share storage"):
        getattr(base, name)(x, TransposedView()(TransposedView()(base)))
    with pytest.raises(RuntimeError, match='must not share memory'):
        getattr(base, name)(x, Variable(base.data.t().t()))
    # Without gradients nothing needs the old values.
    data = away_from_zero(double(3, 4))
    expected = getattr(data, name.rstrip('_'))(data, data)
    plain = leaf(data.clone(), requires_grad=False)
    getattr(plain, name)(plain, leaf(data.clone(), requires_grad=False))
    assert plain.data.equal(expected)


@pytest.mark.parametrize('name', ['addcmul', 'addcdiv', 'addcmul_'])
def test_addc_argument_errors(name):
    base, t1, t2 = addc_operands('contiguous')
    base = base.add(0)
    with pytest.raises(TypeError, match='missing the Variable argument'):
        getattr(base, name)(t1)
    with pytest.raises(TypeError, match='at most 3 arguments'):
        getattr(base, name)(1, t1, t2, t2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'scale'"):
        getattr(base, name)(t1, t2, scale=2)
    with pytest.raises(TypeError, match="multiple values for argument 'value'"):
        getattr(base, name)(2, t1, t2, value=3)
    with pytest.raises(TypeError, match="number for 'value'.*wrap tensors"):
        getattr(base, name)(t1.data, t1, t2)
    with pytest.raises(TypeError, match='Variable'):
        getattr(base, name)(t1, t2.data)
    with pytest.raises(RuntimeError, match='inconsistent tensor size'):
        getattr(base, name)(t1, leaf(double(5)))


def test_addcmul_constructor_and_volatile():
    base, t1, t2 = addc_operands('contiguous')
    assert Addcmul(2)(base, t1, t2).data.equal(base.data.addcmul(2, t1.data, t2.data))
    v = Variable(base.data.clone(), volatile=True)
    assert v.addcmul_(t1, v).volatile
    # A volatile in-place clamp keeps no mask.
    assert v.clamp_(-0.1, 0.1).volatile


# -- aliases of the arithmetic ----------------------------------------------------------------

@pytest.mark.parametrize('alias, name', [('cmul', 'mul'), ('cdiv', 'div'), ('csub', 'sub'),
                                         ('cpow', 'pow')])
def test_lua_torch_aliases(alias, name):
    a = leaf(double(2, 3, low=0.5, high=2))
    b = leaf(double(2, 3, low=0.5, high=2))
    assert getattr(Variable, alias) is getattr(Variable, name)
    assert getattr(a, alias)(b).data.equal(getattr(a.data, name)(b.data))
    assert_gradients(lambda u, v: getattr(u, alias)(v), a, b)


def test_functions_are_single_use_objects_per_call():
    x = leaf(double(2, 3))
    assert x.exp().creator is not x.exp().creator
    assert isinstance(x.exp().creator, Exp)
    assert isinstance(x.fmod(2).creator, Fmod)
    assert isinstance(x.remainder(2).creator, Remainder)
