"""legacy.nn.SpatialReplicationPadding: pads each plane of a 3D or 4D input by pad_l, pad_r
columns and pad_t, pad_b rows that repeat the border pixels. Over THNN's
SpatialReplicationPadding kernels."""
from .SpatialReflectionPadding import _SpatialPadding


class SpatialReplicationPadding(_SpatialPadding):
    _kernel = 'SpatialReplicationPadding'
