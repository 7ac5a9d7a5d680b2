"""Function-style calls, torch_early.Size and torch_early.Generator.

torch_early.add(a, b) is not one function for all dtypes: it finds the first tensor among its
arguments (positional ones first, then keyword values) and calls the implementation of that
tensor's class, type(a)._torch.add(a, b). With no tensor at all it uses the default tensor type,
FloatTensor unless set_default_tensor_type changed it. Which implementation ran shows in the
result's type, or in the signatures an error message lists.
"""
import copy
import pickle

import numpy
import pytest

import torch_early


@pytest.fixture
def default_type():
    """Restores the default tensor type after the test, whatever the test set it to."""
    yield
    torch_early.set_default_tensor_type('torch_early.FloatTensor')


def listed_source_type(error):
    """The tensor class an 'invalid combination of arguments' message lists as the source."""
    message = str(error.value)
    start = message.index('(torch_early.', message.index('expected')) + 1
    return message[start:message.index(' source', start)]


# ---- dispatch -------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double'])
def test_the_first_tensor_argument_picks_the_implementation(name):
    cls = getattr(torch_early, name + 'Tensor')
    result = torch_early.add(cls([1, 2]), 3)
    assert type(result) is cls
    assert result.tolist() == [4, 5]


def test_it_is_the_implementation_of_the_tensors_class():
    a, b = torch_early.IntTensor([1, 2]), torch_early.IntTensor([3, 4])
    direct = torch_early.IntTensor._torch.add(a, b)
    assert torch_early.add(a, b).tolist() == direct.tolist() == [4, 6]


def test_a_tensor_later_in_the_arguments_still_decides():
    with pytest.raises(TypeError) as error:
        torch_early.add(2, torch_early.IntTensor([1]))  # no add takes a number first
    assert listed_source_type(error) == 'torch_early.IntTensor'


def test_the_first_tensor_wins_over_later_ones():
    with pytest.raises(TypeError) as error:
        torch_early.add(torch_early.DoubleTensor([1]), torch_early.IntTensor([1]))
    assert listed_source_type(error) == 'torch_early.DoubleTensor'


def test_keyword_values_are_searched_after_the_positional_arguments():
    source = torch_early.LongTensor([1, 2])
    result = torch_early.add(source=source, value=1)
    assert type(result) is torch_early.LongTensor and result.tolist() == [2, 3]
    out = torch_early.ShortTensor()
    assert torch_early.add(out=out, source=torch_early.ShortTensor([1]), value=3) is out
    assert out.tolist() == [4]


def test_without_tensors_the_default_type_decides():
    with pytest.raises(TypeError) as error:
        torch_early.add(1, 2)
    assert listed_source_type(error) == 'torch_early.FloatTensor'


def test_set_default_tensor_type_changes_the_fallback(default_type):
    torch_early.set_default_tensor_type('torch_early.DoubleTensor')
    assert torch_early.Tensor is torch_early.DoubleTensor
    assert torch_early.Storage is torch_early.DoubleStorage
    with pytest.raises(TypeError) as error:
        torch_early.sum(1)
    assert listed_source_type(error) == 'torch_early.DoubleTensor'
    # a tensor argument still decides over the default
    assert type(torch_early.add(torch_early.IntTensor([1]), 1)) is torch_early.IntTensor


def test_set_default_tensor_type_accepts_a_class(default_type):
    torch_early.set_default_tensor_type(torch_early.LongTensor)
    assert torch_early.Tensor(2).element_size() == 8


def test_set_default_tensor_type_refuses_what_is_not_a_tensor_type(default_type):
    with pytest.raises(TypeError):
        torch_early.set_default_tensor_type('torch_early.FloatStorage')
    assert torch_early.Tensor is torch_early.FloatTensor


def test_a_dtype_without_the_function_is_a_type_error():
    with pytest.raises(TypeError) as error:
        torch_early.add(torch_early.HalfTensor([1]), 1)
    assert str(error.value) == 'torch_early.HalfTensor doesn\'t implement stateless method add'


def test_function_forms_exist_only_where_declared():
    assert callable(torch_early.addmm) and callable(torch_early.dot)
    assert not hasattr(torch_early, 'add_')  # in-place methods have no function form
    assert not hasattr(torch_early.FloatTensor._torch, 'add_')


