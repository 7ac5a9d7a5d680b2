"""legacy.nn.CosineDistance: the cosine of the angle between a pair of vectors [a, b] (an output of
size 1), or between each pair of rows of two B x D batches (size B):
a.b / (|a| |b|), with 1e-12 added to |a|^2 and |b|^2 so that a zero vector gives 0, not NaN."""
from .Module import Module
from ._pairs import check_vector_pair, row_scaled
from ._tables import resized_gradInput

EPSILON = 1e-12


class CosineDistance(Module):

    def __init__(self):
        super(CosineDistance, self).__init__()
        self.gradInput = []

    @staticmethod
    def _terms(a, b):
        """(a.b, |a|^2 + eps, |b|^2 + eps, |a||b|) per row, each of size B."""
        dot = a.clone().mul_(b).sum(1).view(-1)
        aa = a.clone().mul_(a).sum(1).view(-1).add_(EPSILON)
        bb = b.clone().mul_(b).sum(1).view(-1).add_(EPSILON)
        return dot, aa, bb, aa.clone().mul_(bb).sqrt_()

    def updateOutput(self, input):
        a, b, _ = check_vector_pair(self, input)
        dot, _, _, norms = self._terms(a, b)
        self.output.resize_(a.size(0)).copy_(dot).div_(norms)
        return self.output

    def updateGradInput(self, input, gradOutput):
        # d cos / da = (b - a (a.b) / |a|^2) / (|a||b|), and symmetrically for b
        a, b, _ = check_vector_pair(self, input)
        dot, aa, bb, norms = self._terms(a, b)
        scale = gradOutput.contiguous().view(-1).clone().div_(norms)
        grad_a = row_scaled(b, scale).add_(-1, row_scaled(a, scale.clone().mul_(dot).div_(aa)))
        grad_b = row_scaled(a, scale).add_(-1, row_scaled(b, scale.clone().mul_(dot).div_(bb)))
        first, second = resized_gradInput(self, input)
        first.copy_(grad_a.view_as(first))
        second.copy_(grad_b.view_as(second))
        return self.gradInput
