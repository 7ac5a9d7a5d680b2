"""InstanceNorm1d/2d/3d: each channel of each sample normalised on its own, over its length,
plane or volume. Computed as batch normalisation of the input viewed as one sample of
batch * channels channels; the running statistics, one per channel, are the mean over the batch
of the per-sample statistics so updated."""

from .batchnorm import _BatchNorm
from .. import functional as F


class _InstanceNorm(_BatchNorm):
    """(num_features, eps=1e-5, momentum=0.1, affine=False); running_mean and running_var
    follow the training batches with `momentum` as in BatchNorm, and evaluation mode normalises
    by them; with affine, weight and bias are per channel."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False):
        super(_InstanceNorm, self).__init__(num_features, eps, momentum, affine)

    def forward(self, input):
        self._check_input_dim(input)
        batch, channels = input.size(0), input.size(1)
        # one copy of each per-channel tensor for every sample of the batch
        running_mean = self.running_mean.repeat(batch)
        running_var = self.running_var.repeat(batch)
        weight = bias = None
        if self.affine:
            weight, bias = self.weight.repeat(batch), self.bias.repeat(batch)
        as_one_sample = input.contiguous().view(1, batch * channels, *input.size()[2:])
        output = F.batch_norm(as_one_sample, running_mean, running_var, weight, bias,
                              self.training, self.momentum, self.eps)
        # batch_norm updated the repeated copies sample by sample; keep their mean
        self.running_mean.copy_(running_mean.view(batch, channels).mean(0))
        self.running_var.copy_(running_var.view(batch, channels).mean(0))
        return output.view(*input.size())


class InstanceNorm1d(_InstanceNorm):
    """Over a (batch, num_features, length) input."""
    _input_dims = (3,)


class InstanceNorm2d(_InstanceNorm):
    """Over a (batch, num_features, height, width) input."""
    _input_dims = (4,)


class InstanceNorm3d(_InstanceNorm):
    """Over a (batch, num_features, depth, height, width) input."""
    _input_dims = (5,)
