"""torch_early.utils.data: datasets, samplers, default_collate and the DataLoader, in this process
and with worker processes (order, errors, shared-memory batches, and shutting the workers down
without leaving processes or shared memory behind)."""
import gc
import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import torch_early
from torch_early import multiprocessing
from torch_early.utils.data import (Dataset, TensorDataset, DataLoader, Sampler,
                                    SequentialSampler, RandomSampler, SubsetRandomSampler,
                                    WeightedRandomSampler)
from torch_early.utils.data.dataloader import default_collate


def numbered_dataset(n=10):
    """Sample i is (a 2x3 FloatTensor filled with i, a LongTensor holding the label 100 + i)."""
    data = torch_early.FloatTensor(n, 2, 3)
    for i in range(n):
        data[i].fill_(i)
    labels = torch_early.LongTensor([100 + i for i in range(n)])
    return TensorDataset(data, labels)


def sample_ids(batch):
    """The sample numbers in a batch of numbered_dataset, read from the data."""
    return [int(row[0][0]) for row in batch[0]]


def all_ids(loader):
    return [i for batch in loader for i in sample_ids(batch)]


# Datasets for the worker tests: defined at module level, so a worker can be given them by any
# start method.

class FailingDataset(Dataset):
    """Sample i raises ValueError when i is in `bad`, else is i."""

    def __init__(self, n, bad):
        self.n, self.bad = n, bad

    def __getitem__(self, i):
        if i in self.bad:
            raise ValueError("sample {} is broken".format(i))
        return i

    def __len__(self):
        return self.n


class WorkerInfoDataset(Dataset):
    """Sample i is (i, the pid of the process that loaded it, its thread count)."""

    def __len__(self):
        return 8

    def __getitem__(self, i):
        return i, os.getpid(), torch_early.get_num_threads()


class SlowDataset(Dataset):
    """Sample i is i, after a pause: the parent waits on the workers."""

    def __init__(self, n, seconds):
        self.n, self.seconds = n, seconds

    def __getitem__(self, i):
        time.sleep(self.seconds)
        return i

    def __len__(self):
        return self.n


class SuicidalDataset(Dataset):
    """Loading sample 3 kills the worker process with SIGKILL."""

    def __getitem__(self, i):
        if i == 3:
            os.kill(os.getpid(), signal.SIGKILL)
        return i

    def __len__(self):
        return 8


# ---- Dataset and TensorDataset --------------------------------------------------------------------

def test_dataset_is_abstract():
    with pytest.raises(NotImplementedError):
        Dataset()[0]
    with pytest.raises(NotImplementedError):
        len(Dataset())


def test_tensor_dataset_rows():
    data, target = torch_early.randn(5, 3, 2), torch_early.randn(5, 4)
    dataset = TensorDataset(data, target)
    assert len(dataset) == 5
    for i in range(5):
        x, y = dataset[i]
        assert x.tolist() == data[i].tolist() and y.tolist() == target[i].tolist()


def test_tensor_dataset_row_of_1d_tensor_is_a_number_as_in_v0_1_12():
    dataset = TensorDataset(torch_early.FloatTensor([0.5, 1.5]), torch_early.LongTensor([7, 8]))
    x, y = dataset[1]
    assert x == 1.5 and y == 8 and type(y) is int
    assert dataset[-1][1] == 8
    with pytest.raises(IndexError):
        dataset[2]
    with pytest.raises(IndexError):
        TensorDataset(torch_early.randn(2, 3), torch_early.randn(2))[2]


def test_batch_of_1d_rows_is_1d_long_for_integers_and_double_for_floats():
    dataset = TensorDataset(torch_early.randn(4, 2), torch_early.FloatTensor([0.5, 1.5, 2.5, 3.5]))
    data, target = next(iter(DataLoader(dataset, batch_size=3)))
    assert isinstance(target, torch_early.DoubleTensor)      # Python floats collate as double
    assert target.tolist() == [0.5, 1.5, 2.5] and data.size() == (3, 2)
    labels = TensorDataset(torch_early.randn(4, 2), torch_early.LongTensor([3, 1, 4, 1]))
    _, target = next(iter(DataLoader(labels, batch_size=4)))
    assert isinstance(target, torch_early.LongTensor) and target.tolist() == [3, 1, 4, 1]


