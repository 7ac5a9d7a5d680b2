"""Reductions and scans: max, min, sum, prod, mean, var, std, norm, dist, renorm, cumsum, cumprod,
trace, all, any, and the histogram histc.

A reduction over everything gives a Python number; along a dimension it gives a tensor that keeps
that dimension with size 1 (this era had no keepdim), and max/min also give the LongTensor of
positions where the extreme was found. Dimensions may be negative (-1 is the last). Every result is
compared with NumPy on contiguous and non-contiguous inputs (transposed, narrowed, expanded with
stride 0), for every dtype where the operation exists.
"""
import math

import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, LAYOUTS, NUMPY, as_numpy, make, tensor_class


def sample(name, seed=0):
    rng = numpy.random.RandomState(seed)
    return rng.randint(0, 60, size=(3, 4)).astype(NUMPY[name])


# ---- max and min ------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_max_and_min_of_everything_are_numbers(name, layout):
    values = sample(name)
    t = make(name, layout, values)
    assert t.max() == values.max() and t.min() == values.min()
    assert torch_early.max(t) == values.max() and torch_early.min(t) == values.min()


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1, -2])
def test_max_and_min_along_a_dim_keep_it_and_give_positions(name, layout, dim):
    values = sample(name, seed=3)
    t = make(name, layout, values)
    for method, reduce, arg in [('max', numpy.max, numpy.argmax), ('min', numpy.min, numpy.argmin)]:
        result, positions = getattr(t, method)(dim)
        assert type(positions) is torch_early.LongTensor
        expected_size = list(values.shape)
        expected_size[dim] = 1
        assert list(result.size()) == expected_size == list(positions.size())
        assert (as_numpy(result) == reduce(values, axis=dim, keepdims=True)).all()
        # argmax/argmin give the first position of the extreme, like ours
        assert (as_numpy(positions) == numpy.expand_dims(arg(values, axis=dim), dim)).all()


def test_max_finds_the_first_of_equal_extremes():
    t = torch_early.FloatTensor([[1, 5, 5, 0], [7, 7, 7, 7]])
    assert t.max(1)[1].tolist() == [[1], [0]]
    assert t.min(1)[1].tolist() == [[3], [0]]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_a_nan_is_the_max_and_the_min(name):
    nan = float('nan')
    t = tensor_class(name)([[1, nan, 3, nan], [2, 0, 1, 5]])
    assert math.isnan(t.max()) and math.isnan(t.min())
    values, positions = t.max(1)
    assert math.isnan(values[0][0]) and positions.tolist() == [[1], [3]]
    assert t.min(1)[1].tolist() == [[1], [1]]
    assert t.max(0)[1].tolist() == [[1, 0, 0, 0]]


@pytest.mark.parametrize('shape,dim', [((300, 700), 0), ((300, 700), 1), ((20, 30, 400), 1),
                                       ((2000, 3), 0), ((5, 70000), 1)])
def test_max_and_min_of_large_tensors_take_the_parallel_kernels(shape, dim):
    values = numpy.random.RandomState(1).rand(*shape).astype(numpy.float32)
    t = torch_early.from_numpy(values)
    for method, reduce, arg in [('max', numpy.max, numpy.argmax), ('min', numpy.min, numpy.argmin)]:
        result, positions = getattr(t, method)(dim)
        assert (result.numpy() == reduce(values, axis=dim, keepdims=True)).all()
        assert (positions.numpy() == numpy.expand_dims(arg(values, axis=dim), dim)).all()
    assert t.max() == values.max() and t.min() == values.min()


def test_max_writes_into_given_results():
    t = torch_early.FloatTensor([[1, 9], [4, 2]])
    values, positions = torch_early.FloatTensor(), torch_early.LongTensor()
    returned = torch_early.max(t, 0, out=(values, positions))
    assert returned[0] is values and returned[1] is positions
    assert values.tolist() == [[4, 9]] and positions.tolist() == [[1, 0]]
    torch_early.min(t, 1, out=(t, positions))        # the result may be the input itself
    assert t.tolist() == [[1], [2]] and positions.tolist() == [[0], [1]]


