"""Random sampling: one Mersenne Twister (MT19937) stream per generator, turned into numbers by
fixed transformations.

A generator is 624 words of state; each draw yields a 32-bit integer. Every distribution is a
documented function of those integers (see lib/TH/THRandom.h): uniform = a + (b - a) * x / 2**32,
random_(from, to) = from + x % (to - from), bernoulli(p) = x / 2**32 < p, and so on. So the same
seed gives the same numbers, a saved state replays them, and a private generator leaves the
default one alone. Tensors are filled in row-major order. The references below are NumPy's
MT19937 (RandomState(seed) seeds it the standard way) and plain Python statistics.
"""
import math
import random

import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, tensor_class

# The integers each dtype holds exactly: the bounds random_ and randperm accept.
EXACT_RANGE = {'Byte': (0, 255), 'Char': (-128, 127), 'Short': (-2 ** 15, 2 ** 15 - 1),
               'Int': (-2 ** 31, 2 ** 31 - 1), 'Long': (-2 ** 63, 2 ** 63 - 1),
               'Float': (-2 ** 24, 2 ** 24), 'Double': (-2 ** 53, 2 ** 53)}


def generator(seed):
    return torch_early.Generator().manual_seed(seed)


def mt_stream(seed, n):
    """The first n 32-bit outputs of MT19937 seeded with seed, as Python ints."""
    draws = numpy.random.RandomState(seed).randint(0, 2 ** 32, size=n, dtype=numpy.uint32)
    return [int(x) for x in draws]


def mean_and_variance(values):
    mean = sum(values) / len(values)
    return mean, sum((x - mean) ** 2 for x in values) / len(values)


# ---- torch_early.Generator: the object that holds one stream -----------------------------

def test_manual_seed_returns_the_generator_and_sets_initial_seed():
    generator = torch_early.Generator()
    assert generator.manual_seed(42) is generator
    assert generator.initial_seed() == 42


def test_seeds_are_taken_modulo_two_to_the_64():
    generator = torch_early.Generator()
    assert generator.manual_seed(-1).initial_seed() == 2 ** 64 - 1
    assert generator.manual_seed(2 ** 64 + 5).initial_seed() == 5


def test_seed_reseeds_and_reports_the_new_seed():
    generator = torch_early.Generator()
    seed = generator.seed()
    assert type(seed) is int
    assert generator.initial_seed() == seed


def test_generators_with_the_same_seed_give_the_same_numbers():
    first = torch_early.Generator().manual_seed(9)
    second = torch_early.Generator().manual_seed(9)
    assert torch_early.LongTensor(8).random_(generator=first).tolist() == \
        torch_early.LongTensor(8).random_(generator=second).tolist()


def test_get_state_and_set_state_replay_the_numbers():
    generator = torch_early.Generator().manual_seed(1)
    state = generator.get_state()
    assert type(state) is torch_early.ByteTensor
    numbers = torch_early.DoubleTensor(5).uniform_(generator=generator).tolist()
    assert generator.set_state(state) is generator
    assert torch_early.DoubleTensor(5).uniform_(generator=generator).tolist() == numbers


def test_get_state_is_a_copy():
    generator = torch_early.Generator().manual_seed(1)
    state = generator.get_state()
    saved = state.clone()
    torch_early.DoubleTensor(5).uniform_(generator=generator)
    assert state.tolist() == saved.tolist()  # drawing numbers did not touch the earlier state


def test_set_state_checks_its_argument():
    generator = torch_early.Generator()
    with pytest.raises(TypeError, match='set_state expects a torch_early.ByteTensor, but got '
                                        'torch_early.FloatTensor'):
        generator.set_state(torch_early.FloatTensor(3))
    with pytest.raises(RuntimeError, match='RNG state has the wrong size'):
        generator.set_state(torch_early.ByteTensor(3).zero_())


def test_manual_seed_checks_its_argument():
    with pytest.raises(TypeError, match='manual_seed expected an int, but got float'):
        torch_early.Generator().manual_seed(1.5)


def test_generator_takes_no_arguments():
    with pytest.raises(TypeError, match='takes no arguments'):
        torch_early.Generator(1)


def test_the_generator_type_is_named_as_users_know_it():
    assert repr(torch_early.Generator()).startswith('<torch_early.Generator object')
    with pytest.raises(TypeError, match='got \\(str, torch_early.Generator\\)'):
        # a generator comes first (or as generator=), so after a number it matches nothing
        torch_early.FloatTensor(2).uniform_('0', torch_early.default_generator)


def test_the_module_functions_use_the_default_generator():
    assert torch_early.manual_seed(11) is torch_early.default_generator
    assert torch_early.initial_seed() == 11
    state = torch_early.get_rng_state()
    assert state.tolist() == torch_early.default_generator.get_state().tolist()


# ---- The transformations of the stream, bit for bit --------------------------------------

def test_uniform_is_the_draw_times_two_to_the_minus_32():
    expected = [x / 2 ** 32 for x in mt_stream(7, 6)]
    assert torch_early.DoubleTensor(6).uniform_(generator=generator(7)).tolist() == expected
    # Float rounds the same double to float
    floats = torch_early.FloatTensor(6).uniform_(generator=generator(7)).tolist()
    assert floats == [float(numpy.float32(x)) for x in expected]
    shifted = torch_early.DoubleTensor(6).uniform_(-3, 5, generator=generator(7)).tolist()
    assert shifted == [-3 + 8 * x for x in expected]


