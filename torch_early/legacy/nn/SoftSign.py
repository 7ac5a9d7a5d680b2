"""legacy.nn.SoftSign: y = x / (1 + |x|) elementwise; dy/dx = 1 / (1 + |x|)^2."""
from .Module import Module
from . import utils


class SoftSign(Module):

    def __init__(self):
        super(SoftSign, self).__init__()
        self.temp = None      # 1 + |x|, kept from forward for backward
        self.tempgrad = None

    def updateOutput(self, input):
        self.temp = self.temp if self.temp is not None else input.new()
        self.temp.resize_as_(input).copy_(input).abs_().add_(1)
        self.output.resize_as_(input).copy_(input).div_(self.temp)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.tempgrad = self.tempgrad if self.tempgrad is not None else input.new()
        self.tempgrad.resize_as_(input).copy_(input).abs_().add_(1).mul_(self.tempgrad)
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput).div_(self.tempgrad)
        return self.gradInput

    def clearState(self):
        utils.clear(self, 'temp', 'tempgrad')
        return super(SoftSign, self).clearState()
