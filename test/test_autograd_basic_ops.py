"""Arithmetic on Variables: + - * / ** and negation, with Variables and numbers on either side,
in place, through the operators and the function-style calls, on every memory layout."""
import math
import operator

import pytest

import torch_early
from torch_early.autograd import Variable
from torch_early.autograd import _functions as F

from autograd_checks import LAYOUTS, double, check, leaf


def positive(*sizes, layout='contiguous'):
    return double(*sizes, low=0.5, high=1.5, layout=layout)


BINARY = {
    'add': (lambda a, b: a.add(b), operator.add, F.Add),
    'sub': (lambda a, b: a.sub(b), operator.sub, F.Sub),
    'mul': (lambda a, b: a.mul(b), operator.mul, F.Mul),
    'div': (lambda a, b: a.div(b), operator.truediv, F.Div),
    'pow': (lambda a, b: a.pow(b), operator.pow, F.Pow),
}


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', sorted(BINARY))
def test_between_two_variables(name, layout):
    method, op, function_class = BINARY[name]
    a = leaf(positive(3, 4, layout=layout))
    b = leaf(positive(3, 4, layout=layout))
    result = method(a, b)
    assert isinstance(result.creator, function_class)
    assert result.data.equal(getattr(a.data, name)(b.data))
    assert op(a, b).data.equal(result.data)
    check(method, a, b)
    check(op, a, b)


@pytest.mark.parametrize('name', sorted(BINARY))
def test_operands_with_equal_counts_but_other_shapes(name):
    method = BINARY[name][0]
    a = leaf(positive(2, 3))
    b = leaf(positive(6))
    result = method(a, b)
    assert result.size() == torch_early.Size([2, 3])
    result.backward(torch_early.DoubleTensor(2, 3).fill_(1))
    assert b.grad.size() == torch_early.Size([6])
    check(method, a, b)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('expression, function_class', [
    (lambda a: a + 2.5, F.AddConstant), (lambda a: 2.5 + a, F.AddConstant),
    (lambda a: a - 2.5, F.SubConstant), (lambda a: 2.5 - a, F.SubConstant),
    (lambda a: a * -1.5, F.MulConstant), (lambda a: -1.5 * a, F.MulConstant),
    (lambda a: a / 4, F.DivConstant), (lambda a: 4 / a, F.DivConstant),
    (lambda a: a ** 2.5, F.PowConstant), (lambda a: 2.5 ** a, F.PowConstant),
    (lambda a: -a, F.Negate), (lambda a: a.neg(), F.Negate),
    (lambda a: a.add(1), F.AddConstant), (lambda a: a.sub(1), F.SubConstant),
    (lambda a: a.mul(3), F.MulConstant), (lambda a: a.div(3), F.DivConstant),
    (lambda a: a.pow(3), F.PowConstant),
])
def test_with_a_number(expression, function_class, layout):
    a = leaf(positive(3, 4, layout=layout))
    result = expression(a)
    assert isinstance(result.creator, function_class)
    assert result.data.equal(expression(a.data))
    check(expression, a)


@pytest.mark.parametrize('operation, value', [
    (lambda x: x.add_(2), lambda t: t.add(2)),
    (lambda x: x.sub_(2), lambda t: t.sub(2)),
    (lambda x: x.mul_(2), lambda t: t.mul(2)),
    (lambda x: x.div_(2), lambda t: t.div(2)),
    (lambda x: x.neg_(), lambda t: t.neg()),
    (lambda x: x.add_(Variable(torch_early.DoubleTensor(3, 4).fill_(1))), lambda t: t.add(1)),
    (lambda x: x.sub_(Variable(torch_early.DoubleTensor(3, 4).fill_(1))), lambda t: t.sub(1)),
])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_in_place_on_a_non_leaf(operation, value, layout):
    a = leaf(positive(3, 4, layout=layout))

    def f(a):
        y = a * 1
        result = operation(y)
        assert result is y and y._version == 1
        return result
    assert f(a).data.equal(value(a.data))
    check(f, a)


def test_in_place_operators():
    a = leaf(positive(2, 2))
    y = a * 1
    z = y
    y += 1
    y -= 0.5
    y *= 3
    y /= 2
    assert y is z and y._version == 4
    assert y.data.equal(a.data.add(1).sub(0.5).mul(3).div(2))
    y.backward(torch_early.DoubleTensor(2, 2).fill_(1))
    assert a.grad.data.tolist() == [[1.5, 1.5], [1.5, 1.5]]


def test_function_style_arithmetic():
    a = leaf(positive(2, 3))
    b = leaf(positive(2, 3))
    check(lambda a, b: torch_early.add(a, b), a, b)
    check(lambda a, b: torch_early.div(torch_early.mul(a, b), torch_early.sub(a, 3)), a, b)
    check(lambda a: torch_early.pow(2, a), a)
    check(lambda a: torch_early.pow(a, 2), a)
    check(lambda a: torch_early.neg(a), a)


@pytest.mark.parametrize('name', ['add', 'sub', 'mul', 'div', 'fmod', 'remainder', 'lt', 'eq',
                                  'ge', 'max', 'cmin', 'dist', 'atan2', 'lerp', 'dot'])
