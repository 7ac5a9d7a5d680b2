"""legacy.nn.NarrowTable(offset, length=1): the elements offset .. offset+length-1 (0-based) of the
input table. Their gradients go back there; the other elements get zeros."""
from .Module import Module
from . import utils


class NarrowTable(Module):

    def __init__(self, offset, length=1):
        super(NarrowTable, self).__init__()
        self.offset = offset
        self.length = length
        self.output = []
        self.gradInput = []

    def _check(self, input):
        if not isinstance(input, list):
            raise TypeError('NarrowTable expects a table (list) as input, but got %s'
                            % type(input).__name__)
        if self.offset < 0 or self.length < 0 or self.offset + self.length > len(input):
            raise IndexError('NarrowTable: elements %d to %d out of range for a table of %d'
                             % (self.offset, self.offset + self.length - 1, len(input)))

    def updateOutput(self, input):
        self._check(input)
        self.output = input[self.offset:self.offset + self.length]
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._check(input)
        if not isinstance(gradOutput, list) or len(gradOutput) != self.length:
            raise ValueError('NarrowTable: gradOutput must be a table of %d elements' % self.length)
        gradInput = self.gradInput if isinstance(self.gradInput, list) else []
        gradInput, _ = utils.recursiveResizeAs(gradInput, input)
        utils.recursiveFill(gradInput, 0)
        for i, g in enumerate(gradOutput):
            position = self.offset + i
            gradInput[position] = utils.recursiveCopy(gradInput[position], g)
        self.gradInput = gradInput
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None:
            self.output = []
            self.gradInput = []
        return super(NarrowTable, self).type(type, tensorCache)
