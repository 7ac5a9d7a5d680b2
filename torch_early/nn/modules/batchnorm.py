"""BatchNorm1d/2d/3d: per-channel normalisation of (batch, C[, L]), (batch, C, H, W) and
(batch, C, D, H, W) inputs, with learned scale and shift and running statistics for
evaluation."""

import torch_early
from .module import Module
from .utils import _check_sizes
from ..parameter import Parameter
from .. import functional as F


class _BatchNorm(Module):
    """num_features channels; the buffers running_mean (zeros) and running_var (ones) follow
    the training batches with `momentum`; with affine, weight starts uniform in [0, 1) and bias
    at zero. Training mode normalises by the batch, evaluation mode by the running stats."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True):
        super(_BatchNorm, self).__init__()
        _check_sizes(self, num_features=num_features)
        self.num_features = num_features
        self.affine = affine
        self.eps = eps
        self.momentum = momentum
        if self.affine:
            self.weight = Parameter(torch_early.Tensor(num_features))
            self.bias = Parameter(torch_early.Tensor(num_features))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        self.register_buffer('running_mean', torch_early.zeros(num_features))
        self.register_buffer('running_var', torch_early.ones(num_features))
        self.reset_parameters()

    def reset_parameters(self):
        self.running_mean.zero_()
        self.running_var.fill_(1)
        if self.affine:
            self.weight.data.uniform_()
            self.bias.data.zero_()

    def _check_input_dim(self, input):
        if input.dim() not in self._input_dims:
            raise ValueError('expected {} input (got {}D input)'.format(
                ' or '.join('{}D'.format(d) for d in self._input_dims), input.dim()))
        if input.size(1) != self.num_features:
            raise ValueError('got {}-feature tensor, expected {}'.format(
                input.size(1), self.num_features))

    def forward(self, input):
        self._check_input_dim(input)
        return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                            self.training, self.momentum, self.eps)

    def __repr__(self):
        return '{}({}, eps={}, momentum={}, affine={})'.format(
            type(self).__name__, self.num_features, self.eps, self.momentum, self.affine)


class BatchNorm1d(_BatchNorm):
    """Over a (batch, num_features) or (batch, num_features, length) input."""
    _input_dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Over a (batch, num_features, height, width) input."""
    _input_dims = (4,)


class BatchNorm3d(_BatchNorm):
    """Over a (batch, num_features, depth, height, width) input."""
    _input_dims = (5,)
