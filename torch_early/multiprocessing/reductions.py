"""How storages and tensors are pickled between processes (torch_early.multiprocessing).

A storage is sent as a handle to its shared memory: a descriptor (file_descriptor strategy) or a
name (file_system strategy), moving it into shared memory first if needed. A tensor is sent as its
storage and its geometry (offset, sizes, strides), so views stay views of one storage. A storage
slice is sent as the storage it is a slice of, with its offset and size.

Each process remembers, by weak reference, which storage it has for each segment (the cache
below), so a storage received twice, or sent back to the process it came from, is one storage
object over one mapping.
"""
import os
import threading
from multiprocessing import resource_sharer
from multiprocessing.reduction import ForkingPickler, DupFd

import torch_early
from torch_early import _release
from torch_early.autograd import Variable
from torch_early.autograd.variable import _rebuild_variable
from torch_early.nn import Parameter


class _SharedCache(object):
    """Segment key → weak reference to the storage of this process that maps it. Dead entries
    are dropped when looked up, and all at once whenever the table has doubled."""

    def __init__(self):
        self._references = {}
        self._sweep_at = 128

    def get(self, cls, key):
        reference = self._references.get(key)
        if reference is None:
            return None
        storage = cls._new_with_weak_ptr(reference)
        if storage is None:
            del self._references[key]
        return storage

    def put(self, key, storage):
        self._references[key] = storage._weak_ref()
        if len(self._references) >= self._sweep_at:
            self._references = {k: r for k, r in self._references.items()
                                if not type(storage)._expired(r)}
            self._sweep_at = max(128, 2 * len(self._references))


shared_cache = _SharedCache()


def _fd_key(fd):
    """What identifies the segment behind a descriptor in every process: its inode."""
    status = os.fstat(fd)
    return ('fd', status.st_dev, status.st_ino)


def rebuild_storage_fd(cls, duplicated, size):
    fd = duplicated.detach()
    try:
        key = _fd_key(fd)
        storage = shared_cache.get(cls, key)
        if storage is None:
            storage = cls._new_shared_fd(fd, size)
            shared_cache.put(key, storage)
        return storage
    finally:
        os.close(fd)


def rebuild_storage_filename(cls, manager, filename, size):
    key = ('filename', filename)
    storage = shared_cache.get(cls, key)
    if storage is None:
        if manager is not None:
            _shm_client().connect(manager)
        storage = cls._new_shared_filename(manager, filename, size)
        shared_cache.put(key, storage)
    # The count the sender added for this message: the receiver's own mapping holds one now.
    storage._shared_decref()
    return storage


def rebuild_storage_view(root, offset, size):
    return type(root)(root, offset, size)


def reduce_storage(storage):
    root, offset = storage._root_storage()
    if root is not storage:
        return rebuild_storage_view, (root, offset, storage.size())
    if torch_early.multiprocessing.get_sharing_strategy() == 'file_system':
        _shm_client().connect()
        manager, filename, size = storage._share_filename_()
        # Keeps the segment alive while the message is in flight (the receiver drops this count).
        storage._shared_incref()
        shared_cache.put(('filename', filename), storage)
        return rebuild_storage_filename, (type(storage), manager, filename, size)
    fd, size = storage._share_fd_()
    shared_cache.put(_fd_key(fd), storage)
    return rebuild_storage_fd, (type(storage), DupFd(fd), size)


def rebuild_tensor(cls, storage, offset, size, stride):
    tensor = cls()
    tensor.set_(storage, offset, torch_early.Size(size), stride)
    return tensor


def reduce_tensor(tensor):
    return rebuild_tensor, (type(tensor), tensor.storage(), tensor.storage_offset(),
                            tuple(tensor.size()), tuple(tensor.stride()))


def rebuild_variable(cls, data, grad, requires_grad, volatile):
    variable = _rebuild_variable(cls, data, requires_grad, volatile)
    if grad is not None:
        variable._grad = Variable(grad)
    return variable


def reduce_variable(variable):
    """A leaf Variable (or Parameter) travels as its data, shared, without its gradient: each
    process accumulates its own (v0.1.12). Under the rules of 0.1.6-0.1.9 (torch_early._release)
    the gradient's data travels too, shared, so that workers accumulate into the sender's."""
    if variable.creator is not None:
        raise RuntimeError("Only Variables created explicitly by the user (graph leaves) can be "
                           "sent to another process")
    grad = variable.grad if _release.before_0_1_10() else None
    return rebuild_variable, (type(variable), variable.data,
                              grad.data if grad is not None else None,
                              variable.requires_grad, variable.volatile)


def _shm_client():
    from . import _shm_client as client
    return client


def _unlock_resource_sharer_in_child():
    # A descriptor is handed over by multiprocessing's resource sharer, which a queue's feeder
    # thread calls while pickling; a Process forked at that moment would inherit the sharer's
    # lock held, and hang the first time it sends a descriptor itself. The child gets a free lock
    # (the sharer clears the rest of its state after a fork on its own).
    sharer = getattr(resource_sharer, '_resource_sharer', None)
    if sharer is not None and hasattr(sharer, '_lock'):
        sharer._lock = threading.Lock()


def init_reductions():
    """Registers the reducers with ForkingPickler for every CPU storage and dense tensor class,
    Variable and Parameter."""
    for cls in torch_early._storage_classes:
        if not cls.is_cuda:
            ForkingPickler.register(cls, reduce_storage)
    for cls in torch_early._tensor_classes:
        if not cls.is_cuda and not cls.is_sparse:
            ForkingPickler.register(cls, reduce_tensor)
    for cls in (Variable, Parameter):
        ForkingPickler.register(cls, reduce_variable)
    os.register_at_fork(after_in_child=_unlock_resource_sharer_in_child)
