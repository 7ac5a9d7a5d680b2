"""legacy.nn.Exp: y = exp(x) elementwise; dy/dx = exp(x) = y."""
from .Module import Module


class Exp(Module):

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input).exp_()
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput).mul_(self.output)
        return self.gradInput
