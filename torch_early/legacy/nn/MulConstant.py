"""legacy.nn.MulConstant: y = c * x for a fixed number c. In place (inplace=True) it scales the
input itself, and gradOutput in backward, undoing the input's scaling there."""
import numbers

import torch_early
from .Module import Module


class MulConstant(Module):

    def __init__(self, constant_scalar, inplace=False):
        super(MulConstant, self).__init__()
        if not isinstance(constant_scalar, numbers.Number):
            raise TypeError('MulConstant: the constant must be a number, but got %s'
                            % type(constant_scalar).__name__)
        self.constant_scalar = constant_scalar
        self.inplace = inplace

    def updateOutput(self, input):
        if self.inplace:
            input.mul_(self.constant_scalar)
            self.output.set_(input)
        else:
            self.output.resize_as_(input).copy_(input).mul_(self.constant_scalar)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self.inplace:
            gradOutput.mul_(self.constant_scalar)
            self.gradInput.set_(gradOutput)
            input.div_(self.constant_scalar)     # the input as it came in
        else:
            self.gradInput.resize_as_(gradOutput).copy_(gradOutput).mul_(self.constant_scalar)
        return self.gradInput

    def clearState(self):
        if self.inplace:   # output and gradInput are views of the caller's tensors
            self.output = torch_early.Tensor().type(self._type)
            self.gradInput = torch_early.Tensor().type(self._type)
            return self
        return super(MulConstant, self).clearState()

    def __repr__(self):
        return super(MulConstant, self).__repr__() + '(%s)' % self.constant_scalar
