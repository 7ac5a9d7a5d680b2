"""Data-parallel training as a 2017 program did it by hand: every process holds the whole model,
takes its own slice of each batch, and before each optimizer step the processes add up their
gradients with all_reduce and divide by their number. The parameters then stay identical in every
process, and equal those of one process training on the whole batches (docs/distributed.md).

Each rank is one process; start them yourself (the environment tells each who it is):

    MASTER_ADDR=127.0.0.1 MASTER_PORT=29500 WORLD_SIZE=3 RANK=0 python distributed_mnist.py &
    ... RANK=1 ..., RANK=2 ...
    mpiexec -n 3 python distributed_mnist.py --backend mpi

or let the program start them on this machine: python distributed_mnist.py --processes 3.
With --single it trains in one process on the same whole batches instead, the reference.
"""
from __future__ import print_function
import argparse
import os
import subprocess
import sys
import warnings

import torch_early as torch
import torch_early.nn as nn
import torch_early.nn.functional as F
import torch_early.optim as optim
from torch_early.autograd import Variable

parser = argparse.ArgumentParser(description='data-parallel MNIST-style training')
parser.add_argument('--backend', default='tcp', help="'tcp', 'mpi' or 'gloo'")
parser.add_argument('--processes', type=int, default=0, metavar='N',
                    help='start N ranks on this machine (tcp, gloo) and wait for them')
parser.add_argument('--single', type=int, default=0, metavar='N',
                    help='train in one process instead, on the batches N ranks would share')
parser.add_argument('--batch-per-rank', type=int, default=8, metavar='N')
parser.add_argument('--steps', type=int, default=5, metavar='N')
parser.add_argument('--lr', type=float, default=0.05)
parser.add_argument('--save', default=None, help='rank 0 saves the final parameters here')
args = parser.parse_args()


class Net(nn.Module):
    """The MNIST convnet of the era's examples, smaller, and without dropout so that runs compare
    exactly."""

    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, kernel_size=5)
        self.conv2 = nn.Conv2d(6, 12, kernel_size=5)
        self.fc1 = nn.Linear(192, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        x = x.view(-1, 192)
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(x))


def whole_batch(step, size):
    """The step's whole batch, the same in every process: noisy images whose class is a bar."""
    generator = torch.Generator()
    generator.manual_seed(1000 + step)
    labels = torch.LongTensor(size).random_(generator, 0, 10)
    images = torch.FloatTensor(size, 1, 28, 28).normal_(generator, 0, 0.5)
    for i in range(size):
        top, left = 2 + 14 * (labels[i] // 5), 2 + 5 * (labels[i] % 5)
        images[i][0][top:top + 10, left:left + 4].add_(1.0)
    return images, labels


def average_gradients(model, dist):
    """all_reduce of every gradient, then / the number of processes: the gradient of the mean
    loss over the whole batch, when every rank's slice has the same size."""
    world = float(dist.get_num_processes())
    for parameter in model.parameters():
        dist.all_reduce(parameter.grad.data, op=dist.reduce_op.SUM)
        parameter.grad.data.div_(world)


def train(rank, world, dist=None):
    torch.manual_seed(0)                 # the same initial model everywhere ...
    model = Net()
    if dist is not None:                 # ... and made sure of: rank 0's parameters win
        for parameter in model.parameters():
            dist.broadcast(parameter.data, 0)
    optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=0.5)
    size = args.batch_per_rank
    for step in range(args.steps):
        images, labels = whole_batch(step, size * world)
        if dist is not None:             # this rank's slice of the batch
            images = images[rank * size:(rank + 1) * size]
            labels = labels[rank * size:(rank + 1) * size]
        optimizer.zero_grad()
        loss = F.nll_loss(model(Variable(images)), Variable(labels))
        loss.backward()
        if dist is not None:
            average_gradients(model, dist)
            dist.all_reduce(loss.data, op=dist.reduce_op.SUM)   # for printing: the mean loss
            loss.data.div_(world)
        optimizer.step()
        if rank == 0:
            print('step %d  loss %.4f' % (step, loss.data[0]))
    if rank == 0 and args.save:
        torch.save([p.data for p in model.parameters()], args.save)
    return model


def start_local_ranks(n):
    """Starts n copies of this program as ranks 0..n-1 on this machine; their exit status."""
    env = dict(os.environ, MASTER_ADDR=os.environ.get('MASTER_ADDR', '127.0.0.1'),
               MASTER_PORT=os.environ.get('MASTER_PORT', '29500'), WORLD_SIZE=str(n))
    arguments = list(sys.argv)
    if '--processes' in arguments:       # the ranks get the same arguments, less --processes N
        i = arguments.index('--processes')
        del arguments[i:i + 2]
    command = [sys.executable] + [a for a in arguments if not a.startswith('--processes=')]
    ranks = [subprocess.Popen(command, env=dict(env, RANK=str(r))) for r in range(n)]
    return max(rank.wait() for rank in ranks)


if __name__ == '__main__':
    if args.processes:
        sys.exit(start_local_ranks(args.processes))
    if args.single:
        train(0, args.single)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')     # the era's "highly experimental" warning
            import torch_early.distributed as dist
        dist.init_process_group(args.backend)
        train(dist.get_rank(), dist.get_num_processes(), dist)
