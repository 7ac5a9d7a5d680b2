"""Element-wise math: functions of one tensor (exp, sqrt, abs...), powers, remainders, limits,
two-tensor blends (lerp, atan2), addcmul/addcdiv, and the operators that call them.

Every op comes in three forms sharing one implementation: a method returning a new tensor
(a.exp()), an in-place method returning the tensor it wrote (a.exp_()), and a function that may
write into a given result (torch_early.exp(a, out=r)). Each is compared with NumPy on operands
laid out in every way a tensor can be: contiguous, transposed, narrowed out of a larger tensor,
and expanded (stride 0, one row read again and again). Which dtypes have an op follows the era:
the transcendental and rounding functions, pow, atan2 and lerp are Float and Double only; neg
and abs exist for the signed types; sign, remainders, limits and addcmul for every type.
"""
import numpy
import pytest

import torch_early
from tensor_checks import (DTYPES, FLOAT_DTYPES, INTEGER_DTYPES, LAYOUTS, NUMPY, SIGNED_DTYPES,
                           as_numpy, laid_out, tensor_class)


def assert_matches(tensor, expected, name):
    """Same shape and values as the NumPy array: exactly for integers, to the precision of the
    dtype for floating point (nan matches nan)."""
    assert tuple(tensor.size()) == expected.shape
    got = as_numpy(tensor, name)
    if name in FLOAT_DTYPES:
        tolerance = 2e-6 if name == 'Float' else 1e-13
        numpy.testing.assert_allclose(got, expected.astype(got.dtype), rtol=tolerance,
                                      atol=1e-30, equal_nan=True)
    else:
        numpy.testing.assert_array_equal(got, expected.astype(got.dtype))


def check_three_forms(name, tensor, method, expected, *args, **kwargs):
    """tensor.method(*args), torch_early.method(tensor, *args, out=r) and the in-place
    tensor.method_(*args) all give `expected`; only the in-place one changes `tensor`."""
    before = tensor.tolist()
    assert_matches(getattr(tensor, method)(*args, **kwargs), expected, name)
    assert tensor.tolist() == before
    assert_matches(getattr(torch_early, method)(tensor, *args, **kwargs), expected, name)
    out = tensor_class(name)(7)
    assert getattr(torch_early, method)(tensor, *args, out=out, **kwargs) is out
    assert_matches(out, expected, name)
    if tensor.stride(0) != 0:      # writing into an expanded tensor would write one row twice
        assert getattr(tensor, method + '_')(*args, **kwargs) is tensor
        assert_matches(tensor, expected, name)


def round_half_away(x):
    return numpy.sign(x) * numpy.floor(numpy.abs(x) + 0.5)


# ---- functions of one tensor ----------------------------------------------------------------

# op: (NumPy's version, values inside the domain, with halfway and negative cases)
GENERAL = [[-2.5, -1.25, -0.5, 0.0], [0.5, 1.5, 2.25, 3.0], [-3.0, 0.75, 2.5, -0.2]]
UNIT = [[-0.9, -0.5, -0.1, 0.0], [0.2, 0.45, 0.7, 0.9], [-0.3, 0.35, -0.75, 0.6]]
POSITIVE = [[0.25, 0.5, 1.0, 1.5], [2.0, 3.5, 7.0, 10.0], [0.1, 4.0, 5.5, 100.0]]
FLOAT_FUNCTIONS = {
    'abs': (numpy.abs, GENERAL),
    'acos': (numpy.arccos, UNIT),
    'asin': (numpy.arcsin, UNIT),
    'atan': (numpy.arctan, GENERAL),
    'ceil': (numpy.ceil, GENERAL),
    'cos': (numpy.cos, GENERAL),
    'cosh': (numpy.cosh, GENERAL),
    'exp': (numpy.exp, GENERAL),
    'floor': (numpy.floor, GENERAL),
    'frac': (lambda x: x - numpy.trunc(x), GENERAL),
    'log': (numpy.log, POSITIVE),
    'log1p': (numpy.log1p, UNIT),
    'neg': (numpy.negative, GENERAL),
    'reciprocal': (lambda x: 1 / x, POSITIVE),
    'cinv': (lambda x: 1 / x, POSITIVE),
    'round': (round_half_away, GENERAL),    # halfway cases away from zero, as C's round
    'rsqrt': (lambda x: 1 / numpy.sqrt(x), POSITIVE),
    'sigmoid': (lambda x: 1 / (1 + numpy.exp(-x)), GENERAL),
    'sign': (numpy.sign, GENERAL),
    'sin': (numpy.sin, GENERAL),
    'sinh': (numpy.sinh, GENERAL),
    'sqrt': (numpy.sqrt, POSITIVE),
    'tan': (numpy.tan, GENERAL),
    'tanh': (numpy.tanh, GENERAL),
    'trunc': (numpy.trunc, GENERAL),
}


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('op', sorted(FLOAT_FUNCTIONS))
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_functions_of_one_float_tensor(name, op, layout):
    reference, rows = FLOAT_FUNCTIONS[op]
    tensor = laid_out(name, rows, layout)
    expected = reference(as_numpy(tensor, name).astype(numpy.float64))
    check_three_forms(name, tensor, op, expected)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('op,reference', [('neg', numpy.negative), ('abs', numpy.abs),
                                          ('sign', numpy.sign)])