@pytest.mark.parametrize('name', DTYPES)
def test_random_with_bounds_is_from_plus_the_draw_modulo_the_width(name):
    lowest, highest = EXACT_RANGE[name]
    start = max(lowest, -40)
    got = tensor_class(name)(50).random_(start, start + 77, generator=generator(3)).tolist()
    assert got == [start + x % 77 for x in mt_stream(3, 50)]
    capped = tensor_class(name)(50).random_(9, generator=generator(3)).tolist()
    assert capped == [x % 9 for x in mt_stream(3, 50)]


@pytest.mark.parametrize('name,modulus', [('Byte', 256), ('Char', 128), ('Short', 2 ** 15),
                                          ('Int', 2 ** 31), ('Long', 2 ** 32),
                                          ('Float', 2 ** 24 + 1), ('Double', 2 ** 32)])
def test_random_without_bounds_covers_what_the_dtype_holds(name, modulus):
    got = tensor_class(name)(50).random_(generator=generator(4)).tolist()
    assert got == [x % modulus for x in mt_stream(4, 50)]


def test_ranges_wider_than_two_to_the_32_take_two_draws_each():
    stream = mt_stream(5, 8)
    wide = [(stream[2 * i] << 32 | stream[2 * i + 1]) % 2 ** 41 - 2 ** 40 for i in range(4)]
    got = torch_early.LongTensor(4).random_(-2 ** 40, 2 ** 40, generator=generator(5)).tolist()
    assert got == wide


def test_randperm_is_fisher_yates_over_the_stream():
    stream = iter(mt_stream(6, 20))
    expected = list(range(20))
    for i in range(19):
        j = i + next(stream) % (20 - i)
        expected[i], expected[j] = expected[j], expected[i]
    assert torch_early.randperm(20, generator=generator(6)).tolist() == expected


@pytest.mark.parametrize('name', DTYPES)
def test_bernoulli_is_the_uniform_below_p(name):
    expected = [int(x / 2 ** 32 < 0.3) for x in mt_stream(8, 40)]
    assert tensor_class(name)(40).bernoulli_(0.3, generator=generator(8)).tolist() == expected


def test_multinomial_searches_the_running_sums():
    weights = [0.5, 0.0, 2.0, 1.5]
    running = numpy.cumsum(weights)
    expected = [int(numpy.searchsorted(running, x / 2 ** 32 * running[-1], side='right'))
                for x in mt_stream(9, 30)]
    got = torch_early.multinomial(torch_early.DoubleTensor(weights), 30, True,
                                  generator=generator(9))
    assert got.tolist() == expected


# ---- Seeds: the same numbers twice, different ones for another seed ----------------------

SAMPLERS = {
    'random_': lambda g: torch_early.IntTensor(20).random_(generator=g),
    'random_(from, to)': lambda g: torch_early.LongTensor(20).random_(-9, 9, generator=g),
    'uniform_': lambda g: torch_early.FloatTensor(20).uniform_(generator=g),
    'normal_': lambda g: torch_early.DoubleTensor(21).normal_(2, 3, generator=g),
    'exponential_': lambda g: torch_early.DoubleTensor(20).exponential_(generator=g),
    'cauchy_': lambda g: torch_early.DoubleTensor(20).cauchy_(generator=g),
    'log_normal_': lambda g: torch_early.FloatTensor(20).log_normal_(generator=g),
    'geometric_': lambda g: torch_early.ShortTensor(20).geometric_(0.2, generator=g),
    'bernoulli_': lambda g: torch_early.ByteTensor(40).bernoulli_(generator=g),
    'bernoulli': lambda g: torch_early.bernoulli(torch_early.DoubleTensor(40).fill_(0.5),
                                                  generator=g),
    'multinomial': lambda g: torch_early.multinomial(torch_early.FloatTensor([1, 2, 3, 4]), 3,
                                                     generator=g),
    'normal(means)': lambda g: torch_early.normal(torch_early.DoubleTensor(5).zero_(),
                                                  generator=g),
    'rand': lambda g: torch_early.rand(4, 5, generator=g),
    'randn': lambda g: torch_early.randn(4, 5, generator=g),
    'randperm': lambda g: torch_early.randperm(30, generator=g),
}


@pytest.mark.parametrize('name', sorted(SAMPLERS))
def test_the_same_seed_gives_the_same_numbers(name):
    sample = SAMPLERS[name]
    assert sample(generator(2017)).tolist() == sample(generator(2017)).tolist()
    assert sample(generator(2017)).tolist() != sample(generator(2018)).tolist()


@pytest.mark.parametrize('name', sorted(SAMPLERS))
def test_manual_seed_restarts_the_default_generator(name):
    sample = SAMPLERS[name]
    torch_early.manual_seed(99)
    first = sample(torch_early.default_generator).tolist()
    torch_early.manual_seed(99)
    assert sample(torch_early.default_generator).tolist() == first


