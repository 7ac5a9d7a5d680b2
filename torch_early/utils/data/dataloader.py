"""DataLoader: a dataset's samples in batches, loaded in this process or in worker processes.

With num_workers > 0 each worker process reads lists of indices from its own queue, builds the
batch (in shared memory, so only a handle to it crosses to the parent) and puts it on one result
queue; the parent hands the batches out in the sampler's order, whichever worker finished first.
"""
import collections.abc
import os
import queue
import signal
import sys
import time
import traceback

import torch_early
from torch_early import multiprocessing     # registers how tensors travel: by shared memory
from multiprocessing.reduction import ForkingPickler

from .sampler import SequentialSampler, RandomSampler

_use_shared_memory = False
"""True in a worker process: default_collate then builds tensor batches in shared memory."""

_POLL_SECONDS = 1.0
"""How long the parent waits for a batch before checking that its workers are alive, and a
worker for indices before checking that its parent is."""

_JOIN_SECONDS = 5.0
"""How long shutdown waits for the workers to exit by themselves before terminating them."""


# ---- collating samples into a batch -------------------------------------------------------------

def default_collate(batch):
    """A list of samples as one batch, each field with the batch as its first dimension:

    tensors are stacked (n tensors of size 3x4 give n x 3 x 4), NumPy arrays and scalars likewise
    through torch_early.from_numpy, ints give a LongTensor, floats a DoubleTensor, strings stay
    a list, dicts are collated key by key, and sequences (the (data, target) pairs of a
    TensorDataset) are transposed and each field collated, giving a list."""
    first = batch[0]
    if torch_early.is_tensor(first):
        out = None
        if _use_shared_memory:
            # In a worker: build the batch straight in shared memory, so that sending it to the
            # parent passes a handle instead of copying the elements through a pipe.
            numel = sum(sample.numel() for sample in batch)
            out = first.new(first.storage()._new_shared(numel))
        return torch_early.stack(batch, 0, out=out)
    if type(first).__module__ == 'numpy' and not isinstance(first, (str, bytes)):
        import numpy
        if isinstance(first, numpy.ndarray):
            return default_collate([torch_early.from_numpy(sample) for sample in batch])
        return torch_early.from_numpy(numpy.array(batch))
    if isinstance(first, int):
        return torch_early.LongTensor(batch)
    if isinstance(first, float):
        return torch_early.DoubleTensor(batch)
    if isinstance(first, (str, bytes)):
        return batch
    if isinstance(first, collections.abc.Mapping):
        return {key: default_collate([sample[key] for sample in batch]) for key in first}
    if isinstance(first, collections.abc.Sequence):
        lengths = set(len(sample) for sample in batch)
        if len(lengths) > 1:
            raise RuntimeError("default_collate: the samples of a batch are sequences of "
                               "different lengths {}; each field needs one value per sample"
                               .format(sorted(lengths)))
        return [default_collate(list(field)) for field in zip(*batch)]
    raise TypeError("default_collate: batch must contain tensors, NumPy arrays, numbers, "
                    "strings, dicts or lists; found {}".format(type(first)))


def _pin_memory_batch(batch):
    """The batch with each of its tensors copied to page-locked memory (tensor.pin_memory)."""
    if torch_early.is_tensor(batch):
        return batch.pin_memory()
    if isinstance(batch, (str, bytes)):
        return batch
    if isinstance(batch, collections.abc.Mapping):
        return {key: _pin_memory_batch(value) for key, value in batch.items()}
    if isinstance(batch, collections.abc.Sequence):
        return [_pin_memory_batch(field) for field in batch]
    return batch


# ---- the worker process ---------------------------------------------------------------------------

class _WorkerError(object):
    """An exception raised in a worker, sent to the parent as its type and traceback text."""

    def __init__(self, exc_info):
        exc_type = exc_info[0]
        try:
            ForkingPickler.dumps(exc_type)      # a class defined inside a function cannot travel
        except Exception:
            exc_type = RuntimeError
        self.exc_type = exc_type
        self.message = ("{} in DataLoader worker process {}:\n".format(exc_info[0].__name__,
                                                                        os.getpid())
                        + "".join(traceback.format_exception(*exc_info)))

    def reraise(self):
        try:
            error = self.exc_type(self.message)
        except Exception:                       # a type whose constructor wants other arguments
            error = RuntimeError(self.message)
        raise error