@pytest.mark.parametrize('name', ['Char', 'Short', 'Int', 'Long'])
def test_neg_abs_and_sign_of_signed_integers(name, op, reference, layout):
    tensor = laid_out(name, [[-7, -1, 0, 5], [3, -2, 9, -8], [1, 0, -6, 2]], layout)
    check_three_forms(name, tensor, op, reference(as_numpy(tensor, name)))


@pytest.mark.parametrize('name', ['Int', 'Long'])
def test_negating_the_most_negative_integer_wraps_instead_of_crashing(name):
    most_negative = -2 ** 31 if name == 'Int' else -2 ** 63
    tensor = tensor_class(name)([most_negative, 3])
    assert tensor.neg().tolist() == [most_negative, -3]
    assert tensor.abs().tolist() == [most_negative, 3]


@pytest.mark.parametrize('name', INTEGER_DTYPES)
def test_integer_types_have_no_float_functions(name):
    tensor = tensor_class(name)([1, 2])
    for op in ('exp', 'sqrt', 'sigmoid', 'round', 'pow', 'lerp', 'atan2', 'reciprocal'):
        assert not hasattr(tensor, op)
        with pytest.raises(TypeError, match="doesn't implement stateless method " + op):
            getattr(torch_early, op)(tensor)


def test_byte_tensors_have_no_neg_or_abs():
    tensor = torch_early.ByteTensor([1, 2])
    for op in ('neg', 'abs'):
        assert not hasattr(tensor, op)


@pytest.mark.parametrize('layout', LAYOUTS)
def test_the_sign_of_a_byte_tensor_is_0_or_1(layout):
    tensor = laid_out('Byte', [[0, 1, 255], [7, 0, 128]], layout)
    check_three_forms('Byte', tensor, 'sign', numpy.sign(as_numpy(tensor, 'Byte')))


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_the_sign_of_nan_is_0(name):
    assert tensor_class(name)([float('nan'), -0.0, float('-inf')]).sign().tolist() == [0, 0, -1]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_functions_at_the_edges_of_their_domain(name):
    tensor = tensor_class(name)([float('nan'), float('inf'), -float('inf'), 0.0, -1.0, 1000.0])
    with numpy.errstate(all='ignore'):
        values = as_numpy(tensor, name)
        assert_matches(tensor.exp(), numpy.exp(values), name)
        assert_matches(tensor.log(), numpy.log(values), name)
        assert_matches(tensor.sqrt(), numpy.sqrt(values), name)
        assert_matches(tensor.sigmoid(), 1 / (1 + numpy.exp(-values)), name)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_long_tensors_take_the_parallel_vector_path_and_agree(name):
    """Above 100 000 elements a contiguous exp, sigmoid, add or mul runs THVector's SIMD kernels
    on several threads; every element must still match NumPy (also at the odd-sized end)."""
    values = numpy.linspace(-30, 30, 300007).astype(NUMPY[name])
    tensor = torch_early.from_numpy(values)
    other = torch_early.from_numpy(values[::-1] + 31)    # from 1 to 61: never zero
    tolerance = 2e-6 if name == 'Float' else 1e-13
    numpy.testing.assert_allclose(tensor.exp().numpy(), numpy.exp(values), rtol=tolerance)
    numpy.testing.assert_allclose(tensor.sigmoid().numpy(), 1 / (1 + numpy.exp(-values)),
                                  rtol=tolerance)
    others = other.numpy()
    numpy.testing.assert_array_equal(tensor.add(other).numpy(), values + others)
    numpy.testing.assert_array_equal(tensor.mul(other).numpy(), values * others)
    numpy.testing.assert_array_equal(tensor.div(other).numpy(), values / others)
    every_other = tensor.unfold(0, 1, 2)                  # a strided view: the apply loop
    numpy.testing.assert_allclose(every_other.exp().numpy().ravel(), numpy.exp(values[::2]),
                                  rtol=tolerance)
    assert tensor.sum() == pytest.approx(float(values.astype(numpy.float64).sum()), abs=1e-6)


