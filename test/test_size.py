"""torch_early.Size: the tuple of ints that tensor.size() returns.

It is a tuple (equal to one, hashed like one) that prints as torch_early.Size([...]), takes any
iterable of ints (NumPy integers included) and refuses other items naming them; it pickles and
copies as a Size, and tensors accept it wherever they take sizes.
"""
import copy
import pickle

import numpy
import pytest

import torch_early


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


def test_operations_that_make_a_new_tuple_of_sizes_give_a_size():
    size = torch_early.Size([1, 2, 3])
    for result in (size + size, size + (4,), size * 2, 2 * size, size[:-1], size[::2]):
        assert type(result) is torch_early.Size
    assert size + (4,) == (1, 2, 3, 4) and size[1:] == (2, 3)
    assert type(size[0]) is int
    mixed = size + ('a',)                   # not all ints: a plain tuple
    assert type(mixed) is tuple and mixed == (1, 2, 3, 'a')
    assert type((0,) + size) is tuple       # tuple's own + decides, as for any tuple subclass
