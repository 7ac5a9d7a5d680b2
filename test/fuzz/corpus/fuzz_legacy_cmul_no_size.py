# the fuzzer: legacy CMul() without sizes raised a bare ZeroDivisionError; item 8 family.
# expect: not ZeroDivisionError
import torch_early
from torch_early.legacy import nn as legacy_nn

legacy_nn.CMul().forward(torch_early.DoubleTensor([1]))