def test_the_simd_level_is_one_the_kernels_were_built_for():
    level = torch_early._C._simd_level()
    assert level in ('avx512f', 'avx2', 'avx', 'sse4.2', 'default')
    assert torch_early._C._simd_level() == level


# ---- powers ---------------------------------------------------------------------------------

BASES = [[0.5, 1.0, 1.5, 2.0], [2.5, 3.0, 0.25, 4.0], [1.25, 0.75, 5.0, 0.1]]
EXPONENTS = [[2.0, -1.0, 0.5, 3.0], [0.0, 1.5, -2.0, 0.25], [1.0, 2.5, -0.5, 4.0]]


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_pow_with_a_number_or_a_tensor_exponent(name, layout):
    base = laid_out(name, BASES, layout)
    exponent = laid_out(name, EXPONENTS, LAYOUTS[(LAYOUTS.index(layout) + 1) % 4])
    b, e = as_numpy(base, name).astype(numpy.float64), as_numpy(exponent, name).astype(numpy.float64)
    check_three_forms(name, base, 'pow', b ** 2.5, 2.5)
    check_three_forms(name, laid_out(name, BASES, layout), 'pow', b ** e, exponent)
    check_three_forms(name, laid_out(name, BASES, layout), 'cpow', b ** e, exponent)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_pow_of_a_number_to_each_element_is_a_function(name):
    exponent = tensor_class(name)(EXPONENTS)
    expected = 2.0 ** as_numpy(exponent, name).astype(numpy.float64)
    assert_matches(torch_early.pow(2, exponent), expected, name)
    out = tensor_class(name)()
    assert torch_early.pow(2, exponent, out=out) is out
    assert_matches(out, expected, name)
    assert_matches(2 ** exponent, expected, name)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_the_power_operators(name):
    a = tensor_class(name)(BASES)
    b = tensor_class(name)(EXPONENTS)
    values = as_numpy(a, name).astype(numpy.float64)
    assert_matches(a ** 2, values ** 2, name)
    assert_matches(a ** b, values ** as_numpy(b, name), name)
    assert_matches(3 ** a, 3.0 ** values, name)
    c = a.clone()
    c **= 2
    assert_matches(c, values ** 2, name)


# ---- remainders ---------------------------------------------------------------------------

def dividends(name):
    if name == 'Byte':
        return [[0, 1, 5, 7], [9, 11, 12, 13], [20, 3, 6, 100]]
    if name in FLOAT_DTYPES:
        return [[-7.5, -3.0, -0.5, 0.0], [0.5, 2.25, 5.0, 7.5], [-6.25, 4.0, 9.0, -1.0]]
    return [[-7, -3, -1, 0], [1, 2, 5, 7], [-6, 4, 9, -11]]


def divisors(name):
    if name == 'Byte':
        return [[3, 2, 4, 5], [1, 7, 5, 3], [6, 4, 5, 9]]
    return [[3, -2, 4, -5], [1, 7, -5, 3], [-6, 4, 2.5 if name in FLOAT_DTYPES else 5, -4]]


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_fmod_keeps_the_sign_of_the_dividend(name, layout):
    scalars = [3] if name == 'Byte' else [3, -3]
    for divisor in scalars:
        tensor = laid_out(name, dividends(name), layout)
        check_three_forms(name, tensor, 'fmod',
                          numpy.fmod(as_numpy(tensor, name), divisor), divisor)
    tensor = laid_out(name, dividends(name), layout)
    other = laid_out(name, divisors(name), 'transposed')
    expected = numpy.fmod(as_numpy(tensor, name), as_numpy(other, name))
    check_three_forms(name, tensor, 'fmod', expected, other)
    check_three_forms(name, laid_out(name, dividends(name), layout), 'cfmod', expected, other)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_remainder_takes_the_sign_of_the_divisor_like_python(name, layout):
    scalars = [3] if name == 'Byte' else [3, -3]
    for divisor in scalars:
        tensor = laid_out(name, dividends(name), layout)
        expected = numpy.remainder(as_numpy(tensor, name), divisor)
        check_three_forms(name, tensor, 'remainder', expected, divisor)
        if name != 'Byte':
            assert [x % divisor for x in dividends(name)[0]] == \
                laid_out(name, dividends(name), layout).remainder(divisor).tolist()[0]
    tensor = laid_out(name, dividends(name), layout)
    other = laid_out(name, divisors(name), 'narrowed')
    expected = numpy.remainder(as_numpy(tensor, name), as_numpy(other, name))
    check_three_forms(name, tensor, 'remainder', expected, other)
    check_three_forms(name, laid_out(name, dividends(name), layout), 'cremainder', expected, other)


