"""legacy.nn.SpatialAdaptiveMaxPooling: max pooling to a fixed output size w x h whatever the
input size: output cell (i, j) is the maximum over rows floor(i*H/h) to ceil((i+1)*H/h) - 1 (and
likewise columns). Over THNN's SpatialAdaptiveMaxPooling kernels."""
import torch_early
from .Module import Module
from .utils import clear


class SpatialAdaptiveMaxPooling(Module):

    def __init__(self, w, h):
        super(SpatialAdaptiveMaxPooling, self).__init__()
        self.w = w
        self.h = h
        self.indices = None

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._backend.SpatialAdaptiveMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.w, self.h)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self.indices is None:
            raise RuntimeError('SpatialAdaptiveMaxPooling: backward called before forward')
        self._backend.SpatialAdaptiveMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices)
        return self.gradInput

    def clearState(self):
        clear(self, 'indices')
        return super(SpatialAdaptiveMaxPooling, self).clearState()
