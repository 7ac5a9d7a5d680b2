"""Conv1d and Conv2d: learned convolutions over (batch, channels, length) and
(batch, channels, height, width) inputs, computed by the ConvNd Function."""

import math

import torch_early
from .module import Module
from .utils import _single, _pair
from ..parameter import Parameter
from .. import functional as F


class _ConvNd(Module):
    """The parameters every convolution shares: weight is (out_channels, in_channels/groups,
    *kernel_size) and bias (out_channels); both start uniform in ±1/√(in_channels·∏kernel)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias):
        super(_ConvNd, self).__init__()
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.weight = Parameter(torch_early.Tensor(
            out_channels, in_channels // groups, *kernel_size))
        if bias:
            self.bias = Parameter(torch_early.Tensor(out_channels))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        n = self.in_channels
        for k in self.kernel_size:
            n *= k
        stdv = 1. / math.sqrt(n)
        self.weight.data.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.data.uniform_(-stdv, stdv)

    def __repr__(self):
        s = '{} ({}, {}, kernel_size={}, stride={}'.format(
            type(self).__name__, self.in_channels, self.out_channels, self.kernel_size,
            self.stride)
        if self.padding != (0,) * len(self.padding):
            s += ', padding={}'.format(self.padding)
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation={}'.format(self.dilation)
        if self.output_padding != (0,) * len(self.output_padding):
            s += ', output_padding={}'.format(self.output_padding)
        if self.groups != 1:
            s += ', groups={}'.format(self.groups)
        if self.bias is None:
            s += ', bias=False'
        return s + ')'


class Conv1d(_ConvNd):
    """Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True) on a (batch, in_channels, length) input."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True):
        super(Conv1d, self).__init__(
            in_channels, out_channels, _single(kernel_size), _single(stride), _single(padding),
            _single(dilation), False, _single(0), groups, bias)

    def forward(self, input):
        return F.conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)


class Conv2d(_ConvNd):
    """Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True) on a (batch, in_channels, height, width) input; each size is an int or an
    (height, width) pair."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True):
        super(Conv2d, self).__init__(
            in_channels, out_channels, _pair(kernel_size), _pair(stride), _pair(padding),
            _pair(dilation), False, _pair(0), groups, bias)

    def forward(self, input):
        return F.conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)
