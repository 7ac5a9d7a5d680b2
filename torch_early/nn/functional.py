"""Stateless forms of the layers: each builds its autograd Function and calls it on Variables.

Sections: linear and dropout; the activations (relu, threshold, softmax, ...) and the losses
(nll_loss, cross_entropy, mse_loss, ...), most computed by the THNN kernels through the Functions
of _functions/thnn; convolution, pooling and normalization (conv2d, max_pool2d, batch_norm, ...);
the other poolings, upsampling, padding and pixel shuffling (lp_pool2d, adaptive_max_pool1d,
upsample_bilinear, pad, pixel_shuffle); the bilinear map, distances and the triplet loss
(bilinear, pairwise_distance, triplet_margin_loss).
"""
import numbers

from ._functions.linear import Linear
from ._functions.dropout import Dropout
from ._functions import thnn as _thnn_functions
from ._functions.activation import Softsign
from ._functions import loss as _loss_functions
from ._functions.conv import ConvNd
from ._functions.thnn.pooling import MaxPool2d, AvgPool2d, MaxUnpool2d
from ._functions.thnn.pooling import MaxPool1d, AvgPool1d, MaxUnpool1d, MaxPool3d, AvgPool3d, \
    MaxUnpool3d
from ._functions.thnn.batchnorm import BatchNorm
from ._functions.thnn.pooling import AdaptiveMaxPool2d, AdaptiveMaxPool1d
from ._functions.padding import ConstantPad2d
from ._functions.linear import Bilinear
from ._functions.thnn.upsampling import UpsamplingNearest2d, UpsamplingBilinear2d
from .modules.utils import _single, _pair
from .modules.utils import _triple


def linear(input, weight, bias=None):
    """input · weightᵀ (+ bias): input (batch, in), weight (out, in), bias (out) or None."""
    if bias is None:
        return Linear()(input, weight)
    return Linear()(input, weight, bias)


def dropout(input, p=0.5, training=False, inplace=False):
    """Zero each element with probability p and scale the rest by 1/(1-p) when `training`; the
    input unchanged otherwise. ValueError unless 0 <= p <= 1."""
    return Dropout(p, training, inplace)(input)


# -- activations -------------------------------------------------------------------------------

def threshold(input, threshold, value, inplace=False):
    """input where input > threshold, else value. In place, the backward tells the kept elements
    by the output, which works only when value <= threshold."""
    if inplace and value > threshold:
        raise RuntimeError("in-place threshold needs value ({}) <= threshold ({})".format(
            value, threshold))
    return _thnn_functions.Threshold(threshold, value, inplace)(input)


def relu(input, inplace=False):
    return _thnn_functions.Threshold(0, 0, inplace)(input)


def hardtanh(input, min_val=-1., max_val=1., inplace=False):
    """input clamped to [min_val, max_val]."""
    return _thnn_functions.Hardtanh(min_val, max_val, inplace)(input)


def relu6(input, inplace=False):
    return _thnn_functions.Hardtanh(0, 6, inplace)(input)


def elu(input, alpha=1., inplace=False):
    return _thnn_functions.ELU(alpha, inplace)(input)


def leaky_relu(input, negative_slope=1e-2, inplace=False):
    return _thnn_functions.LeakyReLU(negative_slope, inplace)(input)


def prelu(input, weight):
    return _thnn_functions.PReLU()(input, weight)


def rrelu(input, lower=1. / 8, upper=1. / 3, training=False, inplace=False):
    return _thnn_functions.RReLU(lower, upper, training, inplace)(input)


def logsigmoid(input):
    return _thnn_functions.LogSigmoid()(input)


def hardshrink(input, lambd=0.5):
    return _thnn_functions.Hardshrink(lambd)(input)


def tanhshrink(input):
    return input - input.tanh()


def softsign(input):
    return Softsign()(input)


