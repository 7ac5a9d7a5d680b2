# the fuzzer under ASan (seed asan4, call 10911): SpatialAdaptiveMaxPooling_updateOutput with the
# output the input itself: heap-buffer-overflow in THNN_FloatSpatialAdaptiveMaxPooling_plane; item
# 6 family.
import torch_early
from torch_early._thnn import _THNN
from torch_early.legacy import nn as legacy_nn


def attribute(obj, name, default):
    value = getattr(obj, name, None)
    return default if value is None else value


m0 = legacy_nn.SpatialAdaptiveMaxPooling(5, 2); t2 = torch_early.FloatTensor().set_(torch_early.FloatTensor([3, 3, 4, 4, 3, -1, 0.5, -1.5, -1, 1, 2, -1, 0.5, -1.5]).storage(), 0, torch_early.Size([5, 2, 5, 2]), (2, 1, 1, 0,)); _f3 = m0.forward(t2)
_THNN.FloatSpatialAdaptiveMaxPooling_updateOutput(None, t2, t2, attribute(m0, 'indices', torch_early.FloatTensor()), attribute(m0, 'owidth', 4), attribute(m0, 'oheight', 1))
