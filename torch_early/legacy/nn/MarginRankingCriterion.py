"""MarginRankingCriterion: for a pair input [x1, x2] of scores and a target y of 1 (x1 should
rank higher) or -1 (x2 should), the loss max(0, -y * (x1 - x2) + margin) per sample, summed and
divided by the number of samples when sizeAverage is true. A number target stands for every
sample. Written over tensor ops."""
from numbers import Number

import torch_early as torch
from .Criterion import Criterion
from . import utils


class MarginRankingCriterion(Criterion):

    def __init__(self, margin=1, sizeAverage=True):
        super(MarginRankingCriterion, self).__init__()
        self.margin = margin
        self.sizeAverage = sizeAverage
        self.gradInput = [torch.Tensor(), torch.Tensor()]

    def _check(self, input, y):
        """input's pair and the target as a tensor of the scores' type."""
        if not isinstance(input, (list, tuple)) or len(input) != 2:
            raise TypeError("MarginRankingCriterion: input should be a pair of tensors [x1, x2]")
        x1, x2 = input
        if isinstance(y, Number):
            y = x1.new(x1.nelement()).fill_(y)
        if not x1.nelement() == x2.nelement() == y.nelement():
            raise RuntimeError("MarginRankingCriterion: x1, x2 and the target should have as "
                               "many elements, but have {}, {} and {}".format(
                                   x1.nelement(), x2.nelement(), y.nelement()))
        return x1, x2.contiguous().view_as(x1), y.type_as(x1).contiguous().view_as(x1)

    def _hinge(self, x1, x2, y):
        """-y * (x1 - x2) + margin, per sample (the loss where it is positive)."""
        return (x1 - x2).cmul(y).mul_(-1).add_(self.margin)

    def updateOutput(self, input, y):
        x1, x2, y = self._check(input, y)
        self.output = self._hinge(x1, x2, y).clamp_(min=0).sum()
        if self.sizeAverage:
            self.output = utils.averageOf(self, self.output, y.nelement(), 'the input pair')
        return self.output

    def updateGradInput(self, input, y):
        x1, x2, y = self._check(input, y)
        active = self._hinge(x1, x2, y).gt(0).type_as(x1)
        gradFirst, gradSecond = self.gradInput
        gradFirst.resize_as_(x1).copy_(active).cmul_(y).mul_(-1)
        if self.sizeAverage:
            gradFirst.div_(y.nelement())
        gradSecond.resize_as_(input[1]).copy_(gradFirst.view_as(input[1])).mul_(-1)
        return self.gradInput

    def clearState(self):
        """Empties the two gradients (the pair itself stays)."""
        for gradient in self.gradInput:
            gradient.set_()
        return self
