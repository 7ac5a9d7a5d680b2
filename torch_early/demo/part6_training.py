"""Part VI: the rest of a training program: an optimizer step, a DataLoader with two worker
processes, a storage shared with a child process, and save/load trusting a file this user
signed and refusing a class it does not know in anyone else's. Everything it starts (workers, a child, a temporary folder) is gone when it returns."""
import os
import pickle
import shutil
import tempfile

import torch_early as torch
from torch_early._checkpoint_trust import TRAILER_BYTES
from torch_early.demo import heading


def show_optimizer_step():
    heading("1. An optimizer step: param_groups and per-parameter state")
    import torch_early.nn as nn
    import torch_early.optim as optim
    from torch_early.autograd import Variable
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    group = optimizer.param_groups[0]
    print("optimizer.param_groups: %d group, options %s"
          % (len(optimizer.param_groups),
             ", ".join("%s=%s" % (k, group[k]) for k in sorted(group) if k != 'params')))
    print("  and its %d parameters; optimizer.state before the first step: %d entries"
          % (len(group['params']), len(optimizer.state)))
    loss = (model(Variable(torch.ones(4, 3))) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    before = model.bias.data[0]
    gradient = model.bias.grad.data[0]
    optimizer.step()
    print("after backward() and step(): state has %d entries, each %s"
          % (len(optimizer.state), sorted(optimizer.state[model.bias])))
    print("  bias moved by -lr * grad: %s"
          % (abs(model.bias.data[0] - (before - 0.1 * gradient)) < 1e-6))


class _Squares(object):
    """A dataset whose sample i is (i*i as a tensor, the pid of the process that read it)."""

    def __len__(self):
        return 10

    def __getitem__(self, i):
        return torch.Tensor([i * i]), os.getpid()


def show_dataloader():
    heading("2. A DataLoader with 2 worker processes")
    from torch_early.utils.data import DataLoader
    loader = DataLoader(_Squares(), batch_size=3, num_workers=2)
    batches = iter(loader)
    worker_of = {worker.pid: k for k, worker in enumerate(batches.workers)}
    print("%d batches of 3 samples; workers started: %d, none of them this process: %s"
          % (len(loader), len(worker_of), os.getpid() not in worker_of))
    for n, (data, pids) in enumerate(batches):
        workers = sorted(set(worker_of[pid] for pid in pids.tolist()))
        print("  batch %d: %s from worker %s, in shared memory: %s"
              % (n, data.view(-1).tolist(), workers[0] if len(workers) == 1 else workers,
                 data.is_shared()))
    print("after the last batch, every worker has exited:",
          not any(worker.is_alive() for worker in batches.workers))


def _write_into(queue, done):
    tensor = queue.get()
    tensor[1] = 7
    done.put(tensor.is_shared())


def show_sharing():
    heading("3. A tensor sent to a child process, which writes into it")
    import torch_early.multiprocessing as mp
    for strategy in ('file_descriptor', 'file_system'):
        mp.set_sharing_strategy(strategy)
        tensor = torch.zeros(4)
        queue, done = mp.Queue(), mp.Queue()
        child = mp.Process(target=_write_into, args=(queue, done))
        child.start()
        queue.put(tensor)
        done.get()
        child.join()
        print("%-15s the child set tensor[1] = 7; the parent sees %s (shared: %s)"
              % (strategy + ":", tensor.tolist(), tensor.is_shared()))
        for q in (queue, done):
            q.close()
            q.join_thread()
    mp.set_sharing_strategy('file_descriptor')
    print("what travels: file_descriptor -> a duplicate of the descriptor;"
          " file_system -> a name in /dev/shm")


class Net(object):
    """A class of the program's own (here, of the demo), which load does not know."""


def show_save_load():
    heading("4. save and load: one signed stream of pickles and numbers, and a safe unpickler")
    import torch_early.nn as nn
    folder = tempfile.mkdtemp()
    try:
        path = os.path.join(folder, "checkpoint.pt")
        torch.save({'epoch': 3, 'state': nn.Linear(2, 1).state_dict()}, path)
        with open(path, 'rb') as saved:
            magic, version, sys_info = (pickle.load(saved) for _ in range(3))
        print("torch.save wrote the magic number %#x, format %d, little-endian: %s"
              % (magic, version, sys_info['little_endian']))
        loaded = torch.load(path)
        print("torch.load gives back epoch %d and %s" % (loaded['epoch'], list(loaded['state'])))
        torch.save({'epoch': 3, 'net': Net()}, path)
        print("a file this user saved is signed, and trusted in full: Net (a plain class of "
              "this demo) loads:", type(torch.load(path)['net']).__name__)
        with open(path, 'rb') as signed:
            unsigned = signed.read()[:-TRAILER_BYTES]     # as a file from anyone else
        with open(path, 'wb') as stranger:
            stranger.write(unsigned)
        try:
            torch.load(path)
        except pickle.UnpicklingError as error:
            print("the same file unsigned, from someone else, goes through the safe loader:")
            print("  UnpicklingError:", str(error).split(" in this file")[0])
        print("loaded when trusted, weights_only=False:",
              type(torch.load(path, weights_only=False)['net']).__name__)
    finally:
        shutil.rmtree(folder)


def run():
    show_optimizer_step()
    show_dataloader()
    show_sharing()
    show_save_load()
