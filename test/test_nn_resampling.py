"""The 2-D resampling layers and their functional forms: FractionalMaxPool2d, LPPool2d,
AdaptiveMaxPool2d/AdaptiveAvgPool2d, UpsamplingNearest2d/UpsamplingBilinear2d,
ReflectionPad2d/ReplicationPad2d and PixelShuffle, plus SpatialSubSampling through the _thnn
backend: outputs against NumPy or loops, gradcheck in double, the errors and the reprs."""
import math

import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early._thnn import type2backend
from torch_early.autograd import Variable, gradcheck
import torch_early.nn.functional as F


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def var(*size, requires_grad=True):
    return Variable(torch_early.DoubleTensor(*size).uniform_(-1, 1), requires_grad=requires_grad)


def check_gradients(function, x):
    assert gradcheck(function, (x,), eps=1e-6, atol=1e-5)


# ---- SpatialSubSampling, through the backend -----------------------------------------------

def test_subsampling_is_a_weighted_window_sum_plus_bias():
    backend = type2backend['torch.DoubleTensor']
    x = torch_early.DoubleTensor(2, 3, 5, 6).uniform_(-1, 1)
    weight = torch_early.DoubleTensor([0.5, -2, 3])
    bias = torch_early.DoubleTensor([1, 0, -1])
    output = torch_early.DoubleTensor()
    # kW, kH, dW, dH = 3, 2, 3, 2
    backend.SpatialSubSampling_updateOutput(None, x, output, weight, bias, 3, 2, 3, 2)
    a = x.numpy()
    expected = np.zeros((2, 3, 2, 2))
    for i in range(2):
        for j in range(2):
            window = a[:, :, 2 * i:2 * i + 2, 3 * j:3 * j + 3].sum(axis=(2, 3))
            expected[:, :, i, j] = window * weight.numpy() + bias.numpy()
    assert np.allclose(output.numpy(), expected)
    # the parameter gradients accumulate scale times (sum of gradOutput * window sums)
    grad_output = torch_early.DoubleTensor(2, 3, 2, 2).uniform_(-1, 1)
    grad_weight = torch_early.DoubleTensor(3).fill_(1)
    grad_bias = torch_early.DoubleTensor(3).fill_(1)
    backend.SpatialSubSampling_accGradParameters(None, x, grad_output, grad_weight, grad_bias,
                                                 3, 2, 3, 2, 0.5)
    g = grad_output.numpy()
    window_sums = (expected - bias.numpy()[:, None, None]) / weight.numpy()[:, None, None]
    assert np.allclose(grad_weight.numpy(), 1 + 0.5 * (g * window_sums).sum(axis=(0, 2, 3)))
    assert np.allclose(grad_bias.numpy(), 1 + 0.5 * g.sum(axis=(0, 2, 3)))


def test_subsampling_errors_name_the_sizes():
    backend = type2backend['torch.FloatTensor']
    weight = torch_early.FloatTensor(2).fill_(1)
    with pytest.raises(RuntimeError, match=r'Given input size: \(1x2x3x3\)\. Calculated output '
                                           r'size: \(1x2x2x0\)\. Output size is too small'):
        backend.SpatialSubSampling_updateOutput(None, torch_early.rand(1, 2, 3, 3),
                                                torch_early.FloatTensor(), weight, weight,
                                                4, 2, 1, 1)


def test_every_resampling_entry_point_is_bound_for_both_types():
    for type_name in ('torch.FloatTensor', 'torch.DoubleTensor'):
        backend = type2backend[type_name]
        for module in ('SpatialSubSampling', 'SpatialAdaptiveMaxPooling',
                       'SpatialAdaptiveAveragePooling', 'SpatialFractionalMaxPooling',
                       'SpatialUpSamplingNearest', 'SpatialUpSamplingBilinear',
                       'SpatialReflectionPadding', 'SpatialReplicationPadding'):
            assert callable(getattr(backend, module + '_updateOutput'))
            assert callable(getattr(backend, module + '_updateGradInput'))
        assert callable(backend.SpatialSubSampling_accGradParameters)


