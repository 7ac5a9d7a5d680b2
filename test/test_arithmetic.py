"""Arithmetic: add, sub, mul and div, with a number or with a tensor; and, shown on add, how every
generated method reads its arguments (keywords, out=, numbers of other kinds, wrong types).

Each op comes in three forms that share one implementation: a method that returns a new tensor
(a.add(b)), an in-place method that writes into the tensor and returns it (a.add_(b)), and a
function (torch_early.add(a, b, out=None)) that may write into a given result. Element-wise ops
need equal element counts, not equal shapes (there is no broadcasting): the first operand's shape
wins. Every expected value is computed on plain Python lists.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, INTEGER_DTYPES, NUMPY, tensor_class


def is_float(name):
    return name in FLOAT_DTYPES


def elementwise(op, rows, other):
    """op applied to each element of nested lists, with a number or with equally shaped lists."""
    if isinstance(rows, list):
        if isinstance(other, list):
            return [elementwise(op, r, o) for r, o in zip(rows, other)]
        return [elementwise(op, r, other) for r in rows]
    return op(rows, other)


def transpose(rows):
    return [list(column) for column in zip(*rows)]


def truncating_division(x, y):
    """C integer division: rounds toward zero (Python's // rounds down)."""
    quotient = abs(x) // abs(y)
    return quotient if (x < 0) == (y < 0) else -quotient


A = [[1, 2, 3], [4, 5, 6]]
B = [[6, 5, 4], [3, 2, 1]]


# ---- arithmetic with a number ---------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_add_sub_mul_a_number(name):
    a = tensor_class(name)(A)
    assert a.add(2).tolist() == elementwise(lambda x, y: x + y, A, 2)
    assert a.sub(1).tolist() == elementwise(lambda x, y: x - y, A, 1)
    assert a.mul(3).tolist() == elementwise(lambda x, y: x * y, A, 3)
    assert a.tolist() == A  # the methods without _ leave their operand alone


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_div_a_number_in_floating_point(name):
    assert tensor_class(name)([1, -3, 5]).div(2).tolist() == [0.5, -1.5, 2.5]


@pytest.mark.parametrize('name', ['Char', 'Short', 'Int', 'Long'])  # the signed ones
def test_integer_division_rounds_toward_zero(name):
    values = [7, -7, 6, -1]
    expected = [truncating_division(x, 2) for x in values]
    assert tensor_class(name)(values).div(2).tolist() == expected == [3, -3, 3, 0]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_fractional_numbers_on_float_tensors(name):
    assert tensor_class(name)([1, 2]).add(0.5).tolist() == [1.5, 2.5]
    assert tensor_class(name)([1, 2]).mul(0.25).tolist() == [0.25, 0.5]


# ---- arithmetic with a tensor ---------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_add_sub_mul_div_a_tensor(name):
    a, b = tensor_class(name)(A), tensor_class(name)(B)
    assert a.add(b).tolist() == elementwise(lambda x, y: x + y, A, B)
    sevens = [[7, 7, 7], [7, 7, 7]]  # minus A stays positive, so a Byte holds it too
    assert tensor_class(name)(sevens).sub(a).tolist() == elementwise(lambda x, y: x - y, sevens, A)
    assert a.mul(b).tolist() == elementwise(lambda x, y: x * y, A, B)
    divisors = [[1, 2, 4], [4, 2, 1]]  # quotients that are exact in binary floating point
    divide = (lambda x, y: x / y) if is_float(name) else truncating_division
    assert b.div(tensor_class(name)(divisors)).tolist() == elementwise(divide, B, divisors)


@pytest.mark.parametrize('name', DTYPES)
def test_add_and_sub_with_a_scaled_tensor(name):
    # a.add(value, b) is a + value * b
    a, b = tensor_class(name)(A), tensor_class(name)(B)
    assert a.add(2, b).tolist() == elementwise(lambda x, y: x + 2 * y, A, B)
    assert a.mul(10).sub(1, b).tolist() == elementwise(lambda x, y: 10 * x - y, A, B)


def test_keywords_name_the_operands():
    a, b = torch_early.FloatTensor(A), torch_early.FloatTensor(B)
    assert a.add(value=2, other=b).tolist() == a.add(2, b).tolist()
    assert a.add(other=b).tolist() == a.add(b).tolist()


def test_only_the_element_counts_must_agree():
    a = torch_early.FloatTensor(A)  # 2x3
    flat = torch_early.FloatTensor([10, 20, 30, 40, 50, 60])
    result = a.add(flat)
    assert result.size() == torch_early.Size([2, 3])  # the first operand's shape wins
    assert result.tolist() == [[11, 22, 33], [44, 55, 66]]


def test_non_contiguous_operands_are_read_by_their_strides():
    a = torch_early.FloatTensor(A).t()  # [[1, 4], [2, 5], [3, 6]]
    b = torch_early.FloatTensor(B).t()
    assert not a.is_contiguous()
    assert a.add(b).tolist() == elementwise(lambda x, y: x + y, transpose(A), transpose(B))
    assert a.mul(b).tolist() == elementwise(lambda x, y: x * y, transpose(A), transpose(B))
    column = torch_early.FloatTensor(A)[:, 1]  # [2, 5]
    assert column.mul(2).tolist() == [4, 10]


def test_in_place_on_a_non_contiguous_tensor_writes_the_source():
    base = torch_early.FloatTensor(A)
    base.t().add_(torch_early.FloatTensor([10, 20, 30, 40, 50, 60]))
    # base.t() is 3x2 and reads down base's columns, so 10, 20 land in column 0
    assert base.tolist() == [[11, 32, 53], [24, 45, 66]]


def test_another_element_count_is_a_runtime_error_naming_the_sizes():
    a = torch_early.FloatTensor(A)
    with pytest.raises(RuntimeError) as error:
        a.add(torch_early.FloatTensor([1, 2, 3]))
    assert 'expected 6 elements (size 2x3) but got 3 (size 3)' in str(error.value)
    with pytest.raises(RuntimeError, match='size 2x3'):
        a.mul_(torch_early.FloatTensor(4, 2))
    assert a.tolist() == A  # a failed check leaves the operand as it was


@pytest.mark.parametrize('name', INTEGER_DTYPES)
def test_integer_division_by_zero_is_a_zero_division_error_not_a_crash(name):
    a = tensor_class(name)([4, 6])
    with pytest.raises(ZeroDivisionError, match='integer division by zero'):
        a.div(0)
    with pytest.raises(RuntimeError, match='integer division by zero'):  # also a RuntimeError
        a.div_(tensor_class(name)([2, 0]))
    assert a.tolist() == [4, 6]  # checked before anything is written


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('divide', [lambda a, b: a.div_(b), lambda a, b: a.cdiv_(b),
                                    lambda a, b: a.__itruediv__(b),
                                    lambda a, b: torch_early.div(a, b, out=a)])
def test_division_by_a_view_of_the_result(name, divide):
    # a /= a.t() with a = [[2, 1], [4, 2]]: the loop writes the second element (1/4, which is 0 for
    # integers) before it reads it as the divisor of the third. The answer uses the values before.
    a = tensor_class(name)([[2, 1], [4, 2]])
    divide(a, a.t())
    quarter = 0.25 if name in ('Float', 'Double') else 0
    assert a.tolist() == [[1, quarter], [4, 1]]


# ---- division whose result overlaps its own divisors ---------------------------------------
# A tensor whose elements overlap each other (expand: stride 0; unfold: overlapping windows),
# divided in place by itself: the first element written (0 for a remainder) is read again as a
# divisor further on, which killed the process (SIGFPE) for integers. Every element is now computed
# from the values before the call, as NumPy computes them.

def test_the_self_overlap_reproducers_are_not_a_crash():
    x = torch_early.IntTensor(1, 3).fill_(5).expand(4, 3); x.cremainder_(x)
    assert x.tolist() == [[0] * 3] * 4
    a = torch_early.IntTensor([[3]]).expand(2, 2); a.fmod_(a)
    assert a.tolist() == [[0, 0], [0, 0]]
    a = torch_early.IntTensor([[3]]).expand(2, 2); a %= a
    assert a.tolist() == [[0, 0], [0, 0]]
    a = torch_early.IntTensor([[3]]).expand(2, 2); a.remainder_(a)
    assert a.tolist() == [[0, 0], [0, 0]]
    u = torch_early.IntTensor(5).fill_(3).unfold(0, 2, 1); u.fmod_(u)
    assert u.tolist() == [[0, 0]] * 4
    a = torch_early.IntTensor([[2]]).expand(3, 1)
    a.addcdiv_(-1, torch_early.IntTensor([[4], [4], [4]]), a)
    assert a.tolist() == [[0], [0], [0]]         # 2 + (-1 * 4) / 2, from the values before


def self_overlapping(name, shape, value):
    """A tensor of `value`s whose elements overlap each other: a row expanded down `shape`
    ('expanded'), or windows of 2 elements one apart ('unfolded')."""
    cls = tensor_class(name)
    if shape == 'expanded':
        return cls(1, 3).fill_(value).expand(4, 3)
    return cls(5).fill_(value).unfold(0, 2, 1)


def quotient(x, y):
    """x / y as the dtype divides (the values here are positive: truncating is flooring)."""
    return numpy.floor_divide(x, y) if x.dtype.kind in 'iu' else numpy.true_divide(x, y)


SELF_DIVISIONS = {
    'cremainder_': (lambda x: x.cremainder_(x), numpy.remainder),
    'remainder_': (lambda x: x.remainder_(x), numpy.remainder),
    '%=': (lambda x: x.__imod__(x), numpy.remainder),
    'cfmod_': (lambda x: x.cfmod_(x), numpy.fmod),
    'fmod_': (lambda x: x.fmod_(x), numpy.fmod),
    'torch_early.fmod out=': (lambda x: torch_early.fmod(x, x, out=x), numpy.fmod),
    'cdiv_': (lambda x: x.cdiv_(x), quotient),
    'div_': (lambda x: x.div_(x), quotient),
    'addcdiv_': (lambda x: x.addcdiv_(1, x.new(x.size()).fill_(4), x),
                 lambda x, y: x + quotient(numpy.full_like(x, 4), y)),
}


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('shape', ['expanded', 'unfolded'])
@pytest.mark.parametrize('op', sorted(SELF_DIVISIONS))
def test_in_place_division_by_itself_when_its_elements_overlap(name, shape, op):
    x = self_overlapping(name, shape, 3)
    divide, reference = SELF_DIVISIONS[op]
    before = numpy.array(x.tolist(), dtype=NUMPY[name])
    divide(x)
    assert x.tolist() == reference(before, before).tolist()


@pytest.mark.parametrize('name, smallest', [('Int', -2 ** 31), ('Long', -2 ** 63)])
def test_the_most_negative_integer_divided_by_minus_one_wraps(name, smallest):
    # the true quotient does not fit; C would trap, TH wraps like any other integer overflow
    assert tensor_class(name)([smallest]).div(-1).tolist() == [smallest]


def test_float_division_by_zero_gives_infinities():
    result = torch_early.DoubleTensor([1, -1, 0]).div(0).tolist()
    assert result[0] == float('inf') and result[1] == float('-inf') and result[2] != result[2]


# ---- in-place forms -------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_in_place_forms_return_self(name):
    a, b = tensor_class(name)(A), tensor_class(name)(B)
    assert a.add_(b) is a
    assert a.tolist() == elementwise(lambda x, y: x + y, A, B)
    assert a.sub_(b) is a
    assert a.tolist() == A
    assert a.mul_(2) is a
    assert a.div_(2) is a
    assert a.tolist() == A
    assert a.add_(2, b) is a
    assert a.tolist() == elementwise(lambda x, y: x + 2 * y, A, B)


# ---- function forms -------------------------------------------------------------------------

def test_function_forms_match_the_methods():
    a, b = torch_early.FloatTensor(A), torch_early.FloatTensor(B)
    assert torch_early.add(a, b).tolist() == a.add(b).tolist()
    assert torch_early.add(a, 2, b).tolist() == a.add(2, b).tolist()
    assert torch_early.sub(a, 1).tolist() == a.sub(1).tolist()
    assert torch_early.mul(a, b).tolist() == a.mul(b).tolist()
    assert torch_early.div(a, 4).tolist() == a.div(4).tolist()
    assert a.tolist() == A


def test_out_receives_the_result_and_is_returned():
    a, b = torch_early.IntTensor(A), torch_early.IntTensor(B)
    out = torch_early.IntTensor(7)  # any size: the op resizes it
    result = torch_early.add(a, b, out=out)
    assert result is out
    assert out.tolist() == elementwise(lambda x, y: x + y, A, B)
    assert torch_early.mul(a, 3, out=out) is out
    assert out.tolist() == elementwise(lambda x, y: x * y, A, 3)


def test_methods_take_out_too():
    # The era's generator gave out= to every option with a result, methods included.
    a, b = torch_early.IntTensor(A), torch_early.IntTensor(B)
    out = torch_early.IntTensor()
    assert a.add(2, out=out) is out
    assert out.tolist() == elementwise(lambda x, y: x + y, A, 2)
    assert a.add(b, out=out) is out
    assert out.tolist() == elementwise(lambda x, y: x + y, A, B)
    assert a.tolist() == A
    values, indices = torch_early.IntTensor(), torch_early.LongTensor()
    assert a.max(1, out=(values, indices)) == (values, indices)
    assert values.tolist() == [[max(row)] for row in A]
    assert indices.tolist() == [[row.index(max(row))] for row in A]
    with pytest.raises(TypeError, match='invalid combination'):
        a.max(1, out=(values,))
    with pytest.raises(TypeError, match='invalid combination'):
        a.add(2, out=torch_early.FloatTensor())


def test_out_may_be_the_input_itself():
    a = torch_early.FloatTensor([1, 2])
    assert torch_early.add(a, 1, out=a) is a
    assert a.tolist() == [2, 3]


def test_out_of_the_wrong_type_is_a_type_error():
    a = torch_early.FloatTensor(A)
    with pytest.raises(TypeError) as error:
        torch_early.add(a, a, out=torch_early.DoubleTensor())
    message = str(error.value)
    assert message.startswith('torch_early.add(FloatTensor, FloatTensor, out=DoubleTensor): the '
                              'tensors must be of one type; convert one with .float(), .double() '
                              'or .type_as(other)\n'
                              'add received an invalid combination of arguments - got '
                              '(torch_early.FloatTensor, torch_early.FloatTensor, '
                              'out=torch_early.DoubleTensor), but expected one of:')
    assert ('\n * (torch_early.FloatTensor source, torch_early.FloatTensor other, '
            'out=torch_early.FloatTensor)') in message


# ---- wrong argument types -------------------------------------------------------------------

def test_wrong_types_are_a_type_error_listing_the_signatures():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(A).add('x')
    assert str(error.value) == (
        'add received an invalid combination of arguments - got (str), but expected one of:\n'
        ' * (float value, torch_early.FloatTensor other, out=torch_early.FloatTensor)\n'
        ' * (float value, torch_early.FloatTensor other)\n'
        ' * (float value, torch_early.sparse.FloatTensor other, out=torch_early.FloatTensor)\n'
        ' * (float value, torch_early.sparse.FloatTensor other)\n'
        ' * (float value, out=torch_early.FloatTensor)\n'
        ' * (float value)\n'
        ' * (torch_early.FloatTensor other, out=torch_early.FloatTensor)\n'
        ' * (torch_early.FloatTensor other)\n'
        ' * (torch_early.sparse.FloatTensor other, out=torch_early.FloatTensor)\n'
        ' * (torch_early.sparse.FloatTensor other)')


def test_integer_tensors_take_integer_values_only():
    with pytest.raises(TypeError) as error:
        torch_early.IntTensor([1, 2]).add(1.5)
    assert 'got (float), but expected one of:\n * (int value, torch_early.IntTensor other, ' \
        'out=torch_early.IntTensor)\n * (int value, torch_early.IntTensor other)\n' \
        in str(error.value)


def test_a_tensor_of_another_dtype_is_a_type_error():
    with pytest.raises(TypeError, match='got \\(torch_early.DoubleTensor\\)'):
        torch_early.FloatTensor([1, 2]).add(torch_early.DoubleTensor([1, 2]))


def test_unknown_keywords_are_a_type_error():
    with pytest.raises(TypeError, match="unexpected keyword argument 'alpha'"):
        torch_early.FloatTensor([1]).add(1, alpha=2)


def test_an_array_is_not_a_number():
    # a NumPy array has __float__ and __index__, yet it is not a value: it gets the usual message
    with pytest.raises(TypeError, match='got \\(numpy.ndarray\\), but expected one of'):
        torch_early.FloatTensor([1, 2]).add(numpy.array([5.0]))
    with pytest.raises(TypeError, match='got \\(numpy.ndarray\\), but expected one of'):
        torch_early.IntTensor([1, 2]).mul(numpy.array([3]))


def test_an_int_beyond_64_bits_is_an_overflow_error():
    t = torch_early.LongTensor([1, 2])
    with pytest.raises(OverflowError, match='out of range for integer tensors'):
        t.add(2 ** 64)
    with pytest.raises(OverflowError, match='out of range for integer tensors'):
        t.fill_(-2 ** 63 - 1)
    assert t.tolist() == [1, 2]


def test_other_kinds_of_numbers_convert():
    a = torch_early.FloatTensor([1, 2])
    assert a.add(numpy.float32(0.5)).tolist() == [1.5, 2.5]
    assert torch_early.IntTensor([1, 2]).add(numpy.int64(3)).tolist() == [4, 5]
    assert a.add(True).tolist() == [2, 3]  # bool is an int
