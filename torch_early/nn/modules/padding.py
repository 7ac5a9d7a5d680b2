"""The padding layers: ReflectionPad2d (the plane's mirror image, edge not repeated),
ReplicationPad2d (the edge pixels repeated) and ReplicationPad3d (the same for volumes), over the
THNN Functions generated from SpatialReflectionPadding, SpatialReplicationPadding and
VolumetricReplicationPadding; ConstantPad2d and ZeroPad2d (a border of one value), through
F.pad."""

from .module import Module
from .utils import _quadruple, _ntuple
from .._functions import thnn as _thnn_functions
from .. import functional as F


class ReflectionPad2d(Module):
    """ReflectionPad2d(padding): pads each plane by its reflection; padding is an int for every
    side or (left, right, top, bottom), each smaller than the size it reflects (a negative one
    crops)."""

    def __init__(self, padding):
        super(ReflectionPad2d, self).__init__()
        self.padding = _quadruple(padding)

    def forward(self, input):
        return _thnn_functions.ReflectionPad2d(*self.padding)(input)

    def __repr__(self):
        return type(self).__name__ + ' ' + str(self.padding)


class ReplicationPad2d(Module):
    """ReplicationPad2d(padding): pads each plane by repeating its edge pixels; padding is an int
    for every side or (left, right, top, bottom) (a negative one crops)."""

    def __init__(self, padding):
        super(ReplicationPad2d, self).__init__()
        self.padding = _quadruple(padding)

    def forward(self, input):
        return _thnn_functions.ReplicationPad2d(*self.padding)(input)

    def __repr__(self):
        return type(self).__name__ + ' ' + str(self.padding)


class ReplicationPad3d(Module):
    """ReplicationPad3d(padding): padding is one number for all six sides or a 6-tuple
    (left, right, top, bottom, front, back): elements added before/after along the width, the
    height and the time (depth) of a (batch, channels, t, h, w) input; a negative one crops."""

    def __init__(self, padding):
        super(ReplicationPad3d, self).__init__()
        self.padding = _ntuple(6)(padding)
        if len(self.padding) != 6:
            raise ValueError("ReplicationPad3d takes one padding or 6 (left, right, top, bottom, "
                             "front, back), but got {}".format(len(self.padding)))

    def forward(self, input):
        return _thnn_functions.ReplicationPad3d(*self.padding)(input)

    def __repr__(self):
        return type(self).__name__ + ' ' + str(self.padding)


class ConstantPad2d(Module):
    """ConstantPad2d(padding, value): surrounds each plane of a 4-D input by a border of `value`;
    padding is an int for every side or (left, right, top, bottom) (a negative one crops)."""

    def __init__(self, padding, value):
        super(ConstantPad2d, self).__init__()
        self.padding = _quadruple(padding)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, 'constant', self.value)

    def __repr__(self):
        return type(self).__name__ + ' ' + str(self.padding)


class ZeroPad2d(ConstantPad2d):
    """ZeroPad2d(padding): ConstantPad2d with zeros."""

    def __init__(self, padding):
        super(ZeroPad2d, self).__init__(padding, 0)
