"""The pooling layers: MaxPool2d, AvgPool2d and MaxUnpool2d; MaxPool1d, AvgPool1d and
MaxUnpool1d over (batch, channels, length) inputs; MaxPool3d, AvgPool3d and MaxUnpool3d over
(batch, channels, t, h, w) inputs; then FractionalMaxPool2d, LPPool2d, AdaptiveMaxPool2d and
AdaptiveAvgPool2d; all over the THNN pooling Functions."""

from .module import Module
from .utils import _single, _pair, _triple
from .. import functional as F
from .._functions.thnn import pooling as _pooling_functions


class _MaxPoolNd(Module):
    """What MaxPool1d/2d/3d share: the window's settings, the call of their functional form
    (`_pool`), and the era's printed form, `MaxPool1d (size=(2,), stride=(2,))`, with the
    padding and dilation shown only when they are not the defaults (MaxPool2d shows its
    dilation always)."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super(_MaxPoolNd, self).__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return type(self)._pool(input, self.kernel_size, self.stride, self.padding,
                                self.dilation, self.ceil_mode, self.return_indices)

    def __repr__(self):
        expand = type(self)._expand
        s = '{} (size={}, stride={}'.format(type(self).__name__, expand(self.kernel_size),
                                            expand(self.stride))
        if expand(self.padding) != expand(0):
            s += ', padding={}'.format(expand(self.padding))
        if expand(self.dilation) != expand(1):
            s += ', dilation={}'.format(expand(self.dilation))
        return s + ')'


class MaxPool1d(_MaxPoolNd):
    """MaxPool1d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False): the maximum of each window of a (batch, channels, length) input (stride
    defaults to the kernel size); with return_indices the call returns (output, indices) for
    MaxUnpool1d."""
    _pool, _expand = staticmethod(F.max_pool1d), staticmethod(_single)


class MaxPool2d(_MaxPoolNd):
    """MaxPool2d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False): the maximum of each window (stride defaults to the kernel size); with
    return_indices the call returns (output, indices) for MaxUnpool2d."""
    _pool, _expand = staticmethod(F.max_pool2d), staticmethod(_pair)

    def __repr__(self):
        # v0.1.12 printed MaxPool2d's dilation always, even the default (1, 1)
        s = '{} (size={}, stride={}'.format(type(self).__name__, _pair(self.kernel_size),
                                            _pair(self.stride))
        if _pair(self.padding) != (0, 0):
            s += ', padding={}'.format(_pair(self.padding))
        return s + ', dilation={})'.format(_pair(self.dilation))


class MaxPool3d(_MaxPoolNd):
    """MaxPool3d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False): the maximum of each (t, h, w) window (stride defaults to the kernel size);
    with return_indices the call returns (output, indices) for MaxUnpool3d."""
    _pool, _expand = staticmethod(F.max_pool3d), staticmethod(_triple)


class _AvgPoolNd(Module):
    """What AvgPool1d and AvgPool2d share: the window's settings and the call of their
    functional form (`_pool`)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        super(_AvgPoolNd, self).__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return type(self)._pool(input, self.kernel_size, self.stride, self.padding,
                                self.ceil_mode, self.count_include_pad)


class AvgPool1d(_AvgPoolNd):
    """AvgPool1d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    the mean of each window of a (batch, channels, length) input."""
    _pool = staticmethod(F.avg_pool1d)


class AvgPool2d(_AvgPoolNd):
    """AvgPool2d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    the mean of each window (stride defaults to the kernel size)."""
    _pool = staticmethod(F.avg_pool2d)


class AvgPool3d(Module):
    """AvgPool3d(kernel_size, stride=None): the mean of each (t, h, w) window, windows wholly
    inside the input (stride defaults to the kernel size)."""

    def __init__(self, kernel_size, stride=None):
        super(AvgPool3d, self).__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size

    def forward(self, input):
        return F.avg_pool3d(input, self.kernel_size, self.stride)


class _MaxUnpoolNd(Module):
    """What MaxUnpool1d/2d/3d share: forward(input, indices, output_size=None) puts each value
    where the pooling found it and zeros elsewhere; output_size chooses among the sizes the
    pooled input could have had."""

    def __init__(self, kernel_size, stride=None, padding=0):
        super(_MaxUnpoolNd, self).__init__()
        expand = type(self)._expand
        self.kernel_size = expand(kernel_size)
        self.stride = expand(stride if stride is not None else kernel_size)
        self.padding = expand(padding)

    def forward(self, input, indices, output_size=None):
        return type(self)._unpool(input, indices, self.kernel_size, self.stride, self.padding,
                                  output_size)


