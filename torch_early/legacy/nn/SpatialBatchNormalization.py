"""legacy.nn.SpatialBatchNormalization: BatchNormalization of the planes of a batch of images
(N x C x H x W): each plane normalised over its N * H * W values."""
from .BatchNormalization import BatchNormalization


class SpatialBatchNormalization(BatchNormalization):
    nDim = 4
