"""legacy.nn.Unsqueeze: the input viewed with a dimension of size 1 inserted at position dim (0 puts
it first, input.dim() last). Backward views gradOutput back to the input's shape."""
from .Module import Module
from . import utils


class Unsqueeze(Module):

    def __init__(self, dim):
        super(Unsqueeze, self).__init__()
        self.dim = dim

    def updateOutput(self, input):
        if not 0 <= self.dim <= input.dim():
            raise IndexError('Unsqueeze: position %d out of range for a %dD input (0 to %d)'
                             % (self.dim, input.dim(), input.dim()))
        self.output = utils.addSingletonDimension(input, self.dim)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput = gradOutput.contiguous().view_as(input)
        return self.gradInput

    def __repr__(self):
        return super(Unsqueeze, self).__repr__() + '(%d)' % self.dim
