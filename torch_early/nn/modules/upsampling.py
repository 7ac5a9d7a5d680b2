"""The upsampling layers: UpsamplingNearest2d and UpsamplingBilinear2d, each given an output size
or a whole-number scale factor, over the Functions of _functions/thnn/upsampling.py."""

from numbers import Integral

from .module import Module
from .utils import _pair
from .. import functional as F


class _UpsamplingBase(Module):

    def __init__(self, size=None, scale_factor=None):
        super(_UpsamplingBase, self).__init__()
        if size is None and scale_factor is None:
            raise ValueError('either size or scale_factor should be defined')
        if scale_factor is not None and not isinstance(scale_factor, Integral):
            raise ValueError('scale_factor must be of integer type')
        self.size = None if size is None else _pair(size)
        self.scale_factor = scale_factor

    def __repr__(self):
        if self.scale_factor is not None:
            info = 'scale_factor=' + str(self.scale_factor)
        else:
            info = 'size=' + str(self.size)
        return type(self).__name__ + ' (' + info + ')'


class UpsamplingNearest2d(_UpsamplingBase):
    """UpsamplingNearest2d(size=None, scale_factor=None): each pixel of a (batch x) planes x H x W
    input repeated scale_factor times in both directions; a size (h, w) must be the same whole
    multiple of H and W."""

    def forward(self, input):
        return F.upsample_nearest(input, self.size, self.scale_factor)


class UpsamplingBilinear2d(_UpsamplingBase):
    """UpsamplingBilinear2d(size=None, scale_factor=None): each plane of a batch x planes x H x W
    input resized to size (h, w), or scale_factor times its own, by bilinear interpolation with
    the corner pixels kept on the corners."""

    def forward(self, input):
        return F.upsample_bilinear(input, self.size, self.scale_factor)


class UpsamplingBillinear2d(UpsamplingBilinear2d):
    """UpsamplingBilinear2d under the misspelt name v0.1.12 also had."""
