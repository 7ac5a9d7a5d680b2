"""legacy.nn.PairwiseDistance(p): the p-norm distance |a - b|_p between a pair of vectors [a, b] (an
output of size 1), or between each pair of rows of two B x D batches (size B)."""
from .Module import Module
from ._pairs import check_vector_pair, row_scaled
from ._tables import resized_gradInput

EPSILON = 1e-10


class PairwiseDistance(Module):

    def __init__(self, p):
        super(PairwiseDistance, self).__init__()
        if p <= 0:
            raise ValueError('PairwiseDistance: the norm must be positive, but got p = %s' % p)
        self.norm = p
        self.gradInput = []

    def updateOutput(self, input):
        a, b, _ = check_vector_pair(self, input)
        difference = a.clone().add_(-1, b).abs_()
        distances = difference.pow_(self.norm).sum(1).view(-1).pow_(1.0 / self.norm)
        self.output.resize_(a.size(0)).copy_(distances)
        return self.output

    def updateGradInput(self, input, gradOutput):
        # d|d|_p / dd_i = sign(d_i) |d_i|^(p-1) / |d|_p^(p-1), with d = a - b; b gets the opposite
        a, b, _ = check_vector_pair(self, input)
        difference = a.clone().add_(-1, b)
        direction = difference.clone().abs_().pow_(self.norm - 1).mul_(difference.sign())
        distances = self.output.contiguous().view(-1)
        scale = gradOutput.contiguous().view(-1).clone().div_(
            distances.clone().pow_(self.norm - 1).add_(EPSILON))
        grad_a = row_scaled(direction, scale)
        first, second = resized_gradInput(self, input)
        first.copy_(grad_a.view_as(first))
        second.copy_(grad_a.view_as(second)).mul_(-1)
        return self.gradInput

    def __repr__(self):
        return 'nn.PairwiseDistance(%s)' % self.norm
