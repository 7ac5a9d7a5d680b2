"""legacy.nn.AddConstant: y = x + c for a fixed number c. In place (inplace=True) it adds c to the
input itself, and takes it off again in backward, so the caller's input comes back unchanged."""
import numbers

import torch_early
from .Module import Module


class AddConstant(Module):

    def __init__(self, constant_scalar, inplace=False):
        super(AddConstant, self).__init__()
        if not isinstance(constant_scalar, numbers.Number):
            raise TypeError('AddConstant: the constant must be a number, but got %s'
                            % type(constant_scalar).__name__)
        self.constant_scalar = constant_scalar
        self.inplace = inplace

    def updateOutput(self, input):
        if self.inplace:
            input.add_(self.constant_scalar)
            self.output.set_(input)
        else:
            self.output.resize_as_(input).copy_(input).add_(self.constant_scalar)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self.inplace:
            self.gradInput.set_(gradOutput)
            input.add_(-self.constant_scalar)     # the input as it came in
        else:
            self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        return self.gradInput

    def clearState(self):
        if self.inplace:   # output and gradInput are views of the caller's tensors
            self.output = torch_early.Tensor().type(self._type)
            self.gradInput = torch_early.Tensor().type(self._type)
            return self
        return super(AddConstant, self).clearState()

    def __repr__(self):
        return super(AddConstant, self).__repr__() + '(%s)' % self.constant_scalar
