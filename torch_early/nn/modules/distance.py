"""PairwiseDistance(p=2, eps=1e-6): the p-norm distance between matching rows of two
(batch, dim) inputs, a (batch, 1) output."""

from .module import Module
from .. import functional as F


class PairwiseDistance(Module):
    """(sum over the row of (|x1 - x2| + eps) ** p) ** (1/p) for each row; eps keeps the
    gradient finite where two rows are equal."""

    def __init__(self, p=2, eps=1e-6):
        super(PairwiseDistance, self).__init__()
        self.norm = p
        self.eps = eps

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps)
