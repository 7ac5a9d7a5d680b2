"""legacy.nn.SpatialCrossMapLRN: local response normalisation across feature planes (AlexNet's):
for a (batch x) planes x height x width input, each value is divided by
(k + alpha / size * sum of the squares of the same pixel in the `size` neighbouring planes)^beta,
the window centred on its own plane (planes past the edges count as zeros)."""
from .Module import Module
from . import utils


class SpatialCrossMapLRN(Module):

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1):
        super(SpatialCrossMapLRN, self).__init__()
        if size < 1:
            raise ValueError('SpatialCrossMapLRN: size must be at least 1, but got %s' % size)
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k
        self.scale = None   # k + alpha / size * the window sums of squares, from forward

    def _planes(self, tensor):
        """tensor viewed as batch x planes x height x width."""
        if tensor.dim() == 3:
            return tensor.contiguous().view(1, *tensor.size())
        return tensor.contiguous()

    @staticmethod
    def _window_sum(t, first, last):
        """result[:, c] = the sum of t[:, c + first] ... t[:, c + last] that exist (t's dim 1).
        Offsets of a plane count or more reach no plane: the loop stops short of them, so that its
        work depends on the input, not on the window (which may be 2^31 planes wide)."""
        planes = t.size(1)
        result = t.new().resize_as_(t).zero_()
        for offset in range(max(first, 1 - planes), min(last, planes - 1) + 1):
            count = planes - abs(offset)
            if count > 0:
                result.narrow(1, max(-offset, 0), count).add_(t.narrow(1, max(offset, 0), count))
        return result

    def updateOutput(self, input):
        if input.dim() not in (3, 4):
            raise RuntimeError('SpatialCrossMapLRN: expected a 3D or 4D input (planes x height x '
                               'width, with or without a batch dimension), but got one of size %s'
                               % (tuple(input.size()),))
        x = self._planes(input)
        before = (self.size - 1) // 2     # planes of the window before a plane's own
        self.scale = self._window_sum(x * x, -before, self.size - 1 - before)
        self.scale.mul_(self.alpha / self.size).add_(self.k)
        normalized = x * self.scale.pow(-self.beta)
        self.output.resize_as_(input).copy_(normalized.view_as(input))
        return self.output

    def updateGradInput(self, input, gradOutput):
        # y_c = x_c s_c^-beta with s_c = k + alpha/size * sum over c's window of x^2:
        # dL/dx_j = g_j s_j^-beta - 2 alpha beta / size * x_j * sum over the windows holding j
        #           of g_c y_c / s_c
        x = self._planes(input)
        g = self._planes(gradOutput)
        y = self._planes(self.output)
        before = (self.size - 1) // 2
        ratio = g * y / self.scale
        through = self._window_sum(ratio, -(self.size - 1 - before), before)
        gradient = g * self.scale.pow(-self.beta)
        gradient.add_(-2. * self.alpha * self.beta / self.size, x * through)
        self.gradInput.resize_as_(input).copy_(gradient.view_as(input))
        return self.gradInput

    def clearState(self):
        utils.clear(self, 'scale')
        return super(SpatialCrossMapLRN, self).clearState()

    def __repr__(self):
        return super(SpatialCrossMapLRN, self).__repr__() + '(%d, %s, %s, %s)' % (
            self.size, self.alpha, self.beta, self.k)