# ---- adaptive pooling ----------------------------------------------------------------------

def adaptive_numpy(a, out_h, out_w, reduce):
    """reduce over the window [floor(i*H/out_h), ceil((i+1)*H/out_h)) x (the same for W)."""
    n, c, h, w = a.shape
    out = np.zeros((n, c, out_h, out_w))
    for i in range(out_h):
        h0, h1 = math.floor(i * h / out_h), math.ceil((i + 1) * h / out_h)
        for j in range(out_w):
            w0, w1 = math.floor(j * w / out_w), math.ceil((j + 1) * w / out_w)
            out[:, :, i, j] = reduce(a[:, :, h0:h1, w0:w1], axis=(2, 3))
    return out


@pytest.mark.parametrize('in_size,out_size', [((5, 7), (2, 3)), ((4, 4), (2, 2)),
                                              ((3, 2), (5, 4)), ((6, 5), (1, 1))])
def test_adaptive_pooling_matches_numpy(in_size, out_size):
    x = var(2, 3, *in_size)
    expected_max = adaptive_numpy(x.data.numpy(), *out_size, reduce=np.max)
    expected_mean = adaptive_numpy(x.data.numpy(), *out_size, reduce=np.mean)
    assert np.allclose(F.adaptive_max_pool2d(x, out_size).data.numpy(), expected_max)
    assert np.allclose(nn.AdaptiveAvgPool2d(out_size)(x).data.numpy(), expected_mean)


def test_adaptive_max_pooling_indices_point_at_the_maxima():
    x = var(2, 3, 5, 7)
    out, indices = nn.AdaptiveMaxPool2d((2, 3), return_indices=True)(x)
    assert isinstance(indices.data, torch_early.LongTensor)
    flat = x.data.numpy().reshape(2, 3, -1)
    taken = np.take_along_axis(flat, indices.data.numpy().reshape(2, 3, -1), axis=2)
    assert np.array_equal(taken.reshape(out.size()), out.data.numpy())


def test_adaptive_pooling_of_one_image_and_a_square_size():
    x = var(3, 6, 6)
    assert F.adaptive_max_pool2d(x, 2).size() == torch_early.Size([3, 2, 2])
    assert F.adaptive_avg_pool2d(x, 3).size() == torch_early.Size([3, 3, 3])


def test_adaptive_pooling_gradcheck():
    check_gradients(lambda v: F.adaptive_max_pool2d(v, (2, 3)), var(1, 2, 5, 7))
    check_gradients(lambda v: F.adaptive_avg_pool2d(v, (3, 2)), var(2, 1, 5, 4))


def test_adaptive_pooling_errors_and_reprs():
    with pytest.raises(RuntimeError, match='owidth: 0 oheight: 2'):
        F.adaptive_max_pool2d(var(1, 1, 4, 4), (2, 0))
    with pytest.raises(RuntimeError, match='3D or 4D tensor, but got size 4x4'):
        F.adaptive_avg_pool2d(var(4, 4), 2)
    assert repr(nn.AdaptiveMaxPool2d((2, 3))) == 'AdaptiveMaxPool2d (output_size=(2, 3))'
    assert repr(nn.AdaptiveAvgPool2d(4)) == 'AdaptiveAvgPool2d (output_size=4)'


# ---- fractional max pooling ------------------------------------------------------------------

def fractional_starts(u, in_size, out_size, pool):
    """Window starts: floor((i + u) * alpha) - floor(u * alpha), alpha = (in - pool)/(out - 1),
    the last window ending with the input."""
    if out_size == 1:
        return [in_size - pool]
    alpha = (in_size - pool) / (out_size - 1)
    starts = [math.floor((i + u) * alpha) - math.floor(u * alpha) for i in range(out_size - 1)]
    return starts + [in_size - pool]


