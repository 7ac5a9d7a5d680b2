"""Conv1d, Conv2d, Conv3d and ConvTranspose1d/2d/3d: learned convolutions over (batch, channels,
length), (batch, channels, height, width) and (batch, channels, time, height, width) inputs, and
their transposes, computed by the ConvNd Function."""

import math

import torch_early
from .module import Module
from .utils import _single, _pair, _triple, _check_sizes
from ..parameter import Parameter
from .. import functional as F


class _ConvNd(Module):
    """The parameters every convolution shares: weight is (out_channels, in_channels/groups,
    *kernel_size), or (in_channels, out_channels/groups, *kernel_size) for a transposed one, and
    bias (out_channels); both start uniform in ±1/√(in_channels·∏kernel)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias):
        super(_ConvNd, self).__init__()
        _check_sizes(self, in_channels=in_channels, out_channels=out_channels,
                     kernel_size=kernel_size, stride=stride, dilation=dilation, groups=groups)
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
        if transposed:
            self.weight = Parameter(torch_early.Tensor(
                in_channels, out_channels // groups, *kernel_size))
        else:
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
        # v0.1.12's form has no space before the parenthesis, unlike most other layers
        s = '{}({}, {}, kernel_size={}, stride={}'.format(
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


class Conv3d(_ConvNd):
    """Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True) on a (batch, in_channels, time, height, width) input; each size is an int or a
    (time, height, width) triple."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True):
        super(Conv3d, self).__init__(
            in_channels, out_channels, _triple(kernel_size), _triple(stride), _triple(padding),
            _triple(dilation), False, _triple(0), groups, bias)

    def forward(self, input):
        return F.conv3d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)


class _ConvTransposeMixin(object):
    """forward(input, output_size=None): the transposed convolution's output is
    (in - 1)*stride - 2*padding + dilation*(kernel-1) + 1 + output_padding long in each
    dimension, so stride sizes are possible; output_size (the spatial sizes, or the whole size)
    picks one of them by setting output_padding for this call."""

    def forward(self, input, output_size=None):
        output_padding = self._output_padding(input, output_size)
        return self._conv_transpose(input, self.weight, self.bias, self.stride, self.padding,
                                    output_padding, self.groups, self.dilation)

    def _output_padding(self, input, output_size):
        if output_size is None:
            return self.output_padding
        k = len(self.kernel_size)
        output_size = list(output_size)
        if len(output_size) == k + 2:
            output_size = output_size[2:]
        if len(output_size) != k:
            raise ValueError("output_size should have {} or {} elements, but got {}".format(
                k, k + 2, len(output_size)))
        smallest = [(input.size(d + 2) - 1) * self.stride[d] - 2 * self.padding[d] +
                    self.dilation[d] * (self.kernel_size[d] - 1) + 1 for d in range(k)]
        largest = [smallest[d] + self.stride[d] - 1 for d in range(k)]
        for d in range(k):
            if not smallest[d] <= output_size[d] <= largest[d]:
                raise ValueError("requested an output size of {}, but the sizes possible for an "
                                 "input of {} go from {} to {}".format(
                                     output_size, tuple(input.size()[2:]), smallest, largest))
        return tuple(output_size[d] - smallest[d] for d in range(k))


class ConvTranspose1d(_ConvTransposeMixin, _ConvNd):
    """ConvTranspose1d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1): the transpose (gradient) of Conv1d, on
    a (batch, in_channels, length) input."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1):
        super(ConvTranspose1d, self).__init__(
            in_channels, out_channels, _single(kernel_size), _single(stride), _single(padding),
            _single(dilation), True, _single(output_padding), groups, bias)
        self._conv_transpose = F.conv_transpose1d


class ConvTranspose2d(_ConvTransposeMixin, _ConvNd):
    """ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1): the transpose of Conv2d, on a
    (batch, in_channels, height, width) input; each size is an int or an (height, width) pair."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1):
        super(ConvTranspose2d, self).__init__(
            in_channels, out_channels, _pair(kernel_size), _pair(stride), _pair(padding),
            _pair(dilation), True, _pair(output_padding), groups, bias)
        self._conv_transpose = F.conv_transpose2d


class ConvTranspose3d(_ConvTransposeMixin, _ConvNd):
    """ConvTranspose3d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1): the transpose of Conv3d, on a
    (batch, in_channels, time, height, width) input; each size is an int or a (time, height,
    width) triple."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1):
        super(ConvTranspose3d, self).__init__(
            in_channels, out_channels, _triple(kernel_size), _triple(stride), _triple(padding),
            _triple(dilation), True, _triple(output_padding), groups, bias)
        self._conv_transpose = F.conv_transpose3d
