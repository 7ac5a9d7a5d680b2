"""Autograd of the comparisons eq, ne, lt, le, gt, ge: a Variable compared with a number or with
another Variable gives a Variable of ByteTensor that never requires grad, through the methods and
through the operators (a number may stand on either side). Also the Python protocols the
operators touch: hashing by identity and truth values.
"""
import operator

import pytest

import torch_early
from torch_early.autograd import Variable
from torch_early.autograd._functions import Eq, Ge, Gt, Le, Lt, Ne

from autograd_checks import LAYOUTS, double, leaf

NAMES = ['eq', 'ne', 'lt', 'le', 'gt', 'ge']
FUNCTIONS = {'eq': Eq, 'ne': Ne, 'lt': Lt, 'le': Le, 'gt': Gt, 'ge': Ge}
OPERATORS = {'eq': operator.eq, 'ne': operator.ne, 'lt': operator.lt, 'le': operator.le,
             'gt': operator.gt, 'ge': operator.ge}
# a < b is b > a: the operator Python calls on the right operand when the left is a number.
MIRRORED = {'eq': 'eq', 'ne': 'ne', 'lt': 'gt', 'le': 'ge', 'gt': 'lt', 'ge': 'le'}


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(4321)


def with_ties(layout):
    """Values from {-1, 0, 1}: ties with each other and with the number 0 are common."""
    return double(3, 4, low=-1.5, high=1.5, layout=layout).round_()


def assert_comparison_result(result, expected):
    assert isinstance(result, Variable)
    assert type(result.data) is torch_early.ByteTensor
    assert result.data.equal(expected)
    assert not result.requires_grad


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', NAMES)
def test_method_with_a_number(name, layout):
    x = leaf(with_ties(layout))
    assert_comparison_result(getattr(x, name)(0), getattr(x.data, name)(0))
    assert_comparison_result(getattr(x, name)(0.5), getattr(x.data, name)(0.5))


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', NAMES)
def test_method_with_a_variable(name, layout):
    a = leaf(with_ties(layout))
    b = leaf(with_ties('contiguous'), requires_grad=False)
    result = getattr(a, name)(b)
    assert_comparison_result(result, getattr(a.data, name)(b.data))
    assert isinstance(result.creator, FUNCTIONS[name])


@pytest.mark.parametrize('name', NAMES)
def test_operators(name):
    a, b = leaf(with_ties('transposed')), leaf(with_ties('narrowed'))
    op = OPERATORS[name]
    assert_comparison_result(op(a, b), getattr(a.data, name)(b.data))
    assert_comparison_result(op(a, 0), getattr(a.data, name)(0))
    # A number on the left: Python asks the Variable for the mirrored comparison.
    assert_comparison_result(op(0, a), getattr(a.data, MIRRORED[name])(0))


@pytest.mark.parametrize('name', NAMES)
def test_operands_of_different_shapes(name):
    a = leaf(double(2, 6).round_())
    b = leaf(double(3, 4).round_())
    result = getattr(a, name)(b)
    assert result.size() == torch_early.Size([2, 6])
    assert result.data.equal(getattr(a.data, name)(b.data))


def test_known_values():
    x = leaf(torch_early.DoubleTensor([1, 2, 3]))
    assert (x == 2).data.tolist() == [0, 1, 0]
    assert (x != 2).data.tolist() == [1, 0, 1]
    assert (x < 2).data.tolist() == [1, 0, 0]
    assert (x <= 2).data.tolist() == [1, 1, 0]
    assert (x > 2).data.tolist() == [0, 0, 1]
    assert (x >= 2).data.tolist() == [0, 1, 1]
    assert (2 > x).data.tolist() == [1, 0, 0]


@pytest.mark.parametrize('name', NAMES)
def test_result_has_no_gradient(name):
    x = leaf(with_ties('contiguous'))
    result = getattr(x, name)(0)
    assert result.creator is not None and not result.requires_grad
    with pytest.raises(RuntimeError, match='no graph nodes that require computing gradients'):
        result.backward(result.data.new(result.data.size()).fill_(1))
    # Backward of the Function has nothing to give (it is never reached from a graph).
    assert result.creator.backward(None) == (None,)


def test_volatile_and_no_grad_inputs():
    x = Variable(with_ties('contiguous'), volatile=True)
    result = x > 0
    assert result.volatile and result.creator is None
    assert not (leaf(with_ties('contiguous'), requires_grad=False) < 0).requires_grad


@pytest.mark.parametrize('name', NAMES)
def test_method_errors(name):
    x = leaf(double(2, 3))
    with pytest.raises(TypeError, match='wrap a tensor in a Variable'):
        getattr(x, name)(double(2, 3))
    with pytest.raises(TypeError, match='{}.*Variable or a number'.format(name)):
        getattr(x, name)('a')
    with pytest.raises(RuntimeError, match='inconsistent tensor size'):
        getattr(x, name)(leaf(double(5)))
    with pytest.raises(TypeError):
        getattr(x, name)(leaf(torch_early.FloatTensor(2, 3).zero_()))


@pytest.mark.parametrize('name', NAMES)
def test_operator_errors(name):
    # The operators are the methods themselves, as in 2017: anything but a Variable or a number
    # on the other side is an error, None and strings included.
    x = leaf(double(2, 3))
    with pytest.raises(TypeError, match='wrap a tensor in a Variable'):
        OPERATORS[name](x, double(2, 3))
    with pytest.raises(TypeError, match=name + r"\(\) of a Variable accepts a Variable or a "
                                               "number, but got NoneType"):
        OPERATORS[name](x, None)
    with pytest.raises(TypeError, match="but got str"):
        OPERATORS[name](x, 'a')


def test_functions_need_exactly_one_thing_to_compare_with():
    a, b = leaf(double(2, 3)), leaf(double(2, 3))
    with pytest.raises(TypeError, match='either a scalar'):
        Eq()(a)
    with pytest.raises(TypeError, match='either a scalar'):
        Gt(0.5)(a, b)
    assert Le(0.5)(a).data.equal(a.data.le(0.5))


def test_variables_stay_hashable_by_identity():
    a = leaf(double(2, 3))
    b = Variable(a.data)
    assert Variable.__hash__ is object.__hash__
    assert hash(a) == object.__hash__(a)
    seen = {a: 'a', b: 'b'}
    assert seen[a] == 'a' and seen[b] == 'b'
    assert len({a, b, a}) == 2


def test_truth_value_follows_the_tensor():
    with pytest.raises(RuntimeError, match='ambiguous'):
        bool(leaf(double(2, 3)))
    assert bool(leaf(torch_early.DoubleTensor([2]))) and not leaf(torch_early.DoubleTensor([0]))
    assert not Variable(torch_early.DoubleTensor())
    with pytest.raises(RuntimeError, match='ambiguous'):
        if leaf(double(3)) > 0:
            pass