def fractional_numpy(a, samples, out_size, kernel):
    n, c, h, w = a.shape
    out = np.zeros((n, c) + out_size)
    for b in range(n):
        for p in range(c):
            rows = fractional_starts(samples[b, p, 1], h, out_size[0], kernel[0])
            cols = fractional_starts(samples[b, p, 0], w, out_size[1], kernel[1])
            for i, r in enumerate(rows):
                for j, s in enumerate(cols):
                    out[b, p, i, j] = a[b, p, r:r + kernel[0], s:s + kernel[1]].max()
    return out


@pytest.mark.parametrize('kernel,in_size,kwargs,out_size', [
    ((2, 2), (7, 7), dict(output_size=(4, 4)), (4, 4)),
    ((3, 2), (9, 6), dict(output_size=(3, 5)), (3, 5)),
    (2, (5, 5), dict(output_ratio=0.5), (2, 2)),
    ((2, 3), (10, 9), dict(output_ratio=(0.7, 0.4)), (7, 3)),
])
def test_fractional_max_pooling_matches_numpy(kernel, in_size, kwargs, out_size):
    samples = torch_early.DoubleTensor(2, 3, 2).uniform_()
    x = var(2, 3, *in_size)
    pool = nn.FractionalMaxPool2d(kernel, _random_samples=samples, **kwargs)
    out = pool(x)
    kernel = kernel if isinstance(kernel, tuple) else (kernel, kernel)
    expected = fractional_numpy(x.data.numpy(), samples.numpy(), out_size, kernel)
    assert out.size() == torch_early.Size([2, 3, *out_size])
    assert np.array_equal(out.data.numpy(), expected)


def test_fractional_max_pooling_draws_offsets_unless_given():
    x = var(4, 8, 30, 30)
    pool = nn.FractionalMaxPool2d(2, output_size=11)
    outputs = [pool(x).data.numpy() for _ in range(2)]
    assert not np.array_equal(outputs[0], outputs[1])       # fresh offsets: other windows
    fixed = nn.FractionalMaxPool2d(2, output_size=11,
                                   _random_samples=torch_early.DoubleTensor(4, 8, 2).uniform_())
    assert np.array_equal(fixed(x).data.numpy(), fixed(x).data.numpy())
    assert list(fixed.state_dict().keys()) == ['_random_samples']


def test_fractional_max_pooling_of_floats_one_image_and_offsets_of_one():
    x = Variable(torch_early.randn(3, 7, 7))
    samples = torch_early.DoubleTensor(1, 3, 2).fill_(1)    # the end of [0, 1]
    out, indices = nn.FractionalMaxPool2d(2, output_size=4, return_indices=True,
                                          _random_samples=samples)(x)
    assert isinstance(out.data, torch_early.FloatTensor) and out.size() == (3, 4, 4)
    expected = fractional_numpy(x.data.numpy()[None], samples.numpy(), (4, 4), (2, 2))[0]
    assert np.array_equal(out.data.numpy(), expected)
    flat = x.data.numpy().reshape(3, -1)
    taken = np.take_along_axis(flat, indices.data.numpy().reshape(3, -1), axis=1)
    assert np.array_equal(taken.reshape(3, 4, 4), out.data.numpy())


def test_fractional_max_pooling_gradcheck():
    samples = torch_early.DoubleTensor(2, 2, 2).uniform_()
    pool = nn.FractionalMaxPool2d((2, 3), output_size=(3, 2), _random_samples=samples)
    check_gradients(pool, var(2, 2, 6, 7))


def test_fractional_max_pooling_errors():
    with pytest.raises(ValueError, match='either an output size, or a pooling ratio'):
        nn.FractionalMaxPool2d(2)
    with pytest.raises(ValueError, match='only one of output_size and output_ratio'):
        nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5)
    with pytest.raises(ValueError, match=r'output_ratio must be between 0 and 1 \(got 1.5\)'):
        nn.FractionalMaxPool2d(2, output_ratio=1.5)
    with pytest.raises(RuntimeError, match='its planes should be at least 5x5'):
        nn.FractionalMaxPool2d(2, output_size=4)(var(1, 1, 4, 4))
    with pytest.raises(RuntimeError, match='randomSamples should be of size 1x2x2'):
        nn.FractionalMaxPool2d(2, output_size=2,
                               _random_samples=torch_early.DoubleTensor(1, 3, 2).fill_(0))(
            var(1, 2, 5, 5))
    with pytest.raises(RuntimeError, match=r'randomSamples should lie in \[0, 1\]'):
        nn.FractionalMaxPool2d(2, output_size=2,
                               _random_samples=torch_early.DoubleTensor(1, 1, 2).fill_(2))(
            var(1, 1, 5, 5))
    with pytest.raises(RuntimeError, match='3D or 4D tensor, but got size 5'):
        nn.FractionalMaxPool2d(2, output_size=2)(var(5))