def test_tensor_dataset_sizes_must_agree():
    with pytest.raises(AssertionError, match="5 and 4"):
        TensorDataset(torch_early.randn(5, 2), torch_early.randn(4))


# ---- samplers -------------------------------------------------------------------------------------

def test_sampler_base_is_abstract():
    with pytest.raises(NotImplementedError):
        iter(Sampler(range(3)))
    with pytest.raises(NotImplementedError):
        len(Sampler(range(3)))


def test_sequential_sampler():
    sampler = SequentialSampler(range(5))
    assert list(sampler) == [0, 1, 2, 3, 4] and len(sampler) == 5


def test_random_sampler_is_a_seeded_permutation():
    sampler = RandomSampler(range(20))
    torch_early.manual_seed(3)
    first, second = list(sampler), list(sampler)
    assert sorted(first) == list(range(20)) and sorted(second) == list(range(20))
    assert first != second                       # a new order on every pass
    torch_early.manual_seed(3)
    assert list(sampler) == first
    assert len(sampler) == 20


def test_subset_random_sampler():
    indices = [4, 9, 2, 7]
    sampler = SubsetRandomSampler(indices)
    assert sorted(sampler) == sorted(indices) and len(sampler) == 4


def test_weighted_random_sampler_follows_the_weights():
    torch_early.manual_seed(0)
    sampler = WeightedRandomSampler([0, 1, 3], 4000)
    drawn = list(sampler)
    assert len(sampler) == 4000 and len(drawn) == 4000
    assert drawn.count(0) == 0                     # weight 0: never drawn
    assert 2.5 < drawn.count(2) / drawn.count(1) < 3.5


def test_weighted_random_sampler_without_replacement():
    sampler = WeightedRandomSampler(torch_early.DoubleTensor([1, 2, 3, 4, 5]), 5,
                                    replacement=False)
    assert sorted(sampler) == [0, 1, 2, 3, 4]


# ---- default_collate ------------------------------------------------------------------------------

def test_collate_stacks_tensors():
    a, b = torch_early.FloatTensor([[1, 2]]), torch_early.FloatTensor([[3, 4]])
    batch = default_collate([a, b])
    assert isinstance(batch, torch_early.FloatTensor)
    assert batch.size() == (2, 1, 2) and batch.tolist() == [[[1, 2]], [[3, 4]]]


def test_collate_numbers():
    longs, doubles = default_collate([1, 2, 3]), default_collate([0.5, 1.5])
    assert isinstance(longs, torch_early.LongTensor) and longs.tolist() == [1, 2, 3]
    assert isinstance(doubles, torch_early.DoubleTensor) and doubles.tolist() == [0.5, 1.5]


def test_collate_numpy_arrays_and_scalars():
    arrays = default_collate([np.array([1, 2], dtype=np.int32), np.array([3, 4], dtype=np.int32)])
    assert isinstance(arrays, torch_early.IntTensor) and arrays.tolist() == [[1, 2], [3, 4]]
    scalars = default_collate([np.float32(0.5), np.float32(2)])
    assert isinstance(scalars, torch_early.FloatTensor) and scalars.tolist() == [0.5, 2]


def test_collate_strings_stay_a_list():
    assert default_collate(['cat', 'dog']) == ['cat', 'dog']


def test_collate_transposes_sequences_and_dicts():
    batch = default_collate([(1, 'a', {'w': 0.5}), (2, 'b', {'w': 1.5})])
    assert batch[0].tolist() == [1, 2] and batch[1] == ['a', 'b']
    assert batch[2]['w'].tolist() == [0.5, 1.5]


def test_collate_refuses_other_types_and_ragged_samples():
    with pytest.raises(TypeError, match="object"):
        default_collate([object(), object()])
    with pytest.raises(RuntimeError, match="different lengths"):
        default_collate([(1, 2), (3,)])


# ---- DataLoader in this process -------------------------------------------------------------------

def test_batches_in_order_with_a_short_last_one():
    dataset = numbered_dataset(10)
    batches = list(DataLoader(dataset, batch_size=4))
    assert [sample_ids(b) for b in batches] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert batches[2][0].size() == (2, 2, 3)
    assert batches[0][1].tolist() == [100, 101, 102, 103]
    assert isinstance(batches[0][1], torch_early.LongTensor)