def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold."""
    return _thnn_functions.Softplus(beta, threshold)(input)


def softmin(input):
    return _thnn_functions.Softmin()(input)


def softmax(input):
    return _thnn_functions.Softmax()(input)


def softshrink(input, lambd=0.5):
    return _thnn_functions.Softshrink(lambd)(input)


def log_softmax(input):
    return _thnn_functions.LogSoftmax()(input)


def tanh(input):
    return input.tanh()


def sigmoid(input):
    return input.sigmoid()


# -- losses ------------------------------------------------------------------------------------

def nll_loss(input, target, weight=None, size_average=True):
    """Negative log likelihood of the classes `target` (a LongTensor) under the log-probabilities
    `input`: (batch, classes) with target (batch), or (batch, classes, h, w) with target
    (batch, h, w). `weight` (classes) rescales each class."""
    dim = input.dim()
    if dim == 2:
        function = _thnn_functions.NLLLoss(size_average, weight=weight)
    elif dim == 4:
        function = _thnn_functions.NLLLoss2d(size_average, weight=weight)
    else:
        raise ValueError('Expected 2 or 4 dimensions (got {})'.format(dim))
    return function(input, target)


def kl_div(input, target, size_average=True):
    """Kullback-Leibler divergence of log-probabilities `input` from probabilities `target`."""
    return _thnn_functions.KLDivLoss(size_average)(input, target)


def cross_entropy(input, target, weight=None, size_average=True):
    """log_softmax then nll_loss."""
    return nll_loss(log_softmax(input), target, weight, size_average)


def binary_cross_entropy(input, target, weight=None, size_average=True):
    return _thnn_functions.BCELoss(size_average, weight=weight)(input, target)


def l1_loss(input, target, size_average=True):
    return _thnn_functions.L1Loss(size_average)(input, target)


def mse_loss(input, target, size_average=True):
    return _thnn_functions.MSELoss(size_average)(input, target)


def smooth_l1_loss(input, target, size_average=True):
    return _thnn_functions.SmoothL1Loss(size_average)(input, target)


def soft_margin_loss(input, target, size_average=True):
    return _thnn_functions.SoftMarginLoss(size_average)(input, target)


def multilabel_margin_loss(input, target, size_average=True):
    return _thnn_functions.MultiLabelMarginLoss(size_average)(input, target)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=True):
    return binary_cross_entropy(sigmoid(input), target, weight, size_average)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, size_average=True):
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported, but got p = {}".format(p))
    return _thnn_functions.MultiMarginLoss(size_average, p, margin, weight=weight)(input, target)


def hinge_embedding_loss(input, target, margin=1.0, size_average=True):
    return _loss_functions.HingeEmbeddingLoss(margin, size_average)(input, target)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=True):
    return _loss_functions.MarginRankingLoss(margin, size_average)(input1, input2, target)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=True):
    return _loss_functions.CosineEmbeddingLoss(margin, size_average)(input1, input2, target)


# -- convolution, pooling, normalization ------------------------------------------------------


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


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """Convolve a (batch, in_channels, time, height, width) input with a weight (out_channels,
    in_channels/groups, kT, kH, kW); bias (out_channels) or None. Sizes: an int or a triple."""
    f = ConvNd(_triple(stride), _triple(padding), _triple(dilation), False, _triple(0), groups)
    return f(input, weight) if bias is None else f(input, weight, bias)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """The transposed convolution of a (batch, in_channels, length) input with a weight
    (in_channels, out_channels/groups, kW): the output is (length-1)*stride - 2*padding +
    dilation*(kW-1) + 1 + output_padding long."""
    f = ConvNd(_single(stride), _single(padding), _single(dilation), True, _single(output_padding),
               groups)
    return f(input, weight) if bias is None else f(input, weight, bias)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """The transposed convolution of a (batch, in_channels, height, width) input with a weight
    (in_channels, out_channels/groups, kH, kW); bias (out_channels) or None."""
    f = ConvNd(_pair(stride), _pair(padding), _pair(dilation), True, _pair(output_padding), groups)
    return f(input, weight) if bias is None else f(input, weight, bias)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """The transposed convolution of a (batch, in_channels, time, height, width) input with a
    weight (in_channels, out_channels/groups, kT, kH, kW); bias (out_channels) or None."""
    f = ConvNd(_triple(stride), _triple(padding), _triple(dilation), True, _triple(output_padding),
               groups)
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


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The maximum of each window of a (batch, channels, length) input; with return_indices,
    also where each maximum was along the length (for max_unpool1d)."""
    return MaxPool1d(kernel_size, stride, padding, dilation, return_indices, ceil_mode)(input)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    """The mean of each window of a (batch, channels, length) input; count_include_pad counts
    the zero padding in the divisor."""
    return AvgPool1d(kernel_size, stride, padding, ceil_mode, count_include_pad)(input)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Put each value of a max-pooled (batch, channels, length) input back where `indices` says
    it came from; zeros elsewhere."""
    return MaxUnpool1d(kernel_size, stride, padding, output_size)(input, indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The maximum of each (t, h, w) window; with return_indices, also where each maximum was
    (as the position t*H*W + h*W + w within its input volume, for max_unpool3d)."""
    return MaxPool3d(kernel_size, stride, padding, dilation, return_indices, ceil_mode)(input)