def test_max_of_an_empty_tensor_is_an_error():
    with pytest.raises(RuntimeError, match='max of an empty tensor'):
        torch_early.FloatTensor().max()


# ---- sum and prod -----------------------------------------------------------------------------

A = [[1, 2, 3], [4, 5, 6]]


@pytest.mark.parametrize('name', DTYPES)
def test_sum_and_prod_over_everything_are_python_numbers(name):
    a = tensor_class(name)(A)
    flat = [x for row in A for x in row]
    product = 1
    for x in flat:
        product *= x
    assert a.sum() == sum(flat) == 21
    assert a.prod() == product == 720  # more than a Byte holds: accumulated in a wider type
    number = float if name in FLOAT_DTYPES else int
    assert type(a.sum()) is number and type(a.prod()) is number


def test_sum_accumulates_in_a_wider_type():
    assert torch_early.ByteTensor([200, 200]).sum() == 400
    assert torch_early.CharTensor([100, 100]).sum() == 200


@pytest.mark.parametrize('name', DTYPES)
def test_sum_and_prod_along_a_dimension_keep_it_with_size_one(name):
    a = tensor_class(name)(A)
    down = a.sum(0)
    assert down.size() == torch_early.Size([1, 3])
    assert down.tolist() == [[sum(column) for column in zip(*A)]]
    across = a.sum(1)
    assert across.size() == torch_early.Size([2, 1])
    assert across.tolist() == [[sum(row)] for row in A]
    assert a.prod(1).tolist() == [[1 * 2 * 3], [4 * 5 * 6]]
    assert type(down) is tensor_class(name)


def test_reductions_of_a_transposed_tensor():
    a = torch_early.DoubleTensor(A).t()  # 3x2
    assert a.sum(0).tolist() == [[sum(row) for row in A]]
    assert a.sum(1).tolist() == [[sum(column)] for column in zip(*A)]
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


# ---- dimensions: negative ones count from the end; out of range is an IndexError --------------

@pytest.mark.parametrize('op', ['max', 'min', 'sum', 'prod', 'cumsum', 'cumprod', 'mean'])
def test_a_dim_outside_the_tensor_is_an_error_naming_it(op):
    t = torch_early.DoubleTensor(2, 3).fill_(1)
    with pytest.raises((IndexError, RuntimeError), match='dimension 2 out of range of 2D tensor'):
        getattr(t, op)(2)
    with pytest.raises((IndexError, RuntimeError), match='dimension -3 out of range of 2D tensor'):
        getattr(t, op)(-3)


@pytest.mark.parametrize('name', DTYPES)
def test_sum_and_prod_take_negative_dims(name):
    values = sample(name) % 4 + 1
    t = tensor_class(name)(values.tolist())
    for dim in [0, 1, -1, -2]:
        assert (as_numpy(t.sum(dim)) == values.sum(axis=dim, keepdims=True)).all()
        assert (as_numpy(torch_early.prod(t, dim)) ==
                values.astype(numpy.int64).prod(axis=dim, keepdims=True).astype(NUMPY[name])).all()


# ---- statistics (float types) -----------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_mean_var_std_of_everything(name, layout):
    values = sample(name).astype(numpy.float64)
    t = make(name, layout, values)
    assert t.mean() == pytest.approx(values.mean())
    assert t.var() == pytest.approx(values.var(ddof=1))            # unbiased: divides by n - 1
    assert t.std() == pytest.approx(values.std(ddof=1))
    assert t.var(False) == pytest.approx(values.var())             # biased: divides by n
    assert torch_early.std(t, unbiased=False) == pytest.approx(values.std())


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1])
def test_mean_var_std_along_a_dim(name, layout, dim):
    values = sample(name, seed=5).astype(numpy.float64)
    t = make(name, layout, values)
    close = dict(rtol=1e-5, atol=1e-5)
    assert numpy.allclose(as_numpy(t.mean(dim)), values.mean(axis=dim, keepdims=True), **close)
    assert numpy.allclose(as_numpy(t.var(dim)), values.var(axis=dim, ddof=1, keepdims=True), **close)
    assert numpy.allclose(as_numpy(t.std(dim, False)), values.std(axis=dim, keepdims=True), **close)
    out = tensor_class(name)()
    assert torch_early.std(t, dim, out=out) is out
    assert numpy.allclose(as_numpy(out), values.std(axis=dim, ddof=1, keepdims=True), **close)