def test_default_batch_size_is_one():
    batches = list(DataLoader(numbered_dataset(3)))
    assert [sample_ids(b) for b in batches] == [[0], [1], [2]]


def test_drop_last_and_len():
    dataset = numbered_dataset(10)
    assert len(DataLoader(dataset, batch_size=4)) == 3
    assert len(DataLoader(dataset, batch_size=5)) == 2
    loader = DataLoader(dataset, batch_size=4, drop_last=True)
    assert len(loader) == 2
    assert [sample_ids(b) for b in loader] == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_shuffle_gives_a_seeded_permutation():
    loader = DataLoader(numbered_dataset(12), batch_size=5, shuffle=True)
    torch_early.manual_seed(7)
    first = all_ids(loader)
    assert sorted(first) == list(range(12)) and first != list(range(12))
    torch_early.manual_seed(7)
    assert all_ids(loader) == first


def test_sampler_argument_sets_the_order():
    loader = DataLoader(numbered_dataset(10), batch_size=2, sampler=[9, 3, 5])
    assert all_ids(loader) == [9, 3, 5] and len(loader) == 2


def test_collate_fn_argument():
    loader = DataLoader(range(5), batch_size=2, collate_fn=lambda samples: sum(samples))
    assert list(loader) == [1, 5, 4]


def test_iterating_twice_gives_every_batch_again():
    loader = DataLoader(numbered_dataset(5), batch_size=2)
    assert all_ids(loader) == all_ids(loader) == [0, 1, 2, 3, 4]


def test_an_error_in_one_batch_leaves_the_others():
    iterator = iter(DataLoader(FailingDataset(6, bad={2}), batch_size=2))
    assert next(iterator).tolist() == [0, 1]
    with pytest.raises(ValueError, match="sample 2 is broken"):
        next(iterator)
    assert next(iterator).tolist() == [4, 5]
    with pytest.raises(StopIteration):
        next(iterator)


def test_pin_memory_does_what_tensor_pin_memory_does():
    # This build has no CUDA: pinning (page-locked memory comes from CUDA's allocator) raises
    # the same error for a batch as for a tensor.
    with pytest.raises(Exception) as from_tensor:
        torch_early.FloatTensor(2).pin_memory()
    loader = DataLoader(numbered_dataset(4), batch_size=2, pin_memory=True)
    with pytest.raises(type(from_tensor.value), match=re.escape(str(from_tensor.value))):
        next(iter(loader))


@pytest.mark.parametrize("argument", [{'batch_size': 0}, {'batch_size': 2.0},
                                      {'num_workers': -1}])
def test_bad_arguments(argument):
    with pytest.raises(ValueError):
        DataLoader(numbered_dataset(4), **argument)


# ---- DataLoader with workers ----------------------------------------------------------------------

def test_workers_keep_the_order():
    dataset = numbered_dataset(23)
    for batch_size in (1, 4):
        loader = DataLoader(dataset, batch_size=batch_size, num_workers=3)
        batches = list(loader)
        assert len(batches) == len(loader)
        assert [i for b in batches for i in sample_ids(b)] == list(range(23))
        assert [i for b in batches for i in b[1].view(-1).tolist()] == [100 + i
                                                                          for i in range(23)]


def test_workers_shuffle_like_one_process():
    loader = DataLoader(numbered_dataset(20), batch_size=3, shuffle=True, num_workers=2)
    torch_early.manual_seed(5)
    with_workers = all_ids(loader)
    assert sorted(with_workers) == list(range(20))
    torch_early.manual_seed(5)
    loader.num_workers = 0
    assert all_ids(loader) == with_workers


def test_workers_drop_last():
    loader = DataLoader(numbered_dataset(10), batch_size=3, num_workers=2, drop_last=True)
    assert all_ids(loader) == list(range(9))


def test_worker_batches_are_in_shared_memory():
    for data, labels in DataLoader(numbered_dataset(6), batch_size=3, num_workers=2):
        assert data.is_shared() and data.storage().is_shared()
        assert labels.is_shared()


