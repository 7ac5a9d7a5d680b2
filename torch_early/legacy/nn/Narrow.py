"""legacy.nn.Narrow: the slice input[offset : offset + length] along one dimension, copied. A
negative offset counts from the end; a negative length takes the elements up to the end but
-length - 1 (length=-1: up to the end). Backward puts gradOutput back in place, zeros elsewhere."""
from .Module import Module


class Narrow(Module):

    def __init__(self, dimension, offset, length=1):
        super(Narrow, self).__init__()
        self.dimension = dimension
        self.index = offset
        self.length = length

    def _slice(self, input):
        """(dimension, offset, length) of the slice in this input, all made non-negative."""
        dimension = self.dimension + input.dim() if self.dimension < 0 else self.dimension
        if not 0 <= dimension < input.dim():
            raise IndexError('Narrow: dimension %d out of range for a %dD input'
                             % (self.dimension, input.dim()))
        size = input.size(dimension)
        offset = size + self.index if self.index < 0 else self.index
        length = size - offset + self.length + 1 if self.length < 0 else self.length
        if offset < 0 or length < 1 or offset + length > size:
            raise IndexError('Narrow: offset %d and length %d are out of range for dimension %d '
                             'of size %d' % (self.index, self.length, dimension, size))
        return dimension, offset, length

    def updateOutput(self, input):
        narrowed = input.narrow(*self._slice(input))
        self.output.resize_as_(narrowed).copy_(narrowed)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(input).zero_()
        self.gradInput.narrow(*self._slice(input)).copy_(gradOutput)
        return self.gradInput

    def __repr__(self):
        return super(Narrow, self).__repr__() + '(%d, %d, %d)' % (self.dimension, self.index,
                                                                   self.length)