@pytest.mark.parametrize('name', ['Byte', 'Int', 'Long'])
def test_statistics_exist_for_float_types_only(name):
    assert not hasattr(tensor_class(name)(2), 'mean')
    assert not hasattr(tensor_class(name)(2), 'std')


# ---- norms ------------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_norm_of_everything_and_along_a_dim(name, layout):
    values = (sample(name) - 30).astype(numpy.float64)
    t = make(name, layout, values)
    flat = values.ravel()
    assert t.norm() == pytest.approx(numpy.linalg.norm(flat))
    for p in [0, 1, 3, 2.5, float('inf')]:
        assert t.norm(p) == pytest.approx(numpy.linalg.norm(flat, p))
    for dim in [0, 1, -1]:
        for p in [1, 2, 3]:
            expected = numpy.linalg.norm(values, p, axis=dim, keepdims=True)
            assert numpy.allclose(as_numpy(t.norm(p, dim)), expected, rtol=1e-5)


def test_norm_rejects_a_negative_power():
    with pytest.raises(RuntimeError, match='must not be negative'):
        torch_early.FloatTensor([1, 2]).norm(-1)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_dist_is_the_norm_of_the_difference(name):
    a, b = tensor_class(name)([[1, 2], [3, 4]]), tensor_class(name)([0, 4, 3, 1])
    difference = numpy.array([1, -2, 0, 3])
    assert a.dist(b) == pytest.approx(numpy.linalg.norm(difference))
    assert torch_early.dist(a, b, 1) == pytest.approx(6)
    assert a.dist(b, p=float('inf')) == 3
    with pytest.raises(RuntimeError, match='expected 4 elements .size 2x2. but got 3 .size 3.'):
        a.dist(tensor_class(name)([1, 2, 3]))


@pytest.mark.parametrize('layout', LAYOUTS[:3])
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_renorm_scales_slices_whose_norm_is_too_large(name, layout):
    values = sample(name).astype(numpy.float64)
    t = make(name, layout, values)
    for dim in [0, 1, -1]:
        slices = numpy.moveaxis(values, dim, 0)
        norms = numpy.linalg.norm(slices.reshape(slices.shape[0], -1), axis=1)
        maxnorm = float(numpy.median(norms))
        scale = numpy.where(norms > maxnorm, maxnorm / (norms + 1e-7), 1)
        expected = numpy.moveaxis(slices * scale.reshape(-1, *([1] * (slices.ndim - 1))), 0, dim)
        assert numpy.allclose(as_numpy(t.renorm(2, dim, maxnorm)), expected, rtol=1e-5)
    copy = t.clone()
    assert copy.renorm_(1, 0, 5) is copy
    assert numpy.allclose(as_numpy(copy), as_numpy(t.renorm(1, 0, 5)))


def test_renorm_needs_a_matrix_and_a_positive_power():
    with pytest.raises(RuntimeError, match='at least 2 dimensions'):
        torch_early.FloatTensor([1, 2]).renorm(2, 0, 1)
    with pytest.raises(RuntimeError, match='positive power'):
        torch_early.FloatTensor(2, 2).renorm(0, 0, 1)


# ---- scans ------------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1])
def test_cumsum_and_cumprod_along_a_dim(name, layout, dim):
    values = sample(name) % 5 + 1
    t = make(name, layout, values)
    assert (as_numpy(t.cumsum(dim)) == numpy.cumsum(values, axis=dim).astype(NUMPY[name])).all()
    expected = numpy.cumprod(values.astype(numpy.int64), axis=dim).astype(NUMPY[name])
    assert (as_numpy(torch_early.cumprod(t, dim)) == expected).all()


