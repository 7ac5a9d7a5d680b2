"""CrossMapLRN2d: local response normalisation across channels (Krizhevsky et al., 2012), the
Lua SpatialCrossMapLRN the era carried over."""
from torch_early.autograd import Variable

import torch_early

from .module import Module


class CrossMapLRN2d(Module):
    """Each element of a (batch, channels, height, width) input divided by
    (k + alpha/size * the sum of the squares of the `size` channels around its own) ** beta, at
    the same position; channels beyond the edges count as zeros. Computed with Variable
    operations, so autograd differentiates it."""

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1):
        super(CrossMapLRN2d, self).__init__()
        if size < 1:
            raise ValueError("CrossMapLRN2d needs a window of at least 1 channel, got %d" % size)
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        if input.dim() != 4:
            raise RuntimeError("CrossMapLRN2d expects a 4D input (batch, channels, height, "
                               "width), got size %s" % 'x'.join(map(str, input.size())))
        batch, channels, height, width = input.size()
        squares = input * input
        # The window of channel c runs from c - before to c + after. Channels past the edges are
        # zeros: a window reaching channels - 1 or more past c adds nothing more, so the padding
        # and the loop stop there (the window may be 2^31 channels wide).
        before = min((self.size - 1) // 2, channels - 1)
        after = min(self.size - 1 - (self.size - 1) // 2, channels - 1)
        pieces = [squares]
        if before:
            pieces.insert(0, Variable(input.data.new(batch, before, height, width).zero_()))
        if after:
            pieces.append(Variable(input.data.new(batch, after, height, width).zero_()))
        padded = torch_early.cat(pieces, 1)
        window_sums = padded.narrow(1, 0, channels)
        for offset in range(1, before + after + 1):
            window_sums = window_sums + padded.narrow(1, offset, channels)
        scale = window_sums * (self.alpha / self.size) + self.k
        return input * scale.pow(-self.beta)