# ---- LPPool2d --------------------------------------------------------------------------------

@pytest.mark.parametrize('norm_type,kernel,stride', [(2, (2, 2), 2), (1.5, 2, None),
                                                     (3, (3, 2), (2, 1))])
def test_lp_pool2d_is_the_power_sum_of_each_window(norm_type, kernel, stride):
    x = Variable(torch_early.rand(2, 3, 7, 7).double() + 0.1)
    out = nn.LPPool2d(norm_type, kernel, stride)(x)
    kh, kw = kernel if isinstance(kernel, tuple) else (kernel, kernel)
    if stride is None:
        stride = (kh, kw)
    sh, sw = stride if isinstance(stride, tuple) else (stride, stride)
    a = x.data.numpy()
    oh, ow = (7 - kh) // sh + 1, (7 - kw) // sw + 1
    expected = np.zeros((2, 3, oh, ow))
    for i in range(oh):
        for j in range(ow):
            window = a[:, :, i * sh:i * sh + kh, j * sw:j * sw + kw]
            expected[:, :, i, j] = (window ** norm_type).sum(axis=(2, 3)) ** (1 / norm_type)
    assert np.allclose(out.data.numpy(), expected)


def test_lp_pool2d_of_norm_zero_is_refused():
    x = Variable(torch_early.FloatTensor(1, 1, 2, 2).fill_(1))
    with pytest.raises(ValueError, match='lp_pool2d: norm_type must not be 0'):
        F.lp_pool2d(x, 0, 1)
    with pytest.raises(ValueError, match='norm_type must not be 0'):
        nn.LPPool2d(0, 1)(x)


def test_lp_pool2d_gradcheck_and_repr():
    x = Variable(torch_early.rand(1, 2, 5, 5).double() + 0.1, requires_grad=True)
    check_gradients(lambda v: F.lp_pool2d(v, 2, 2, 1), x)
    assert repr(nn.LPPool2d(2, 3)) == 'LPPool2d (\n)'


# ---- upsampling ------------------------------------------------------------------------------

def test_upsampling_nearest_repeats_each_pixel():
    x = var(2, 3, 3, 4)
    expected = x.data.numpy().repeat(2, axis=2).repeat(2, axis=3)
    assert np.array_equal(nn.UpsamplingNearest2d(scale_factor=2)(x).data.numpy(), expected)
    assert np.array_equal(nn.UpsamplingNearest2d(size=(6, 8))(x).data.numpy(), expected)
    assert np.array_equal(F.upsample_nearest(x[0], scale_factor=3).data.numpy(),
                          x.data.numpy()[0].repeat(3, axis=1).repeat(3, axis=2))


def bilinear_numpy(a, out_h, out_w):
    """Output (i, j) samples input position (i*(H-1)/(out_h-1), j*(W-1)/(out_w-1))."""
    n, c, h, w = a.shape
    out = np.zeros((n, c, out_h, out_w))
    for i in range(out_h):
        y = i * (h - 1) / (out_h - 1) if out_h > 1 else 0
        y0 = int(math.floor(y))
        y1, fy = min(y0 + 1, h - 1), y - y0
        for j in range(out_w):
            x = j * (w - 1) / (out_w - 1) if out_w > 1 else 0
            x0 = int(math.floor(x))
            x1, fx = min(x0 + 1, w - 1), x - x0
            out[:, :, i, j] = ((1 - fy) * ((1 - fx) * a[:, :, y0, x0] + fx * a[:, :, y0, x1]) +
                               fy * ((1 - fx) * a[:, :, y1, x0] + fx * a[:, :, y1, x1]))
    return out


