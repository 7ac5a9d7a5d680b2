# the fuzzer under ASan (seed asan5, call 26780): a legacy SpatialMaxPooling whose output is its
# (overlapping) input: heap-buffer-overflow in THNN_FloatSpatialDilatedMaxPooling_plane; item 6
# through legacy.nn.
import torch_early
from torch_early.legacy import nn as legacy_nn

m0 = legacy_nn.SpatialMaxPooling(1, 4, 5)
t2 = torch_early.FloatTensor().set_(torch_early.FloatTensor([0, -1.5, 2, 0, -1.5, 1, -1.5, -1, 3, 1, 1e-40, -1.5, 4, 2, 2]).storage(), 2, torch_early.Size([1, 1, 4, 5]), (3, 0, 0, 3,))
m0.output = t2; m0.forward(t2)
