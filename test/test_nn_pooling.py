"""nn.MaxPool2d/AvgPool2d/MaxUnpool2d and their functional forms: outputs against NumPy
windows, the indices of the maxima, ceil_mode, padding, count_include_pad, the unpooling round
trip and its output_size, gradcheck, reprs and the size errors."""
import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable, gradcheck
import torch_early.nn.functional as F


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def var(*size, requires_grad=True):
    return Variable(torch_early.DoubleTensor(*size).uniform_(-1, 1), requires_grad=requires_grad)


def numpy_pool(x, kernel, stride, padding, reduce, pad_value, ceil_mode=False):
    """Apply `reduce` to every window of a (n, c, h, w) array padded with pad_value."""
    n, c, h, w = x.shape
    (kh, kw), (sh, sw), (ph, pw) = kernel, stride, padding
    rounding = np.ceil if ceil_mode else np.floor
    oh = int(rounding((h + 2 * ph - kh) / sh)) + 1
    ow = int(rounding((w + 2 * pw - kw) / sw)) + 1
    if ceil_mode:   # the last window must start inside the image or its left padding
        oh -= (oh - 1) * sh >= h + ph
        ow -= (ow - 1) * sw >= w + pw
    padded = np.full((n, c, h + 2 * ph + sh, w + 2 * pw + sw), pad_value)
    padded[:, :, ph:ph + h, pw:pw + w] = x
    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            window = padded[:, :, i * sh:min(i * sh + kh, h + 2 * ph),
                            j * sw:min(j * sw + kw, w + 2 * pw)]
            out[:, :, i, j] = reduce(window)
    return out


def window_max(window):
    return window.max(axis=(2, 3))


def window_mean(window):
    return window.mean(axis=(2, 3))


@pytest.mark.parametrize('kernel,stride,padding', [((2, 2), (2, 2), (0, 0)),
                                                   ((3, 2), (2, 1), (1, 1)),
                                                   ((3, 3), (1, 2), (1, 0))])
def test_max_pool2d_matches_numpy(kernel, stride, padding):
    x = var(2, 3, 7, 6)
    out = F.max_pool2d(x, kernel, stride, padding)
    expected = numpy_pool(x.data.numpy(), kernel, stride, padding, window_max, -np.inf)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_max_pool2d_ceil_mode_keeps_the_partial_window():
    x = var(1, 2, 5, 5)
    floor = F.max_pool2d(x, 2)
    ceil = F.max_pool2d(x, 2, ceil_mode=True)
    assert floor.size() == torch_early.Size([1, 2, 2, 2])
    assert ceil.size() == torch_early.Size([1, 2, 3, 3])
    expected = numpy_pool(x.data.numpy(), (2, 2), (2, 2), (0, 0), window_max, -np.inf, True)
    assert np.allclose(ceil.data.numpy(), expected)


def test_max_pool2d_indices_point_at_the_maxima():
    x = Variable(torch_early.range(1, 16).view(1, 1, 4, 4).double(), requires_grad=True)
    out, indices = F.max_pool2d(x, 2, return_indices=True)
    assert isinstance(indices.data, torch_early.LongTensor)
    assert indices.data.view(4).tolist() == [5, 7, 13, 15]
    assert out.data.view(4).tolist() == [6, 8, 14, 16]
    assert out.requires_grad and not indices.requires_grad
    out.backward(torch_early.ones(1, 1, 2, 2).double())
    grad = np.zeros(16)
    grad[[5, 7, 13, 15]] = 1
    assert np.array_equal(x.grad.data.view(16).numpy(), grad)


def test_changing_the_returned_indices_invalidates_backward():
    x = var(1, 1, 4, 4)
    out, indices = nn.MaxPool2d(2, return_indices=True)(x)
    indices.add_(1)
    with pytest.raises(RuntimeError):
        out.backward(torch_early.ones(1, 1, 2, 2).double())


