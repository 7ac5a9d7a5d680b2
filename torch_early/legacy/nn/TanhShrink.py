"""legacy.nn.TanhShrink: y = x - tanh(x) elementwise; dy/dx = tanh(x)^2."""
from .Module import Module
from . import utils


class TanhShrink(Module):

    def __init__(self):
        super(TanhShrink, self).__init__()
        self._tanh = None     # tanh(x), kept from forward for backward

    def updateOutput(self, input):
        self._tanh = self._tanh if self._tanh is not None else input.new()
        self._tanh.resize_as_(input).copy_(input).tanh_()
        self.output.resize_as_(input).copy_(input).add_(-1, self._tanh)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(self._tanh).copy_(self._tanh).mul_(self._tanh).mul_(gradOutput)
        return self.gradInput

    def clearState(self):
        utils.clear(self, '_tanh')
        return super(TanhShrink, self).clearState()
