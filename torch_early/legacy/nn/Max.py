"""legacy.nn.Max: the largest element of the input along one dimension, which disappears (unless the
input is 1-D). Backward sends each gradOutput element to the position the maximum came from, zeros
elsewhere. A negative dimension counts from the end; with nInputDims given, an input of
nInputDims + 1 dimensions is a batch and the dimension is counted after the batch dimension."""
import torch_early
from .Module import Module
from . import utils


class Max(Module):

    # the reduction this module takes (Min replaces it)
    _reduce = staticmethod(torch_early.max)

    def __init__(self, dimension=0, nInputDims=None):
        super(Max, self).__init__()
        self.dimension = dimension
        self.nInputDims = nInputDims
        self._output = None    # the values, with the reduced dimension kept (size 1)
        self._indices = None   # where each value came from along the dimension

    def _getPositiveDimension(self, input):
        dimension = self.dimension
        if dimension < 0:
            dimension += input.dim()
        elif self.nInputDims is not None and input.dim() == self.nInputDims + 1:
            dimension += 1
        if not 0 <= dimension < input.dim():
            raise IndexError('%s: dimension %d out of range for a %dD input'
                             % (type(self).__name__, self.dimension, input.dim()))
        return dimension

    def updateOutput(self, input):
        dimension = self._getPositiveDimension(input)
        self._output, self._indices = type(self)._reduce(input, dimension)
        values = self._output
        if values.dim() > 1:
            values = values.select(dimension, 0)
        self.output.resize_as_(values).copy_(values)
        return self.output

    def updateGradInput(self, input, gradOutput):
        dimension = self._getPositiveDimension(input)
        kept = gradOutput.contiguous().view_as(self._output)
        self.gradInput.resize_as_(input).zero_().scatter_(dimension, self._indices, kept)
        return self.gradInput

    def clearState(self):
        utils.clear(self, '_output', '_indices')
        return super(Max, self).clearState()

    def __repr__(self):
        return super(Max, self).__repr__() + '(%d)' % self.dimension