# ---- histc: a histogram (float types) ---------------------------------------------------------

def histogram(values, bins, low, high):
    """The reference: bin i counts low + i*w <= x < low + (i+1)*w, w = (high - low) / bins, and
    the last bin also counts x == high."""
    counts = [0] * bins
    for x in values:
        if low <= x <= high:
            counts[min(int((x - low) / (high - low) * bins), bins - 1)] += 1
    return counts


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_histc_counts_the_elements_in_equal_bins(name, layout):
    values = sample(name, seed=3).astype(NUMPY[name]) / 4
    tensor = make(name, layout, values)
    flat = values.ravel().tolist()
    for bins, low, high in [(5, 0, 10), (7, 2.5, 8), (1, 0, 15), (30, -1, 20)]:
        expected = histogram(flat, bins, low, high)
        assert tensor.histc(bins, low, high).tolist() == expected
        assert torch_early.histc(tensor, bins, low, high).tolist() == expected
        assert torch_early.histc(tensor, bins=bins, min=low, max=high).tolist() == expected


def test_histc_defaults_to_100_bins_over_the_range_of_the_values():
    tensor = torch_early.DoubleTensor([2, 4, 2, 2, 5, 4])
    assert tensor.histc().tolist() == histogram(tensor.tolist(), 100, 2, 5)
    assert tensor.histc(3).tolist() == [3, 0, 3]                    # [2, 3), [3, 4), [4, 5]
    assert tensor.histc(3, min=2, max=2).tolist() == [3, 0, 3]      # min == max: the values' range
    assert tensor.histc(5, 1, 5).tolist() == [0, 3, 0, 2, 1]
    assert tensor.histc(2, -4).tolist() == [0, 0]                   # over [-4, 0]: max is 0
    assert tensor.histc(4, max=6).tolist() == [0, 3, 2, 1]        # min=0, max given


def test_histc_of_equal_values_widens_the_range_by_one_each_side():
    assert torch_early.FloatTensor([3, 3, 3]).histc(4).tolist() == [0, 0, 3, 0]   # over [2, 4]


def test_histc_leaves_out_elements_outside_the_range_and_nans():
    tensor = torch_early.FloatTensor([-1, 0, 0.5, 1, 2, float('nan'), float('inf')])
    assert tensor.histc(2, 0, 1).tolist() == [1, 2]
    assert torch_early.FloatTensor([float('nan'), 1, 3]).histc(2).tolist() == [1, 1]
    assert torch_early.FloatTensor().histc(3).tolist() == [0, 0, 0]


def test_histc_writes_into_out_which_may_be_the_input():
    tensor = torch_early.DoubleTensor([0, 1, 1, 2])
    out = torch_early.DoubleTensor(7, 7)
    assert torch_early.histc(tensor, 2, 0, 2, out=out) is out
    assert out.tolist() == [1, 3]
    assert torch_early.histc(tensor, 2, 0, 2, out=tensor).tolist() == [1, 3]


def test_histc_errors():
    tensor = torch_early.FloatTensor([1, 2])
    with pytest.raises(RuntimeError, match='histc needs a positive number of bins, got 0'):
        tensor.histc(0)
    with pytest.raises(RuntimeError, match=r'histc: min \(3\) must not be larger than max \(1\)'):
        tensor.histc(5, 3, 1)
    with pytest.raises(RuntimeError, match=r'histc: min \(1\) must not be larger than max \(0\)'):
        tensor.histc(5, 1)                         # max keeps its default, 0
    with pytest.raises(RuntimeError, match=r'histc needs a finite range, but it is \[1, inf\]'):
        torch_early.FloatTensor([1, float('inf')]).histc()
    with pytest.raises(TypeError, match='histc received an invalid combination'):
        tensor.histc(2.5, 3.0)                     # bins is an int; min alone is not positional
    for name in ('Byte', 'Int', 'Long'):
        assert not hasattr(tensor_class(name)([1]), 'histc')


