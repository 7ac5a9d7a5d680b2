"""PixelShuffle: sub-pixel upscaling (Shi et al., 2016) by rearranging channels into pixels,
views and one copy over F.pixel_shuffle."""

from .module import Module
from .. import functional as F


class PixelShuffle(Module):
    """PixelShuffle(upscale_factor): a (batch, channels * r**2, h, w) input becomes
    (batch, channels, h * r, w * r), r the upscale_factor."""

    def __init__(self, upscale_factor):
        super(PixelShuffle, self).__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def __repr__(self):
        return type(self).__name__ + ' (upscale_factor=' + str(self.upscale_factor) + ')'
