"""Sorting and selection: sort, topk, kthvalue, median, mode, nonzero.

Each works on every slice along a dimension (the last by default; negative dims count from the end)
and gives (values, LongTensor of positions within the slice). sort is stable: equal elements keep
their order, so their positions come out increasing, in both directions, exactly like NumPy's
argsort(kind='stable'). NaN sorts above every number.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, LAYOUTS, NUMPY, as_numpy, make, tensor_class


def sample(name, seed, shape=(4, 6), high=5):
    """Small values, so that ties are common and stability shows."""
    values = numpy.random.RandomState(seed).randint(0, high, size=shape)
    if name != 'Byte':
        values -= high // 2
    return values.astype(NUMPY[name])


def stable_order(values, dim, descending=False):
    """NumPy's stable argsort; descending keeps equal elements in their original order too."""
    if not descending:
        return numpy.argsort(values, axis=dim, kind='stable')
    flipped = numpy.flip(values, axis=dim)
    n = values.shape[dim]
    return n - 1 - numpy.flip(numpy.argsort(flipped, axis=dim, kind='stable'), axis=dim)


# ---- sort -------------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1, -2])
@pytest.mark.parametrize('descending', [False, True])
def test_sort_is_stable_in_both_directions(name, layout, dim, descending):
    values = sample(name, 7)
    t = make(name, layout, values)
    result, positions = t.sort(dim, descending)
    order = stable_order(values, dim, descending)
    assert (as_numpy(positions) == order).all()
    assert (as_numpy(result) == numpy.take_along_axis(values, order, axis=dim)).all()
    assert type(positions) is torch_early.LongTensor


def test_sort_defaults_to_the_last_dim_ascending():
    t = torch_early.IntTensor([[3, 1, 2], [0, 0, -1]])
    assert t.sort()[0].tolist() == [[1, 2, 3], [-1, 0, 0]]
    assert t.sort()[1].tolist() == [[1, 2, 0], [2, 0, 1]]
    assert t.sort(descending=True)[1].tolist() == [[0, 2, 1], [0, 1, 2]]
    assert torch_early.sort(t, 0)[0].tolist() == [[0, 0, -1], [3, 1, 2]]


@pytest.mark.parametrize('name', ['Float', 'Double'])
def test_sort_puts_nan_above_every_number_and_keeps_signed_zeros_in_order(name):
    nan, inf = float('nan'), float('inf')
    t = tensor_class(name)([nan, 1, -inf, -0.0, 0.0, inf, nan, -2])
    values, positions = t.sort()
    assert positions.tolist() == [2, 7, 3, 4, 1, 5, 0, 6]
    assert values[:6].tolist() == [-inf, -2, 0, 0, 1, inf] and values[6] != values[6]
    assert t.sort(0, True)[1].tolist() == [0, 6, 5, 1, 3, 4, 7, 2]


@pytest.mark.parametrize('name', ['Float', 'Double'])
def test_sorted_values_are_the_input_values_bit_for_bit(name):
    """Long sorts read values back from their sort keys: zeros must keep their sign and NaNs stay
    NaN (with their sign), in both directions."""
    pattern = [0.0, -0.0, 2.5, -0.0, float('nan'), 0.0, -1e-30, -float('nan'), 1e-30]
    values = numpy.array(pattern * 20000, dtype=NUMPY[name])
    t = torch_early.from_numpy(values)
    for descending in (False, True):
        result, positions = t.sort(0, descending)
        expected = values[positions.numpy()]
        assert numpy.array_equal(as_numpy(result), expected, equal_nan=True)
        assert (numpy.signbit(as_numpy(result)) == numpy.signbit(expected)).all()
        assert (positions.numpy() == stable_order(values, 0, descending)).all()