# ---- trace, all, any --------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_trace_sums_the_diagonal(name):
    values = sample(name)
    for layout in LAYOUTS[:3]:
        assert make(name, layout, values.copy()).trace() == numpy.trace(values.astype(numpy.int64))
    with pytest.raises(RuntimeError, match='trace expects a matrix, but got a 1D tensor'):
        tensor_class(name)([1, 2]).trace()


def test_all_and_any_read_a_byte_tensor_as_truth_values():
    assert torch_early.ByteTensor([1, 2, 255]).all() is True
    assert torch_early.ByteTensor([1, 0, 1]).all() is False
    assert torch_early.ByteTensor([0, 0, 3]).any() is True
    assert torch_early.ByteTensor([0, 0]).any() is False
    mask = torch_early.ByteTensor([[1, 0], [1, 0]])
    assert mask.t()[0].all() and not mask.t()[1].any()    # a non-contiguous row
    assert not hasattr(torch_early.FloatTensor(1), 'all')


def test_wrong_argument_types_list_the_signatures():
    with pytest.raises(TypeError, match=r'\(int dim\)'):
        torch_early.FloatTensor(2, 2).max('0')


# ---- max(other) / min(other): element-wise, the era's cmax/cmin ---------------------------------

@pytest.mark.parametrize('name, reference', [('max', numpy.maximum), ('min', numpy.minimum)])
@pytest.mark.parametrize('type_name', ['FloatTensor', 'DoubleTensor', 'IntTensor', 'ByteTensor'])
def test_max_and_min_with_a_tensor_are_element_wise(name, reference, type_name):
    cls = getattr(torch_early, type_name)
    a = cls([[1, 7, 3], [9, 2, 4]])
    b = cls([[5, 6, 3], [1, 8, 0]]).t().contiguous().t()    # a non-contiguous operand
    expected = reference(numpy.array(a.tolist()), numpy.array(b.tolist())).tolist()
    assert getattr(a, name)(b).tolist() == expected
    assert getattr(torch_early, name)(a, b).tolist() == expected
    out = cls()
    assert getattr(torch_early, name)(a, b, out=out) is out
    assert out.tolist() == expected


def test_max_with_a_tensor_of_another_size_names_the_sizes():
    with pytest.raises(RuntimeError, match='size'):
        torch_early.FloatTensor([1, 2, 3]).max(torch_early.FloatTensor([1, 2]))


# ---- negative dims along every reduction and scan (v0.1.12) -----------------------------------

ALONG_A_DIM = [('sum', ()), ('prod', ()), ('mean', ()), ('std', ()), ('var', ()),
               ('max', ()), ('min', ()), ('cumsum', ()), ('cumprod', ()), ('norm', (2,)),
               ('sort', ()), ('mode', ()), ('median', ()), ('kthvalue', (1,)), ('topk', (1,)),
               ('renorm', (2, 'dim', 5))]


def _along(tensor, name, leading, dim):
    if 'dim' in leading:
        args = tuple(dim if a == 'dim' else a for a in leading)
    else:
        args = leading + (dim,)
    result = getattr(tensor, name)(*args)
    return [r.tolist() for r in result] if isinstance(result, tuple) else result.tolist()


@pytest.mark.parametrize('name, leading', ALONG_A_DIM, ids=[n for n, _ in ALONG_A_DIM])
def test_a_negative_dim_reduces_along_the_dimension_counted_from_the_end(name, leading):
    tensor = torch_early.DoubleTensor([[3, 1, 2], [6, 5, 4]])
    for dim in (0, 1):
        assert _along(tensor, name, leading, dim - 2) == _along(tensor, name, leading, dim)


def test_the_function_forms_wrap_a_negative_dim_too():
    tensor = torch_early.DoubleTensor([[3, 1, 2], [6, 5, 4]])
    assert torch_early.sum(tensor, -1).tolist() == [[6], [15]]
    assert torch_early.cumsum(tensor, -2).tolist() == [[3, 1, 2], [9, 6, 6]]
    assert torch_early.max(tensor, -1)[1].tolist() == [[0], [0]]
    with pytest.raises(IndexError, match=r'expected a dimension from -2 to 1'):
        torch_early.sum(tensor, -3)
