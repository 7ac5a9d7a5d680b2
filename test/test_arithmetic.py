"""The math of the spine: arithmetic, reductions, dot, addmm, filling and random numbers.

Each op comes in three forms that share one implementation: a method that returns a new tensor
(a.add(b)), an in-place method that writes into the tensor and returns it (a.add_(b)), and a
function (torch_early.add(a, b, out=None)) that may write into a given result. Element-wise ops
need equal element counts, not equal shapes (there is no broadcasting): the first operand's shape
wins. Every expected value is computed on plain Python lists.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, INTEGER_DTYPES, tensor_class


def is_float(name):
    return name in FLOAT_DTYPES


def elementwise(op, rows, other):
    """op applied to each element of nested lists, with a number or with equally shaped lists."""
    if isinstance(rows, list):
        if isinstance(other, list):
            return [elementwise(op, r, o) for r, o in zip(rows, other)]
        return [elementwise(op, r, other) for r in rows]
    return op(rows, other)


def matmul(a, b):
    """The matrix product of two lists of rows, the obvious way."""
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


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
    assert message.startswith('add received an invalid combination of arguments - got '
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


# ---- reductions -----------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_sum_and_prod_over_everything_are_python_numbers(name):
    a = tensor_class(name)(A)
    flat = [x for row in A for x in row]
    product = 1
    for x in flat:
        product *= x
    assert a.sum() == sum(flat) == 21
    assert a.prod() == product == 720  # more than a Byte holds: accumulated in a wider type
    number = float if is_float(name) else int
    assert type(a.sum()) is number and type(a.prod()) is number


def test_sum_accumulates_in_a_wider_type():
    assert torch_early.ByteTensor([200, 200]).sum() == 400
    assert torch_early.CharTensor([100, 100]).sum() == 200


@pytest.mark.parametrize('name', DTYPES)
def test_sum_and_prod_along_a_dimension_keep_it_with_size_one(name):
    a = tensor_class(name)(A)
    down = a.sum(0)
    assert down.size() == torch_early.Size([1, 3])
    assert down.tolist() == [[sum(column) for column in transpose(A)]]
    across = a.sum(1)
    assert across.size() == torch_early.Size([2, 1])
    assert across.tolist() == [[sum(row)] for row in A]
    assert a.prod(1).tolist() == [[1 * 2 * 3], [4 * 5 * 6]]
    assert type(down) is tensor_class(name)


def test_reductions_of_a_transposed_tensor():
    a = torch_early.DoubleTensor(A).t()  # 3x2
    assert a.sum(0).tolist() == [[sum(row) for row in A]]
    assert a.sum(1).tolist() == [[sum(column)] for column in transpose(A)]
    assert a.sum() == 21


def test_reductions_as_functions_and_into_out():
    a = torch_early.FloatTensor(A)
    assert torch_early.sum(a) == 21
    assert torch_early.prod(a) == 720
    out = torch_early.FloatTensor()
    assert torch_early.sum(a, 1, out=out) is out
    assert out.tolist() == [[6], [15]]
    assert a.sum(dim=0).tolist() == [[5, 7, 9]]


def test_the_empty_sum_is_zero_and_the_empty_product_is_one():
    assert torch_early.FloatTensor().sum() == 0
    assert torch_early.FloatTensor().prod() == 1


def test_a_dimension_out_of_range_is_a_runtime_error():
    with pytest.raises(RuntimeError, match='dimension 2 out of range of 2D tensor'):
        torch_early.FloatTensor(A).sum(2)


# ---- dot ------------------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_dot_is_the_sum_of_products(name):
    a, b = tensor_class(name)([1, 2, 3]), tensor_class(name)([4, 5, 6])
    assert a.dot(b) == 1 * 4 + 2 * 5 + 3 * 6 == 32
    assert torch_early.dot(a, b) == 32
    assert type(a.dot(b)) is (float if is_float(name) else int)


def test_dot_reads_both_tensors_as_one_dimension():
    a, b = torch_early.FloatTensor(A), torch_early.FloatTensor(B)
    flat_a = [x for row in A for x in row]
    flat_b = [x for row in B for x in row]
    assert a.dot(b) == sum(x * y for x, y in zip(flat_a, flat_b))
    # a non-contiguous operand is read in its own row-major order
    assert a.t().dot(b.t()) == a.dot(b)


def test_dot_needs_as_many_elements():
    with pytest.raises(RuntimeError, match='expected 3 elements \\(size 3\\) but got 2'):
        torch_early.FloatTensor([1, 2, 3]).dot(torch_early.FloatTensor([1, 2]))


# ---- addmm ----------------------------------------------------------------------------------
# addmm computes beta * M + alpha * (mat1 @ mat2); beta and alpha are optional positional numbers.

M = [[1, 0], [0, 1], [2, 2]]
MAT1 = [[1, 2], [3, 4], [5, 6]]
MAT2 = [[1, 0], [2, 1]]


def addmm(beta, m, alpha, mat1, mat2):
    product = matmul(mat1, mat2)
    return [[beta * m[i][j] + alpha * product[i][j] for j in range(len(m[0]))]
            for i in range(len(m))]


@pytest.mark.parametrize('name', DTYPES)
def test_addmm_method_forms(name):
    cls = tensor_class(name)
    m, mat1, mat2 = cls(M), cls(MAT1), cls(MAT2)
    assert m.addmm(mat1, mat2).tolist() == addmm(1, M, 1, MAT1, MAT2)
    assert m.addmm(2, mat1, mat2).tolist() == addmm(2, M, 1, MAT1, MAT2)
    assert m.addmm(2, 3, mat1, mat2).tolist() == addmm(2, M, 3, MAT1, MAT2)
    assert m.tolist() == M


@pytest.mark.parametrize('name', DTYPES)
def test_addmm_in_place(name):
    cls = tensor_class(name)
    m = cls(M)
    assert m.addmm_(2, 3, cls(MAT1), cls(MAT2)) is m
    assert m.tolist() == addmm(2, M, 3, MAT1, MAT2)


def test_addmm_function_forms():
    m, mat1, mat2 = (torch_early.DoubleTensor(x) for x in (M, MAT1, MAT2))
    assert torch_early.addmm(m, mat1, mat2).tolist() == addmm(1, M, 1, MAT1, MAT2)
    assert torch_early.addmm(2, m, mat1, mat2).tolist() == addmm(2, M, 1, MAT1, MAT2)
    assert torch_early.addmm(2, m, 3, mat1, mat2).tolist() == addmm(2, M, 3, MAT1, MAT2)
    assert torch_early.addmm(m, 3, mat1, mat2).tolist() == addmm(1, M, 3, MAT1, MAT2)
    out = torch_early.DoubleTensor()
    assert torch_early.addmm(m, mat1, mat2, out=out) is out
    assert out.tolist() == addmm(1, M, 1, MAT1, MAT2)
    assert m.tolist() == M


def test_addmm_keywords():
    m, mat1, mat2 = (torch_early.FloatTensor(x) for x in (M, MAT1, MAT2))
    assert m.addmm(beta=2, mat1=mat1, mat2=mat2).tolist() == addmm(2, M, 1, MAT1, MAT2)
    assert m.addmm(mat1, mat2, alpha=3).tolist() == addmm(1, M, 3, MAT1, MAT2)


@pytest.mark.parametrize('name', ['Float', 'Double', 'Int', 'Long'])
def test_addmm_with_transposed_operands(name):
    cls = tensor_class(name)
    mat1 = cls(transpose(MAT1)).t()  # the same values as MAT1, stored column by column
    mat2 = cls(transpose(MAT2)).t()
    m = cls(transpose(M)).t()
    assert not mat1.is_contiguous()
    assert m.addmm(2, 3, mat1, mat2).tolist() == addmm(2, M, 3, MAT1, MAT2)
    m.addmm_(mat1, mat2)  # in place into a transposed result writes through its strides
    assert m.tolist() == addmm(1, M, 1, MAT1, MAT2)


@pytest.mark.parametrize('name', ['Float', 'Double', 'Int', 'Long'])
def test_addmm_with_narrowed_operands(name):
    cls = tensor_class(name)
    big = [[10 * i + j for j in range(5)] for i in range(4)]
    mat1 = cls(big)[1:4, 1:3]  # a 3x2 window: rows 1-3, columns 1-2
    window = [row[1:3] for row in big[1:4]]
    mat2 = cls(big).narrow(0, 2, 2).narrow(1, 0, 3)  # 2x3
    window2 = [row[0:3] for row in big[2:4]]
    m = cls(3, 3).zero_()
    assert m.addmm(mat1, mat2).tolist() == matmul(window, window2)


def test_addmm_of_larger_matrices_against_the_obvious_product():
    n = 17  # not a multiple of any block size
    a = [[(i * 7 + j * 3) % 11 - 5 for j in range(n)] for i in range(n)]
    b = [[(i * 5 + j * 2) % 13 - 6 for j in range(n)] for i in range(n)]
    result = torch_early.DoubleTensor(n, n).zero_().addmm(
        torch_early.DoubleTensor(a), torch_early.DoubleTensor(b))
    assert result.tolist() == matmul(a, b)


def test_addmm_size_mismatches_are_runtime_errors_naming_sizes():
    m = torch_early.FloatTensor(M)
    with pytest.raises(RuntimeError, match='size mismatch: mat1 is 3x2 and mat2 is 3x2'):
        m.addmm(torch_early.FloatTensor(MAT1), torch_early.FloatTensor(3, 2))
    with pytest.raises(RuntimeError, match='expected the added matrix to be 3x2'):
        torch_early.FloatTensor(2, 2).addmm(torch_early.FloatTensor(MAT1),
                                            torch_early.FloatTensor(MAT2))
    with pytest.raises(RuntimeError, match='expected a matrix for mat1, got a 1D tensor'):
        m.addmm(torch_early.FloatTensor(6), torch_early.FloatTensor(MAT2))
    assert m.tolist() == M


def test_addmm_wrong_types_list_the_signatures():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(M).addmm(1)
    assert str(error.value).startswith(
        'addmm received an invalid combination of arguments - got (int), but expected one of:\n'
        ' * (float beta, float alpha, torch_early.FloatTensor mat1, torch_early.FloatTensor mat2, '
        'out=torch_early.FloatTensor)\n'
        ' * (float beta, float alpha, torch_early.FloatTensor mat1, torch_early.FloatTensor mat2)\n')


# ---- fill_ and zero_ ------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_fill_and_zero(name):
    t = tensor_class(name)(2, 3)
    assert t.fill_(7) is t
    assert t.tolist() == [[7] * 3] * 2
    assert t.zero_() is t
    assert t.tolist() == [[0] * 3] * 2


def test_half_tensors_fill_and_zero_too():
    # Half has no math, but filling is part of storing values.
    t = torch_early.HalfTensor(2, 3).fill_(1.5)
    assert t.tolist() == [[1.5] * 3] * 2
    assert t.t()[1].zero_().tolist() == [0, 0]
    assert t.tolist() == [[1.5, 0, 1.5]] * 2
    assert torch_early.zero(t) is t and t.tolist() == [[0] * 3] * 2


def test_fill_of_a_view_fills_only_the_view():
    t = torch_early.FloatTensor(3, 3).zero_()
    t[:, 1].fill_(5)
    assert t.tolist() == [[0, 5, 0], [0, 5, 0], [0, 5, 0]]


def test_zero_as_a_function_works_in_place():
    t = torch_early.IntTensor([1, 2])
    assert torch_early.zero(t) is t
    assert t.tolist() == [0, 0]


def test_fill_checks_its_value():
    with pytest.raises(TypeError, match='fill_ received an invalid combination of arguments - '
                                        'got \\(float\\), but expected \\(int value\\)'):
        torch_early.IntTensor(2).fill_(2.5)


# ---- random numbers -------------------------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_uniform_stays_in_its_range(name):
    t = tensor_class(name)(1000).uniform_(2, 3, generator=torch_early.Generator().manual_seed(1))
    values = t.tolist()
    assert all(2 <= x < 3 for x in values)
    assert len(set(values)) > 900  # not a constant


def test_normal_has_roughly_its_mean_and_spread():
    generator = torch_early.Generator().manual_seed(1)
    values = torch_early.DoubleTensor(10000).normal_(5, 2, generator=generator).tolist()
    mean = sum(values) / len(values)
    spread = (sum((x - mean) ** 2 for x in values) / len(values)) ** 0.5
    assert abs(mean - 5) < 0.1  # the standard error is 2 / 100
    assert abs(spread - 2) < 0.1


def test_a_generator_argument_gives_reproducible_numbers():
    first = torch_early.Generator().manual_seed(7)
    second = torch_early.Generator().manual_seed(7)
    a = torch_early.FloatTensor(5).uniform_(generator=first).tolist()
    b = torch_early.FloatTensor(5).uniform_(generator=second).tolist()
    assert a == b
    assert torch_early.FloatTensor(5).normal_(0, 1, generator=first).tolist() == \
        torch_early.FloatTensor(5).normal_(0, 1, generator=second).tolist()


def test_a_private_generator_leaves_the_default_one_alone():
    torch_early.manual_seed(3)
    expected = torch_early.DoubleTensor(4).uniform_().tolist()
    torch_early.manual_seed(3)
    torch_early.DoubleTensor(4).uniform_(generator=torch_early.Generator())
    assert torch_early.DoubleTensor(4).uniform_().tolist() == expected


def test_manual_seed_gives_the_same_numbers_twice():
    torch_early.manual_seed(123)
    first = torch_early.DoubleTensor(6).uniform_().tolist()
    ints = torch_early.IntTensor(3).random_().tolist()
    torch_early.manual_seed(123)
    assert torch_early.DoubleTensor(6).uniform_().tolist() == first
    assert torch_early.IntTensor(3).random_().tolist() == ints
    torch_early.manual_seed(124)
    assert torch_early.DoubleTensor(6).uniform_().tolist() != first


def test_rng_state_round_trip():
    torch_early.manual_seed(5)
    torch_early.FloatTensor(3).normal_()  # leave a cached normal sample in the state, too
    state = torch_early.get_rng_state()
    assert type(state) is torch_early.ByteTensor
    ahead = torch_early.FloatTensor(5).normal_().tolist()
    torch_early.set_rng_state(state)
    assert torch_early.FloatTensor(5).normal_().tolist() == ahead


def test_a_generator_argument_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match='got \\(generator=int\\)'):
        torch_early.FloatTensor(3).uniform_(generator=1)


def test_uniform_and_normal_exist_only_for_floating_point():
    assert not hasattr(torch_early.IntTensor(1), 'uniform_')
    assert not hasattr(torch_early.LongTensor(1), 'normal_')


# ---- dimensions are C ints in TH: larger values must fail, not wrap -------------------------------

@pytest.mark.parametrize('call', [
    lambda m: m.sum(2 ** 32 + 1),
    lambda m: m.prod(2 ** 32),
    lambda m: m.transpose(0, 2 ** 32 + 1),
    lambda m: m.select(2 ** 32, 0),
    lambda m: m.narrow(2 ** 32, 0, 1),
    lambda m: m.unsqueeze(2 ** 32),
    lambda m: m.squeeze(2 ** 32),
])
def test_dimensions_beyond_a_c_int_are_refused(call):
    m = torch_early.FloatTensor([[1, 2], [3, 4]])
    with pytest.raises(OverflowError, match='dimension 4294967'):
        call(m)