def avg_pool3d(input, kernel_size, stride=None):
    """The mean of each (t, h, w) window; windows lie wholly inside the input."""
    return AvgPool3d(kernel_size, stride)(input)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Put each value of a max-pooled input back where `indices` says it came from in its
    volume; zeros elsewhere. output_size picks among the sizes the pooling could have come
    from."""
    return MaxUnpool3d(kernel_size, stride, padding, output_size)(input, indices)


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


# -- lp and adaptive pooling, upsampling, pixel shuffling -----------------------------------


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The power-average of each window: (sum of x**norm_type over the window) ** (1/norm_type),
    the sum being the window's mean times its size."""
    if norm_type == 0:
        raise ValueError('lp_pool2d: norm_type must not be 0 (the power mean of order 0 is '
                         'not a power of a sum)')
    kw, kh = _pair(kernel_size)
    out = avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return out.mul(kw * kh).pow(1. / norm_type)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Max pooling into an output of output_size (h, w) whatever the input's size."""
    return AdaptiveMaxPool2d(output_size, return_indices)(input)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """Max pooling of a (batch, channels, length) input into output_size elements whatever its
    length; with return_indices, also each maximum's position along the length."""
    return AdaptiveMaxPool1d(output_size, return_indices)(input)


def adaptive_avg_pool1d(input, output_size):
    """Average pooling of a (batch, channels, length) input into output_size elements whatever
    its length (AdaptiveAvgPool2d on a height-1 view)."""
    if input.dim() != 3:
        raise ValueError("adaptive_avg_pool1d expects a 3D input (batch x channels x length), "
                         "but got a {}D input".format(input.dim()))
    length, = _single(output_size)
    return _thnn_functions.AdaptiveAvgPool2d(length, 1)(input.unsqueeze(2)).squeeze(2)


def adaptive_avg_pool2d(input, output_size):
    """Average pooling into an output of output_size (h, w) whatever the input's size."""
    height, width = _pair(output_size)
    return _thnn_functions.AdaptiveAvgPool2d(width, height)(input)


def upsample_nearest(input, size=None, scale_factor=None):
    """Each pixel repeated scale_factor times (or up to size) in both directions."""
    return UpsamplingNearest2d(size, scale_factor)(input)


def upsample_bilinear(input, size=None, scale_factor=None):
    """Each plane resized to size (or scale_factor times its own) by bilinear interpolation."""
    return UpsamplingBilinear2d(size, scale_factor)(input)


def upsample_billinear(input, size=None, scale_factor=None):
    """upsample_bilinear under the misspelt name v0.1.12 also had."""
    return upsample_bilinear(input, size, scale_factor)


def pad(input, pad, mode='constant', value=0):
    """Pad a 4-D input by pad = (left, right, top, bottom), or a 5-D one by (left, right, top,
    bottom, front, back); a negative entry crops that side. mode 'constant' fills with value,
    'reflect' mirrors the plane (edge not repeated), 'replicate' repeats the edge; 5-D inputs
    take only 'replicate'."""
    pad = tuple(pad)
    if mode not in ('constant', 'reflect', 'replicate'):
        raise ValueError("pad: mode must be 'constant', 'reflect' or 'replicate', but got "
                         "{!r}".format(mode))
    if input.dim() == 4:
        if len(pad) != 4:
            raise ValueError("pad: a 4D input takes 4 paddings (left, right, top, bottom), but "
                             "got {}".format(len(pad)))
        if mode == 'constant':
            return ConstantPad2d(pad, value)(input)
        if mode == 'reflect':
            return _thnn_functions.ReflectionPad2d(*pad)(input)
        return _thnn_functions.ReplicationPad2d(*pad)(input)
    if input.dim() == 5:
        if len(pad) != 6:
            raise ValueError("pad: a 5D input takes 6 paddings (left, right, top, bottom, front, "
                             "back), but got {}".format(len(pad)))
        if mode != 'replicate':
            raise NotImplementedError("pad: a 5D input is padded only in 'replicate' mode, not "
                                      "{!r}".format(mode))
        return _thnn_functions.ReplicationPad3d(*pad)(input)
    raise NotImplementedError("pad: only 4D and 5D inputs can be padded, but got a {}D input"
                              .format(input.dim()))


