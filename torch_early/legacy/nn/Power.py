"""legacy.nn.Power: y = x ^ p elementwise; dy/dx = p * x ^ (p - 1)."""
from .Module import Module


class Power(Module):

    def __init__(self, p):
        super(Power, self).__init__()
        self.pow = p

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input).pow_(self.pow)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(input).copy_(input).pow_(self.pow - 1).mul_(self.pow)
        self.gradInput.mul_(gradOutput)
        return self.gradInput

    def __repr__(self):
        return super(Power, self).__repr__() + '(%s)' % self.pow
