"""Function-style calls: which implementation torch_early.<fn>(...) runs.

torch_early.add(a, b) is not one function for all dtypes: it finds the first tensor among its
arguments (positional ones first, then keyword values) and calls the implementation of that
tensor's class, type(a)._torch.add(a, b). With no tensor at all it uses the default tensor type,
FloatTensor unless set_default_tensor_type changed it. Which implementation ran shows in the
result's type, or in the signatures an error message lists.
"""
import pytest

import torch_early
from tensor_checks import DTYPES, tensor_class


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


@pytest.mark.parametrize('name', DTYPES)
def test_the_first_tensor_argument_picks_the_implementation(name):
    cls = tensor_class(name)
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
