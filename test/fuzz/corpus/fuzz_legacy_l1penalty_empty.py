# the fuzzer: legacy L1Penalty averaging over an empty input raised a bare ZeroDivisionError; item
# 8 family.
# expect: not ZeroDivisionError
import torch_early
from torch_early.legacy import nn as legacy_nn

legacy_nn.L1Penalty(1, True, True).forward(torch_early.DoubleTensor())
