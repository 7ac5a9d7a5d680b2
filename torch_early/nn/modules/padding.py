"""The padding layers: ReflectionPad2d (the plane's mirror image, edge not repeated),
ReplicationPad2d (the edge pixels repeated) and ReplicationPad3d (the same for volumes), over the
THNN Functions generated from SpatialReflectionPadding, SpatialReplicationPadding and
VolumetricReplicationPadding."""

from .module import Module
from .utils import _quadruple, _ntuple
from .._functions import thnn as _thnn_functions


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
