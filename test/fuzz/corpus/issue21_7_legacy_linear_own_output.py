# issue 21, item 7: a legacy Linear fed its own output was off by up to 0.41.
import torch_early
from torch_early.legacy import nn as legacy_nn

m = legacy_nn.Linear(3, 3); x = torch_early.DoubleTensor(2, 3).fill_(1)
m.forward(x); m.forward(m.output)
