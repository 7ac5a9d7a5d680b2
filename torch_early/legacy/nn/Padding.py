"""legacy.nn.Padding: grows dimension dim of the input by |pad| entries of value. A positive pad
adds them after the input's entries, a negative pad before; index moves the insertion point that
many entries inwards (from the end for a positive pad, from the start for a negative one). Backward
takes the input's entries back out of gradOutput."""
from .Module import Module


class Padding(Module):

    def __init__(self, dim, pad, value=0, index=0):
        super(Padding, self).__init__()
        self.dim = dim
        self.pad = pad
        self.value = value
        self.index = index

    def _layout(self, input):
        """(dim, where, count): the padding takes entries [where, where + count) of the output."""
        dim = self.dim + input.dim() if self.dim < 0 else self.dim
        if not 0 <= dim < input.dim():
            raise IndexError('Padding: dimension %d out of range for a %dD input'
                             % (self.dim, input.dim()))
        size = input.size(dim)
        if not 0 <= self.index <= size:
            raise IndexError('Padding: index %d out of range for dimension %d of size %d'
                             % (self.index, dim, size))
        where = size - self.index if self.pad > 0 else self.index
        return dim, where, abs(self.pad)

    def updateOutput(self, input):
        dim, where, count = self._layout(input)
        size = list(input.size())
        size[dim] += count
        self.output.resize_(*size).fill_(self.value)
        rest = input.size(dim) - where
        if where > 0:
            self.output.narrow(dim, 0, where).copy_(input.narrow(dim, 0, where))
        if rest > 0:
            self.output.narrow(dim, where + count, rest).copy_(input.narrow(dim, where, rest))
        return self.output

    def updateGradInput(self, input, gradOutput):
        dim, where, count = self._layout(input)
        self.gradInput.resize_as_(input)
        rest = input.size(dim) - where
        if where > 0:
            self.gradInput.narrow(dim, 0, where).copy_(gradOutput.narrow(dim, 0, where))
        if rest > 0:
            self.gradInput.narrow(dim, where, rest).copy_(gradOutput.narrow(dim, where + count,
                                                                             rest))
        return self.gradInput

    def __repr__(self):
        return super(Padding, self).__repr__() + '(%d, %d, %s, %d)' % (
            self.dim, self.pad, self.value, self.index)
