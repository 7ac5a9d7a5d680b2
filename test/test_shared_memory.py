"""Storages and tensors in shared memory, within one process: share_memory_/is_shared, the
sharing methods of every storage type (by descriptor, by name), weak references, and the errors
(views, borrowed memory, resizing, bad descriptors, unknown strategies)."""
import gc
import os
import pickle

import pytest

import torch_early as torch
import torch_early.multiprocessing as mp
from multiprocessing.reduction import ForkingPickler

from tensor_checks import ALL_DTYPES, storage_class, tensor_class

STRATEGIES = ['file_descriptor', 'file_system']


def our_segments():
    """The names in /dev/shm that this process created."""
    prefix = 'torch_{}_'.format(os.getpid())
    return sorted(name for name in os.listdir('/dev/shm') if name.startswith(prefix))


@pytest.fixture(params=STRATEGIES)
def strategy(request):
    previous = mp.get_sharing_strategy()
    mp.set_sharing_strategy(request.param)
    yield request.param
    mp.set_sharing_strategy(previous)


def round_trip(obj):
    """Pickles with the multiprocessing pickler and loads back in this process."""
    return pickle.loads(ForkingPickler.dumps(obj))


def test_strategy_api():
    assert mp.get_sharing_strategy() == 'file_descriptor'
    assert mp.get_all_sharing_strategies() == {'file_descriptor', 'file_system'}
    with pytest.raises(ValueError, match="unknown sharing strategy 'shm'"):
        mp.set_sharing_strategy('shm')
    with pytest.raises(AssertionError):
        mp.set_sharing_strategy('shm')
    assert mp.get_sharing_strategy() == 'file_descriptor'


def test_multiprocessing_api_is_the_standard_one():
    import multiprocessing
    assert mp.Process is multiprocessing.Process
    assert mp.Queue is multiprocessing.Queue
    assert set(multiprocessing.__all__) <= set(mp.__all__)


@pytest.mark.parametrize('dtype', ALL_DTYPES)
def test_share_memory_keeps_values_and_tensors_follow(strategy, dtype):
    t = tensor_class(dtype)([[1, 2, 3], [4, 5, 6]])
    view = t[1]
    assert not t.is_shared()
    assert t.share_memory_() is t
    assert t.is_shared() and view.is_shared()
    assert t.tolist() == [[1, 2, 3], [4, 5, 6]]
    view.fill_(7)   # the view still reads the same (now shared) storage
    assert t.tolist() == [[1, 2, 3], [7, 7, 7]]


def test_share_memory_twice_is_a_no_op(strategy):
    s = torch.FloatStorage([1, 2])
    s.share_memory_()
    address = s.data_ptr()
    assert s.share_memory_() is s and s.data_ptr() == address


def test_empty_storage_can_be_shared(strategy):
    s = torch.DoubleStorage()
    assert s.share_memory_().is_shared() and s.size() == 0
    assert round_trip(s).size() == 0


def test_new_shared_is_made_in_shared_memory(strategy):
    s = torch.LongStorage._new_shared(5)
    assert isinstance(s, torch.LongStorage) and s.size() == 5 and s.is_shared()


def test_shared_storage_cannot_be_resized(strategy):
    s = torch.FloatStorage(4).share_memory_()
    with pytest.raises(RuntimeError, match='cannot resize a storage in shared memory'):
        s.resize_(8)
    assert s.size() == 4


def test_view_storage_is_not_moved_but_its_root_is(strategy):
    root = torch.FloatStorage([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])   # on the heap, not inline
    view = root[1:6]
    view_of_view = view[2:4]
    with pytest.raises(RuntimeError, match='view storage'):
        view._share_fd_()
    assert root.share_memory_() is root and root.is_shared()
    # the slices moved with their root's memory: they read and write the shared segment
    assert view.is_shared() and view.tolist() == [2, 3, 4, 5, 6]
    assert view_of_view.tolist() == [4, 5]
    view_of_view[0] = 40
    assert root[3] == 40 and view[2] == 40
    root[1] = 20
    assert view[0] == 20


