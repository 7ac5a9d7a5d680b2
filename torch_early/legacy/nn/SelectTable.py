"""legacy.nn.SelectTable(index): element index (0-based; negative counts from the end) of the input
table, itself a tensor or a table. Its gradient goes back there; the other elements get zeros."""
from .Module import Module
from . import utils


class SelectTable(Module):

    def __init__(self, index):
        super(SelectTable, self).__init__()
        self.index = index
        self.gradInput = []

    def _index(self, input):
        if not isinstance(input, list):
            raise TypeError('SelectTable expects a table (list) as input, but got %s'
                            % type(input).__name__)
        if not -len(input) <= self.index < len(input):
            raise IndexError('SelectTable: index %d out of range for a table of %d elements'
                             % (self.index, len(input)))
        return self.index % len(input)

    def updateOutput(self, input):
        self.output = input[self._index(input)]
        return self.output

    def updateGradInput(self, input, gradOutput):
        index = self._index(input)
        gradInput = self.gradInput if isinstance(self.gradInput, list) else []
        gradInput, _ = utils.recursiveResizeAs(gradInput, input)
        utils.recursiveFill(gradInput, 0)
        gradInput[index] = utils.recursiveCopy(gradInput[index], gradOutput)
        self.gradInput = gradInput
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None:
            self.gradInput = []
            self.output = []
        return super(SelectTable, self).type(type, tensorCache)

    def __repr__(self):
        return 'nn.SelectTable(%d)' % self.index
