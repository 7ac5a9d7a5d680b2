"""CosineEmbeddingCriterion: for a pair input [x1, x2] (vectors, or batches of them as rows)
and a target y of 1 (similar) or -1 (dissimilar) per row, the loss 1 - cos(x1, x2) where y = 1
and max(0, cos(x1, x2) - margin) where y = -1, summed over the rows and divided by their number
when sizeAverage is true. A number target stands for every row. Written over tensor ops."""
from numbers import Number

import torch_early as torch
from .Criterion import Criterion

# added to each squared norm, so that a zero vector has a cosine of 0 rather than 0 / 0
EPSILON = 1e-12


class CosineEmbeddingCriterion(Criterion):

    def __init__(self, margin=0, sizeAverage=True):
        super(CosineEmbeddingCriterion, self).__init__()
        self.margin = margin
        self.sizeAverage = sizeAverage
        self.gradInput = [torch.Tensor(), torch.Tensor()]

    def _rows(self, input, y):
        """x1 and x2 as matrices of rows, and the targets as a vector of their type."""
        if not isinstance(input, (list, tuple)) or len(input) != 2:
            raise TypeError("CosineEmbeddingCriterion: input should be a pair of tensors "
                            "[x1, x2]")
        x1, x2 = input
        if x1.size() != x2.size() or x1.dim() not in (1, 2):
            raise RuntimeError("CosineEmbeddingCriterion: x1 and x2 should be two vectors or two "
                               "matrices of the same size, but have sizes {} and {}".format(
                                   tuple(x1.size()), tuple(x2.size())))
        if x1.dim() == 1:
            x1, x2 = x1.view(1, x1.nelement()), x2.view(1, x2.nelement())
        if isinstance(y, Number):
            y = x1.new(x1.size(0)).fill_(y)
        if y.nelement() != x1.size(0):
            raise RuntimeError("CosineEmbeddingCriterion: the target should have one element "
                               "per row ({}), but has {}".format(x1.size(0), y.nelement()))
        y = y.type_as(x1).contiguous().view(x1.size(0))
        if y.abs().ne(1).sum() > 0:
            raise ValueError("CosineEmbeddingCriterion: every target should be 1 or -1")
        return x1, x2, y

    def _cosines(self, x1, x2):
        """Per row: the cosine and the two squared norms (plus EPSILON), as columns."""
        squared1 = x1.cmul(x1).sum(1).add_(EPSILON)
        squared2 = x2.cmul(x2).sum(1).add_(EPSILON)
        cosine = x1.cmul(x2).sum(1).div_(squared1.cmul(squared2).sqrt_())
        return cosine, squared1, squared2

    def updateOutput(self, input, y):
        x1, x2, y = self._rows(input, y)
        cosine = self._cosines(x1, x2)[0].view(-1)
        similar = y.eq(1).type_as(x1)
        losses = cosine.mul(-1).add_(1).cmul_(similar)
        losses.add_(cosine.add(-self.margin).clamp_(min=0).cmul_(1 - similar))
        self.output = losses.sum()
        if self.sizeAverage:
            self.output = self.output / x1.size(0)
        return self.output

    def updateGradInput(self, input, y):
        x1, x2, y = self._rows(input, y)
        cosine, squared1, squared2 = self._cosines(x1, x2)
        # d(loss)/d(cos) per row: -1 if similar, 1 if dissimilar above the margin, else 0
        slope = y.eq(-1).type_as(x1).cmul_(cosine.view(-1).gt(self.margin).type_as(x1))
        slope.add_(-1, y.eq(1).type_as(x1))
        if self.sizeAverage:
            slope.div_(x1.size(0))
        slope = slope.view(-1, 1)
        inverse_norms = squared1.cmul(squared2).sqrt_().pow_(-1)
        # d(cos)/d(x1) = x2 / (|x1| |x2|) - cos * x1 / |x1|^2, and symmetrically for x2
        gradFirst = x2.cmul(inverse_norms.expand_as(x2)).add_(
            -1, x1.cmul(cosine.div(squared1).expand_as(x1)))
        gradSecond = x1.cmul(inverse_norms.expand_as(x1)).add_(
            -1, x2.cmul(cosine.div(squared2).expand_as(x2)))
        self.gradInput[0].resize_as_(input[0]).copy_(gradFirst.cmul_(slope.expand_as(x1)))
        self.gradInput[1].resize_as_(input[1]).copy_(gradSecond.cmul_(slope.expand_as(x2)))
        return self.gradInput

    def clearState(self):
        """Empties the two gradients (the pair itself stays)."""
        for gradient in self.gradInput:
            gradient.set_()
        return self
