"""legacy.nn.L1Penalty: the identity going forward, which records the penalty
loss = l1weight * sum |x| (divided by the element count with sizeAverage); backward adds its
gradient l1weight * sign(x) to gradOutput (or gives it alone when provideOutput is False, for a
layer whose output feeds nothing else). Put after a layer to make its output sparse."""
import torch_early
from .Module import Module
from . import utils


class L1Penalty(Module):

    def __init__(self, l1weight, sizeAverage=False, provideOutput=True):
        super(L1Penalty, self).__init__()
        self.l1weight = l1weight
        self.sizeAverage = sizeAverage
        self.provideOutput = provideOutput
        self.loss = 0

    def _weight(self, input):
        if self.sizeAverage:
            return utils.averageOf(self, self.l1weight, input.nelement())
        return self.l1weight

    def updateOutput(self, input):
        self.loss = self._weight(input) * input.norm(1)
        self.output = input
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(input).copy_(input).sign_().mul_(self._weight(input))
        if self.provideOutput:
            self.gradInput.add_(gradOutput)
        return self.gradInput

    def clearState(self):
        self.output = torch_early.Tensor().type(self._type)   # the caller's input: not emptied
        self.gradInput.set_()
        return self

    def __repr__(self):
        return super(L1Penalty, self).__repr__() + '(%s)' % self.l1weight
