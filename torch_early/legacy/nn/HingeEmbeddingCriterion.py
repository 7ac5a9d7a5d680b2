"""HingeEmbeddingCriterion: for a distance input x and a target y of 1 (similar) or -1
(dissimilar), the loss x where y = 1 and max(0, margin - x) where y = -1, summed over the
elements and divided by their number when sizeAverage is true. A number target stands for every
element. Written over tensor ops."""
from numbers import Number

from .Criterion import Criterion
from . import utils


class HingeEmbeddingCriterion(Criterion):

    def __init__(self, margin=1, sizeAverage=True):
        super(HingeEmbeddingCriterion, self).__init__()
        self.margin = margin
        self.sizeAverage = sizeAverage

    def _signs(self, input, target):
        """target (a tensor of 1/-1, or one such number for every element) as a tensor of
        input's type and size."""
        if isinstance(target, Number):
            target = input.new().resize_as_(input).fill_(target)
        else:
            target = target.type_as(input)
        if target.nelement() != input.nelement():
            raise RuntimeError("HingeEmbeddingCriterion: the target has {} elements, the input {}"
                               .format(target.nelement(), input.nelement()))
        if target.abs().ne(1).sum() > 0:
            raise ValueError("HingeEmbeddingCriterion: every target should be 1 or -1")
        return target.contiguous().view_as(input)

    def updateOutput(self, input, target):
        y = self._signs(input, target)
        similar = y.eq(1).type_as(input)
        below_margin = input.mul(-1).add_(self.margin).clamp_(min=0)
        self.output = input.cmul(similar).sum() + below_margin.cmul(1 - similar).sum()
        if self.sizeAverage:
            self.output = utils.averageOf(self, self.output, input.nelement())
        return self.output

    def updateGradInput(self, input, target):
        y = self._signs(input, target)
        # 1 where y = 1; -1 where y = -1 and the input is still below the margin; 0 elsewhere
        self.gradInput.resize_as_(input).copy_(y)
        self.gradInput.masked_fill_(y.eq(-1) * input.gt(self.margin), 0)
        if self.sizeAverage:
            self.gradInput.div_(input.nelement())
        return self.gradInput
