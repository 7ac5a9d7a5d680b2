# the fuzzer under ASan (seed asan4, call 21708): a legacy SpatialConvolution whose finput buffer
# is its input: memcpy-param-overlap; item 6 through legacy.nn.
import torch_early
from torch_early.legacy import nn as legacy_nn

m0 = legacy_nn.SpatialConvolution(2, 1, 1, 2, dH=3, padW=1); m0.type('torch.DoubleTensor'); t2 = torch_early.DoubleTensor(1, 2, 3, 2).fill_(1)
m0.finput = t2; m0.forward(t2)