@pytest.mark.parametrize('name', DTYPES)
def test_sort_of_long_slices_matches_numpy(name):
    info = numpy.iinfo(NUMPY[name]) if name not in ('Float', 'Double') else None
    rng = numpy.random.RandomState(11)
    if info is None:
        values = (rng.randn(250000) * 1e3).astype(NUMPY[name])
    else:
        values = rng.randint(info.min, int(info.max) + 1, size=250000, dtype=numpy.int64)
        values = values.astype(NUMPY[name])
    t = torch_early.from_numpy(values) if name not in ('Char', 'Short') else \
        tensor_class(name)(values.tolist())
    result, positions = t.sort()
    assert (positions.numpy() == numpy.argsort(values, kind='stable')).all()
    assert (as_numpy(result) == numpy.sort(values)).all()
    result, positions = t.sort(0, True)
    assert (positions.numpy() == stable_order(values, 0, True)).all()


@pytest.mark.parametrize('name', ['Int', 'Long', 'Float'])
@pytest.mark.parametrize('pattern', ['low and high digits', 'high digit only', 'all equal'])
def test_long_slices_skip_the_digits_that_never_change(name, pattern):
    """The passes over a digit that is the same in every key are skipped, leaving the sorted items
    in either of the sort's two arrays; equal keys need no pass at all."""
    rng = numpy.random.RandomState(5)
    low, high = rng.randint(0, 2048, 150000), rng.randint(0, 300, 150000)
    if pattern == 'low and high digits':
        values = (high << 22) + low                               # bits 11 to 21 never change
    elif pattern == 'high digit only':
        values = high << 22
    else:
        values = numpy.full(150000, 7 << 22)
    values = values.astype(NUMPY[name])
    t = torch_early.from_numpy(values) if name != 'Int' else tensor_class(name)(values.tolist())
    for descending in (False, True):
        result, positions = t.sort(0, descending)
        assert (positions.numpy() == stable_order(values, 0, descending)).all()
        assert (result.numpy() == values[positions.numpy()]).all()


@pytest.mark.parametrize('name,bits', [('Byte', [0, 3, 7]), ('Short', [1, 9, 14]),
                                       ('Int', [0, 5, 6, 20, 29]), ('Long', [2, 40, 41, 62])])
@pytest.mark.parametrize('n', [1000, 150000])
def test_sort_on_keys_that_differ_in_scattered_bits(name, bits, n):
    """The digits are windows over the bits in which the keys differ, as narrow as the number of
    passes allows (here one bit wide, or a few): short and long slices, both directions."""
    rng = numpy.random.RandomState(9)
    values = sum(rng.randint(0, 2, n).astype(numpy.int64) << bit for bit in bits)
    values = values.astype(NUMPY[name])
    t = tensor_class(name)(values.tolist())
    for descending in (False, True):
        result, positions = t.sort(0, descending)
        assert (positions.numpy() == stable_order(values, 0, descending)).all()
        assert (as_numpy(result) == values[positions.numpy()]).all()


def test_a_long_slice_of_signed_zeros_keeps_its_order_and_signs():
    values = numpy.where(numpy.arange(150000) % 3 == 0, -0.0, 0.0).astype(numpy.float32)
    result, positions = torch_early.from_numpy(values).sort(0, True)
    assert (positions.numpy() == numpy.arange(150000)).all()
    assert (numpy.signbit(result.numpy()) == numpy.signbit(values)).all()


@pytest.mark.parametrize('descending', [False, True])
def test_long_slices_along_a_strided_dimension(descending):
    values = (numpy.random.RandomState(6).randn(150000, 3) * 100).round().astype(numpy.float32)
    result, positions = torch_early.from_numpy(values).sort(0, descending)
    order = stable_order(values, 0, descending)
    assert (positions.numpy() == order).all()
    assert (result.numpy() == numpy.take_along_axis(values, order, axis=0)).all()


@pytest.mark.parametrize('threads', [1, 2])
def test_long_slices_sort_alike_on_one_thread_or_several(threads):
    values = numpy.random.RandomState(7).randint(-1000, 1000, 200000).astype(numpy.float64)
    count = torch_early.get_num_threads()
    torch_early.set_num_threads(threads)
    try:
        result, positions = torch_early.from_numpy(values).sort()
    finally:
        torch_early.set_num_threads(count)
    assert (positions.numpy() == numpy.argsort(values, kind='stable')).all()
    assert (result.numpy() == numpy.sort(values)).all()


