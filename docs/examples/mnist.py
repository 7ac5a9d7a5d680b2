"""A training program written as in January 2017 (`import torch`, Variable, torch.optim,
torch.utils.data with worker processes), on synthetic 28x28 "digits" so that it needs no
download. Run it through the import alias, trusting the checkpoints it writes itself:

    python -m torch_early.as_torch --trust-checkpoints docs/examples/mnist.py

Each class of digit is a bright bar at its own place on the image, under noise; a small
convolutional network learns to tell them apart. The program trains, evaluates, saves the weights
(state_dict) and the whole model, loads both back and checks they compute the same outputs.
"""
from __future__ import print_function
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import TensorDataset, DataLoader

parser = argparse.ArgumentParser(description='MNIST-style training on synthetic digits')
parser.add_argument('--batch-size', type=int, default=64, metavar='N')
parser.add_argument('--epochs', type=int, default=2, metavar='N')
parser.add_argument('--lr', type=float, default=0.05, metavar='LR')
parser.add_argument('--momentum', type=float, default=0.5, metavar='M')
parser.add_argument('--train-size', type=int, default=2048, metavar='N')
parser.add_argument('--test-size', type=int, default=512, metavar='N')
parser.add_argument('--workers', type=int, default=2, metavar='N')
parser.add_argument('--seed', type=int, default=1, metavar='S')
args = parser.parse_args()

torch.manual_seed(args.seed)


def synthetic_digits(n):
    """n noisy 1x28x28 images and their labels: digit c is a 10x4 bar of ones in row band
    c // 5 and column band c % 5."""
    labels = torch.LongTensor(n).random_(0, 10)
    images = torch.randn(n, 1, 28, 28).mul_(0.5)
    for i in range(n):
        top, left = 2 + 14 * (labels[i] // 5), 2 + 5 * (labels[i] % 5)
        images[i][0][top:top + 10, left:left + 4].add_(1.0)
    return images, labels


train_loader = DataLoader(TensorDataset(*synthetic_digits(args.train_size)),
                          batch_size=args.batch_size, shuffle=True, num_workers=args.workers)
test_loader = DataLoader(TensorDataset(*synthetic_digits(args.test_size)),
                         batch_size=args.batch_size, num_workers=args.workers)


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 8, kernel_size=5)
        self.conv2 = nn.Conv2d(8, 16, kernel_size=5)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(256, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))                   # 8 x 12 x 12
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))  # 16 x 4 x 4
        x = x.view(-1, 256)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        return F.log_softmax(self.fc2(x))


model = Net()
optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)


def train(epoch):
    model.train()
    total = 0
    for batch_idx, (data, target) in enumerate(train_loader):
        data, target = Variable(data), Variable(target)
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        loss.backward()
        optimizer.step()
        total += loss.data[0]
        if batch_idx == 0:
            print('epoch {} first batch loss {:.4f}'.format(epoch, loss.data[0]))
    print('epoch {} mean loss {:.4f}'.format(epoch, total / len(train_loader)))


def evaluate(net):
    net.eval()
    test_loss, correct = 0, 0
    for data, target in test_loader:
        data, target = Variable(data, volatile=True), Variable(target)
        output = net(data)
        test_loss += F.nll_loss(output, target, size_average=False).data[0]
        pred = output.data.max(1)[1]
        correct += pred.eq(target.data.view_as(pred)).sum()
    n = len(test_loader.dataset)
    print('test loss {:.4f} accuracy {}/{} ({:.0f}%)'.format(test_loss / n, correct, n,
                                                               100.0 * correct / n))


for epoch in range(1, args.epochs + 1):
    train(epoch)
evaluate(model)

torch.save(model.state_dict(), 'mnist_weights.pt')
torch.save(model, 'mnist_model.pt')
from_weights = Net()
from_weights.load_state_dict(torch.load('mnist_weights.pt'))
whole = torch.load('mnist_model.pt')

images = Variable(next(iter(test_loader))[0], volatile=True)
for net in (model, from_weights, whole):
    net.eval()
expected = model(images).data
for name, net in (('weights', from_weights), ('whole model', whole)):
    print('reloaded {} max difference {}'.format(name, (net(images).data - expected).abs().max()))