def pixel_shuffle(input, upscale_factor):
    """Rearrange a (batch, channels * r**2, h, w) input into (batch, channels, h * r, w * r), r
    the upscale_factor: output pixel (c, h*r + i, w*r + j) is input pixel (c*r*r + i*r + j, h, w).
    Views and one copy, no kernel."""
    if input.dim() != 4:
        raise ValueError("pixel_shuffle expects a 4D input (batch x channels x height x width), "
                         "but got size {}".format('x'.join(map(str, input.size()))))
    if isinstance(upscale_factor, bool) or not isinstance(upscale_factor, numbers.Integral):
        raise TypeError("pixel_shuffle: upscale_factor must be a whole number, but got {}"
                        .format(type(upscale_factor).__name__))
    if upscale_factor < 1:
        raise ValueError("pixel_shuffle: upscale_factor must be at least 1, but got {}"
                         .format(upscale_factor))
    batch_size, channels, in_height, in_width = input.size()
    r = upscale_factor
    if channels % (r * r) != 0:
        raise RuntimeError("pixel_shuffle: the {} channels of input of size {} are not a multiple "
                           "of upscale_factor ** 2 = {}".format(
                               channels, 'x'.join(map(str, input.size())), r * r))
    channels //= r * r
    # split each group of r*r channels into (i, j), then interleave i with h and j with w
    input_view = input.contiguous().view(batch_size, channels, r, r, in_height, in_width)
    shuffled = input_view.permute(0, 1, 4, 2, 5, 3).contiguous()
    return shuffled.view(batch_size, channels, in_height * r, in_width * r)


# -- bilinear map, distances and the triplet loss --------------------------------------------


def bilinear(input1, input2, weight, bias=None):
    """output[n, o] = input1[n]ᵀ · weight[o] · input2[n] (+ bias[o]): input1 (batch, in1),
    input2 (batch, in2), weight (out, in1, in2), bias (out) or None."""
    if bias is None:
        return Bilinear()(input1, input2, weight)
    return Bilinear()(input1, input2, weight, bias)


def pairwise_distance(x1, x2, p=2, eps=1e-6):
    """The p-norm distance between each row of x1 and the same row of x2, both (batch, dim):
    (sum over the row of (|x1 - x2| + eps) ** p) ** (1/p), a (batch, 1) result. eps keeps the
    gradient finite where the rows are equal."""
    if x1.size() != x2.size():
        raise ValueError("pairwise_distance: the inputs must have the same size, but got {} and "
                         "{}".format(_size_str(x1), _size_str(x2)))
    if x1.dim() != 2:
        raise ValueError("pairwise_distance expects 2D inputs (batch x dim), but got {}D"
                         .format(x1.dim()))
    return (x1 - x2).abs().add(eps).pow(p).sum(1).pow(1. / p)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False):
    """mean over the batch of max(0, margin + d(anchor, positive) - d(anchor, negative)), d the
    pairwise_distance of norm p. With swap, d(anchor, negative) becomes the smaller of it and
    d(positive, negative) (the distance swap of Balntas et al., 2016)."""
    sizes = [_size_str(v) for v in (anchor, positive, negative)]
    if len(set(sizes)) != 1:
        raise ValueError("triplet_margin_loss: anchor, positive and negative must have the same "
                         "size, but got {}".format(', '.join(sizes)))
    if margin <= 0:
        raise ValueError("triplet_margin_loss: margin must be positive, but got {}"
                         .format(margin))
    d_positive = pairwise_distance(anchor, positive, p, eps)
    d_negative = pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_negative = d_negative.min(pairwise_distance(positive, negative, p, eps))
    return (d_positive - d_negative).add(margin).clamp(min=0).mean()


def _size_str(variable):
    return 'x'.join(map(str, variable.size()))