@pytest.mark.parametrize('high', [2000, 1 << 30])
def test_selections_of_long_slices(high):
    """Values below 2048 take one radix pass, larger ones three: the sorted items that the
    selections read end in either of the sort's two arrays."""
    values = numpy.random.RandomState(8).randint(0, high, 200001).astype(numpy.int64)
    t = torch_early.from_numpy(values)
    order = numpy.argsort(values, kind='stable')
    result, positions = t.topk(5)
    assert (positions.numpy() == stable_order(values, 0, True)[:5]).all()
    assert (result.numpy() == values[positions.numpy()]).all()
    assert (t.topk(3, largest=False)[1].numpy() == order[:3]).all()
    assert t.kthvalue(1000)[0][0] == values[order[999]]
    assert t.median()[0][0] == values[order[100000]]
    candidates, counts = numpy.unique(values, return_counts=True)
    mode = candidates[numpy.argmax(counts)]
    result, positions = t.mode()
    assert result[0] == mode and positions[0] == numpy.nonzero(values == mode)[0][-1]


def test_sort_writes_into_given_results_even_its_input():
    t = torch_early.FloatTensor([[2, 1], [0, 5]])
    values, positions = torch_early.FloatTensor(), torch_early.LongTensor()
    assert torch_early.sort(t, out=(values, positions))[0] is values
    assert values.tolist() == [[1, 2], [0, 5]] and positions.tolist() == [[1, 0], [0, 1]]
    torch_early.sort(t, 0, out=(t, positions))
    assert t.tolist() == [[0, 1], [2, 5]] and positions.tolist() == [[1, 0], [0, 1]]


# ---- topk -------------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1])
def test_topk_largest_and_smallest(name, layout, dim):
    values = sample(name, 8, high=100)
    t = make(name, layout, values)
    for k in [1, 3]:
        for largest in [True, False]:
            result, positions = t.topk(k, dim, largest)
            order = stable_order(values, dim, descending=largest)
            order = numpy.take(order, range(k), axis=dim)
            assert (as_numpy(positions) == order).all()
            assert (as_numpy(result) == numpy.take_along_axis(values, order, axis=dim)).all()


def test_topk_keywords_and_defaults():
    t = torch_early.FloatTensor([[5, 1, 4], [2, 8, 3]])
    assert t.topk(2)[0].tolist() == [[5, 4], [8, 3]]              # largest, along the last dim
    assert t.topk(1, largest=False)[0].tolist() == [[1], [2]]
    assert t.topk(1, dim=0)[1].tolist() == [[0, 1, 0]]
    assert torch_early.topk(t, 2, sorted=True)[1].tolist() == [[0, 2], [1, 2]]


@pytest.mark.parametrize('call', [lambda t: t.topk(2, True), lambda t: t.topk(2, False, True),
                                  lambda t: t.sort(True), lambda t: torch_early.sort(t, False),
                                  lambda t: torch_early.topk(t, 1, True)],
                         ids=['topk(k, True)', 'topk(k, False, True)', 'sort(True)',
                              'torch_early.sort(t, False)', 'torch_early.topk(t, k, True)'])
def test_a_bool_where_the_dim_goes_is_a_type_error(call):
    # True is not dimension 1: with dim left out, largest/sorted/descending are keywords only.
    with pytest.raises(TypeError, match='invalid combination of arguments'):
        call(torch_early.FloatTensor([[5, 1, 4], [2, 8, 3]]))


def test_the_flags_work_positionally_after_a_dim():
    t = torch_early.FloatTensor([[5, 1, 4], [2, 8, 3]])
    assert t.topk(1, 1, False)[0].tolist() == [[1], [2]]
    assert t.topk(2, 1, True, True)[0].tolist() == [[5, 4], [8, 3]]
    assert t.sort(1, True)[0].tolist() == [[5, 4, 1], [8, 3, 2]]
    assert t.sort(descending=True)[0].tolist() == [[5, 4, 1], [8, 3, 2]]


