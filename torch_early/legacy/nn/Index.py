"""legacy.nn.Index: takes the table [t, indices] (indices a LongTensor) and gives
t.index_select(dimension, indices). Backward adds each gradOutput slice into the slice of t it came
from (an index that repeats gathers several); the indices get a zero gradient."""
from .Module import Module


class Index(Module):

    def __init__(self, dimension):
        super(Index, self).__init__()
        self.dimension = dimension
        self.gradInput = [self.gradInput]

    def updateOutput(self, input):
        t, index = _pair(input)
        selected = t.index_select(self.dimension, index)
        self.output.resize_as_(selected).copy_(selected)
        return self.output

    def updateGradInput(self, input, gradOutput):
        t, index = _pair(input)
        gradInput = self.gradInput[0] if self.gradInput else t.new()
        gradInput.resize_as_(t).zero_()
        gradInput.index_add_(self.dimension, index, gradOutput)
        self.gradInput = [gradInput, index.new().resize_as_(index).zero_()]
        return self.gradInput

    def __repr__(self):
        return super(Index, self).__repr__() + '(%d)' % self.dimension


def _pair(input):
    if not (isinstance(input, (list, tuple)) and len(input) == 2):
        raise TypeError('Index: expected the table [tensor, indices], but got %s'
                        % type(input).__name__)
    return input
