"""Functions that test_multiprocessing.py runs in other processes (importable by spawned ones)."""
import os
import signal
import time

import torch_early as torch
import torch_early.multiprocessing as mp


def fill_received(queue, done):
    data = queue.get(timeout=20)
    data[0].fill_(4)
    done.set()


def send_twice(queue, done):
    t = torch.ones(5, 5)
    queue.put(t)
    queue.put(t)
    done.wait(20)


def add_one_and_answer(inbox, outbox):
    t = inbox.get()
    t.add_(1)
    outbox.put('done')


def fill_and_add(tensor):
    tensor.fill_(4)
    return tensor.add(1)


def echo(inbox, outbox, count):
    """Sends back what it receives, `count` times; then stays until told to go, because with the
    file_descriptor strategy a sender must live until its descriptors have been fetched."""
    for _ in range(count):
        outbox.put(inbox.get(timeout=20))
    inbox.get(timeout=20)


def overwrite_variable(queue, done):
    """Writes 7 into a Variable's shared data (and 5 into its gradient if one came along), then
    answers whether one did."""
    variable = queue.get(timeout=20)
    variable.data.fill_(7)
    came_with_gradient = variable.grad is not None
    if came_with_gradient:
        variable.grad.data.fill_(5)
    queue.put(came_with_gradient)
    done.set()


def make_and_hang(strategy, queue):
    """Makes shared tensors (one sent, others kept), then waits to be killed."""
    mp.set_sharing_strategy(strategy)
    kept = [torch.randn(10).share_memory_() for _ in range(3)]
    queue.put(torch.randn(10))
    queue.put(os.getpid())
    while kept:
        time.sleep(1)


def kill_scenario(strategy):
    """Run as a program by the SIGKILL test: workers make shared tensors, the parent receives
    some, prints every pid, then everybody is killed."""
    mp.set_sharing_strategy(strategy)
    queue = mp.Queue()
    workers = [mp.Process(target=make_and_hang, args=(strategy, queue)) for _ in range(2)]
    for worker in workers:
        worker.start()
    received = [queue.get(timeout=20) for _ in range(4)]
    mine = torch.randn(5).share_memory_()
    pids = [os.getpid()] + [p for p in received if isinstance(p, int)]
    for worker in workers:   # before the test, which reads the pids, kills this process
        os.kill(worker.pid, signal.SIGKILL)
    print(' '.join(str(p) for p in pids), flush=True)
    time.sleep(60)   # killed by the test
    return mine