@pytest.mark.parametrize('name', DTYPES)
def test_the_modulo_operators(name):
    a = tensor_class(name)(dividends(name))
    values = as_numpy(a, name)
    assert_matches(a % 3, numpy.remainder(values, 3), name)
    b = tensor_class(name)(divisors(name))
    assert_matches(a % b, numpy.remainder(values, as_numpy(b, name)), name)
    a %= 4
    assert_matches(a, numpy.remainder(values, 4), name)


@pytest.mark.parametrize('name', INTEGER_DTYPES)
def test_integer_remainders_by_zero_are_errors_that_write_nothing(name):
    tensor = tensor_class(name)([[5, 6], [7, 8]])
    zeros = tensor_class(name)([[1, 0], [2, 3]])
    for call in (lambda: tensor.fmod(0), lambda: tensor.remainder_(0),
                 lambda: tensor.fmod_(zeros), lambda: tensor.remainder(zeros),
                 lambda: tensor % 0, lambda: tensor.addcdiv_(tensor, zeros)):
        with pytest.raises(ZeroDivisionError, match='^integer division by zero$') as error:
            call()
        # a torch_early.TensorZeroDivisionError: also a RuntimeError, as every TH error was at first
        assert isinstance(error.value, torch_early.TensorZeroDivisionError)
        assert isinstance(error.value, RuntimeError)
    assert tensor.tolist() == [[5, 6], [7, 8]]


def fmod_of(x, y):
    """C's fmod for the values these tests use: the sign of the dividend."""
    return x - y * int(x / y)


# x op= x.t(): the divisors are a transposed view of the result, so the loop writes divisors it
# has not read yet. [[3, 6], [3, 5]] makes the second element 0 (6 % 3), and that element is the
# divisor of the third: the answer must come from the values before the call, with no zero divisor.
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('method, reference', [
    ('remainder_', lambda x, y: x % y), ('cremainder_', lambda x, y: x % y),
    ('__imod__', lambda x, y: x % y), ('fmod_', fmod_of), ('cfmod_', fmod_of)])
def test_remainders_by_a_view_of_the_result(name, method, reference):
    rows = [[3, 6], [3, 5]]
    expected = [[reference(x, rows[j][i]) for j, x in enumerate(row)] for i, row in enumerate(rows)]
    tensor = tensor_class(name)(rows)
    getattr(tensor, method)(tensor.t())
    assert tensor.tolist() == expected == [[0, 0], [3, 0]]
    tensor = tensor_class(name)(rows)
    assert torch_early.remainder(tensor_class(name)([[7, 7], [7, 7]]), tensor.t(), out=tensor) is tensor
    assert tensor.tolist() == [[7 % 3, 7 % 3], [7 % 6, 7 % 5]]


@pytest.mark.parametrize('name', DTYPES)
def test_addcdiv_by_a_view_of_the_result(name):
    # x + y / x.t(), where the second element becomes 0 (-1 + 1/1, or 255 + 1 wrapping for Byte)
    # and is then the divisor of the third: the third must be 1 + 0 / -1 = 1.
    minus_one = 255 if name == 'Byte' else -1
    tensor = tensor_class(name)([[1, minus_one], [1, 1]])
    tensor.addcdiv_(1, tensor_class(name)([[0, 1], [0, 0]]), tensor.t())
    assert tensor.tolist() == [[1, 0], [1, 1]]


@pytest.mark.parametrize('name', ['Int', 'Long'])
def test_the_most_negative_integer_modulo_minus_one_is_zero(name):
    most_negative = -2 ** 31 if name == 'Int' else -2 ** 63
    tensor = tensor_class(name)([most_negative])
    assert tensor.fmod(-1).tolist() == [0]
    assert tensor.remainder(-1).tolist() == [0]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_float_remainders_by_zero_are_nan(name):
    tensor = tensor_class(name)([1.5, -2.0])
    assert all(value != value for value in tensor.fmod(0).tolist())
    assert all(value != value for value in tensor.remainder(0).tolist())


