"""legacy.nn.VolumetricBatchNormalization: BatchNormalization of the planes of a batch of volumes
(N x C x T x H x W): each plane normalised over its N * T * H * W values."""
from .BatchNormalization import BatchNormalization


class VolumetricBatchNormalization(BatchNormalization):
    nDim = 5