def test_exported_buffer_keeps_its_storage_out_of_shared_memory(strategy):
    t = torch.FloatTensor([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    exported = memoryview(t)
    with pytest.raises(RuntimeError, match='buffer exported from it'):
        t.share_memory_()
    assert not t.is_shared() and exported[2] == 3


def test_slices_of_a_shared_storage_are_shared(strategy):
    root = torch.FloatStorage([1, 2, 3, 4]).share_memory_()
    view = root[1:3]
    assert view.is_shared() and view.share_memory_() is view


def test_borrowed_memory_is_refused(strategy):
    numpy = pytest.importorskip('numpy')
    t = torch.from_numpy(numpy.zeros(3))
    with pytest.raises(RuntimeError, match='belongs to another object'):
        t.share_memory_()


def test_other_strategy_is_refused():
    s = torch.FloatStorage(2)
    s._share_fd_()
    with pytest.raises(RuntimeError, match='by file descriptor'):
        s._share_filename_()


def test_share_fd_returns_a_descriptor_of_the_segment():
    s = torch.IntStorage([5, 6, 7])
    fd, size = s._share_fd_()
    assert size == 3 and os.fstat(fd).st_size >= 3 * 4
    other = torch.IntStorage._new_shared_fd(fd, size)
    other[0] = 9
    assert s[0] == 9 and other.is_shared()
    assert s._share_fd_() == (fd, size)   # already there: the same descriptor


def test_new_shared_fd_errors():
    with pytest.raises(RuntimeError, match='file descriptor 1000000'):
        torch.FloatStorage._new_shared_fd(1000000, 2)
    kept = torch.FloatStorage(2)
    fd, _ = kept._share_fd_()
    with pytest.raises(RuntimeError, match='holds 8 bytes, but the storage needs 40'):
        torch.FloatStorage._new_shared_fd(fd, 10)
    with pytest.raises(ValueError, match='non-negative'):
        torch.FloatStorage._new_shared_fd(fd, -1)
    with pytest.raises(TypeError):
        torch.FloatStorage._new_shared_fd('x', 2)


def test_share_filename_and_the_reference_count():
    s = torch.FloatStorage([1.5, 2.5])
    manager, name, size = s._share_filename_()
    assert size == 2 and isinstance(name, bytes)
    segment = name.decode().lstrip('/')
    assert segment in os.listdir('/dev/shm')
    other = torch.FloatStorage._new_shared_filename(manager, name, size)
    assert other.tolist() == [1.5, 2.5]
    s._shared_incref()        # a message in flight
    del s, other
    gc.collect()
    assert segment in os.listdir('/dev/shm')
    again = torch.FloatStorage._new_shared_filename(manager, name, 2)
    again._shared_decref()    # the message arrived
    del again
    gc.collect()
    assert segment not in os.listdir('/dev/shm')


def test_new_shared_filename_errors():
    with pytest.raises(RuntimeError, match='/torch_no_such_segment'):
        torch.FloatStorage._new_shared_filename(None, b'/torch_no_such_segment', 2)
    with pytest.raises(TypeError, match='manager must be a str or None'):
        torch.FloatStorage._new_shared_filename(3, b'/x', 2)


def test_weak_references():
    s = torch.FloatStorage(3)
    with pytest.raises(RuntimeError, match='only a storage in shared memory'):
        s._weak_ref()
    s.share_memory_()
    reference = s._weak_ref()
    assert s._weak_ref() == reference
    again = torch.FloatStorage._new_with_weak_ptr(reference)
    assert again._cdata == s._cdata
    assert torch.DoubleStorage._new_with_weak_ptr(reference) is None   # another dtype
    assert not torch.FloatStorage._expired(reference)
    del s, again
    gc.collect()
    assert torch.FloatStorage._expired(reference)
    assert torch.FloatStorage._new_with_weak_ptr(reference) is None


def test_pickled_tensors_and_storages_share_memory_and_structure(strategy):
    x = torch.randn(4, 4)
    storage = x.storage()
    data = [storage, x, x[2], x[:, 1], x.t()]
    received = round_trip(data)
    assert received[0]._cdata == storage._cdata       # the same storage, not a copy
    for sent, got in zip(data[1:], received[1:]):
        assert got.storage()._cdata == storage._cdata
        assert got.size() == sent.size() and got.stride() == sent.stride()
        assert got.storage_offset() == sent.storage_offset()
        assert got.tolist() == sent.tolist()


def test_pickled_storage_slice_stays_a_slice(strategy):
    root = torch.FloatStorage([1, 2, 3, 4, 5]).share_memory_()
    view = root[1:4]
    got = round_trip(view)
    got_root, offset = got._root_storage()
    assert offset == 1 and got.size() == 3 and got_root._cdata == root._cdata


@pytest.mark.parametrize('dtype', ALL_DTYPES)
def test_every_type_round_trips(strategy, dtype):
    t = tensor_class(dtype)([1, 0, 1])
    got = round_trip(t)
    assert type(got) is type(t) and got.tolist() == t.tolist()
    assert type(round_trip(t.storage())) is storage_class(dtype)


def test_no_segment_is_left_after_storages_die(strategy):
    before = our_segments()
    for _ in range(20):
        round_trip([torch.randn(3).share_memory_() for _ in range(3)])
    gc.collect()
    assert our_segments() == before


def test_module_share_memory(strategy):
    model = torch.nn.Linear(3, 2)
    assert model.share_memory() is model
    assert all(p.data.is_shared() for p in model.parameters())
