"""legacy.nn.CriterionTable(criterion): a criterion as a module whose input is the table
[input, target]: its output is the loss, its gradInput the table [d loss / d input]."""
from .Module import Module
from .Criterion import Criterion


class CriterionTable(Module):

    def __init__(self, criterion):
        super(CriterionTable, self).__init__()
        if not isinstance(criterion, Criterion):
            raise TypeError('CriterionTable wraps a legacy.nn criterion, but got %s'
                            % type(criterion).__name__)
        self.criterion = criterion
        self.gradInput = [criterion.gradInput]

    @staticmethod
    def _unpacked(input):
        if not isinstance(input, list) or len(input) != 2:
            raise TypeError('CriterionTable expects the table [input, target]')
        return input

    def updateOutput(self, input):
        self.output = self.criterion.updateOutput(*self._unpacked(input))
        return self.output

    def updateGradInput(self, input, gradOutput=None):
        self.gradInput = [self.criterion.updateGradInput(*self._unpacked(input))]
        return self.gradInput

    def clearState(self):
        self.criterion.clearState()
        self.gradInput = [self.criterion.gradInput]
        return self

    def __repr__(self):
        return 'nn.CriterionTable(%r)' % self.criterion