@pytest.mark.parametrize('in_size,kwargs,out_size', [((3, 4), dict(scale_factor=2), (6, 8)),
                                                     ((3, 4), dict(size=(5, 7)), (5, 7)),
                                                     ((1, 1), dict(size=3), (3, 3)),
                                                     ((5, 6), dict(size=(3, 1)), (3, 1))])
def test_upsampling_bilinear_matches_numpy(in_size, kwargs, out_size):
    x = var(2, 3, *in_size)
    out = nn.UpsamplingBilinear2d(**kwargs)(x)
    assert np.allclose(out.data.numpy(), bilinear_numpy(x.data.numpy(), *out_size))
    # the corner pixels stay on the corners (the last one where the output has room for it)
    assert np.array_equal(out.data.numpy()[:, :, 0, 0], x.data.numpy()[:, :, 0, 0])
    if min(out_size) > 1:
        assert np.allclose(out.data.numpy()[:, :, -1, -1], x.data.numpy()[:, :, -1, -1])


def test_upsampling_gradcheck():
    check_gradients(lambda v: F.upsample_nearest(v, scale_factor=2), var(2, 2, 3, 2))
    check_gradients(lambda v: F.upsample_bilinear(v, size=(5, 4)), var(1, 2, 3, 3))
    check_gradients(lambda v: F.upsample_bilinear(v, scale_factor=2), var(2, 1, 2, 3))


def test_upsampling_errors_and_reprs():
    with pytest.raises(ValueError, match='either size or scale_factor should be defined'):
        nn.UpsamplingNearest2d()
    with pytest.raises(ValueError, match='scale_factor must be of integer type'):
        nn.UpsamplingBilinear2d(scale_factor=1.5)
    with pytest.raises(RuntimeError, match=r'divisible by the input size, but got: 1x1x3x4'):
        nn.UpsamplingNearest2d(size=(7, 8))(var(1, 1, 3, 4))
    with pytest.raises(RuntimeError, match="aspect ratio"):
        nn.UpsamplingNearest2d(size=(6, 12))(var(1, 1, 3, 4))
    with pytest.raises(RuntimeError, match='4D tensor .* but got size 2x3x4'):
        nn.UpsamplingBilinear2d(scale_factor=2)(var(2, 3, 4))
    with pytest.raises(RuntimeError, match='scale_factor should be greater than zero'):
        nn.UpsamplingNearest2d(scale_factor=0)(var(1, 1, 2, 2))
    assert repr(nn.UpsamplingNearest2d(scale_factor=2)) == 'UpsamplingNearest2d (scale_factor=2)'
    assert repr(nn.UpsamplingBilinear2d(size=4)) == 'UpsamplingBilinear2d (size=(4, 4))'


# ---- padding -------------------------------------------------------------------------------

@pytest.mark.parametrize('padding', [(1, 2, 3, 0), 2, (0, 0, 0, 0)])
def test_paddings_match_numpy(padding):
    x = var(2, 3, 4, 5)
    left, right, top, bottom = (padding,) * 4 if isinstance(padding, int) else padding
    widths = ((0, 0), (0, 0), (top, bottom), (left, right))
    a = x.data.numpy()
    assert np.array_equal(nn.ReflectionPad2d(padding)(x).data.numpy(),
                          np.pad(a, widths, mode='reflect'))
    assert np.array_equal(nn.ReplicationPad2d(padding)(x).data.numpy(),
                          np.pad(a, widths, mode='edge'))


def test_negative_padding_crops():
    x = var(1, 2, 4, 5)
    cropped = x.data.numpy()[:, :, 2:, 1:]
    out = nn.ReplicationPad2d((-1, 0, -2, 0))(x)
    assert np.array_equal(out.data.numpy(), cropped)
    out = nn.ReflectionPad2d((-1, 1, 0, -1))(x[0])
    assert np.array_equal(out.data.numpy(),
                          np.pad(x.data.numpy()[0, :, :3, 1:], ((0, 0), (0, 0), (0, 1)),
                                 mode='reflect'))


