"""Comparisons: eq, ne, lt, le, gt, ge, their operators and in-place forms; equal; ByteTensor
masks with &, |, ^ and ~.

A comparison looks at each element against a number, or against the element at the same
row-major position of a tensor with as many elements (no broadcasting; shapes may differ and the
first operand's shape wins). The answer is a ByteTensor of 0s and 1s, or, when the function form
is given out= of the input's own type, 0s and 1s of that type; the in-place form writes them into
the tensor itself.
"""
import operator

import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, LAYOUTS, NUMPY, make, tensor_class

OPS = {'eq': operator.eq, 'ne': operator.ne, 'lt': operator.lt, 'le': operator.le,
       'gt': operator.gt, 'ge': operator.ge}


def sample(name, seed):
    return numpy.random.RandomState(seed).randint(0, 5, size=(3, 4)).astype(NUMPY[name])


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('op', sorted(OPS))
def test_against_a_number_gives_a_byte_mask(op, name, layout):
    values = sample(name, 1)
    t = make(name, layout, values)
    result = getattr(t, op)(2)
    assert type(result) is torch_early.ByteTensor
    assert result.tolist() == OPS[op](values, 2).astype(int).tolist()
    assert getattr(torch_early, op)(t, 2).tolist() == result.tolist()


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('op', sorted(OPS))
def test_against_a_tensor_element_by_element(op, name, layout):
    a, b = sample(name, 2), sample(name, 3)
    ta, tb = make(name, layout, a), make(name, 'transposed', b)
    assert getattr(ta, op)(tb).tolist() == OPS[op](a, b).astype(int).tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_out_may_be_a_byte_tensor_or_one_of_the_inputs_type(name):
    t = tensor_class(name)([1, 3, 2])
    as_bytes = torch_early.ByteTensor()
    assert torch_early.gt(t, 1, out=as_bytes) is as_bytes and as_bytes.tolist() == [0, 1, 1]
    same_type = tensor_class(name)()
    assert torch_early.le(t, t.clone().fill_(2), out=same_type) is same_type
    assert type(same_type) is tensor_class(name) and same_type.tolist() == [1, 0, 1]


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('op', sorted(OPS))
def test_in_place_forms_write_zeros_and_ones_into_the_tensor(op, name):
    values = sample(name, 4)
    t = tensor_class(name)(values.tolist())
    assert getattr(t, op + '_')(2) is t
    assert t.tolist() == OPS[op](values, 2).astype(int).tolist()
    t = tensor_class(name)(values.tolist())
    getattr(t, op + '_')(tensor_class(name)(values.T.tolist()).t())
    assert t.tolist() == OPS[op](values, values).astype(int).tolist()


@pytest.mark.parametrize('op', sorted(OPS))
def test_the_operators_are_the_comparisons(op):
    a, b = torch_early.IntTensor([1, 2, 3]), torch_early.IntTensor([3, 2, 1])
    symbol = {'eq': '==', 'ne': '!=', 'lt': '<', 'le': '<=', 'gt': '>', 'ge': '>='}[op]
    assert eval('a %s b' % symbol).tolist() == getattr(a, op)(b).tolist()
    assert eval('a %s 2' % symbol).tolist() == getattr(a, op)(2).tolist()
    assert len({a, b, a}) == 2        # hashing stays by identity


def test_only_the_element_counts_must_agree():
    a = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    flat = torch_early.FloatTensor([1, 0, 3, 0, 5, 0])
    assert a.eq(flat).tolist() == [[1, 0, 1], [0, 1, 0]]
    with pytest.raises(RuntimeError, match=r'expected 6 elements \(size 2x3\) but got 4 \(size 4\)'):
        a.lt(torch_early.FloatTensor(4))


def test_nan_is_unequal_to_everything():
    nan = float('nan')
    t = torch_early.DoubleTensor([nan, 1])
    assert t.eq(t).tolist() == [0, 1] and t.ne(t).tolist() == [1, 0]
    assert t.lt(2).tolist() == [0, 1] and t.ge(2).tolist() == [0, 0]


def test_large_comparisons_take_the_parallel_loop():
    values = numpy.random.RandomState(0).rand(300001)
    t = torch_early.from_numpy(values)
    assert (t.gt(0.5).numpy() == (values > 0.5)).all()
    assert (t.le(t.clone().fill_(0.25)).numpy() == (values <= 0.25)).all()


