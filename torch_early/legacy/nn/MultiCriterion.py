"""legacy.nn.MultiCriterion: a weighted sum of criteria, all applied to the same input and target:
loss = sum_i weight_i * criterion_i(input, target)."""
import torch_early
from .Criterion import Criterion
from . import utils


def checked_criterion(owner, criterion):
    if not isinstance(criterion, Criterion):
        raise TypeError('%s holds legacy.nn criteria, but got %s'
                        % (type(owner).__name__, type(criterion).__name__))
    return criterion


class MultiCriterion(Criterion):

    def __init__(self):
        super(MultiCriterion, self).__init__()
        self.criterions = []
        self.weights = torch_early.DoubleStorage()

    def add(self, criterion, weight=1):
        """Appends criterion with its weight; returns self, so that adds chain."""
        self.criterions.append(checked_criterion(self, criterion))
        self.weights.resize_(len(self.criterions))
        self.weights[len(self.criterions) - 1] = weight
        return self

    def updateOutput(self, input, target):
        self.output = 0
        for i, criterion in enumerate(self.criterions):
            self.output += self.weights[i] * criterion.updateOutput(input, target)
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput, _ = utils.recursiveResizeAs(self.gradInput, input)
        utils.recursiveFill(self.gradInput, 0)
        for i, criterion in enumerate(self.criterions):
            utils.recursiveAdd(self.gradInput, self.weights[i],
                               criterion.updateGradInput(input, target))
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None:
            self.gradInput = []     # refilled, in the new type, by the next backward
        return super(MultiCriterion, self).type(type, tensorCache)

    def __repr__(self):
        return _weighted_repr(self)


def _weighted_repr(owner):
    """nn.MultiCriterion {[1] nn.MSECriterion (weight 0.5), ...} on one line per criterion."""
    lines = ['nn.%s {' % type(owner).__name__]
    for i, criterion in enumerate(owner.criterions):
        lines.append('  (%d): %s, weight %g' % (i + 1, repr(criterion).replace('\n', '\n  '),
                                                owner.weights[i]))
    lines.append('}')
    return '\n'.join(lines)