def test_padding_gradcheck():
    check_gradients(nn.ReflectionPad2d((2, 1, 0, 3)), var(2, 2, 4, 3))
    check_gradients(nn.ReplicationPad2d((3, 0, 2, 1)), var(1, 2, 2, 3))


def test_padding_errors_and_reprs():
    with pytest.raises(RuntimeError, match=r'padding \(4, 0, 0, 0\) .* smaller than the input '
                                           r'planes it reflects, but got input of size 1x1x4x4'):
        nn.ReflectionPad2d((4, 0, 0, 0))(var(1, 1, 4, 4))
    with pytest.raises(RuntimeError, match=r'Calculated output size: \(1x1x0x4\)\. Output size is '
                                           r'too small'):
        nn.ReplicationPad2d((0, 0, -2, -2))(var(1, 1, 4, 4))
    with pytest.raises(RuntimeError, match='3D or 4D tensor, but got size 4x4'):
        nn.ReplicationPad2d(1)(var(4, 4))
    assert repr(nn.ReflectionPad2d((1, 2, 3, 4))) == 'ReflectionPad2d (1, 2, 3, 4)'
    assert repr(nn.ReplicationPad2d(2)) == 'ReplicationPad2d (2, 2, 2, 2)'


# ---- PixelShuffle ----------------------------------------------------------------------------

