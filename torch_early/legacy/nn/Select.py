"""legacy.nn.Select: the slice input[index] along one dimension (which disappears), copied; negative
dimension and index count from the end. Backward puts gradOutput back in place, zeros elsewhere."""
from .Module import Module


class Select(Module):

    def __init__(self, dimension, index):
        super(Select, self).__init__()
        self.dimension = dimension
        self.index = index

    def _position(self, input):
        dimension = self.dimension + input.dim() if self.dimension < 0 else self.dimension
        if not 0 <= dimension < input.dim():
            raise IndexError('Select: dimension %d out of range for a %dD input'
                             % (self.dimension, input.dim()))
        size = input.size(dimension)
        index = size + self.index if self.index < 0 else self.index
        if not 0 <= index < size:
            raise IndexError('Select: index %d out of range for dimension %d of size %d'
                             % (self.index, dimension, size))
        return dimension, index

    def updateOutput(self, input):
        selected = input.select(*self._position(input))
        self.output.resize_as_(selected).copy_(selected)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(input).zero_()
        self.gradInput.select(*self._position(input)).copy_(gradOutput)
        return self.gradInput

    def __repr__(self):
        return super(Select, self).__repr__() + '(%d, %d)' % (self.dimension, self.index)