@pytest.mark.parametrize('ceil_mode', [False, True])
def test_max_pool2d_gradcheck(ceil_mode):
    x = var(2, 2, 5, 5)
    assert gradcheck(lambda v: F.max_pool2d(v, (3, 2), (2, 1), (1, 1), ceil_mode=ceil_mode),
                     (x,), eps=1e-6, atol=1e-5)


@pytest.mark.parametrize('padding,count_include_pad', [(0, True), (1, True), (1, False)])
def test_avg_pool2d_matches_numpy(padding, count_include_pad):
    x = var(2, 3, 6, 5)
    out = F.avg_pool2d(x, 2, 2, padding, count_include_pad=count_include_pad)
    if count_include_pad:
        expected = numpy_pool(x.data.numpy(), (2, 2), (2, 2), (padding,) * 2, window_mean, 0.)
    else:   # the mean of the window's image elements only
        sums = numpy_pool(x.data.numpy(), (2, 2), (2, 2), (padding,) * 2,
                          lambda w: np.nansum(w, axis=(2, 3)), np.nan)
        counts = numpy_pool(np.ones(x.size()), (2, 2), (2, 2), (padding,) * 2,
                            lambda w: np.nansum(w, axis=(2, 3)), np.nan)
        expected = sums / counts
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_avg_pool2d_gradcheck():
    assert gradcheck(lambda v: F.avg_pool2d(v, 3, 2, 1, ceil_mode=True), (var(1, 2, 6, 5),),
                     eps=1e-6, atol=1e-5)


def test_max_unpool2d_round_trip():
    x = Variable(torch_early.DoubleTensor(2, 3, 6, 6).uniform_(0.5, 1))   # no maximum is zero
    pooled, indices = nn.MaxPool2d(2, return_indices=True)(x)
    unpooled = nn.MaxUnpool2d(2)(pooled, indices)
    assert unpooled.size() == x.size()
    # each maximum is back in its place and everything else is zero
    assert np.allclose(F.max_pool2d(unpooled, 2).data.numpy(), pooled.data.numpy())
    assert (unpooled.data.ne(0).long().sum()) == pooled.data.numel()
    kept = unpooled.data.numpy() != 0
    assert np.array_equal(unpooled.data.numpy()[kept], x.data.numpy()[kept])


def test_max_unpool2d_output_size():
    pool = nn.MaxPool2d(3, stride=2, return_indices=True)
    unpool = nn.MaxUnpool2d(3, stride=2)
    pooled, indices = pool(var(1, 1, 5, 5))
    assert unpool(pooled, indices).size() == torch_early.Size([1, 1, 5, 5])
    assert unpool(pooled, indices, output_size=(6, 4)).size() == torch_early.Size([1, 1, 6, 4])
    assert unpool(pooled, indices, output_size=[1, 1, 4, 5]).size() == \
        torch_early.Size([1, 1, 4, 5])
    with pytest.raises(ValueError, match='output_size'):
        unpool(pooled, indices, output_size=(7, 5))
    with pytest.raises(ValueError, match='output_size'):
        unpool(pooled, indices, output_size=(3, 5))


def test_max_unpool2d_index_outside_the_output_is_an_error():
    x = torch_early.rand(1, 1, 6, 6).double()
    x[0][0][4][4] = 100                # index 28, outside the 5x5 default unpooled size
    pooled, indices = nn.MaxPool2d(3, stride=2, return_indices=True)(Variable(x))
    with pytest.raises(RuntimeError):
        nn.MaxUnpool2d(3, stride=2)(pooled, indices)


def test_max_unpool2d_gradcheck():
    pooled, indices = F.max_pool2d(var(1, 2, 4, 4), 2, return_indices=True)
    source = Variable(pooled.data.clone(), requires_grad=True)
    assert gradcheck(lambda v: F.max_unpool2d(v, indices, 2), (source,), eps=1e-6, atol=1e-5)


