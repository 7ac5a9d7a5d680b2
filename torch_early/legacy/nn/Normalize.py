"""legacy.nn.Normalize: divides the input by its p-norm, y = x / ||x||_p, for one vector or each row
of a matrix; p may be float('inf') (the largest |x_i|). eps is added under the norm (to sum |x_i|^p,
or to the max for p = inf) so that a zero vector gives zeros rather than NaN."""
import math

from .Module import Module
from . import utils


class Normalize(Module):

    def __init__(self, p, eps=1e-10):
        super(Normalize, self).__init__()
        if not p > 0:
            raise ValueError('Normalize: p must be positive, but got %s' % p)
        self.p = p
        self.eps = eps
        self._norm = None        # ||x||_p per row: n x 1
        self._normGrad = None    # d||x||_p / dx: n x d

    def _as_rows(self, input):
        if input.dim() not in (1, 2):
            raise RuntimeError('Normalize: expected a 1D or 2D input (a vector or a batch of '
                               'vectors), but got one of size %s' % (tuple(input.size()),))
        if input.dim() == 1:
            return input.contiguous().view(1, -1)
        return input.contiguous()

    def updateOutput(self, input):
        x = self._as_rows(input)
        if self.p == math.inf:
            self._norm = x.abs().max(1)[0].add_(self.eps)
        else:
            self._norm = x.abs().pow_(self.p).sum(1).add_(self.eps).pow_(1. / self.p)
        normalized = x / self._norm.expand_as(x)
        self.output.resize_as_(input).copy_(normalized.view_as(input))
        return self.output

    def _norm_gradient(self, x):
        """d||x||_p / dx_i: sign(x_i) |x_i|^(p-1) / ||x||_p^(p-1); for p = inf, sign(x_i) at the
        (first) largest |x_i| and 0 elsewhere."""
        self._normGrad = self._normGrad if self._normGrad is not None else x.new()
        grad = self._normGrad
        if self.p == math.inf:
            _, where = x.abs().max(1)
            grad.resize_as_(x).zero_().scatter_(1, where, x.gather(1, where).sign_())
        else:
            grad.resize_as_(x).copy_(x).abs_().pow_(self.p - 1).mul_(x.sign())
            grad.div_(self._norm.pow(self.p - 1).expand_as(x))
        return grad

    def updateGradInput(self, input, gradOutput):
        # y = x / n:  dL/dx = g / n - (g . x) / n^2 * dn/dx
        x = self._as_rows(input)
        g = gradOutput.contiguous().view_as(x)
        along = (g * x).sum(1).div_(self._norm).div_(self._norm)
        gradient = g / self._norm.expand_as(x)
        gradient.add_(-1, self._norm_gradient(x) * along.expand_as(x))
        self.gradInput.resize_as_(input).copy_(gradient.view_as(input))
        return self.gradInput

    def clearState(self):
        utils.clear(self, '_norm', '_normGrad')
        return super(Normalize, self).clearState()

    def __repr__(self):
        return super(Normalize, self).__repr__() + '(%s)' % self.p
