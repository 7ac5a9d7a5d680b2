"""legacy.nn.Dropout: while training, zeroes each element with probability p and scales the others
by 1 / (1 - p), so that the expected output is the input; while evaluating, the identity. Backward
applies the same mask. In place (inplace=True) it works on the input (and gradOutput) itself."""
import torch_early
from .Module import Module
from . import utils


class Dropout(Module):

    def __init__(self, p=0.5, inplace=False):
        super(Dropout, self).__init__()
        _check_probability(type(self).__name__, p)
        self.p = p
        self.inplace = inplace
        self.noise = torch_early.Tensor()   # the mask of the last forward, already scaled

    def setp(self, p):
        _check_probability(type(self).__name__, p)
        self.p = p

    def updateOutput(self, input):
        if self.inplace:
            self.output.set_(input)
        else:
            self.output.resize_as_(input).copy_(input)
        if self.train and self.p > 0:
            self.noise.resize_as_(input).bernoulli_(1 - self.p).div_(1 - self.p)
            self.output.mul_(self.noise)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self.inplace:
            self.gradInput.set_(gradOutput)
        else:
            self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        if self.train and self.p > 0:
            self.gradInput.mul_(self.noise)
        return self.gradInput

    def clearState(self):
        utils.clear(self, 'noise')
        if self.inplace:   # output and gradInput are views of the caller's tensors
            self.output = torch_early.Tensor().type(self._type)
            self.gradInput = torch_early.Tensor().type(self._type)
            return self
        return super(Dropout, self).clearState()

    def __repr__(self):
        return super(Dropout, self).__repr__() + '(%.4f)' % self.p


def _check_probability(name, p):
    if not 0 <= p < 1:
        raise ValueError('%s: the dropout probability p must be in [0, 1), but got %s'
                         % (name, p))