def test_pooling_reprs():
    assert repr(nn.MaxPool2d(3, stride=2)) == \
        'MaxPool2d (size=(3, 3), stride=(2, 2), dilation=(1, 1))'
    assert repr(nn.MaxPool2d((3, 2), padding=1, dilation=2)) == \
        'MaxPool2d (size=(3, 2), stride=(3, 2), padding=(1, 1), dilation=(2, 2))'
    assert repr(nn.AvgPool2d(2)) == 'AvgPool2d (\n)'


def test_pooling_a_window_larger_than_the_input_is_an_error():
    with pytest.raises(RuntimeError, match='2x2'):
        F.max_pool2d(var(1, 1, 2, 2), 3)
    with pytest.raises(RuntimeError, match='2x2'):
        F.avg_pool2d(var(1, 1, 2, 2), 3)


def test_float_pooling():
    x = Variable(torch_early.randn(1, 2, 4, 4))
    assert isinstance(F.max_pool2d(x, 2).data, torch_early.FloatTensor)
    assert isinstance(F.avg_pool2d(x, 2).data, torch_early.FloatTensor)


def test_max_pool2d_with_dilation_spreads_the_window():
    x = var(1, 2, 7, 7)
    out = nn.MaxPool2d(2, stride=1, dilation=2)(x)
    data = x.data.numpy()
    # a dilated 2x2 window takes the corners of a 3x3 block
    corners = np.stack([data[:, :, i:i + 5, j:j + 5] for i in (0, 2) for j in (0, 2)])
    assert out.size() == torch_early.Size([1, 2, 5, 5])
    assert np.allclose(out.data.numpy(), corners.max(axis=0))


# -- AdaptiveMaxPool1d, AdaptiveAvgPool1d ----------------------------------------------------------

def adaptive_windows(length, size):
    """The windows [floor(i*L/n), ceil((i+1)*L/n)) of adaptive pooling."""
    return [(i * length // size, -(-(i + 1) * length // size)) for i in range(size)]


@pytest.mark.parametrize('length, size', [(5, 3), (6, 2), (4, 4), (3, 5)])
def test_adaptive_pool1d_against_its_windows(length, size):
    x = var(2, 3, length)
    out, indices = F.adaptive_max_pool1d(x, size, return_indices=True)
    avg = F.adaptive_avg_pool1d(x, size)
    data = x.data.numpy()
    for i, (start, end) in enumerate(adaptive_windows(length, size)):
        window = data[:, :, start:end]
        np.testing.assert_allclose(out.data.numpy()[:, :, i], window.max(2))
        np.testing.assert_allclose(avg.data.numpy()[:, :, i], window.mean(2))
        np.testing.assert_array_equal(indices.data.numpy()[:, :, i], window.argmax(2) + start)
    assert not indices.requires_grad
    assert gradcheck(lambda x: F.adaptive_max_pool1d(x, size), (x,))
    assert gradcheck(lambda x: F.adaptive_avg_pool1d(x, size), (x,))


def test_adaptive_pool1d_modules_and_errors():
    module = nn.AdaptiveMaxPool1d(3, return_indices=True)
    assert repr(module) == 'AdaptiveMaxPool1d (output_size=3)'
    out, indices = module(var(1, 2, 7))
    assert out.size() == indices.size() == torch_early.Size([1, 2, 3])
    assert repr(nn.AdaptiveAvgPool1d(2)) == 'AdaptiveAvgPool1d (output_size=2)'
    assert nn.AdaptiveAvgPool1d(2)(var(1, 2, 7)).size() == torch_early.Size([1, 2, 2])
    with pytest.raises(ValueError, match='3D input'):
        F.adaptive_max_pool1d(var(2, 7), 3)
    with pytest.raises(ValueError, match='3D input'):
        F.adaptive_avg_pool1d(var(1, 2, 2, 7), 3)
