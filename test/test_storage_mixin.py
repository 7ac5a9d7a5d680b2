"""The Python half of the storage classes (torch_early/storage.py).

A storage is the flat typed memory behind tensors. The mixin prints it one element per line,
iterates it, copies and pickles it, and converts it to other types.
"""
import copy
import pickle

import pytest

import torch_early

STORAGE_NAMES = ['DoubleStorage', 'FloatStorage', 'HalfStorage', 'LongStorage', 'IntStorage',
                 'ShortStorage', 'CharStorage', 'ByteStorage']


# ---- printing ------------------------------------------------------------------------------

def test_str_prints_one_element_per_line_then_the_trailer():
    s = torch_early.FloatStorage([1, 2.5])
    assert str(s) == ' 1.0\n 2.5\n[torch_early.FloatStorage of size 2]'


def test_integer_storages_print_integers():
    s = torch_early.LongStorage([1, -20])
    assert str(s) == ' 1\n -20\n[torch_early.LongStorage of size 2]'


def test_empty_storage():
    assert str(torch_early.FloatStorage()) == ' \n[torch_early.FloatStorage of size 0]'


def test_repr_is_str():
    s = torch_early.IntStorage([3])
    assert repr(s) == str(s) == ' 3\n[torch_early.IntStorage of size 1]'


# ---- Python protocols ----------------------------------------------------------------------

def test_iteration_and_tolist():
    s = torch_early.DoubleStorage([1.5, 2, 3])
    assert list(s) == [1.5, 2, 3]
    assert s.tolist() == [1.5, 2, 3]
    assert torch_early.ByteStorage().tolist() == []


def test_clone_is_an_independent_copy():
    s = torch_early.FloatStorage([1, 2])
    c = s.clone()
    assert type(c) is torch_early.FloatStorage
    c[0] = 10
    assert s.tolist() == [1, 2]
    assert c.tolist() == [10, 2]


def test_copy_is_a_clone():
    s = torch_early.FloatStorage([1, 2])
    c = copy.copy(s)
    assert c.tolist() == [1, 2]
    assert c.data_ptr() != s.data_ptr()


def test_deepcopy_copies_each_storage_once():
    s = torch_early.FloatStorage([1, 2])
    first, second = copy.deepcopy([s, s])
    assert first is second
    assert first.data_ptr() != s.data_ptr()


def test_deepcopy_keeps_tensors_on_a_shared_storage():
    s = torch_early.FloatStorage([1, 2, 3])
    a = torch_early.FloatTensor(s)
    b = torch_early.FloatTensor(s, 1, torch_early.Size([2]))
    ca, cb = copy.deepcopy((a, b))
    cb[0] = 20
    assert ca.tolist() == [1, 20, 3]
    assert s.tolist() == [1, 2, 3]


@pytest.mark.parametrize('protocol', range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_round_trip(protocol):
    s = torch_early.ShortStorage([1, 2, 3])
    loaded = pickle.loads(pickle.dumps(s, protocol))
    assert type(loaded) is torch_early.ShortStorage
    assert loaded.tolist() == [1, 2, 3]


# ---- types ---------------------------------------------------------------------------------

def test_type_names_the_type():
    assert torch_early.FloatStorage().type() == 'torch_early.FloatStorage'


@pytest.mark.parametrize('target', ['torch.IntStorage', 'torch_early.IntStorage',
                                    torch_early.IntStorage])
def test_type_converts(target):
    s = torch_early.FloatStorage([1.75, 2, 3])
    converted = s.type(target)
    assert type(converted) is torch_early.IntStorage
    assert converted.tolist() == [1, 2, 3]


def test_type_to_the_same_type_is_the_storage_itself():
    s = torch_early.FloatStorage([1])
    assert s.type('torch.FloatStorage') is s
    assert s.cpu() is s
    assert s.is_cuda is False


@pytest.mark.parametrize('name', STORAGE_NAMES)
def test_casts(name):
    method = name[:-len('Storage')].lower()
    converted = getattr(torch_early.FloatStorage([1, 2]), method)()
    assert type(converted) is getattr(torch_early, name)
    assert converted.tolist() == [1, 2]


@pytest.mark.parametrize('name', STORAGE_NAMES)
def test_every_storage_class_is_a_storage(name):
    s = getattr(torch_early, name)(2)
    assert torch_early.is_storage(s)
    assert len(s) == 2


def test_a_tensor_storage_has_the_matching_class():
    for cls in (torch_early.FloatTensor, torch_early.LongTensor, torch_early.ByteTensor):
        assert type(cls([1]).storage()) is cls.storage_type()