# ---- limits -------------------------------------------------------------------------------

def limit_rows(name):
    if name == 'Byte':
        return [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    return [[-6, -5, -4, -3], [-2, -1, 0, 1], [2, 3, 4, 5]]


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_clamp_limits_both_sides_or_one(name, layout):
    low, high = (3, 8) if name == 'Byte' else (-2, 3)
    tensor = laid_out(name, limit_rows(name), layout)
    values = as_numpy(tensor, name)
    check_three_forms(name, tensor, 'clamp', numpy.clip(values, low, high), low, high)
    check_three_forms(name, laid_out(name, limit_rows(name), layout), 'clamp',
                      numpy.clip(values, low, high), min=low, max=high)
    check_three_forms(name, laid_out(name, limit_rows(name), layout), 'clamp',
                      numpy.maximum(values, low), min=low)
    check_three_forms(name, laid_out(name, limit_rows(name), layout), 'clamp',
                      numpy.minimum(values, high), max=high)


def test_clamp_needs_a_limit():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor([1]).clamp()
    message = str(error.value)
    assert '(float min, float max)' in message
    assert '(min=float)' in message and '(max=float)' in message


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_cmax_and_cmin_with_a_number_or_a_tensor(name, layout):
    tensor = laid_out(name, limit_rows(name), layout)
    values = as_numpy(tensor, name)
    other = laid_out(name, [row[::-1] for row in limit_rows(name)[::-1]], 'transposed')
    others = as_numpy(other, name)
    check_three_forms(name, tensor, 'cmax', numpy.maximum(values, 1), 1)
    check_three_forms(name, laid_out(name, limit_rows(name), layout), 'cmin',
                      numpy.minimum(values, 1), 1)
    check_three_forms(name, laid_out(name, limit_rows(name), layout), 'cmax',
                      numpy.maximum(values, others), other)
    check_three_forms(name, laid_out(name, limit_rows(name), layout), 'cmin',
                      numpy.minimum(values, others), other)


# ---- two float tensors: atan2 and lerp ---------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_atan2_is_the_angle_of_the_point(name, layout):
    y = laid_out(name, GENERAL, layout)
    x = laid_out(name, EXPONENTS, 'narrowed')
    expected = numpy.arctan2(as_numpy(y, name).astype(numpy.float64), as_numpy(x, name))
    check_three_forms(name, y, 'atan2', expected, x)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_lerp_moves_a_fraction_of_the_way_to_end(name, layout):
    start = laid_out(name, GENERAL, layout)
    end = laid_out(name, BASES, 'transposed')
    a, b = as_numpy(start, name).astype(numpy.float64), as_numpy(end, name).astype(numpy.float64)
    check_three_forms(name, start, 'lerp', a + 0.25 * (b - a), end, 0.25)


# ---- addcmul and addcdiv ------------------------------------------------------------------

def factors(name):
    first = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    second = [[2, 1, 3, 1], [4, 2, 3, 5], [1, 2, 7, 3]]
    return first, second


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_addcmul_adds_a_scaled_product(name, layout):
    first, second = factors(name)
    tensor = laid_out(name, [[1, 0, 2, 1]] * 3, layout)
    t1 = laid_out(name, first, 'transposed')
    t2 = laid_out(name, second, 'narrowed')
    values, v1, v2 = (as_numpy(x, name).astype(numpy.float64) for x in (tensor, t1, t2))
    check_three_forms(name, tensor, 'addcmul', values + v1 * v2, t1, t2)
    check_three_forms(name, laid_out(name, [[1, 0, 2, 1]] * 3, layout), 'addcmul',
                      values + 2 * v1 * v2, 2, t1, t2)
    check_three_forms(name, laid_out(name, [[1, 0, 2, 1]] * 3, layout), 'addcmul',
                      values + 2 * v1 * v2, 2, tensor1=t1, tensor2=t2)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_addcdiv_adds_a_scaled_quotient(name, layout):
    first, second = factors(name)
    tensor = laid_out(name, [[1, 0, 2, 1]] * 3, layout)
    t1 = laid_out(name, first, 'narrowed')
    t2 = laid_out(name, second, 'contiguous')
    values, v1, v2 = (as_numpy(x, name).astype(numpy.float64) for x in (tensor, t1, t2))
    if name in FLOAT_DTYPES:
        expected = values + 3 * v1 / v2
    else:  # integer division truncates toward zero (all operands are positive here)
        expected = values + (3 * v1.astype(numpy.int64)) // v2.astype(numpy.int64)
    check_three_forms(name, tensor, 'addcdiv', expected, 3, t1, t2)


def test_addcmul_into_one_of_its_factors():
    t = torch_early.FloatTensor([1, 2, 3])
    factor = torch_early.FloatTensor([2, 3, 4])
    torch_early.addcmul(t, factor, factor, out=factor)
    assert factor.tolist() == [5, 11, 19]


# ---- the Lua Torch names ----------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_cmul_cdiv_and_csub_are_element_wise_arithmetic(name):
    a = tensor_class(name)([[6, 8], [10, 12]])
    b = tensor_class(name)([[3, 2], [5, 4]])
    values, others = as_numpy(a, name), as_numpy(b, name)
    check_three_forms(name, a, 'cmul', values * others, b)
    quotient = values / others if name in FLOAT_DTYPES else values // others
    check_three_forms(name, tensor_class(name)([[6, 8], [10, 12]]), 'cdiv', quotient, b)
    check_three_forms(name, tensor_class(name)([[6, 8], [10, 12]]), 'csub', values - others, b)
    check_three_forms(name, tensor_class(name)([[6, 8], [10, 12]]), 'csub',
                      values - 2 * others, 2, b)


# ---- operators ------------------------------------------------------------------------------

@pytest.mark.parametrize('name', SIGNED_DTYPES)
def test_unary_minus_and_abs(name):
    a = tensor_class(name)([[-3, 0], [2, -1]])
    assert (-a).tolist() == [[3, 0], [-2, 1]]
    assert abs(a).tolist() == [[3, 0], [2, 1]]
    assert a.tolist() == [[-3, 0], [2, -1]]


def test_abs_of_long_tensors_keeps_all_64_bits():
    big = -(2 ** 40 + 5)
    assert abs(torch_early.LongTensor([big, 3])).tolist() == [-big, 3]
    assert (-torch_early.LongTensor([big])).tolist() == [-big]


@pytest.mark.parametrize('name', DTYPES + ['Half'])
def test_each_operator_exists_exactly_where_its_method_does(name):
    # -t, abs(t), t ** 2 and 2 ** t (torch_early.pow(2, t)) for every dtype: the method's result
    # where the dtype has the method, and an error naming it, never a wrong answer, where not.
    t = tensor_class(name)([1, 2])
    cases = [('neg', lambda: -t, [-1, -2]), ('abs', lambda: abs(t), [1, 2]),
             ('pow', lambda: t ** 2, [1, 4]), ('pow', lambda: 2 ** t, [2, 4])]
    for method, operator, expected in cases:
        if hasattr(t, method):
            assert operator().tolist() == expected
        else:
            with pytest.raises((AttributeError, TypeError), match=method):
                operator()


# ---- bad arguments ----------------------------------------------------------------------------

def test_tensor_operands_need_as_many_elements():
    a = torch_early.FloatTensor(3, 4).fill_(1)
    short = torch_early.FloatTensor(5).fill_(2)
    message = 'inconsistent tensor size: expected 12 elements \\(size 3x4\\) but got 5 \\(size 5\\)'
    for call in (lambda: a.cmax(short), lambda: a.remainder(short), lambda: a.pow(short),
                 lambda: a.atan2(short), lambda: a.lerp(short, 0.5),
                 lambda: a.addcmul(short, a), lambda: a.addcdiv_(a, short)):
        with pytest.raises(RuntimeError, match=message):
            call()
    assert a.tolist() == [[1] * 4] * 3


def test_wrong_argument_types_list_the_accepted_signatures():
    a = torch_early.FloatTensor([1, 2])
    with pytest.raises(TypeError) as error:
        a.fmod('x')
    assert '(float divisor)' in str(error.value)
    assert '(torch_early.FloatTensor divisor)' in str(error.value)
    with pytest.raises(TypeError, match='torch_early.FloatTensor other'):
        a.atan2(torch_early.DoubleTensor([1, 2]))
    with pytest.raises(TypeError, match='unexpected keyword argument'):
        a.clamp(minimum=0)
    with pytest.raises(TypeError):
        a.exp(2)
