"""Creating tensors: zeros, ones, eye, range, linspace, logspace, the matrix shapers diag, tril
and triu, and fill_ and zero_, which set every element of a tensor that exists.

The creation functions take no tensor, so they produce the default tensor type
(torch_early.FloatTensor) unless out= names a tensor, whose type then decides; diag, tril and triu
also exist as methods. Values are compared with NumPy for every dtype; results given as out= are
written in place even when strided; bad arguments raise errors that say what was wrong.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, as_numpy, tensor_class


def matrix(name, rows, cols, transposed=False):
    """rows x cols with element (i, j) = i*cols + j + 1, row-major or as a transposed view."""
    array = numpy.arange(1, rows * cols + 1).reshape(rows, cols)
    if transposed:
        return tensor_class(name)(array.T.tolist()).t(), array
    return tensor_class(name)(array.tolist()), array


# ---- the default type, and out= deciding another --------------------------------------------------

def test_functions_without_a_tensor_give_the_default_type():
    for result in (torch_early.zeros(2), torch_early.ones(2), torch_early.eye(2),
                   torch_early.range(1, 2), torch_early.linspace(0, 1), torch_early.logspace(0, 1)):
        assert type(result) is torch_early.FloatTensor
    torch_early.set_default_tensor_type('torch_early.DoubleTensor')
    try:
        assert type(torch_early.zeros(2)) is torch_early.DoubleTensor
    finally:
        torch_early.set_default_tensor_type('torch_early.FloatTensor')


# ---- zeros and ones ------------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_zeros_and_ones_into_out(name):
    out = tensor_class(name)()
    assert torch_early.zeros(2, 3, out=out) is out
    assert (as_numpy(out, name) == numpy.zeros((2, 3))).all()
    assert torch_early.ones((4,), out=out) is out
    assert out.tolist() == [1, 1, 1, 1]


def test_zeros_and_ones_take_sizes_in_every_form():
    assert torch_early.zeros(2, 3).tolist() == [[0, 0, 0], [0, 0, 0]]
    assert torch_early.ones((2, 1, 2)).size() == (2, 1, 2)
    assert torch_early.ones(torch_early.Size([3])).tolist() == [1, 1, 1]
    with pytest.raises(ValueError, match='sizes must be non-negative'):
        torch_early.zeros(2, -1)
    with pytest.raises(TypeError, match='zeros received an invalid combination'):
        torch_early.zeros(2, 'three')


# ---- fill_ and zero_: every element set in place -------------------------------------------------

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


# ---- eye -----------------------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_eye_matches_numpy(name):
    out = tensor_class(name)()
    assert (as_numpy(torch_early.eye(3, out=out), name) == numpy.eye(3)).all()
    assert (as_numpy(torch_early.eye(2, 4, out=out), name) == numpy.eye(2, 4)).all()
    assert (as_numpy(torch_early.eye(4, 2, out=out), name) == numpy.eye(4, 2)).all()


def test_eye_into_a_strided_out_and_its_errors():
    out = torch_early.FloatTensor(3, 3).t()
    torch_early.eye(3, out=out)
    assert out.stride() == (1, 3) and out.tolist() == numpy.eye(3).tolist()
    with pytest.raises(RuntimeError, match='expected a positive number of rows, got 0'):
        torch_early.eye(0)
    with pytest.raises(RuntimeError, match='expected a positive number of columns, got -2'):
        torch_early.eye(2, -2)


# ---- range: the end is included ------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_range_includes_its_end(name):
    out = tensor_class(name)()
    assert torch_early.range(1, 4, out=out).tolist() == [1, 2, 3, 4]
    assert torch_early.range(2, 10, 3, out=out).tolist() == [2, 5, 8]
    assert torch_early.range(9, 3, -2, out=out).tolist() == [9, 7, 5, 3]
    assert torch_early.range(5, 5, out=out).tolist() == [5]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_range_with_fractional_steps(name):
    out = tensor_class(name)()
    assert torch_early.range(0, 1, 0.25, out=out).tolist() == [0, 0.25, 0.5, 0.75, 1]
    assert torch_early.range(-1.5, 1, 1, out=out).tolist() == [-1.5, -0.5, 0.5]


def test_range_into_a_strided_out_and_its_errors():
    base = torch_early.LongTensor(8).zero_()
    out = base.unfold(0, 1, 2).select(1, 0)              # every other element: stride 2
    torch_early.range(1, 4, out=out)
    assert base.tolist() == [1, 0, 2, 0, 3, 0, 4, 0]
    with pytest.raises(RuntimeError, match='step must be nonzero'):
        torch_early.range(0, 5, 0)
    with pytest.raises(RuntimeError, match=r'the step \(1\) must go from start \(5\) towards end \(0\)'):
        torch_early.range(5, 0)
    with pytest.raises(TypeError, match='range received an invalid combination'):
        torch_early.range(0, 1.5, out=torch_early.IntTensor())      # an integer type takes ints


@pytest.mark.parametrize('create, expected', [
    (lambda out: torch_early.range(0, 3, out=out), [[0, 0, 1], [0, 2, 3]]),
    (lambda out: torch_early.linspace(0, 3, 4, out=out), [[0, 0, 1], [0, 2, 3]]),
    (lambda out: torch_early.logspace(0, 3, 4, out=out), [[0, 1, 10], [0, 100, 1000]]),
], ids=['range', 'linspace', 'logspace'])
def test_an_out_with_as_many_elements_keeps_its_shape(create, expected):
    # A 2x2 window of a 2x3 matrix takes the 4 values in row-major order; only an out= of
    # another element count is resized to a vector.
    matrix = torch_early.zeros(2, 3)
    window = matrix.narrow(1, 1, 2)
    assert create(window) is window
    assert window.size() == torch_early.Size([2, 2])
    assert matrix.tolist() == expected
    other = torch_early.zeros(2, 3)
    assert create(other).size() == torch_early.Size([4])


# ---- linspace and logspace (floating types) ------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_linspace_and_logspace_match_numpy(name):
    out = tensor_class(name)()
    assert numpy.allclose(as_numpy(torch_early.linspace(-1, 2, 7, out=out), name),
                          numpy.linspace(-1, 2, 7))
    assert numpy.allclose(as_numpy(torch_early.linspace(3, -3, out=out), name),
                          numpy.linspace(3, -3, 100))                  # 100 steps by default
    assert torch_early.linspace(4, 4, 1, out=out).tolist() == [4]
    assert numpy.allclose(as_numpy(torch_early.logspace(0, 3, 4, out=out), name),
                          numpy.logspace(0, 3, 4))
    assert numpy.allclose(as_numpy(torch_early.logspace(-1, 1, steps=5, out=out), name),
                          numpy.logspace(-1, 1, 5))


def test_linspace_errors():
    with pytest.raises(RuntimeError, match='expected a positive number of steps, got 0'):
        torch_early.linspace(0, 1, 0)
    # One point can only be both ends at once (the first releases' rule).
    for function in (torch_early.linspace, torch_early.logspace):
        with pytest.raises(RuntimeError, match=r'a single step needs start == end \(got start 0, '
                                               r'end 1\)'):
            function(0, 1, 1)
    assert torch_early.logspace(2, 2, 1).tolist() == [100]
    with pytest.raises(TypeError, match="torch_early.LongTensor doesn't implement stateless "
                                        "method linspace"):
        torch_early.linspace(0, 1, 5, out=torch_early.LongTensor())   # floating types only


# ---- diag: vectors to matrices and back ----------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('k', [0, 2, -1])
def test_diag_matches_numpy(name, k):
    vector = tensor_class(name)([1, 2, 3])
    square = vector.diag(k)
    assert (as_numpy(square, name) == numpy.diag([1, 2, 3], k)).all()
    assert torch_early.diag(square, k).tolist() == [1, 2, 3]
    for transposed in (False, True):
        tensor, array = matrix(name, 3, 4, transposed)
        assert (as_numpy(torch_early.diag(tensor, k), name) == numpy.diag(array, k)).all()


def test_diag_of_a_strided_vector_into_out_and_its_errors():
    vector = torch_early.FloatTensor([[1, 0], [2, 0], [3, 0]]).select(1, 0)   # stride 2
    out = torch_early.FloatTensor()
    assert torch_early.diag(vector, out=out) is out
    assert out.tolist() == numpy.diag([1, 2, 3]).tolist()
    assert torch_early.diag(vector).tolist() == numpy.diag([1, 2, 3]).tolist()
    with pytest.raises(RuntimeError, match='expected a vector or a matrix, got a tensor of size 2x2x2'):
        torch_early.FloatTensor(2, 2, 2).diag()
    with pytest.raises(RuntimeError, match='diagonal 4 is outside a 2x4 matrix'):
        torch_early.FloatTensor(2, 4).diag(4)
    with pytest.raises(RuntimeError, match='diagonal -2 is outside a 2x4 matrix'):
        torch_early.FloatTensor(2, 4).diag(-2)


LONG_MIN, LONG_MAX = -2 ** 63, 2 ** 63 - 1


@pytest.mark.parametrize('k', [LONG_MAX, LONG_MIN, 3037000499, -10 ** 12])
def test_diag_of_a_vector_on_a_diagonal_too_far_out_is_an_error_naming_it(k):
    # The matrix would have more elements than a C long counts: an error, never a wrapped size.
    vector = torch_early.DoubleTensor([1, 2, 3])
    with pytest.raises(RuntimeError, match='diagonal %d is too far from the main diagonal' % k):
        vector.diag(k)
    assert vector.tolist() == [1, 2, 3]


@pytest.mark.parametrize('k', [2 ** 63, -2 ** 63 - 1, 2 ** 100])
def test_diagonals_beyond_a_c_long_are_reported_as_given(k):
    for tensor in (torch_early.DoubleTensor([1, 2, 3]), torch_early.DoubleTensor(2, 4)):
        with pytest.raises(OverflowError, match="argument 'diagonal' must be an int .* got %d" % k):
            tensor.diag(k)
        with pytest.raises(OverflowError, match='got %d' % k):
            torch_early.diag(tensor, k)
    with pytest.raises(OverflowError, match="argument 'k' must be an int .* got %d" % k):
        torch_early.DoubleTensor(2, 2).tril(k)


@pytest.mark.parametrize('k', [LONG_MAX, LONG_MIN, 4, -3])
def test_diag_of_a_matrix_outside_it_names_the_diagonal(k):
    with pytest.raises(RuntimeError, match='diagonal %d is outside a 2x4 matrix' % k):
        torch_early.FloatTensor(2, 4).diag(k)


# ---- tril and triu: one triangle of a matrix -----------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('k', [-1, 0, 2])
@pytest.mark.parametrize('transposed', [False, True])
def test_tril_and_triu_match_numpy(name, k, transposed):
    tensor, array = matrix(name, 3, 4, transposed)
    assert (as_numpy(tensor.tril(k), name) == numpy.tril(array, k)).all()
    assert (as_numpy(torch_early.triu(tensor, k), name) == numpy.triu(array, k)).all()
    assert tensor.tolist() == array.tolist()             # the methods without _ copy
    assert tensor.triu_(k) is tensor
    assert (as_numpy(tensor, name) == numpy.triu(array, k)).all()
    assert (as_numpy(tensor.tril_(k), name) == numpy.tril(numpy.triu(array, k), k)).all()


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('k', [LONG_MIN, LONG_MIN + 1, -4, -3, 4, 5, LONG_MAX - 1, LONG_MAX])
def test_tril_and_triu_of_diagonals_beyond_the_matrix(name, k):
    # Past the matrix a triangle is everything or nothing. (NumPy itself overflows at the
    # extreme longs, so the reference is written out.)
    tensor, array = matrix(name, 3, 4, transposed=True)
    rows = array.tolist()
    lower = [[x if j <= i + k else 0 for j, x in enumerate(row)] for i, row in enumerate(rows)]
    upper = [[x if j >= i + k else 0 for j, x in enumerate(row)] for i, row in enumerate(rows)]
    assert tensor.tril(k).tolist() == lower
    assert tensor.triu(k).tolist() == upper
    assert tensor.tril_(k).tolist() == lower


def test_tril_and_triu_defaults_out_and_errors():
    tensor, array = matrix('Double', 3, 3)
    assert tensor.tril().tolist() == numpy.tril(array).tolist()
    out = torch_early.DoubleTensor()
    assert torch_early.tril(tensor, 1, out=out) is out
    assert out.tolist() == numpy.tril(array, 1).tolist()
    with pytest.raises(RuntimeError, match='expected a matrix, got a tensor of size 3'):
        torch_early.DoubleTensor(3).triu()
    with pytest.raises(TypeError, match='tril received an invalid combination'):
        tensor.tril(0.5)


# ---- numel ---------------------------------------------------------------------------------------

def test_numel_counts_the_elements():
    assert torch_early.numel(torch_early.FloatTensor(2, 3, 4)) == 24
    assert torch_early.numel(torch_early.ByteTensor()) == 0
    assert torch_early.IntTensor(5).numel() == 5


# ---- arange: range without its end (v0.1.12) ----------------------------------------------------

def test_arange_stops_before_its_end():
    assert torch_early.arange(4).tolist() == [0, 1, 2, 3]
    assert torch_early.arange(2, 5).tolist() == [2, 3, 4]
    assert torch_early.arange(0, 5, 2).tolist() == [0, 2, 4]
    assert torch_early.arange(1, -1, -1).tolist() == [1, 0]
    assert torch_early.arange(1, 2, 0.25).tolist() == [1, 1.25, 1.5, 1.75]
    assert torch_early.arange(3, step=2).tolist() == [0, 2]
    assert type(torch_early.arange(3)) is torch_early.FloatTensor


@pytest.mark.parametrize('name', ['Float', 'Double'])
def test_arange_holds_the_exact_ceiling_of_end_minus_start_over_step_values(name):
    # 0.3 is stored a hair below 3/10, so 9 / 0.3 is exactly a hair above 30 (though the division
    # in double rounds it to 30.0): 31 values, as v0.1.12 counted (NumPy gives 30)
    assert torch_early.arange(1, 10, 0.3, out=tensor_class(name)()).numel() == 31
    assert torch_early.arange(0, 2.1, 0.3, out=tensor_class(name)()).numel() == 8
    assert torch_early.arange(0.6, 0.89, 0.1, out=tensor_class(name)()).numel() == 3
    assert torch_early.arange(0, 5 + 1e-6).numel() == 6
    assert torch_early.arange(0, 5 - 1e-6).numel() == 5
    assert torch_early.arange(10, -1 - 1e-6, -1).numel() == 12


def test_arange_of_equal_bounds_is_empty_and_writes_into_a_strided_out():
    assert torch_early.arange(2, 2).dim() == 0
    x = torch_early.LongTensor(2, 3).zero_()
    torch_early.arange(0, 4, out=x.narrow(1, 1, 2))
    assert x.tolist() == [[0, 0, 1], [0, 2, 3]]


def test_arange_refuses_a_step_that_never_reaches_end():
    with pytest.raises(RuntimeError, match='step must be nonzero'):
        torch_early.arange(0, 3, 0)
    with pytest.raises(RuntimeError, match=r'the step \(1\) must go from start \(3\) towards end'):
        torch_early.arange(3, 0)
