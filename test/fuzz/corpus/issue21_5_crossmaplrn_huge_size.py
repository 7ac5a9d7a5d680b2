# issue 21, item 5: SpatialCrossMapLRN with a size of 2**31 hung.
import torch_early
from torch_early.legacy import nn as legacy_nn

legacy_nn.SpatialCrossMapLRN(2**31).forward(torch_early.FloatTensor(1, 3, 2, 2).fill_(1))