def test_k_out_of_range_is_an_index_error():
    t = torch_early.FloatTensor([[5, 1, 4], [2, 8, 3]])
    with pytest.raises(IndexError, match=r'k \(4\) out of range: dimension 1 has 3 elements'):
        t.topk(4)
    with pytest.raises(IndexError, match=r'k \(0\) out of range'):
        t.kthvalue(0)
    with pytest.raises(IndexError, match=r'k \(3\) out of range: dimension 0 has 2 elements'):
        t.kthvalue(3, 0)


@pytest.mark.parametrize('op,args', [('sort', ()), ('topk', (1,)), ('kthvalue', (1,)),
                                     ('median', ()), ('mode', ())])
def test_a_dim_outside_the_tensor_is_an_index_error(op, args):
    t = torch_early.DoubleTensor(2, 3).fill_(1)
    with pytest.raises(IndexError, match='dimension 2 out of range of 2D tensor'):
        getattr(t, op)(*(args + (2,)))
    with pytest.raises(IndexError, match='dimension -3 out of range of 2D tensor'):
        getattr(t, op)(*(args + (-3,)))


# ---- kthvalue, median, mode -------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1])
def test_kthvalue_and_median(name, layout, dim):
    values = sample(name, 9, high=100)
    t = make(name, layout, values)
    n = values.shape[dim]
    ordered = numpy.sort(values, axis=dim)
    for k in [1, 2, n]:
        result, positions = t.kthvalue(k, dim)
        expected = numpy.take(ordered, [k - 1], axis=dim)
        assert (as_numpy(result) == expected).all()
        picked = numpy.take_along_axis(values, as_numpy(positions), axis=dim)
        assert (picked == expected).all()                          # a position holding it
    result, positions = t.median(dim)
    lower_median = numpy.take(ordered, [(n + 1) // 2 - 1], axis=dim)
    assert (as_numpy(result) == lower_median).all()
    assert (numpy.take_along_axis(values, as_numpy(positions), axis=dim) == lower_median).all()


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('dim', [0, 1, -1])
def test_mode_is_the_most_frequent_element_at_its_last_occurrence(name, layout, dim):
    values = sample(name, 10, shape=(5, 7), high=3)
    t = make(name, layout, values)
    result, positions = t.mode(dim)
    for index in numpy.ndindex(*numpy.delete(values.shape, dim % 2)):
        line = numpy.take(values, index[0], axis=1 - dim % 2)
        candidates, counts = numpy.unique(line, return_counts=True)
        mode = candidates[numpy.argmax(counts)]                      # the smallest on ties
        where = (index[0], 0) if dim % 2 == 1 else (0, index[0])
        assert result[where[0]][where[1]] == mode
        assert positions[where[0]][where[1]] == numpy.nonzero(line == mode)[0][-1]


def test_median_and_mode_default_to_the_last_dim():
    t = torch_early.LongTensor([[4, 1, 3, 2], [7, 7, 5, 5]])
    assert t.median()[0].tolist() == [[2], [5]]
    assert t.mode()[0].tolist() == [[1], [5]] and t.mode()[1].tolist() == [[1], [3]]


# ---- nonzero ----------------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('name', DTYPES)
def test_nonzero_lists_subscripts_in_row_major_order(name, layout):
    values = sample(name, 12, high=3)
    t = make(name, layout, values)
    result = t.nonzero()
    assert type(result) is torch_early.LongTensor
    assert result.tolist() == numpy.argwhere(values).tolist()
    assert torch_early.nonzero(t).tolist() == result.tolist()


def test_nonzero_of_nothing_is_empty():
    assert torch_early.FloatTensor(2, 3).zero_().nonzero().dim() == 0
    assert torch_early.FloatTensor().nonzero().dim() == 0
    assert torch_early.IntTensor([0, 5, 0, 7]).nonzero().tolist() == [[1], [3]]
    three = torch_early.ByteTensor(2, 2, 2).zero_()
    three[1][0][1] = 1
    assert three.nonzero().tolist() == [[1, 0, 1]]
