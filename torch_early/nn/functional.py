"""Stateless forms of the layers: each builds its autograd Function and calls it on Variables.

Here so far: linear and dropout, which need only autograd. The convolution, pooling, activation,
normalisation and loss functions of the era (conv2d, max_pool2d, relu, batch_norm, nll_loss, ...)
are computed by the THNN kernels and join this module with the THNN backend.
"""

from ._functions.linear import Linear
from ._functions.dropout import Dropout


def linear(input, weight, bias=None):
    """input · weightᵀ (+ bias): input (batch, in), weight (out, in), bias (out) or None."""
    if bias is None:
        return Linear()(input, weight)
    return Linear()(input, weight, bias)


def dropout(input, p=0.5, training=False, inplace=False):
    """Zero each element with probability p and scale the rest by 1/(1-p) when `training`; the
    input unchanged otherwise. ValueError unless 0 <= p <= 1."""
    return Dropout(p, training, inplace)(input)


# convolution, pooling, normalization

from ._functions.conv import ConvNd
from ._functions.thnn.pooling import MaxPool2d, AvgPool2d, MaxUnpool2d
from ._functions.thnn.batchnorm import BatchNorm
from .modules.utils import _single, _pair


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """Convolve a (batch, in_channels, length) input with a weight (out_channels,
    in_channels/groups, kW); bias (out_channels) or None."""
    f = ConvNd(_single(stride), _single(padding), _single(dilation), False, _single(0), groups)
    return f(input, weight) if bias is None else f(input, weight, bias)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """Convolve a (batch, in_channels, height, width) input with a weight (out_channels,
    in_channels/groups, kH, kW); bias (out_channels) or None. Sizes: an int or an (h, w) pair."""
    f = ConvNd(_pair(stride), _pair(padding), _pair(dilation), False, _pair(0), groups)
    return f(input, weight) if bias is None else f(input, weight, bias)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The maximum of each window; with return_indices, also where each maximum was (as the
    position within its input plane, for max_unpool2d)."""
    return MaxPool2d(kernel_size, stride, padding, dilation, return_indices, ceil_mode)(input)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    """The mean of each window; count_include_pad counts the zero padding in the divisor."""
    return AvgPool2d(kernel_size, stride, padding, ceil_mode, count_include_pad)(input)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Put each value of a max-pooled input back where `indices` says it came from; zeros
    elsewhere. output_size picks among the sizes the pooling could have come from."""
    return MaxUnpool2d(kernel_size, stride, padding, output_size)(input, indices)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    """Normalise each channel of a (batch, channels, ...) input: by the batch's statistics when
    training (and fold them into running_mean/running_var with `momentum`), by the running
    statistics otherwise; then scale by weight and shift by bias when given."""
    if (weight is None) != (bias is None):
        raise ValueError("batch_norm takes both weight and bias, or neither")
    f = BatchNorm(running_mean, running_var, training, momentum, eps)
    if weight is None:
        return f(input)
    return f(input, weight, bias)
