# issue 21, item 7: legacy.nn.SpatialCrossMapLRN(2**31) looped once per unit of window size.
import torch_early
from torch_early.legacy import nn as legacy_nn

m = legacy_nn.SpatialCrossMapLRN(2**31); x = torch_early.DoubleTensor(1, 2, 2, 2).fill_(1)
m.forward(x); m.backward(x, m.output)