def test_function_style_with_a_number_before_the_variable_is_a_type_error(name):
    # As for tensors: the function is the method of its first argument, so a number there has
    # no meaning (it used to be dropped, and torch_early.div(2, v) gave v / 2).
    v = Variable(positive(2, 3))
    with pytest.raises(TypeError, match=r"torch_early.{0}\(\) of Variables takes the Variable "
                                        r"to work on first \(as v.{0}\(...\) does\), but got "
                                        "int".format(name)):
        getattr(torch_early, name)(2, v)
    with pytest.raises(TypeError):
        getattr(torch_early, name)(2, v.data)


def test_function_style_with_the_variable_first_is_its_method():
    v = Variable(torch_early.DoubleTensor([1, 2, 4]))
    assert torch_early.div(v, 2).data.tolist() == [0.5, 1, 2]
    assert torch_early.sub(v, 1).data.tolist() == [0, 1, 3]
    assert torch_early.lt(v, 2).data.tolist() == [1, 0, 0]
    assert torch_early.fmod(v, 3).data.tolist() == [1, 2, 1]
    # pow takes a number first, as for tensors: 2 ** v.
    assert torch_early.pow(2, v).data.tolist() == [2, 4, 16]
    with pytest.raises(TypeError, match="no positional argument"):
        torch_early.div(other=v)


def test_in_place_pow_is_not_implemented():
    y = leaf(positive(2)) * 1
    with pytest.raises(NotImplementedError, match="in-place pow not implemented"):
        y **= 2
    assert y._version == 0


def test_remainder_operator():
    v = leaf(torch_early.DoubleTensor([5, 7.5, 9]))
    assert (v % 2).data.tolist() == [1, 1.5, 1]
    check(lambda v: v % 2, leaf(positive(2, 3)))


def test_gradient_only_for_what_needs_it():
    a = leaf(positive(2, 2))
    b = Variable(positive(2, 2))
    (a * b).backward(torch_early.DoubleTensor(2, 2).fill_(1))
    assert a.grad.data.equal(b.data) and b.grad is None


@pytest.mark.parametrize('bad', ['2', [1, 2], None, torch_early.DoubleTensor(2, 2)])
@pytest.mark.parametrize('name', ['add', 'sub', 'mul', 'div', 'pow'])
def test_non_numbers_are_rejected(name, bad):
    a = Variable(positive(2, 2))
    with pytest.raises(TypeError, match="{}\\(\\) of a Variable accepts a Variable or a "
                                        "number".format(name)):
        getattr(a, name)(bad)


def test_mismatched_element_counts_raise():
    with pytest.raises(RuntimeError):
        Variable(positive(2, 2)) + Variable(positive(3))


# -- ** where its formulas read 0 * inf, and bases with no real logarithm -----------------------
# The gradients are the limits modern PyTorch gives: d(a^b)/da = 0 where b = 0, d(a^b)/db = 0
# at a = 0 for b >= 0; NaN where the real logarithm of the base is undefined; never a Python
# exception.

def gradients(function, *values):
    variables = [Variable(torch_early.DoubleTensor(v), requires_grad=True) for v in values]
    function(*variables).sum().backward()
    return [v.grad.data.tolist() for v in variables]


def same_values(actual, expected):
    """Lists of numbers equal element by element, NaN equal to NaN."""
    assert len(actual) == len(expected)
    for a, e in zip(actual, expected):
        assert (a != a and e != e) or a == e, (actual, expected)


def test_pow_of_two_variables_at_a_zero_base():
    a, b = [0, 0, 0, 2, -2], [2, 0, -1, 3, 0.5]
    grad_a, grad_b = gradients(lambda x, y: x.pow(y), a, b)
    # b * a^(b-1): 0 at b = 0 even for a = 0; -1 * 0^-2 = -inf; 3 * 4; 0.5 * (-2)^-0.5 = NaN
    same_values(grad_a, [0, 0, float('-inf'), 12, float('nan')])
    # a^b * ln a: 0 for a = 0 and b >= 0; inf * -inf = -inf for b < 0; NaN for a < 0
    same_values(grad_b, [0, 0, float('-inf'), 8 * math.log(2), float('nan')])
    assert gradients(lambda x, y: x ** y, [0.0], [0.0]) == [[0.0], [0.0]]


@pytest.mark.parametrize('base, exponents, expected', [
    (-1.5, [1, 2, 0.5], [float('nan')] * 3),             # no real logarithm: NaN, no exception
    (0, [1, 2, 0, -1], [0, 0, 0, float('-inf')]),        # 0^a constant for a >= 0
    (2.5, [0, 1], [math.log(2.5), 2.5 * math.log(2.5)]),
])
def test_a_number_to_the_power_of_a_variable(base, exponents, expected):
    grad, = gradients(lambda x: base ** x, exponents)
    same_values(grad, expected)


def test_the_number_to_a_variable_power_the_issue_gave():
    x = Variable(torch_early.DoubleTensor([1, 2, 3]), requires_grad=True)
    ((-1.5) ** x).sum().backward()
    assert all(g != g for g in x.grad.data.tolist())


@pytest.mark.parametrize('exponent, expected', [
    (0, [0, 0, 0]),                                     # a^0 is the constant 1, also at 0
    (2, [0, 2, -4]),
    (0.5, [float('inf'), 0.5, float('nan')]),
    (-1, [float('-inf'), -1, -0.25]),
])
def test_a_variable_to_the_power_of_a_number(exponent, expected):
    grad, = gradients(lambda x: x ** exponent, [0, 1, -2])
    same_values(grad, expected)