def test_workers_load_in_other_processes_with_one_thread():
    indices, pids, threads = [], set(), set()
    for batch in DataLoader(WorkerInfoDataset(), batch_size=2, num_workers=2):
        indices += batch[0].tolist()
        pids.update(batch[1].tolist())
        threads.update(batch[2].tolist())
    assert indices == list(range(8))
    assert len(pids) == 2 and os.getpid() not in pids
    assert threads == {1}


START_METHOD_PROGRAM = textwrap.dedent('''
    import multiprocessing
    import multiprocessing.context
    import sys
    import torch_early
    from torch_early.utils.data import Dataset, DataLoader, TensorDataset

    if sys.argv[1] == 'default-is-spawn':
        # a Python whose own default start method is not fork (as forkserver is from 3.14 on),
        # with nothing chosen by the program
        multiprocessing.context._default_context = multiprocessing.context.DefaultContext(
            multiprocessing.context._concrete_contexts['spawn'])

        def make_dataset():
            class Squares(Dataset):          # defined in a function: spawn cannot pickle it
                def __getitem__(self, i):
                    return torch_early.FloatTensor([i * i])

                def __len__(self):
                    return 4
            return Squares()
        dataset = make_dataset()
    else:
        multiprocessing.set_start_method('spawn')   # the program's own choice
        dataset = TensorDataset(torch_early.FloatTensor([[0], [1], [4], [9]]),
                                torch_early.LongTensor([0, 1, 2, 3]))

    iterator = iter(DataLoader(dataset, batch_size=2, num_workers=2))
    batches = [batch[0].view(-1).tolist() if isinstance(batch, list) else batch.view(-1).tolist()
               for batch in iterator]
    print(sorted({worker._start_method for worker in iterator.workers}), batches)
''')


def run_with_start_method(mode):
    result = subprocess.run([sys.executable, '-c', START_METHOD_PROGRAM, mode],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='workers are forked on Linux')
def test_workers_are_forked_on_linux_whatever_python_defaults_to():
    assert run_with_start_method('default-is-spawn') == "['fork'] [[0.0, 1.0], [4.0, 9.0]]\n"


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='workers are forked on Linux')
def test_a_start_method_the_program_chose_is_kept():
    assert run_with_start_method('chosen-spawn') == "['spawn'] [[0.0, 1.0], [4.0, 9.0]]\n"


def test_worker_error_is_raised_in_the_parent_with_its_traceback():
    iterator = iter(DataLoader(FailingDataset(8, bad={5}), batch_size=2, num_workers=2))
    assert next(iterator).tolist() == [0, 1]
    assert next(iterator).tolist() == [2, 3]
    with pytest.raises(ValueError) as raised:
        next(iterator)
    message = str(raised.value)
    assert "DataLoader worker process" in message
    assert "in __getitem__" in message and "sample 5 is broken" in message
    assert next(iterator).tolist() == [6, 7]       # the other batches still come
    with pytest.raises(StopIteration):
        next(iterator)


def test_every_failing_batch_raises_once():
    loader = DataLoader(FailingDataset(9, bad={0, 1, 4, 8}), batch_size=2, num_workers=3)
    iterator, outcomes = iter(loader), []
    while True:
        try:
            outcomes.append(next(iterator).tolist())
        except ValueError:
            outcomes.append('error')
        except StopIteration:
            break
    assert outcomes == ['error', [2, 3], 'error', [6, 7], 'error']


def test_a_killed_worker_raises_instead_of_hanging():
    iterator = iter(DataLoader(SuicidalDataset(), batch_size=2, num_workers=2))
    with pytest.raises(RuntimeError, match="exited unexpectedly"):
        list(iterator)
    assert all(not worker.is_alive() for worker in iterator.workers)
    with pytest.raises(StopIteration):                  # the pass is over
        next(iterator)


def our_shared_memory(pids):
    """The shared-memory segments in /dev/shm made by these processes (named torch_<pid>_...)."""
    prefixes = tuple('torch_{}_'.format(pid) for pid in pids)
    return sorted(name for name in os.listdir('/dev/shm') if name.startswith(prefixes))


def open_fds():
    return len(os.listdir('/proc/self/fd'))


@pytest.fixture(params=['file_descriptor', 'file_system'])
def sharing_strategy(request):
    previous = multiprocessing.get_sharing_strategy()
    multiprocessing.set_sharing_strategy(request.param)
    yield request.param
    multiprocessing.set_sharing_strategy(previous)


