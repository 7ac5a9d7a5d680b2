# the fuzzer: legacy View with a size of 0 raised a bare ZeroDivisionError in forward; item 8
# family.
# expect: not ZeroDivisionError
import torch_early
from torch_early.legacy import nn as legacy_nn

legacy_nn.View(0, 1).forward(torch_early.FloatTensor(1, 1).fill_(0))