@pytest.mark.parametrize('name', sorted(SAMPLERS))
def test_a_private_generator_does_not_disturb_the_default_one(name):
    torch_early.manual_seed(5)
    expected = torch_early.DoubleTensor(8).uniform_().tolist()
    torch_early.manual_seed(5)
    SAMPLERS[name](torch_early.Generator())
    assert torch_early.DoubleTensor(8).uniform_().tolist() == expected


def test_without_generator_the_default_one_is_used():
    torch_early.manual_seed(12)
    from_default = torch_early.rand(6).tolist()
    assert torch_early.rand(6, generator=generator(12)).tolist() == from_default


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


# ---- Saving and restoring the state -------------------------------------------------------

def test_a_state_saved_between_two_normal_draws_replays_the_second():
    # Box-Muller makes normals in pairs: after an odd number of draws, the second of a pair
    # waits in the state, and restoring the state must bring it back.
    torch_early.manual_seed(31)
    torch_early.DoubleTensor(1).normal_()
    state = torch_early.get_rng_state()
    second = torch_early.DoubleTensor(1).normal_().tolist()
    after = torch_early.DoubleTensor(3).normal_().tolist()
    torch_early.DoubleTensor(7).normal_()
    torch_early.set_rng_state(state)
    assert torch_early.DoubleTensor(1).normal_().tolist() == second
    assert torch_early.DoubleTensor(3).normal_().tolist() == after


def test_reseeding_forgets_a_waiting_normal():
    torch_early.manual_seed(31)
    pair = torch_early.DoubleTensor(2).normal_().tolist()
    torch_early.manual_seed(31)
    torch_early.DoubleTensor(1).normal_()
    torch_early.manual_seed(31)
    assert torch_early.DoubleTensor(2).normal_().tolist() == pair


def test_generator_state_round_trips_and_moves_between_generators():
    source = generator(77)
    torch_early.FloatTensor(3).normal_(generator=source)
    state = source.get_state()
    expected = [SAMPLERS[name](source).tolist() for name in sorted(SAMPLERS)]
    other = torch_early.Generator()
    assert other.set_state(state) is other
    assert [SAMPLERS[name](other).tolist() for name in sorted(SAMPLERS)] == expected


def test_a_state_is_a_byte_tensor_that_set_state_validates():
    state = generator(1).get_state()
    assert type(state) is torch_early.ByteTensor
    with pytest.raises(RuntimeError, match='RNG state has the wrong size'):
        torch_early.Generator().set_state(state[:10])
    corrupt = state.clone().fill_(255)
    with pytest.raises(RuntimeError, match='invalid RNG state'):
        torch_early.set_rng_state(corrupt)


def test_rng_state_round_trip():
    torch_early.manual_seed(5)
    torch_early.FloatTensor(3).normal_()  # leave a cached normal sample in the state, too
    state = torch_early.get_rng_state()
    assert type(state) is torch_early.ByteTensor
    ahead = torch_early.FloatTensor(5).normal_().tolist()
    torch_early.set_rng_state(state)
    assert torch_early.FloatTensor(5).normal_().tolist() == ahead


# ---- Statistics of 100 000 draws (fixed seeds, generous bounds) --------------------------

