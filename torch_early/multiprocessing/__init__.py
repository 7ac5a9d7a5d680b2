"""torch_early.multiprocessing: Python's `multiprocessing`, with tensors and storages sent through
shared memory instead of being copied.

Everything of `multiprocessing` is here (`Process`, `Queue`, `Pool`, `get_context`, ...). Importing
this package registers reducers with `multiprocessing.reduction.ForkingPickler`, the pickler that
queues, pipes and pools use, so a tensor put on a queue arrives in the other process as a tensor
over the same memory: writes on either side are seen by the other. How the memory travels is the
sharing strategy:

- 'file_descriptor' (the default on Linux): the storage moves into an anonymous shared-memory
  object whose name is removed at once; the receiver gets a duplicate of its descriptor.
- 'file_system': the storage moves into a named shared-memory object; the receiver opens it by
  name. A small manager process (`torch_early/_shm_manager`) removes the names once every
  process that used them is gone, however they ended.
"""
import sys
import multiprocessing
from multiprocessing import *  # noqa: F401,F403

__all__ = list(multiprocessing.__all__) + [
    'set_sharing_strategy', 'get_sharing_strategy', 'get_all_sharing_strategies']

if sys.platform == 'darwin':
    # macOS cannot pass shared-memory descriptors reliably: names only.
    _all_sharing_strategies = {'file_system'}
    _sharing_strategy = 'file_system'
else:
    _all_sharing_strategies = {'file_descriptor', 'file_system'}
    _sharing_strategy = 'file_descriptor'


class SharingStrategyError(ValueError, AssertionError):
    """An unknown sharing strategy: a ValueError, and an AssertionError as the era raised."""


def set_sharing_strategy(new_strategy):
    """Sets how tensors and storages are shared from now on: 'file_descriptor' or 'file_system'
    (see get_all_sharing_strategies())."""
    global _sharing_strategy
    if new_strategy not in _all_sharing_strategies:
        raise SharingStrategyError("unknown sharing strategy {!r}: expected one of {}".format(
            new_strategy, ', '.join(sorted(_all_sharing_strategies))))
    _sharing_strategy = new_strategy


def get_sharing_strategy():
    """The current sharing strategy: 'file_descriptor' or 'file_system'."""
    return _sharing_strategy


def get_all_sharing_strategies():
    """The set of sharing strategies this system supports."""
    return set(_all_sharing_strategies)


def _share_storage(storage):
    """Moves `storage` into shared memory by the current strategy (Storage.share_memory_)."""
    if storage.is_shared():
        return
    if _sharing_strategy == 'file_system':
        _shm_client.connect()
        storage._share_filename_()
    else:
        storage._share_fd_()


def _new_shared_storage(cls, size):
    """A new storage of class `cls` made in shared memory by the current strategy."""
    if _sharing_strategy == 'file_system':
        _shm_client.connect()
        return cls._new_using_filename(size)
    return cls._new_using_fd(size)


from . import _shm_client  # noqa: E402
from .reductions import init_reductions  # noqa: E402

init_reductions()
