"""The 2-D padding layers: ReflectionPad2d (the plane's mirror image, edge not repeated) and
ReplicationPad2d (the edge pixels repeated), over the THNN Functions generated from
SpatialReflectionPadding and SpatialReplicationPadding."""

from .module import Module
from .utils import _quadruple
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
