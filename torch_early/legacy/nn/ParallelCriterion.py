"""legacy.nn.ParallelCriterion(repeatTarget=False): criterion i applied to element i of the input
table and of the target table (or to the whole target for every criterion, with repeatTarget);
loss = sum_i weight_i * criterion_i(input[i], target[i])."""
import torch_early
from .Criterion import Criterion
from .MultiCriterion import checked_criterion, _weighted_repr
from . import utils


class ParallelCriterion(Criterion):

    def __init__(self, repeatTarget=False):
        super(ParallelCriterion, self).__init__()
        self.criterions = []
        self.weights = []
        self.gradInput = []
        self.repeatTarget = repeatTarget

    def add(self, criterion, weight=1):
        self.criterions.append(checked_criterion(self, criterion))
        self.weights.append(weight)
        return self

    def _pairs(self, input, target):
        if not isinstance(input, list) or len(input) < len(self.criterions):
            raise ValueError('ParallelCriterion: the input must be a table with one element per '
                             'criterion (%d)' % len(self.criterions))
        if not self.repeatTarget and (not isinstance(target, list)
                                      or len(target) < len(self.criterions)):
            raise ValueError('ParallelCriterion: the target must be a table with one element per '
                             'criterion (%d), or give repeatTarget=True' % len(self.criterions))
        targets = [target] * len(self.criterions) if self.repeatTarget else target
        return zip(self.criterions, self.weights, input, targets)

    def updateOutput(self, input, target):
        self.output = 0
        for criterion, weight, x, t in self._pairs(input, target):
            self.output += weight * criterion.updateOutput(x, t)
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput, _ = utils.recursiveResizeAs(self.gradInput, input)
        utils.recursiveFill(self.gradInput, 0)
        for i, (criterion, weight, x, t) in enumerate(self._pairs(input, target)):
            utils.recursiveAdd(self.gradInput[i], weight, criterion.updateGradInput(x, t))
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None:
            self.gradInput = []
        return super(ParallelCriterion, self).type(type, tensorCache)

    def __repr__(self):
        return _weighted_repr(self)
