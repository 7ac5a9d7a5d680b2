"""One small convnet trained twice on the same synthetic batch, written as in January 2017: once
with torch.legacy.nn, Lua Torch's nn driven by hand (forward, backward, updateParameters), once with
torch.nn, autograd and torch.optim. Both start from the same weights and take the same plain SGD
steps, so they print the same losses. Run it through the import alias:

    python -m torch_early.as_torch docs/examples/legacy_vs_autograd.py

docs/legacy_nn.md walks through it.
"""
from __future__ import print_function

import torch
import torch.legacy.nn as legacy
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

STEPS = 20
LEARNING_RATE = 0.5
torch.manual_seed(0)


def synthetic_batch(n):
    """n noisy 1x8x8 images of 3 classes: class c has a bright band on rows 2c+1 and 2c+2."""
    labels = torch.LongTensor(n).random_(0, 3)
    images = torch.randn(n, 1, 8, 8).mul_(0.3)
    for i in range(n):
        images[i][0].narrow(0, 2 * labels[i] + 1, 2).add_(1.0)
    return images, labels


images, labels = synthetic_batch(16)

# ---- the Lua way: modules keep their output and gradInput, and we call each step ourselves
legacy_net = legacy.Sequential()
legacy_net.add(legacy.SpatialConvolution(1, 4, 3, 3))    # 16x1x8x8 -> 16x4x6x6
legacy_net.add(legacy.ReLU())
legacy_net.add(legacy.SpatialMaxPooling(2, 2, 2, 2))     # -> 16x4x3x3
legacy_net.add(legacy.View(-1, 36))                      # -> 16x36
legacy_net.add(legacy.Linear(36, 3))
legacy_net.add(legacy.LogSoftMax())
legacy_criterion = legacy.ClassNLLCriterion()
print(legacy_net)


# ---- the autograd way: the forward pass is plain code; the graph records itself
class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv = nn.Conv2d(1, 4, kernel_size=3)
        self.fc = nn.Linear(36, 3)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv(x)), 2)
        return F.log_softmax(self.fc(x.view(-1, 36)))


net = Net()
# start from the legacy network's weights, so that both take the very same steps
legacy_conv, legacy_linear = legacy_net.get(0), legacy_net.get(4)
net.conv.weight.data.copy_(legacy_conv.weight)
net.conv.bias.data.copy_(legacy_conv.bias)
net.fc.weight.data.copy_(legacy_linear.weight)
net.fc.bias.data.copy_(legacy_linear.bias)
optimizer = optim.SGD(net.parameters(), lr=LEARNING_RATE)

for step in range(STEPS):
    # legacy.nn: forward, loss, backward through the criterion then the network, step
    output = legacy_net.forward(images)
    legacy_loss = legacy_criterion.forward(output, labels)
    legacy_net.zeroGradParameters()
    gradOutput = legacy_criterion.backward(output, labels)
    legacy_net.backward(images, gradOutput)
    legacy_net.updateParameters(LEARNING_RATE)

    # nn + autograd + optim: the same, with backward found from the recorded graph
    optimizer.zero_grad()
    loss = F.nll_loss(net(Variable(images)), Variable(labels))
    loss.backward()
    optimizer.step()

    print('step %2d  legacy.nn loss %.6f  autograd loss %.6f' % (step, legacy_loss, loss.data[0]))

difference = max((net.conv.weight.data - legacy_conv.weight.view_as(net.conv.weight.data)).abs().max(),
                 (net.fc.weight.data - legacy_linear.weight).abs().max())
print('largest difference between the trained weights %.2e' % difference)
