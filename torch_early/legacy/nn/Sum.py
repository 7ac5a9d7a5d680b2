"""legacy.nn.Sum: the sum of the input over one dimension, which disappears (unless the input is
1-D); sizeAverage=True divides by that dimension's size (the mean). A negative dimension counts
from the end; with nInputDims given, an input of nInputDims + 1 dimensions is a batch and the
dimension is counted after the batch dimension. Backward spreads gradOutput over the dimension."""
from .Module import Module


class Sum(Module):

    def __init__(self, dimension=0, sizeAverage=False, nInputDims=None):
        super(Sum, self).__init__()
        self.dimension = dimension
        self.sizeAverage = sizeAverage
        self.nInputDims = nInputDims

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
        summed = input.sum(dimension)
        if self.sizeAverage:
            summed.div_(input.size(dimension))
        if summed.dim() > 1:
            summed = summed.select(dimension, 0)
        self.output.resize_as_(summed).copy_(summed)
        return self.output

    def updateGradInput(self, input, gradOutput):
        dimension = self._getPositiveDimension(input)
        kept = list(input.size())
        kept[dimension] = 1
        spread = gradOutput.contiguous().view(*kept).expand_as(input)
        self.gradInput.resize_as_(input).copy_(spread)
        if self.sizeAverage:
            self.gradInput.div_(input.size(dimension))
        return self.gradInput

    def __repr__(self):
        return super(Sum, self).__repr__() + '(%d)' % self.dimension
