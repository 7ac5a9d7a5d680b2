"""ReplicationPad3d: pads each (t, h, w) volume by repeating its border elements, over THNN's
VolumetricReplicationPadding."""

from .module import Module
from .utils import _ntuple
from .._functions.thnn import VolumetricReplicationPadding


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
        return VolumetricReplicationPadding(*self.padding)(input)

    def __repr__(self):
        return '{} {}'.format(type(self).__name__, self.padding)