def test_a_function_is_documented_with_the_signatures_of_the_default_type():
    # torch_early.add(a, b) with no tensor deciding would use FloatTensor: its signatures are shown
    assert torch_early.add.__doc__ == torch_early.FloatTensor._torch.add.__doc__
    assert 'add(torch_early.FloatTensor source, float value)' in torch_early.add.__doc__.split('\n')
    assert 'ByteTensor' not in torch_early.add.__doc__
    # randperm's results are LongTensors unless out= says otherwise
    assert torch_early.randperm.__doc__ == torch_early.LongTensor._torch.randperm.__doc__


def test_each_type_documents_its_methods_in_its_own_terms():
    assert 'add(int value)' in torch_early.IntTensor.add.__doc__.split('\n')
    assert 'add(float value)' in torch_early.DoubleTensor.add.__doc__.split('\n')
    assert 'add(torch_early.DoubleTensor other)' in torch_early.DoubleTensor.add.__doc__.split('\n')


def test_zero_and_numel_as_functions():
    t = torch_early.IntTensor([[1, 2], [3, 4]])
    assert torch_early.numel(t) == 4
    assert torch_early.zero(t) is t and t.tolist() == [[0, 0], [0, 0]]


# ---- torch_early.Size -----------------------------------------------------------------------

def test_size_is_a_tuple_of_ints():
    size = torch_early.Size([2, 3])
    assert isinstance(size, tuple)
    assert size == (2, 3)
    assert size[0] == 2 and size[-1] == 3
    assert len(size) == 2
    assert list(size) == [2, 3]
    assert hash(size) == hash((2, 3))
    assert size + (4,) == (2, 3, 4)


def test_size_repr_says_what_it_is():
    assert repr(torch_early.Size([2, 3])) == 'torch_early.Size([2, 3])'
    assert repr(torch_early.Size()) == 'torch_early.Size([])'
    assert str(torch_early.FloatTensor(4, 1).size()) == 'torch_early.Size([4, 1])'


def test_size_takes_any_iterable_of_ints():
    assert torch_early.Size(n for n in (1, 2)) == (1, 2)
    assert torch_early.Size((5,)) == (5,)


def test_integer_like_items_become_ints():
    size = torch_early.Size([numpy.int64(2), numpy.int32(3)])
    assert [type(n) for n in size] == [int, int]
    assert repr(size) == 'torch_early.Size([2, 3])'


@pytest.mark.parametrize('items, named', [
    (['a'], 'str'), ([2.0], 'float'), ([1, None], 'NoneType'),
])
def test_size_items_must_be_ints(items, named):
    with pytest.raises(TypeError, match="item {} is '{}'".format(len(items) - 1, named)):
        torch_early.Size(items)


@pytest.mark.parametrize('protocol', range(pickle.HIGHEST_PROTOCOL + 1))
def test_size_pickles_as_a_size(protocol):
    size = torch_early.Size([2, 3, 4])
    back = pickle.loads(pickle.dumps(size, protocol))
    assert type(back) is torch_early.Size
    assert back == size


def test_size_copies_as_a_size():
    assert type(copy.deepcopy(torch_early.Size([1]))) is torch_early.Size


def test_tensors_report_and_accept_sizes():
    size = torch_early.FloatTensor(2, 5).size()
    assert type(size) is torch_early.Size
    assert torch_early.IntTensor(size).size() == size
    assert torch_early.FloatTensor(2, 5).size(1) == 5
    assert torch_early.FloatTensor(2, 5).size(-1) == 5


# ---- torch_early.Generator ------------------------------------------------------------------

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


# ---- threads --------------------------------------------------------------------------------

def test_thread_count_round_trip():
    count = torch_early.get_num_threads()
    assert count >= 1
    torch_early.set_num_threads(1)
    try:
        assert torch_early.get_num_threads() == 1
    finally:
        torch_early.set_num_threads(count)
    with pytest.raises(ValueError, match='positive int, but got 0'):
        torch_early.set_num_threads(0)
    with pytest.raises(ValueError, match='positive int'):
        torch_early.set_num_threads(2 ** 40)  # more than a C int: refused, not wrapped
    with pytest.raises(TypeError, match='expects an int, but got str'):
        torch_early.set_num_threads('2')
    assert torch_early.get_num_threads() == count