def _worker_loop(dataset, index_queue, data_queue, collate_fn, parent_pid):
    """Runs in a worker process: (batch number, indices) in, (batch number, batch) out, pickled
    here so that a batch that cannot travel is reported as an error instead of lost; None stops,
    after the batches already made are written to the queue (the parent reads them to release
    their shared memory)."""
    global _use_shared_memory
    _use_shared_memory = True
    torch_early.set_num_threads(1)                  # the workers share the cores between them
    signal.signal(signal.SIGINT, signal.SIG_IGN)    # on Ctrl-C the parent shuts the workers down
    while True:
        try:
            job = index_queue.get(timeout=_POLL_SECONDS)
        except queue.Empty:
            if os.getppid() != parent_pid:          # the parent died without shutting us down:
                data_queue.cancel_join_thread()     # nobody will read what is left to send
                return
            continue
        if job is None:
            return
        batch_number, indices = job
        try:
            payload = ForkingPickler.dumps(
                (batch_number, collate_fn([dataset[i] for i in indices])))
        except Exception:
            payload = ForkingPickler.dumps((batch_number, _WorkerError(sys.exc_info())))
        data_queue.put(bytes(payload))


# ---- iterating ------------------------------------------------------------------------------------

def _index_batches(sampler, batch_size, drop_last):
    """The sampler's indices in lists of batch_size; the last list may be shorter unless
    drop_last."""
    batch = []
    for index in sampler:
        batch.append(index)
        if len(batch) == batch_size:
            yield batch
            batch = []
    if batch and not drop_last:
        yield batch