def test_wrong_operands_are_type_errors_listing_the_signatures():
    with pytest.raises(TypeError, match=r'\(torch_early.FloatTensor other\)'):
        torch_early.FloatTensor([1]).lt('a')
    with pytest.raises(TypeError, match='float value'):
        torch_early.FloatTensor([1]).eq('a')
    # a tensor of another type: the signatures that take a tensor there, and where the rest are
    with pytest.raises(TypeError, match=r'(?s)^FloatTensor.eq\(IntTensor\): both tensors must be '
                                        r'of one type.*\(torch_early.FloatTensor other\)\n'
                                        r' \* \.\.\. and 3 more: '
                                        r'help\(torch_early.FloatTensor.eq\)$'):
        torch_early.FloatTensor([1]).eq(torch_early.IntTensor([1]))


# ---- equal ------------------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_equal_needs_the_same_sizes_and_values(name):
    cls = tensor_class(name)
    a = cls([[1, 2], [3, 4]])
    assert a.equal(cls([[1, 2], [3, 4]])) is True
    assert a.equal(cls([[1, 3], [2, 4]]).t())                 # any layout
    assert a.equal(cls([1, 2, 3, 4])) is False                # same values, other sizes
    assert torch_early.equal(a, cls([[1, 2], [3, 5]])) is False


# ---- ByteTensor masks -------------------------------------------------------------------------

def test_masks_combine_with_and_or_xor_not():
    a, b = torch_early.ByteTensor([1, 1, 0, 0]), torch_early.ByteTensor([1, 0, 1, 0])
    assert (a & b).tolist() == [1, 0, 0, 0]
    assert (a | b).tolist() == [1, 1, 1, 0]
    assert (a ^ b).tolist() == [0, 1, 1, 0]
    assert (~a).tolist() == [0, 0, 1, 1]
    assert a.tolist() == [1, 1, 0, 0]                         # the operands are left alone


def test_nonzero_bytes_count_as_true():
    assert (torch_early.ByteTensor([2, 4, 0]) & torch_early.ByteTensor([1, 1, 1])).tolist() == [1, 1, 0]
    assert (~torch_early.ByteTensor([5, 0])).tolist() == [0, 1]


def test_in_place_mask_operators_write_into_the_left_operand():
    a = torch_early.ByteTensor([1, 1, 0, 0])
    b = torch_early.ByteTensor([[1, 0], [1, 0]]).t()          # a non-contiguous operand
    before = a
    a &= torch_early.ByteTensor([1, 0, 1, 0])
    assert a is before and a.tolist() == [1, 0, 0, 0]
    a |= b
    assert a.tolist() == [1, 1, 0, 0]
    a ^= torch_early.ByteTensor([1, 1, 1, 1])
    assert a.tolist() == [0, 0, 1, 1]


def test_masks_from_comparisons():
    t = torch_early.FloatTensor([0, 1, 2, 3, 4, 5])
    assert ((t > 1) & (t < 4)).tolist() == [0, 0, 1, 1, 0, 0]
    assert ((t < 1) | (t >= 5)).tolist() == [1, 0, 0, 0, 0, 1]


@pytest.mark.parametrize('name', ['Char', 'Int', 'Long', 'Float', 'Double'])
def test_mask_operators_take_byte_tensors_only(name):
    # A RuntimeError, the type the first releases raised: FloatTensor & FloatTensor has no meaning.
    t = tensor_class(name)([1, 0])
    mask = torch_early.ByteTensor([1, 0])
    for expression in ['t & mask', 'mask | t', 't ^ t', '~t', 'mask & 1']:
        with pytest.raises(RuntimeError, match='supported on ByteTensors only'):
            eval(expression)
    with pytest.raises(RuntimeError, match="'torch_early.ByteTensor' and 'torch_early.%sTensor'" % name):
        mask &= t


def test_mask_operands_need_as_many_elements():
    with pytest.raises(RuntimeError, match=r'expected 2 elements \(size 2\) but got 3 \(size 3\)'):
        torch_early.ByteTensor([1, 0]) & torch_early.ByteTensor([1, 0, 1])
