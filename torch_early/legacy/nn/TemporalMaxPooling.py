"""legacy.nn.TemporalMaxPooling: the maximum of each feature over windows of kW frames (stride dW)
of a sequence (nInputFrame x frameSize, or a batch of them); indices keeps where each maximum
was, for the backward. Over THNN's TemporalMaxPooling kernels."""
import torch_early
from .Module import Module
from .utils import clear


class TemporalMaxPooling(Module):

    def __init__(self, kW, dW=None):
        super(TemporalMaxPooling, self).__init__()
        self.kW = kW
        self.dW = dW or kW
        self.indices = None

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._backend.TemporalMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.kW, self.dW)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self.indices is None:
            raise RuntimeError('TemporalMaxPooling: backward called before forward')
        self._backend.TemporalMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices,
            self.kW, self.dW)
        return self.gradInput

    def clearState(self):
        clear(self, 'indices')
        return super(TemporalMaxPooling, self).clearState()

    def __repr__(self):
        return '{}({}, {})'.format(super(TemporalMaxPooling, self).__repr__(), self.kW, self.dW)