def _worker_context():
    """How the workers are started. The era's were forked (Python's default on Linux then): the
    dataset and collate_fn reach them as they are in memory, even a class defined inside a
    function, with nothing pickled. On Linux the workers are still forked where Python's own
    default has become another start method (forkserver, from Python 3.14), unless the start
    method is already fixed (by set_start_method, or by an earlier use of multiprocessing's
    default context); elsewhere (macOS, where fork is unsafe) the default stands."""
    if sys.platform.startswith("linux") and multiprocessing.get_start_method(allow_none=True) is None:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class DataLoaderIter(object):
    """One pass over a DataLoader. With workers, it keeps 2 batches per worker in flight
    (send_idx counts the index lists sent, rcvd_idx the batches handed out) and parks a batch
    that arrives early in reorder_dict until its turn comes."""

    def __init__(self, loader):
        self.workers = []
        self.shutdown = True                        # nothing to shut down until workers start
        self.dataset = loader.dataset
        self.collate_fn = loader.collate_fn
        self.pin_memory = loader.pin_memory
        self.num_workers = loader.num_workers
        self.index_batches = _index_batches(loader.sampler, loader.batch_size, loader.drop_last)
        self.length = len(loader)
        if self.num_workers > 0:
            self._start_workers()

    def _start_workers(self):
        context = _worker_context()
        self.data_queue = context.Queue()
        self.index_queues = [context.Queue() for _ in range(self.num_workers)]
        self.send_idx = 0
        self.rcvd_idx = 0
        self.batches_outstanding = 0
        self.reorder_dict = {}
        for index_queue in self.index_queues:
            worker = context.Process(
                target=_worker_loop,
                args=(self.dataset, index_queue, self.data_queue, self.collate_fn, os.getpid()),
                daemon=True)
            worker.start()
            self.workers.append(worker)
        self.shutdown = False
        for _ in range(2 * self.num_workers):
            self._send_indices()

    def __len__(self):
        return self.length

    def __iter__(self):
        return self

    def __next__(self):
        if self.num_workers == 0:
            indices = next(self.index_batches)
            return self._finish(self.collate_fn([self.dataset[i] for i in indices]))
        if self.rcvd_idx in self.reorder_dict:
            return self._hand_out(self.reorder_dict.pop(self.rcvd_idx))
        if self.shutdown or self.batches_outstanding == 0:
            self._shutdown_workers()
            raise StopIteration
        while True:
            batch_number, batch = self._receive()
            self.batches_outstanding -= 1
            if batch_number == self.rcvd_idx:
                return self._hand_out(batch)
            self.reorder_dict[batch_number] = batch

    next = __next__  # the era's spelling, from Python 2

    def __getstate__(self):
        raise NotImplementedError("a DataLoaderIter cannot be pickled")

    def _send_indices(self):
        indices = next(self.index_batches, None)
        if indices is None:
            return
        self.index_queues[self.send_idx % self.num_workers].put((self.send_idx, indices))
        self.send_idx += 1
        self.batches_outstanding += 1

    def _receive(self):
        """The next (batch number, batch) from any worker. Waits in slices of _POLL_SECONDS and
        checks between them that every worker still lives, so a killed worker cannot leave the
        parent waiting forever."""
        try:
            while True:
                try:
                    payload = self.data_queue.get(timeout=_POLL_SECONDS)
                except queue.Empty:
                    self._check_workers_alive()
                    continue
                try:
                    return ForkingPickler.loads(payload)
                except Exception:
                    # A batch shared by descriptor cannot be opened once its worker is dead:
                    # say that, rather than the socket error of the failed transfer.
                    self._check_workers_alive()
                    raise
        except KeyboardInterrupt:
            self._shutdown_workers()
            raise

    def _check_workers_alive(self):
        for worker in self.workers:
            if not worker.is_alive():
                pid, exitcode = worker.pid, worker.exitcode
                self._shutdown_workers()
                raise RuntimeError("DataLoader worker (pid {}) exited unexpectedly with exit code "
                                   "{}".format(pid, exitcode))

    def _hand_out(self, batch):
        """The batch that is next in order: one more index list goes out to keep the workers
        busy, then the batch (or its worker's exception) comes back."""
        self.rcvd_idx += 1
        self._send_indices()
        return self._finish(batch)

    def _finish(self, batch):
        if isinstance(batch, _WorkerError):
            batch.reraise()
        if self.pin_memory:
            batch = _pin_memory_batch(batch)
        return batch

    def _shutdown_workers(self):
        """Tells every worker to stop, waits for it (terminating one that does not stop), and
        closes the queues. Safe to call more than once."""
        if self.shutdown:
            return
        self.shutdown = True
        for index_queue in self.index_queues:
            index_queue.put(None)
        deadline = time.monotonic() + _JOIN_SECONDS
        for worker in self.workers:
            # Read while waiting: a worker exits only once its last batches are in the pipe.
            while worker.is_alive() and time.monotonic() < deadline:
                self._discard_unread_batches()
                worker.join(0.01)
            if worker.is_alive():
                worker.terminate()
                worker.join()
        self._discard_unread_batches()
        for q in self.index_queues + [self.data_queue]:
            q.close()           # and wait for its thread to have written and closed the pipe
            q.join_thread()

    def _discard_unread_batches(self):
        """Opens and drops the batches waiting in the result queue, so that the shared memory of
        the file_system strategy is released now, not when this process ends. (A batch shared by
        descriptor whose worker has exited is gone already: opening it fails, which is fine.)"""
        while True:
            try:
                payload = self.data_queue.get_nowait()
            except (queue.Empty, OSError, EOFError):
                return
            try:
                ForkingPickler.loads(payload)
            except Exception:
                pass

    def __del__(self):
        self._shutdown_workers()


class DataLoader(object):
    """Batches of a dataset's samples, for a training loop: `for data, target in loader:`.

    dataset      any object with __getitem__ and __len__ (a Dataset);
    batch_size   samples per batch;
    shuffle      visit the samples in a new random order on each pass (a RandomSampler);
    sampler      the order of the indices, instead of shuffle's (it wins when both are given);
    num_workers  processes that load batches in parallel; 0 loads them in this process;
    collate_fn   makes one batch of a list of samples (default_collate);
    pin_memory   copy each batch to page-locked memory (tensor.pin_memory, which needs CUDA);
    drop_last    leave out the last batch when it is short of batch_size samples."""

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, num_workers=0,
                 collate_fn=default_collate, pin_memory=False, drop_last=False):
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError("DataLoader: batch_size should be a positive integer, got "
                             "{!r}".format(batch_size))
        if not isinstance(num_workers, int) or num_workers < 0:
            raise ValueError("DataLoader: num_workers should be a non-negative integer, got "
                             "{!r}".format(num_workers))
        self.dataset = dataset
        self.batch_size = batch_size
        self.num_workers = num_workers
        self.collate_fn = collate_fn
        self.pin_memory = pin_memory
        self.drop_last = drop_last
        if sampler is not None:
            self.sampler = sampler
        elif shuffle:
            self.sampler = RandomSampler(dataset)
        else:
            self.sampler = SequentialSampler(dataset)

    def __iter__(self):
        return DataLoaderIter(self)

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size
