"""legacy.nn.VolumetricDropout: SpatialDropout for volumes: each plane of a (batch x) planes x
time x height x width input is zeroed as a whole with probability p while training."""
from .SpatialDropout import SpatialDropout


class VolumetricDropout(SpatialDropout):

    _plane_dims = 3