def test_workers_exit_when_the_pass_ends_and_nothing_leaks(sharing_strategy):
    dataset = numbered_dataset(12)
    list(DataLoader(dataset, batch_size=2, num_workers=2))   # the queues' threads start
    gc.collect()
    ours_before, fds_before = our_shared_memory([os.getpid()]), open_fds()
    iterator = iter(DataLoader(dataset, batch_size=2, num_workers=2))
    batches = list(iterator)
    assert all(batch[0].is_shared() for batch in batches)
    workers = iterator.workers
    assert all(not worker.is_alive() and worker.exitcode == 0 for worker in workers)
    pids = [worker.pid for worker in workers]
    del batches, iterator, workers  # a Process object holds pipes to its process until freed
    gc.collect()
    assert our_shared_memory(pids) == []
    assert our_shared_memory([os.getpid()]) == ours_before
    assert open_fds() == fds_before


def test_workers_exit_when_a_partial_iterator_is_dropped(sharing_strategy):
    dataset = numbered_dataset(40)
    list(DataLoader(dataset, batch_size=2, num_workers=2))
    gc.collect()
    ours_before, fds_before = our_shared_memory([os.getpid()]), open_fds()
    iterator = iter(DataLoader(dataset, batch_size=2, num_workers=2))
    next(iterator)
    next(iterator)
    workers = iterator.workers
    del iterator
    gc.collect()
    assert all(not worker.is_alive() and worker.exitcode == 0 for worker in workers)
    pids = [worker.pid for worker in workers]
    del workers
    assert our_shared_memory(pids) == []
    assert our_shared_memory([os.getpid()]) == ours_before
    assert open_fds() == fds_before


# A program that iterates a slow loader with 2 workers, prints their pids, and is interrupted.
INTERRUPTED_PROGRAM = textwrap.dedent('''
    import os, sys, time
    sys.path.insert(0, {test_dir!r})
    from test_dataloader import SlowDataset
    from torch_early.utils.data import DataLoader

    iterator = iter(DataLoader(SlowDataset(1000, 0.05), num_workers=2))
    next(iterator)
    print(' '.join(str(w.pid) for w in iterator.workers), flush=True)
    if sys.argv[1] == 'exit':
        os._exit(0)                  # dies without shutting anything down
    try:
        for sample in iterator:      # Ctrl-C arrives while the loop runs
            pass
    except KeyboardInterrupt:
        print(' '.join(str(w.exitcode) for w in iterator.workers), flush=True)
''')


def run_interrupted(mode):
    """Runs INTERRUPTED_PROGRAM in its own session; 'interrupt' sends SIGINT to the whole process
    group (as Ctrl-C does), 'exit' lets the parent die. Returns the worker pids and what else
    the program printed."""
    program = INTERRUPTED_PROGRAM.format(test_dir=os.path.dirname(os.path.abspath(__file__)))
    process = subprocess.Popen([sys.executable, '-c', program, mode], stdout=subprocess.PIPE,
                               text=True, start_new_session=True)
    pids = [int(pid) for pid in process.stdout.readline().split()]
    if mode == 'interrupt':
        time.sleep(0.3)                                  # let it enter its loop
        os.killpg(process.pid, signal.SIGINT)
    rest = process.communicate(timeout=30)[0]
    return pids, rest, process.returncode


def is_running(pid):
    """Whether process pid exists and is not a zombie waiting to be reaped."""
    try:
        with open('/proc/{}/stat'.format(pid)) as stat:
            return stat.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except FileNotFoundError:
        return False


def test_ctrl_c_shuts_the_workers_down():
    pids, printed, returncode = run_interrupted('interrupt')
    assert returncode == 0 and len(pids) == 2
    assert printed.split() == ['0', '0']                 # both workers exited cleanly
    assert not any(is_running(pid) for pid in pids)
    assert our_shared_memory(pids) == []


def test_workers_exit_when_the_parent_dies():
    pids, _, _ = run_interrupted('exit')
    deadline = time.time() + 10
    while any(is_running(pid) for pid in pids) and time.time() < deadline:
        time.sleep(0.1)
    assert not any(is_running(pid) for pid in pids)
