"""Tensors and storages sent between processes (torch_early.multiprocessing), in the three start
methods and both sharing strategies: writes are seen on both sides, one storage stays one storage,
views stay views, nothing is leaked, and in file_system mode the manager removes the segments of
processes killed by SIGKILL. Ends with Hogwild training of one shared model by two processes."""
import gc
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from multiprocessing.reduction import ForkingPickler

import torch_early as torch
import torch_early.multiprocessing as mp
import shared_memory_workers as workers

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(os.path.dirname(HERE), 'docs', 'multiprocessing.md')
METHODS = ['fork', 'spawn', 'forkserver']
STRATEGIES = ['file_descriptor', 'file_system']
TIMEOUT = 30


def segments_of(pids):
    prefixes = tuple('torch_{}_'.format(pid) for pid in pids)
    return sorted(name for name in os.listdir('/dev/shm') if name.startswith(prefixes))


def open_descriptors():
    return len(os.listdir('/proc/self/fd'))


def wait_until(condition, seconds=TIMEOUT):
    """Polls `condition` until it holds or the deadline passes; returns its last value."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


@pytest.fixture(params=STRATEGIES)
def strategy(request):
    previous = mp.get_sharing_strategy()
    mp.set_sharing_strategy(request.param)
    yield request.param
    mp.set_sharing_strategy(previous)


@pytest.fixture(params=METHODS)
def ctx(request):
    return mp.get_context(request.param)


def start(ctx, target, *args):
    process = ctx.Process(target=target, args=args)
    process.start()
    return process


def finish(process):
    process.join(TIMEOUT)
    assert process.exitcode == 0


def test_receiver_writes_are_seen_by_the_sender(ctx, strategy):
    x = torch.zeros(5, 5)
    column = x[:, 1]
    queue, done = ctx.Queue(), ctx.Event()
    queue.put([x, column])
    process = start(ctx, workers.fill_received, queue, done)
    assert done.wait(TIMEOUT)
    assert x.eq(4).all() and column.eq(4).all()
    finish(process)


def test_storage_sent_twice_arrives_as_one_storage(ctx, strategy):
    queue, done = ctx.Queue(), ctx.Event()
    process = start(ctx, workers.send_twice, queue, done)
    first, second = queue.get(timeout=TIMEOUT), queue.get(timeout=TIMEOUT)
    assert first.eq(1).all() and first.is_shared()
    assert first.storage()._cdata == second.storage()._cdata
    done.set()
    finish(process)


def test_simple_queue(ctx, strategy):
    inbox, outbox = ctx.SimpleQueue(), ctx.SimpleQueue()
    t = torch.IntTensor([1, 2, 3])
    process = start(ctx, workers.add_one_and_answer, inbox, outbox)
    inbox.put(t)
    assert outbox.get() == 'done'
    assert t.tolist() == [2, 3, 4]
    finish(process)


def test_pool(ctx, strategy):
    buffers = [torch.zeros(2, 2) for _ in range(4)]
    with ctx.Pool(2) as pool:
        results = pool.map(workers.fill_and_add, buffers, 1)
    assert [r.tolist() for r in results] == [[[5, 5], [5, 5]]] * 4
    assert all(b.eq(4).all() for b in buffers)


def test_views_share_after_transfer(strategy):
    ctx = mp.get_context('fork')
    inbox, outbox = ctx.Queue(), ctx.Queue()
    process = start(ctx, workers.echo, inbox, outbox, 1)
    x = torch.randn(4, 4)
    inbox.put([x, x[1], x[:, 2], x.t()])
    back = outbox.get(timeout=TIMEOUT)
    back[1].fill_(9)   # a row of what came back is a row of x itself
    assert x[1].eq(9).all()
    assert all(t.storage()._cdata == x.storage()._cdata for t in back)
    inbox.put('bye')
    finish(process)


def test_variables_and_parameters_share_their_data(strategy):
    ctx = mp.get_context('fork')
    for variable in [torch.autograd.Variable(torch.zeros(3), requires_grad=True),
                     torch.nn.Parameter(torch.zeros(3)),
                     torch.autograd.Variable(torch.zeros(3))]:
        if variable.requires_grad:
            variable.sum().backward()           # a gradient, which stays in this process
        queue, done = ctx.Queue(), ctx.Event()
        process = start(ctx, workers.overwrite_variable, queue, done)
        queue.put(variable)
        assert done.wait(TIMEOUT)
        assert variable.data.tolist() == [7, 7, 7]
        assert queue.get(timeout=TIMEOUT) is False
        if variable.requires_grad:              # v0.1.12 sends no gradient: ours is kept
            assert variable.grad.data.tolist() == [1, 1, 1]
        finish(process)


def test_only_leaf_variables_can_be_sent():
    leaf = torch.autograd.Variable(torch.ones(2), requires_grad=True)
    with pytest.raises(RuntimeError, match='graph leaves'):
        ForkingPickler.dumps(leaf * 2)


def test_no_descriptors_or_segments_leak_after_many_transfers(strategy):
    ctx = mp.get_context('fork')
    inbox, outbox = ctx.Queue(), ctx.Queue()
    process = start(ctx, workers.echo, inbox, outbox, 40)
    if strategy == 'file_system':
        mp._shm_client.connect()   # the one-off socket to the manager is not a leak
    gc.collect()
    descriptors = open_descriptors()
    for i in range(40):
        inbox.put(torch.Tensor([i]))
        assert outbox.get(timeout=TIMEOUT)[0] == i
    inbox.put('bye')
    finish(process)
    gc.collect()
    assert open_descriptors() <= descriptors
    assert wait_until(lambda: segments_of([os.getpid(), process.pid]) == [])


def test_killed_workers_leave_no_segments_in_file_system_mode():
    program = 'import shared_memory_workers as w; w.kill_scenario("file_system")'
    # A manager of its own: not the one this test process may be a client of.
    environment = {k: v for k, v in os.environ.items() if k != mp._shm_client.ENVIRONMENT_VARIABLE}
    scenario = subprocess.Popen([sys.executable, '-c', program], cwd=HERE, env=environment,
                                stdout=subprocess.PIPE)
    pids = [int(p) for p in scenario.stdout.readline().split()]
    assert len(pids) == 3
    assert segments_of(pids)   # the workers' and the parent's segments exist...
    scenario.kill()
    scenario.wait()
    # ...until the manager sees its last client's socket close.
    assert wait_until(lambda: segments_of(pids) == [])


def test_share_memory_before_start_is_inherited(ctx, strategy):
    t = torch.zeros(3).share_memory_()
    process = start(ctx, workers.fill_and_add, t)
    finish(process)
    assert t.tolist() == [4, 4, 4]


def test_hogwild_example_of_the_docs_trains_one_shared_model():
    with open(DOCS) as f:
        script = re.search(r'```python\n(.*?)```', f.read(), re.S).group(1)
    result = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    before, after = map(float, re.findall(r'[\d.]+', result.stdout))
    assert after < before / 10
