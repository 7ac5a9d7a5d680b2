"""legacy.nn.JoinTable(dimension, nInputDims=None): a table of tensors joined along dimension
(0-based; negative counts from the end). With nInputDims, an input with one dimension more is a
batch, and the dimension moves one further."""
from .Module import Module
from ._tables import check_table, resized_gradInput, sizes


class JoinTable(Module):

    def __init__(self, dimension, nInputDims=None):
        super(JoinTable, self).__init__()
        self.dimension = dimension
        self.nInputDims = nInputDims
        self.size = None
        self.gradInput = []

    def _dim(self, input):
        first = input[0]
        dim = self.dimension
        if dim < 0:
            dim += first.dim()
        elif self.nInputDims is not None and first.dim() == self.nInputDims + 1:
            dim += 1
        if not 0 <= dim < first.dim():
            raise IndexError('JoinTable: dimension %d out of range for %dD inputs'
                             % (self.dimension, first.dim()))
        return dim

    def updateOutput(self, input):
        check_table(self, input, at_least=1)
        dim = self._dim(input)
        size = list(input[0].size())
        for x in input[1:]:
            other = list(x.size())
            if len(other) != len(size) or other[:dim] + other[dim + 1:] != size[:dim] + size[dim + 1:]:
                raise RuntimeError('JoinTable: the tensors must agree in every dimension but %d, '
                                   'but got sizes %s and %s' % (dim, sizes(input[0]), sizes(x)))
        size[dim] = sum(x.size(dim) for x in input)
        self.size = size
        self.output.resize_(*size)
        offset = 0
        for x in input:
            self.output.narrow(dim, offset, x.size(dim)).copy_(x)
            offset += x.size(dim)
        return self.output

    def updateGradInput(self, input, gradOutput):
        check_table(self, input, at_least=1)
        dim = self._dim(input)
        offset = 0
        for x, g in zip(input, resized_gradInput(self, input)):
            g.copy_(gradOutput.narrow(dim, offset, x.size(dim)))
            offset += x.size(dim)
        return self.gradInput
