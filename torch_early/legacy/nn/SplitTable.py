"""legacy.nn.SplitTable(dimension, nInputDims=None): a tensor split into the table of its slices
along dimension (0-based; negative counts from the end; with nInputDims, an input with one
dimension more is a batch and the dimension moves one further). A vector splits into tensors of one
element (its slices would be numbers)."""
import torch_early
from .Module import Module


class SplitTable(Module):

    def __init__(self, dimension, nInputDims=None):
        super(SplitTable, self).__init__()
        self.dimension = dimension
        self.nInputDims = nInputDims
        self.output = []

    def _dim(self, input):
        if not torch_early.is_tensor(input):
            raise TypeError('SplitTable expects a tensor as input, but got %s' % type(input).__name__)
        dim = self.dimension
        if dim < 0:
            dim += input.dim()
        elif self.nInputDims is not None and input.dim() == self.nInputDims + 1:
            dim += 1
        if not 0 <= dim < input.dim():
            raise IndexError('SplitTable: dimension %d out of range for a %dD input'
                             % (self.dimension, input.dim()))
        return dim

    def updateOutput(self, input):
        dim = self._dim(input)
        if input.dim() == 1:
            self.output = [input.narrow(0, i, 1) for i in range(input.size(0))]
        else:
            self.output = [input.select(dim, i) for i in range(input.size(dim))]
        return self.output

    def updateGradInput(self, input, gradOutput):
        dim = self._dim(input)
        if not isinstance(gradOutput, list) or len(gradOutput) != input.size(dim):
            raise ValueError('SplitTable: gradOutput must be a table of %d tensors'
                             % input.size(dim))
        self.gradInput.resize_as_(input)
        for i, g in enumerate(gradOutput):
            slot = self.gradInput.narrow(dim, i, 1)
            slot.copy_(g.contiguous().view(slot.size()))
        return self.gradInput
