"""legacy.nn.Log: y = log(x) elementwise; dy/dx = 1 / x."""
from .Module import Module


class Log(Module):

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input).log_()
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput).div_(input)
        return self.gradInput
