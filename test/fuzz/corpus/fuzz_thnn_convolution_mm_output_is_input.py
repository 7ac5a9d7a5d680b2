# the fuzzer under ASan (seed asan4, call 19908): SpatialConvolutionMM_updateOutput with the
# output the (expanded) input itself: heap-buffer-overflow in THNN_Floatim2col; item 6 family.
import torch_early
from torch_early._thnn import _THNN
from torch_early.legacy import nn as legacy_nn


def attribute(obj, name, default):
    value = getattr(obj, name, None)
    return default if value is None else value


m0 = legacy_nn.SpatialConvolution(3, 3, 2, 2, 5, 5, 1, 5); t2 = torch_early.FloatTensor([[[[1]]]]).expand(3, 3, 5, 1)
_THNN.FloatSpatialConvolutionMM_updateOutput(None, t2, t2, attribute(m0, 'weight', torch_early.FloatTensor()), attribute(m0, 'bias', torch_early.FloatTensor()), attribute(m0, 'finput', torch_early.FloatTensor()), attribute(m0, 'fgradInput', torch_early.FloatTensor()), attribute(m0, 'kW', 3), attribute(m0, 'kH', 1), attribute(m0, 'dW', 1), attribute(m0, 'dH', 2), attribute(m0, 'padW', 0), attribute(m0, 'padH', 0))