N = 100000


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_uniform_mean_and_variance(name):
    values = tensor_class(name)(N).uniform_(-2, 4, generator=generator(1)).tolist()
    assert -2 <= min(values) and max(values) < 4
    mean, variance = mean_and_variance(values)
    assert abs(mean - 1) < 0.03              # standard error 6 / sqrt(12 N) ~ 0.005
    assert abs(variance - 3) < 0.05          # 6**2 / 12


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_normal_mean_and_variance(name):
    mean, variance = mean_and_variance(
        tensor_class(name)(N).normal_(-1, 3, generator=generator(2)).tolist())
    assert abs(mean + 1) < 0.05              # standard error 0.01
    assert abs(variance - 9) < 0.2


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_exponential_mean_and_variance(name):
    values = tensor_class(name)(N).exponential_(4, generator=generator(3)).tolist()
    assert min(values) >= 0
    mean, variance = mean_and_variance(values)
    assert abs(mean - 0.25) < 0.005
    assert abs(variance - 0.0625) < 0.003


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_cauchy_median_and_quartiles(name):
    values = sorted(tensor_class(name)(N).cauchy_(3, 2, generator=generator(4)).tolist())
    assert abs(values[N // 2] - 3) < 0.05
    assert abs(values[N // 4] - 1) < 0.06    # the quartiles are median -/+ sigma
    assert abs(values[3 * N // 4] - 5) < 0.06


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_log_normal_is_exp_of_a_normal(name):
    values = tensor_class(name)(N).log_normal_(1, 0.5, generator=generator(5)).tolist()
    mean, variance = mean_and_variance([math.log(x) for x in values])
    assert abs(mean - 1) < 0.01
    assert abs(variance - 0.25) < 0.01
    defaults = tensor_class(name)(N).log_normal_(generator=generator(5)).tolist()
    assert abs(mean_and_variance([math.log(x) for x in defaults])[0] - 1) < 0.05  # mean=1, std=2


@pytest.mark.parametrize('name', DTYPES)
def test_geometric_counts_trials_until_the_first_success(name):
    values = tensor_class(name)(N).geometric_(0.25, generator=generator(6)).tolist()
    assert min(values) == 1
    mean, variance = mean_and_variance(values)
    assert abs(mean - 4) < 0.05              # 1 / p
    assert abs(variance - 12) < 0.5          # (1 - p) / p**2
    assert abs(values.count(1) / N - 0.25) < 0.01


@pytest.mark.parametrize('name', DTYPES)
def test_bernoulli_frequencies(name):
    values = tensor_class(name)(N).bernoulli_(0.3, generator=generator(7)).tolist()
    assert set(values) == {0, 1}
    assert abs(sum(values) / N - 0.3) < 0.01
    halves = tensor_class(name)(N).bernoulli_(generator=generator(7)).tolist()
    assert abs(sum(halves) / N - 0.5) < 0.01  # p = 0.5 by default


@pytest.mark.parametrize('name', DTYPES)
def test_bernoulli_with_a_probability_per_element(name):
    probabilities = torch_early.DoubleTensor([0.1, 0.9] * (N // 2))
    values = tensor_class(name)(N).bernoulli_(probabilities, generator=generator(8)).tolist()
    assert abs(sum(values[0::2]) / (N // 2) - 0.1) < 0.01
    assert abs(sum(values[1::2]) / (N // 2) - 0.9) < 0.01


def test_randn_and_rand_statistics():
    mean, variance = mean_and_variance(torch_early.randn(N, generator=generator(9)).tolist())
    assert abs(mean) < 0.02 and abs(variance - 1) < 0.03
    mean, variance = mean_and_variance(torch_early.rand(N, generator=generator(9)).tolist())
    assert abs(mean - 0.5) < 0.01 and abs(variance - 1 / 12) < 0.003


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_multinomial_frequencies_with_replacement(name):
    weights = tensor_class(name)([1, 0, 3, 6])     # need not sum to 1
    samples = torch_early.multinomial(weights, N, replacement=True, generator=generator(10))
    assert type(samples) is torch_early.LongTensor
    counts = [samples.tolist().count(k) for k in range(4)]
    assert counts[1] == 0                          # weight 0: never drawn
    for k, p in ((0, 0.1), (2, 0.3), (3, 0.6)):
        assert abs(counts[k] / N - p) < 0.01


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_multinomial_without_replacement_draws_distinct_categories(name):
    # 20 000 rows of weights 1 2 3 4, three samples each: distinct within a row; the first
    # sample follows the weights, the second the weights left over after the first.
    weights = tensor_class(name)([[1, 2, 3, 4]] * 20000)
    rows = torch_early.multinomial(weights, 3, generator=generator(11)).tolist()
    assert all(len(set(row)) == 3 for row in rows)
    first = [row[0] for row in rows]
    for k in range(4):
        assert abs(first.count(k) / 20000 - (k + 1) / 10) < 0.015
    second_after_3 = [row[1] for row in rows if row[0] == 3]
    assert abs(second_after_3.count(2) / len(second_after_3) - 3 / 6) < 0.03


def test_randperm_is_a_permutation():
    values = torch_early.randperm(N, generator=generator(12)).tolist()
    assert sorted(values) == list(range(N))
    assert sum(v == i for i, v in enumerate(values)) < 10   # shuffled: about one fixed point


@pytest.mark.parametrize('name', DTYPES)
def test_random_ranges_include_from_and_exclude_to(name):
    values = set(tensor_class(name)(N).random_(-3 if name != 'Byte' else 3, 7,
                                               generator=generator(13)).tolist())
    assert values == set(range(-3 if name != 'Byte' else 3, 7))
    lowest, highest = EXACT_RANGE[name]
    edges = tensor_class(name)(1000).random_(lowest, lowest + 2, generator=generator(13))
    assert set(edges.tolist()) == {lowest, lowest + 1}
    assert set(tensor_class(name)(10).random_(highest - 1, highest).tolist()) == {highest - 1}
    assert set(tensor_class(name)(1000).random_(1, generator=generator(13)).tolist()) == {0}


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


# ---- The function forms: results, out=, default types ------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_bernoulli_of_probabilities_has_their_type_and_shape(name):
    probabilities = tensor_class(name)([[0, 1, 0], [1, 1, 0]])
    for result in (torch_early.bernoulli(probabilities), probabilities.bernoulli()):
        assert type(result) is tensor_class(name)
        assert result.tolist() == probabilities.tolist()      # 0 and 1 are certain
    out = tensor_class(name)(1)
    assert torch_early.bernoulli(probabilities, out=out) is out
    assert out.size() == torch_early.Size([2, 3])


def test_multinomial_shapes():
    one_row = torch_early.multinomial(torch_early.FloatTensor([1, 1]), 5, True)
    assert one_row.size() == torch_early.Size([5])
    rows = torch_early.DoubleTensor([[1, 0, 0], [0, 0, 2]]).multinomial(4, replacement=True)
    assert rows.tolist() == [[0] * 4, [2] * 4]
    out = torch_early.LongTensor()
    assert torch_early.multinomial(torch_early.FloatTensor([1, 2]), 2, out=out) is out
    assert sorted(out.tolist()) == [0, 1]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_normal_with_tensor_means_and_deviations(name):
    cls = tensor_class(name)
    means = cls([[0, 100], [200, 300]])
    near_means = torch_early.normal(means, 1e-3, generator=generator(14))
    assert type(near_means) is cls and near_means.size() == means.size()
    assert numpy.allclose(near_means.numpy(), means.numpy(), atol=0.01)
    spread = torch_early.normal(5, cls(N).fill_(2), generator=generator(14)).tolist()
    mean, variance = mean_and_variance(spread)
    assert abs(mean - 5) < 0.05 and abs(variance - 4) < 0.1
    both = torch_early.normal(means, cls([1e-3, 1e-3, 1e-3, 1e-3]))
    assert both.size() == means.size()                        # the means' shape
    assert numpy.allclose(both.numpy(), means.numpy(), atol=0.01)
    default_std = torch_early.normal(cls(N).fill_(-1), generator=generator(15)).tolist()
    assert abs(mean_and_variance(default_std)[1] - 1) < 0.03  # std=1 by default
    out = cls()
    assert torch_early.normal(means, 2.0, out=out) is out and out.size() == means.size()


def test_rand_randn_take_sizes_as_numbers_or_a_size():
    assert torch_early.rand(2, 3).size() == torch_early.Size([2, 3])
    assert torch_early.randn(torch_early.Size([4, 1, 2])).size() == torch_early.Size([4, 1, 2])
    assert torch_early.rand((5,)).size() == torch_early.Size([5])
    assert type(torch_early.rand(2)) is torch_early.FloatTensor      # the default tensor type
    out = torch_early.DoubleTensor()
    assert torch_early.randn(3, 2, out=out) is out                    # out= decides the type
    assert out.size() == torch_early.Size([3, 2])


def test_rand_follows_the_default_tensor_type():
    torch_early.set_default_tensor_type('torch_early.DoubleTensor')
    try:
        assert type(torch_early.rand(2)) is torch_early.DoubleTensor
        assert type(torch_early.randperm(3)) is torch_early.LongTensor  # indices stay Long
    finally:
        torch_early.set_default_tensor_type('torch_early.FloatTensor')


@pytest.mark.parametrize('name', DTYPES)
def test_randperm_into_out_takes_its_type(name):
    out = tensor_class(name)()
    assert torch_early.randperm(100, out=out, generator=generator(16)) is out
    assert sorted(out.tolist()) == list(range(100))
    assert type(torch_early.randperm(3)) is torch_early.LongTensor


def test_parameters_have_their_historical_keyword_names():
    def same(a, b):
        assert a.tolist() == b.tolist()
    cls = torch_early.DoubleTensor
    same(cls(5).uniform_(**{'from': 2, 'to': 3}, generator=generator(20)),
         cls(5).uniform_(2, 3, generator=generator(20)))
    same(cls(5).normal_(mean=2, std=3, generator=generator(20)),
         cls(5).normal_(2, 3, generator=generator(20)))
    same(cls(5).cauchy_(median=1, sigma=2, generator=generator(20)),
         cls(5).cauchy_(1, 2, generator=generator(20)))
    same(cls(5).log_normal_(mean=0, std=1, generator=generator(20)),
         cls(5).log_normal_(0, 1, generator=generator(20)))
    same(cls(5).exponential_(lambd=3, generator=generator(20)),
         cls(5).exponential_(3, generator=generator(20)))
    same(cls(5).geometric_(p=0.4, generator=generator(20)),
         cls(5).geometric_(0.4, generator=generator(20)))
    same(cls(5).bernoulli_(p=0.4, generator=generator(20)),
         cls(5).bernoulli_(0.4, generator=generator(20)))
    same(torch_early.LongTensor(5).random_(**{'from': -4, 'to': 4}, generator=generator(20)),
         torch_early.LongTensor(5).random_(-4, 4, generator=generator(20)))
    weights = torch_early.FloatTensor([1, 2, 3])
    same(torch_early.multinomial(weights, num_samples=2, replacement=True, generator=generator(20)),
         torch_early.multinomial(weights, 2, True, generator=generator(20)))
    same(torch_early.normal(means=cls([1, 2]), std=0.5, generator=generator(20)),
         torch_early.normal(cls([1, 2]), 0.5, generator=generator(20)))


# ---- Layouts: fills go through views in row-major order ----------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_a_transposed_view_is_filled_in_its_own_row_major_order(name):
    cls = tensor_class(name)
    view = cls(4, 3).t()
    view.random_(0, 50, generator=generator(17))
    assert view.tolist() == cls(3, 4).random_(0, 50, generator=generator(17)).tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_a_narrowed_view_is_filled_and_nothing_around_it(name):
    cls = tensor_class(name)
    base = cls(5, 6).fill_(99)
    view = base.narrow(0, 1, 3).narrow(1, 2, 4)
    view.bernoulli_(0.5, generator=generator(17))
    assert view.tolist() == cls(3, 4).bernoulli_(0.5, generator=generator(17)).tolist()
    rows = base.tolist()
    assert all(rows[i][j] == 99 for i in range(5) for j in range(6)
               if not (1 <= i < 4 and 2 <= j < 6))


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_non_contiguous_parameters(name):
    cls = tensor_class(name)
    probabilities = cls([[1, 0], [0, 1], [1, 1]]).t()              # 2x3, transposed
    assert torch_early.bernoulli(probabilities).tolist() == probabilities.tolist()
    weights = cls([[0, 5], [3, 0], [0, 0]]).t()                    # rows [0 3 0], [5 0 0]
    assert torch_early.multinomial(weights, 2, True).tolist() == [[1, 1], [0, 0]]
    means = cls(4).fill_(7).narrow(0, 1, 2)
    assert numpy.allclose(torch_early.normal(means, 1e-4).numpy(), 7, atol=1e-2)
    expanded = cls([0.0]).expand(6)                                 # stride 0: six zeros
    assert torch_early.bernoulli(expanded).tolist() == [0] * 6
    assert torch_early.normal(expanded, 1e-4).size() == torch_early.Size([6])


# ---- What each dtype has -----------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_integer_methods_exist_for_every_dtype_and_continuous_ones_for_floats(name):
    t = tensor_class(name)(2)
    for method in ('random_', 'geometric_', 'bernoulli_'):
        assert hasattr(t, method)
    for method in ('uniform_', 'normal_', 'cauchy_', 'log_normal_', 'exponential_',
                   'multinomial', 'bernoulli'):
        assert hasattr(t, method) == (name in FLOAT_DTYPES)


def test_half_tensors_have_no_random_methods():
    assert not hasattr(torch_early.HalfTensor(2), 'random_')


@pytest.mark.parametrize('function', ['multinomial', 'bernoulli', 'normal'])
def test_float_only_functions_name_the_type_they_lack(function):
    with pytest.raises(TypeError, match='torch_early.IntTensor doesn\'t implement stateless '
                                        'method ' + function):
        getattr(torch_early, function)(torch_early.IntTensor([1, 2]), 1)


def test_uniform_and_normal_exist_only_for_floating_point():
    assert not hasattr(torch_early.IntTensor(1), 'uniform_')
    assert not hasattr(torch_early.LongTensor(1), 'normal_')


# ---- Errors ------------------------------------------------------------------------------

def test_wrong_argument_types_list_the_signatures():
    with pytest.raises(TypeError, match=r'random_ received an invalid combination of arguments - '
                                        r'got \(float\), but expected one of:\n'
                                        r' \* \(int from, int to, generator=torch_early.Generator\)'):
        torch_early.LongTensor(2).random_(1.5)
    with pytest.raises(TypeError, match=r'got \(torch_early.IntTensor\)'):
        torch_early.IntTensor(2).bernoulli_(torch_early.IntTensor(2))
    with pytest.raises(TypeError, match=r'got \(generator=int\)'):
        torch_early.DoubleTensor(2).normal_(generator=3)
    with pytest.raises(TypeError, match=r'\(int n, out=torch_early.LongTensor'):
        torch_early.randperm(2.5)
    with pytest.raises(TypeError, match='expected one of'):
        torch_early.normal(torch_early.FloatTensor(2), torch_early.DoubleTensor(2))


def test_a_positional_generator_comes_first():
    with pytest.raises(TypeError, match=r'got \(int, torch_early.Generator\)'):
        torch_early.randperm(3, torch_early.Generator())


# The era took the generator positionally, first: x.uniform_(g, 0, 1), torch_early.rand(g, 2, 3).
# Each form below must draw exactly what the same call with generator= draws.
POSITIONAL_GENERATOR_CALLS = [
    ('random_', lambda g: torch_early.LongTensor(6).random_(g),
     lambda g: torch_early.LongTensor(6).random_(generator=g)),
    ('random_(to)', lambda g: torch_early.IntTensor(6).random_(g, 10),
     lambda g: torch_early.IntTensor(6).random_(10, generator=g)),
    ('random_(from, to)', lambda g: torch_early.ShortTensor(6).random_(g, -5, 5),
     lambda g: torch_early.ShortTensor(6).random_(-5, 5, generator=g)),
    ('uniform_', lambda g: torch_early.FloatTensor(6).uniform_(g, 2, 3),
     lambda g: torch_early.FloatTensor(6).uniform_(2, 3, generator=g)),
    ('uniform_()', lambda g: torch_early.DoubleTensor(6).uniform_(g),
     lambda g: torch_early.DoubleTensor(6).uniform_(generator=g)),
    ('normal_', lambda g: torch_early.DoubleTensor(6).normal_(g, 1, 2),
     lambda g: torch_early.DoubleTensor(6).normal_(1, 2, generator=g)),
    ('cauchy_', lambda g: torch_early.DoubleTensor(6).cauchy_(g, 1, 2),
     lambda g: torch_early.DoubleTensor(6).cauchy_(1, 2, generator=g)),
    ('log_normal_', lambda g: torch_early.DoubleTensor(6).log_normal_(g, 0, 1),
     lambda g: torch_early.DoubleTensor(6).log_normal_(0, 1, generator=g)),
    ('exponential_', lambda g: torch_early.DoubleTensor(6).exponential_(g, 3),
     lambda g: torch_early.DoubleTensor(6).exponential_(3, generator=g)),
    ('geometric_', lambda g: torch_early.LongTensor(6).geometric_(g, 0.3),
     lambda g: torch_early.LongTensor(6).geometric_(0.3, generator=g)),
    ('bernoulli_', lambda g: torch_early.ByteTensor(6).bernoulli_(g, 0.3),
     lambda g: torch_early.ByteTensor(6).bernoulli_(0.3, generator=g)),
    ('bernoulli_(tensor)', lambda g: torch_early.ByteTensor(3).bernoulli_(
        g, torch_early.DoubleTensor([0.1, 0.5, 0.9])),
     lambda g: torch_early.ByteTensor(3).bernoulli_(
        torch_early.DoubleTensor([0.1, 0.5, 0.9]), generator=g)),
    ('bernoulli', lambda g: torch_early.bernoulli(g, torch_early.FloatTensor(6).fill_(0.5)),
     lambda g: torch_early.bernoulli(torch_early.FloatTensor(6).fill_(0.5), generator=g)),
    ('method bernoulli', lambda g: torch_early.FloatTensor(6).fill_(0.5).bernoulli(g),
     lambda g: torch_early.FloatTensor(6).fill_(0.5).bernoulli(generator=g)),
    ('multinomial', lambda g: torch_early.multinomial(g, torch_early.FloatTensor([1, 2, 3]), 4, True),
     lambda g: torch_early.multinomial(torch_early.FloatTensor([1, 2, 3]), 4, True, generator=g)),
    ('method multinomial', lambda g: torch_early.FloatTensor([1, 2, 3]).multinomial(g, 2),
     lambda g: torch_early.FloatTensor([1, 2, 3]).multinomial(2, generator=g)),
    ('normal(means)', lambda g: torch_early.normal(g, torch_early.DoubleTensor([1, 2]), 0.5),
     lambda g: torch_early.normal(torch_early.DoubleTensor([1, 2]), 0.5, generator=g)),
    ('normal(mean, stds)', lambda g: torch_early.normal(g, 1.0, torch_early.DoubleTensor([1, 2])),
     lambda g: torch_early.normal(1.0, torch_early.DoubleTensor([1, 2]), generator=g)),
    ('rand', lambda g: torch_early.rand(g, 2, 3), lambda g: torch_early.rand(2, 3, generator=g)),
    ('rand(Size)', lambda g: torch_early.rand(g, torch_early.Size([2, 3])),
     lambda g: torch_early.rand(2, 3, generator=g)),
    ('randn', lambda g: torch_early.randn(g, 4), lambda g: torch_early.randn(4, generator=g)),
    ('randperm', lambda g: torch_early.randperm(g, 8), lambda g: torch_early.randperm(8, generator=g)),
]


@pytest.mark.parametrize('label,positional,by_keyword', POSITIONAL_GENERATOR_CALLS,
                         ids=[c[0] for c in POSITIONAL_GENERATOR_CALLS])
def test_a_generator_may_be_passed_first_positionally(label, positional, by_keyword):
    torch_early.manual_seed(3)
    first_default_draw = torch_early.rand(1).tolist()
    torch_early.manual_seed(3)
    expected = by_keyword(generator(31)).tolist()
    assert positional(generator(31)).tolist() == expected
    # the private generator was used, not the default one
    assert torch_early.rand(1).tolist() == first_default_draw


def test_a_forked_generator_replays_the_default_one():
    g = torch_early.Generator()
    g.set_state(torch_early.get_rng_state())
    assert torch_early.rand(g, 50).tolist() == torch_early.rand(50).tolist()


def test_normal_takes_the_deviation_under_its_era_name_var():
    same = torch_early.DoubleTensor(5).normal_(1, 3, generator=generator(4)).tolist()
    assert torch_early.DoubleTensor(5).normal_(1, var=3, generator=generator(4)).tolist() == same
    assert torch_early.DoubleTensor(5).normal_(mean=1, var=3, generator=generator(4)).tolist() == same
    assert torch_early.DoubleTensor(5).normal_(generator(4), 1, var=3).tolist() == same
    with pytest.raises(TypeError, match='invalid combination'):
        torch_early.DoubleTensor(5).normal_(1, std=3, var=3)


@pytest.mark.parametrize('call,message', [
    (lambda: torch_early.IntTensor(3).random_(5, 5), 'random_ expects from < to, but got from=5, to=5'),
    (lambda: torch_early.IntTensor(3).random_(0), r'random_ expects to > 0 \(the range is \[0, to\)\)'),
    (lambda: torch_early.ByteTensor(3).random_(-1, 3),
     r'random_ range \[-1, 3\) does not fit this tensor type, which holds the integers from 0 to 255'),
    (lambda: torch_early.FloatTensor(3).random_(2 ** 24 + 2),
     'which holds the integers from -16777216 to 16777216 exactly'),
    (lambda: torch_early.FloatTensor(3).bernoulli_(1.5), 'probability must be between 0 and 1, got 1.5'),
    (lambda: torch_early.FloatTensor(3).bernoulli_(torch_early.DoubleTensor([0, 2, 0.5])),
     r'probabilities must be between 0 and 1, got 2 \(1 invalid in all\)'),
    (lambda: torch_early.FloatTensor(3).bernoulli_(torch_early.FloatTensor(2, 2).fill_(0)),
     r'inconsistent tensor size: expected 3 probabilities \(size 3\) but got 4 \(size 2x2\)'),
    (lambda: torch_early.bernoulli(torch_early.DoubleTensor([-0.5])), 'got -0.5'),
    (lambda: torch_early.IntTensor(3).geometric_(0), 'probability must be strictly between 0 and 1, got 0'),
    (lambda: torch_early.IntTensor(3).geometric_(1), 'strictly between 0 and 1, got 1'),
    (lambda: torch_early.FloatTensor(3).normal_(0, 0), 'standard deviation must be positive, got 0'),
    (lambda: torch_early.FloatTensor(3).log_normal_(0, -1), 'standard deviation must be positive, got -1'),
    (lambda: torch_early.FloatTensor(3).exponential_(0), 'rate lambda must be positive, got 0'),
    (lambda: torch_early.normal(torch_early.FloatTensor(2).zero_(), -1.0),
     'standard deviation must be positive, got -1'),
    (lambda: torch_early.normal(0, torch_early.FloatTensor([1, 0])),
     r'standard deviations must be positive, got 0 \(1 invalid in all\)'),
    (lambda: torch_early.normal(torch_early.FloatTensor(2, 3), torch_early.FloatTensor(4).fill_(1)),
     r'expected as many standard deviations as means, 6 \(size 2x3\), but got 4 \(size 4\)'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor([1, -1]), 1),
     r'multinomial weights must be non-negative and finite, got -1 \(row 0, category 1\)'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor([[1, 1], [0, 0]]), 1),
     'multinomial weights of row 1 sum to zero'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor([1, 1]), 3),
     'cannot draw 3 samples without replacement from 2 categories'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor([1, 0, 1]), 3),
     'cannot draw 3 samples without replacement from row 0: only 2 of its weights are non-zero'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor([1, 1]), 0), 'num_samples > 0, got 0'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor(2, 2, 2).fill_(1), 1),
     'multinomial expects a 1-D or 2-D tensor of weights, got size 2x2x2'),
    (lambda: torch_early.multinomial(torch_early.FloatTensor([1, float('nan')]), 1),
     'non-negative and finite, got nan'),
    (lambda: torch_early.randperm(0), 'randperm expects n > 0, but got n=0'),
    (lambda: torch_early.randperm(257, out=torch_early.ByteTensor()),
     r'randperm\(257\) needs the integers up to 256, but this tensor type holds them exactly only up to 255'),
])
def test_bad_parameters_are_runtime_errors_naming_them(call, message):
    with pytest.raises(RuntimeError, match=message):
        call()


def test_a_failed_call_leaves_its_operands_and_the_generator_as_they_were():
    g = generator(18)
    state = g.get_state()
    t = torch_early.DoubleTensor([1, 2, 3])
    out = torch_early.LongTensor([7, 7])
    for call in (lambda: t.random_(3, 1, generator=g),
                 lambda: t.bernoulli_(torch_early.DoubleTensor([0.5, 0.5, 9]), generator=g),
                 lambda: t.normal_(0, -1, generator=g),
                 lambda: torch_early.multinomial(torch_early.FloatTensor([[1, 1], [0, 0]]), 1,
                                                 out=out, generator=g)):
        with pytest.raises(RuntimeError):
            call()
    assert t.tolist() == [1, 2, 3]
    assert out.tolist() == [7, 7]
    assert g.get_state().tolist() == state.tolist()


def test_sizes_for_rand_must_be_non_negative():
    with pytest.raises(ValueError, match='sizes must be non-negative'):
        torch_early.rand(2, -1)


def test_python_random_module_is_not_involved():
    # torch_early's numbers come from its own generator only
    random.seed(0)
    first = torch_early.rand(3, generator=generator(19)).tolist()
    random.seed(1)
    assert torch_early.rand(3, generator=generator(19)).tolist() == first


def test_a_generator_argument_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match='got \\(generator=int\\)'):
        torch_early.FloatTensor(3).uniform_(generator=1)


# ---- Memory: nothing leaks, on success or on failure -------------------------------------

def test_random_calls_balance_their_references():
    import gc
    import sys
    g = generator(21)
    weights = torch_early.FloatTensor([[1, 1], [0, 0]])
    out = torch_early.LongTensor()
    calls = [lambda: torch_early.rand(3, generator=g),
             lambda: torch_early.multinomial(weights[0], 2, True, out=out, generator=g),
             lambda: torch_early.multinomial(weights, 1, out=out, generator=g),   # fails
             lambda: torch_early.normal(weights[0], weights[0], generator=g),     # fails
             lambda: torch_early.bernoulli(weights, generator=g),
             lambda: torch_early.randperm(5, generator=g)]
    objects = [g, weights, out, torch_early.FloatTensor, torch_early.LongTensor]
    for call in calls:
        for _ in range(3):
            try:
                call()
            except RuntimeError:
                pass
        gc.collect()
        before = [sys.getrefcount(obj) for obj in objects]
        for _ in range(100):
            try:
                call()
            except RuntimeError:
                pass
        gc.collect()
        assert [sys.getrefcount(obj) for obj in objects] == before
