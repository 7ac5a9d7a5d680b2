"""legacy.nn.GradientReversal: the identity going forward; backward multiplies the gradient by
-lambda (the gradient reversal layer of domain-adversarial training)."""
import torch_early
from .Module import Module


class GradientReversal(Module):

    def __init__(self, lambd=1):
        super(GradientReversal, self).__init__()
        self.lambd = lambd

    def setLambda(self, lambd):
        self.lambd = lambd

    def updateOutput(self, input):
        self.output = input
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput).mul_(-self.lambd)
        return self.gradInput

    def clearState(self):
        self.output = torch_early.Tensor().type(self._type)   # the caller's input: not emptied
        self.gradInput.set_()
        return self

    def __repr__(self):
        return super(GradientReversal, self).__repr__() + '(%s)' % self.lambd