class MaxUnpool1d(_MaxUnpoolNd):
    """MaxUnpool1d(kernel_size, stride=None, padding=0): the partial inverse of MaxPool1d."""
    _unpool, _expand = staticmethod(F.max_unpool1d), staticmethod(_single)


class MaxUnpool2d(_MaxUnpoolNd):
    """MaxUnpool2d(kernel_size, stride=None, padding=0): the partial inverse of MaxPool2d."""
    _unpool, _expand = staticmethod(F.max_unpool2d), staticmethod(_pair)


class MaxUnpool3d(_MaxUnpoolNd):
    """MaxUnpool3d(kernel_size, stride=None, padding=0): the partial inverse of MaxPool3d."""
    _unpool, _expand = staticmethod(F.max_unpool3d), staticmethod(_triple)


class FractionalMaxPool2d(Module):
    """FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): max pooling with kernel_size windows placed at
    fractional strides (Graham, 2014) so that the output is output_size (h, w), or
    int(size * output_ratio) with ratios in (0, 1). The windows move by random offsets drawn on
    each call, unless the buffer _random_samples (batch x planes x 2, in [0, 1)) fixes them."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super(FractionalMaxPool2d, self).__init__()
        self.kh, self.kw = _pair(kernel_size)
        self.return_indices = return_indices
        self.register_buffer('_random_samples', _random_samples)
        self.outh, self.outw = _pair(output_size) if output_size is not None else (None, None)
        self.ratioh, self.ratiow = (_pair(output_ratio) if output_ratio is not None
                                    else (None, None))
        if output_size is None and output_ratio is None:
            raise ValueError("FractionalMaxPool2d requires specifying either an output size, "
                             "or a pooling ratio")
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if self.ratioh is not None and not (0 < self.ratioh < 1 and 0 < self.ratiow < 1):
            raise ValueError("output_ratio must be between 0 and 1 (got {})"
                             .format(output_ratio))

    def forward(self, input):
        output_size = None if self.outh is None else (self.outh, self.outw)
        output_ratio = None if self.ratioh is None else (self.ratioh, self.ratiow)
        return _pooling_functions.FractionalMaxPool2d(
            (self.kh, self.kw), output_size, output_ratio, self.return_indices,
            self._random_samples)(input)


class LPPool2d(Module):
    """LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False): the power-average of each
    window, (sum of x**norm_type) ** (1/norm_type): the maximum as norm_type grows, the sum at
    1 (stride defaults to the kernel size)."""

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super(LPPool2d, self).__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return F.lp_pool2d(input, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class AdaptiveMaxPool2d(Module):
    """AdaptiveMaxPool2d(output_size, return_indices=False): max pooling into an output of
    output_size (h, or (h, w)) whatever the input's size; with return_indices the call returns
    (output, indices)."""

    def __init__(self, output_size, return_indices=False):
        super(AdaptiveMaxPool2d, self).__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)

    def __repr__(self):
        return type(self).__name__ + ' (output_size=' + str(self.output_size) + ')'


class AdaptiveAvgPool2d(Module):
    """AdaptiveAvgPool2d(output_size): average pooling into an output of output_size (h, or
    (h, w)) whatever the input's size."""

    def __init__(self, output_size):
        super(AdaptiveAvgPool2d, self).__init__()
        self.output_size = output_size

    def forward(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)

    def __repr__(self):
        return type(self).__name__ + ' (output_size=' + str(self.output_size) + ')'


class AdaptiveMaxPool1d(Module):
    """AdaptiveMaxPool1d(output_size, return_indices=False): max pooling of a (batch, channels,
    length) input into output_size elements whatever its length; with return_indices the call
    returns (output, indices)."""

    def __init__(self, output_size, return_indices=False):
        super(AdaptiveMaxPool1d, self).__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)

    def __repr__(self):
        return type(self).__name__ + ' (output_size=' + str(self.output_size) + ')'


class AdaptiveAvgPool1d(Module):
    """AdaptiveAvgPool1d(output_size): average pooling of a (batch, channels, length) input into
    output_size elements whatever its length."""

    def __init__(self, output_size):
        super(AdaptiveAvgPool1d, self).__init__()
        self.output_size = output_size

    def forward(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)

    def __repr__(self):
        return type(self).__name__ + ' (output_size=' + str(self.output_size) + ')'
