"""ClassSimplexCriterion(nClasses): MSECriterion between an embedding input (nClasses values per
sample) and the vertex of a regular simplex that stands for each sample's class (0-based). The
vertices have unit norm and the same angle between any two (dot product -1 / (nClasses - 1)), in
nClasses dimensions, the last coordinate always 0."""
import math
from numbers import Integral

import torch_early as torch
from .MSECriterion import MSECriterion
from . import utils


def _fillRegularSimplex(vertices):
    """Fills the points x (points - 1) tensor `vertices` with the vertices of a regular simplex,
    as rows: the lower triangular (Cholesky) factor of their Gram matrix, 1 on the diagonal and
    c = -1 / (points - 1) elsewhere. Every row below row j has the same coordinate j, a_j (the
    Gram matrix is the same for every pair), so
        diagonal_j = sqrt(1 - (a_0^2 + ... + a_(j-1)^2)),
        a_j = (c - (a_0^2 + ... + a_(j-1)^2)) / diagonal_j:
    one pass over the columns, never over pairs of rows."""
    points, dims = vertices.size(0), vertices.size(1)
    c = -1.0 / dims
    squares = 0.0                      # a_0^2 + ... + a_(j-1)^2
    vertices.zero_()
    for j in range(dims):
        diagonal = math.sqrt(max(0.0, 1 - squares))
        shared = (c - squares) / diagonal
        vertices[j][j] = diagonal
        vertices.narrow(0, j + 1, points - j - 1).select(1, j).fill_(shared)
        squares += shared * shared
    return vertices


class ClassSimplexCriterion(MSECriterion):

    def __init__(self, nClasses):
        if not isinstance(nClasses, Integral) or nClasses < 2:
            raise ValueError("ClassSimplexCriterion: nClasses should be an integer > 1, but got "
                             "{}".format(nClasses))
        super(ClassSimplexCriterion, self).__init__()
        self.nClasses = nClasses
        # one more dimension than the simplex needs: Lua nn found it trains better
        self.simplex = torch.zeros(nClasses, nClasses)
        _fillRegularSimplex(self.simplex.narrow(1, 0, nClasses - 1))
        self._target = torch.Tensor()

    def _transformTarget(self, input, target):
        """The simplex vertex of each sample's class, as rows of self._target."""
        if not torch.is_tensor(target) or target.dim() != 1:
            raise ValueError("ClassSimplexCriterion: the target should be a 1D tensor of class "
                             "indices")
        classes = target.long()
        for bad in (classes.min(), classes.max()) if classes.nelement() > 0 else ():
            if not 0 <= bad < self.nClasses:
                raise IndexError("ClassSimplexCriterion: class indices go from 0 to {}, but the "
                                 "target holds {}".format(self.nClasses - 1, bad))
        self._target = self.simplex.index_select(0, classes).type_as(input)
        if self._target.nelement() != input.nelement():
            raise RuntimeError("ClassSimplexCriterion: the input should have {} values per "
                               "sample ({} in all), but has size {}".format(
                                   self.nClasses, self._target.nelement(), tuple(input.size())))
        return self._target.view_as(input)

    def updateOutput(self, input, target):
        return super(ClassSimplexCriterion, self).updateOutput(
            input, self._transformTarget(input, target))

    def updateGradInput(self, input, target):
        return super(ClassSimplexCriterion, self).updateGradInput(
            input, self._transformTarget(input, target))

    def clearState(self):
        utils.clear(self, '_target')
        return super(ClassSimplexCriterion, self).clearState()

    def getPredictions(self, input):
        """The dot product of each sample with every class's vertex: samples x nClasses."""
        if input.dim() == 1:
            input = input.view(1, input.nelement())
        return torch.mm(input, self.simplex.t().type_as(input))

    def getTopPrediction(self, input):
        """The class whose vertex is nearest in angle to each sample."""
        predictions = self.getPredictions(input)
        return predictions.max(predictions.dim() - 1)[1].view(-1)