@pytest.mark.parametrize('r', [2, 3])
def test_pixel_shuffle_moves_channels_into_pixels(r):
    x = var(2, 2 * r * r, 3, 4)
    out = nn.PixelShuffle(r)(x)
    assert out.size() == torch_early.Size([2, 2, 3 * r, 4 * r])
    a, o = x.data.numpy(), out.data.numpy()
    for c in range(2):
        for h in range(3 * r):
            for w in range(4 * r):
                channel = c * r * r + (h % r) * r + (w % r)
                assert np.array_equal(o[:, c, h, w], a[:, channel, h // r, w // r])


def test_pixel_shuffle_gradient_moves_back():
    x = var(1, 8, 2, 3)
    out = F.pixel_shuffle(x, 2)
    out.backward(out.data)
    assert np.array_equal(x.grad.data.numpy(), x.data.numpy())
    check_gradients(lambda v: F.pixel_shuffle(v, 2), var(1, 4, 2, 2))


def test_pixel_shuffle_errors_and_repr():
    with pytest.raises(RuntimeError, match='the 6 channels of input of size 1x6x2x2 are not a '
                                           r'multiple of upscale_factor \*\* 2 = 4'):
        F.pixel_shuffle(var(1, 6, 2, 2), 2)
    with pytest.raises(ValueError, match='4D input'):
        nn.PixelShuffle(2)(var(4, 2, 2))
    assert repr(nn.PixelShuffle(3)) == 'PixelShuffle (upscale_factor=3)'


@pytest.mark.parametrize('factor, error, message', [
    (0, ValueError, 'upscale_factor must be at least 1, but got 0'),
    (-2, ValueError, 'upscale_factor must be at least 1, but got -2'),
    (1.5, TypeError, 'upscale_factor must be a whole number, but got float'),
    ('2', TypeError, 'upscale_factor must be a whole number, but got str'),
])
def test_an_upscale_factor_below_one_or_not_whole_is_refused(factor, error, message):
    with pytest.raises(error, match='pixel_shuffle: ' + message):
        F.pixel_shuffle(var(1, 4, 2, 2), factor)
    with pytest.raises(error, match=message):
        nn.PixelShuffle(factor)(var(1, 4, 2, 2))


# -- F.pad, ConstantPad2d, ZeroPad2d, the misspelt bilinear names --------------------------------

def numpy_constant_pad(x, left, right, top, bottom, value):
    """x (batch, planes, h, w) padded with value (negative sides cropped), by NumPy."""
    h, w = x.shape[2], x.shape[3]
    out = np.full(x.shape[:2] + (h + top + bottom, w + left + right), value, dtype=x.dtype)
    for i in range(h):
        for j in range(w):
            oi, oj = i + top, j + left
            if 0 <= oi < out.shape[2] and 0 <= oj < out.shape[3]:
                out[:, :, oi, oj] = x[:, :, i, j]
    return out


@pytest.mark.parametrize('pad, value', [((1, 2, 0, 3), 0), ((-1, 1, -2, 1), 2.5),
                                        ((0, -2, 1, -1), -1), ((2, 2, 2, 2), 0)])
def test_constant_pad_matches_numpy_and_gradchecks(pad, value):
    x = var(2, 3, 4, 4)
    out = F.pad(x, pad, value=value)
    np.testing.assert_allclose(out.data.numpy(), numpy_constant_pad(x.data.numpy(), *pad, value))
    assert gradcheck(lambda x: F.pad(x, pad, value=value), (x,))


def test_pad_modes_reach_the_reflection_and_replication_kernels():
    x = var(1, 2, 3, 4)
    assert F.pad(x, (2, 1, 1, 2), mode='reflect').data.equal(
        nn.ReflectionPad2d((2, 1, 1, 2))(x).data)
    assert F.pad(x, (-1, 1, 2, 0), mode='replicate').data.equal(
        nn.ReplicationPad2d((-1, 1, 2, 0))(x).data)
    volume = var(1, 2, 2, 3, 3)
    assert F.pad(volume, (1, 0, 0, 1, 1, 1), mode='replicate').size() == \
        torch_early.Size([1, 2, 4, 4, 4])
    assert gradcheck(lambda x: F.pad(x, (1, -1, 0, 1, 1, 0), mode='replicate'), (volume,))


def test_pad_errors():
    with pytest.raises(ValueError, match='4 paddings'):
        F.pad(var(1, 1, 2, 2), (1, 1))
    with pytest.raises(ValueError, match='6 paddings'):
        F.pad(var(1, 1, 2, 2, 2), (1, 1, 1, 1), mode='replicate')
    with pytest.raises(ValueError, match="mode must be"):
        F.pad(var(1, 1, 2, 2), (1, 1, 1, 1), mode='wrap')
    with pytest.raises(NotImplementedError, match="only in 'replicate'"):
        F.pad(var(1, 1, 2, 2, 2), (1,) * 6)
    with pytest.raises(NotImplementedError, match='only 4D and 5D'):
        F.pad(var(2, 2), (1, 1, 1, 1))
    with pytest.raises(ValueError, match='leaves no element'):
        F.pad(var(1, 1, 2, 2), (0, 0, -1, -1))


def test_constant_and_zero_pad_modules():
    module = nn.ConstantPad2d((1, 2, 3, 4), 2)
    assert repr(module) == 'ConstantPad2d (1, 2, 3, 4)'
    out = module(var(2, 3, 4, 4))
    assert out.size() == torch_early.Size([2, 3, 11, 7])
    assert out.data[0][0][0][0] == 2
    zero = nn.ZeroPad2d(1)
    assert repr(zero) == 'ZeroPad2d (1, 1, 1, 1)' and zero.value == 0
    x = var(1, 1, 2, 2)
    padded = zero(x).data
    assert padded.sum() == pytest.approx(x.data.sum()) and padded.size() == (1, 1, 4, 4)


def test_misspelt_bilinear_names_are_the_bilinear_upsampling():
    x = var(1, 2, 2, 3)
    assert F.upsample_billinear(x, scale_factor=2).data.equal(
        F.upsample_bilinear(x, scale_factor=2).data)
    module = nn.UpsamplingBillinear2d(size=(4, 6))
    assert isinstance(module, nn.UpsamplingBilinear2d)
    assert repr(module) == 'UpsamplingBillinear2d (size=(4, 6))'
    assert module(x).data.equal(nn.UpsamplingBilinear2d(size=(4, 6))(x).data)
