"""nn.MaxPool1d/3d, AvgPool1d/3d, MaxUnpool1d/3d, ReplicationPad3d and their functional forms:
outputs against windows computed with NumPy, the indices of the maxima, the unpooling round trip,
gradcheck in double, reprs and the errors for wrong sizes and inputs."""
import itertools

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


def numpy_pool(x, kernel, stride, padding, dilation, reduce, ceil_mode=False):
    """Apply `reduce` to the elements of every window of an (n, c, *spatial) array (each window's
    elements inside the input, gathered one position at a time)."""
    spatial = x.shape[2:]
    rounding = np.ceil if ceil_mode else np.floor
    out = []
    for size, k, s, p, d in zip(spatial, kernel, stride, padding, dilation):
        o = int(rounding((size + 2 * p - d * (k - 1) - 1) / s)) + 1
        if ceil_mode and (o - 1) * s >= size + p:   # a window may not start in the padding
            o -= 1
        out.append(o)
    result = np.zeros(x.shape[:2] + tuple(out))
    for position in itertools.product(*(range(o) for o in out)):
        elements = []
        for offset in itertools.product(*(range(k) for k in kernel)):
            where = [o * s - p + i * d
                     for o, s, p, i, d in zip(position, stride, padding, offset, dilation)]
            if all(0 <= w < size for w, size in zip(where, spatial)):
                elements.append(x[(slice(None), slice(None)) + tuple(where)])
        result[(slice(None), slice(None)) + position] = reduce(np.stack(elements, axis=-1))
    return result


def window_max(elements):
    return elements.max(axis=-1)


def window_mean(elements):
    return elements.mean(axis=-1)


# -- 1-D ----------------------------------------------------------------------------------------

@pytest.mark.parametrize('kernel,stride,padding,dilation,ceil_mode', [
    (2, None, 0, 1, False), (3, 2, 1, 1, False), (2, 2, 0, 1, True), (2, 1, 1, 2, False)])
def test_max_pool1d_matches_numpy(kernel, stride, padding, dilation, ceil_mode):
    x = var(2, 3, 9)
    out = F.max_pool1d(x, kernel, stride, padding, dilation, ceil_mode)
    expected = numpy_pool(x.data.numpy(), (kernel,), (stride or kernel,), (padding,),
                          (dilation,), window_max, ceil_mode)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_max_pool1d_indices_are_positions_along_the_length():
    x = Variable(torch_early.DoubleTensor([[[3, 1, 4, 1, 5, 9, 2, 6]]]), requires_grad=True)
    out, indices = nn.MaxPool1d(2, return_indices=True)(x)
    assert isinstance(indices.data, torch_early.LongTensor)
    assert indices.data.tolist() == [[[0, 2, 5, 7]]]
    assert out.data.tolist() == [[[3, 4, 9, 6]]]
    assert out.requires_grad and not indices.requires_grad
    out.backward(torch_early.ones(1, 1, 4).double())
    assert x.grad.data.tolist() == [[[1, 0, 1, 0, 0, 1, 0, 1]]]


def test_changing_the_returned_1d_indices_invalidates_backward():
    out, indices = nn.MaxPool1d(2, return_indices=True)(var(1, 2, 6))
    indices.add_(1)
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        out.backward(torch_early.ones(1, 2, 3).double())


@pytest.mark.parametrize('padding,count_include_pad', [(0, True), (1, True), (1, False)])
def test_avg_pool1d_matches_numpy(padding, count_include_pad):
    x = var(2, 3, 7)
    out = F.avg_pool1d(x, 3, 2, padding, count_include_pad=count_include_pad)
    if count_include_pad:   # the zero padding is part of each window
        padded = np.pad(x.data.numpy(), ((0, 0), (0, 0), (padding, padding)))
        expected = numpy_pool(padded, (3,), (2,), (0,), (1,), window_mean)
    else:
        expected = numpy_pool(x.data.numpy(), (3,), (2,), (padding,), (1,), window_mean)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_pool1d_gradcheck():
    assert gradcheck(lambda v: F.max_pool1d(v, 3, 2, 1, ceil_mode=True), (var(2, 2, 8),),
                     eps=1e-6, atol=1e-5)
    assert gradcheck(lambda v: F.avg_pool1d(v, 3, 2, 1), (var(2, 2, 8),), eps=1e-6, atol=1e-5)


def test_max_unpool1d_round_trip_and_gradient():
    x = Variable(torch_early.DoubleTensor(2, 3, 8).uniform_(0.5, 1))   # no maximum is zero
    pooled, indices = F.max_pool1d(x, 2, return_indices=True)
    unpooled = nn.MaxUnpool1d(2)(pooled, indices)
    assert unpooled.size() == x.size()
    kept = unpooled.data.numpy() != 0
    assert kept.sum() == pooled.data.numel()
    assert np.array_equal(unpooled.data.numpy()[kept], x.data.numpy()[kept])
    assert np.array_equal(F.max_pool1d(unpooled, 2).data.numpy(), pooled.data.numpy())
    assert nn.MaxUnpool1d(2)(pooled, indices, output_size=(9,)).size() == \
        torch_early.Size([2, 3, 9])
    pooled = Variable(pooled.data, requires_grad=True)
    assert gradcheck(lambda v: F.max_unpool1d(v, indices, 2), (pooled,), eps=1e-6, atol=1e-5)


def test_1d_layers_need_a_3d_input():
    for layer in (nn.MaxPool1d(2), nn.AvgPool1d(2)):
        with pytest.raises(ValueError, match=r'3D input .* but got a 4D input of size '
                                             r'\(1, 1, 2, 4\)'):
            layer(var(1, 1, 2, 4))
    with pytest.raises(ValueError, match='3D input'):
        nn.MaxUnpool1d(2)(var(2, 4), Variable(torch_early.LongTensor(2, 4).zero_()))


def test_max_pool1d_window_longer_than_the_input_names_the_sizes():
    with pytest.raises(RuntimeError, match=r'Given input size: \(1x2x1x3\)\. Calculated output '
                                           r'size: \(1x2x1x0\)\. Output size is too small'):
        F.max_pool1d(var(1, 2, 3), 4)


# -- 3-D ----------------------------------------------------------------------------------------

@pytest.mark.parametrize('kernel,stride,padding,dilation,ceil_mode', [
    ((2, 2, 2), None, (0, 0, 0), (1, 1, 1), False),
    ((3, 2, 2), (2, 1, 2), (1, 1, 0), (1, 1, 1), False),
    ((2, 2, 2), (2, 2, 2), (0, 0, 0), (1, 1, 1), True),
    ((2, 2, 3), (1, 2, 1), (1, 0, 1), (2, 2, 1), False)])
def test_max_pool3d_matches_numpy(kernel, stride, padding, dilation, ceil_mode):
    x = var(2, 2, 5, 6, 5)
    out = F.max_pool3d(x, kernel, stride, padding, dilation, ceil_mode)
    expected = numpy_pool(x.data.numpy(), kernel, stride or kernel, padding, dilation,
                          window_max, ceil_mode)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_max_pool3d_indices_are_positions_in_the_volume():
    x = Variable(torch_early.range(1, 64).view(1, 1, 4, 4, 4).double(), requires_grad=True)
    out, indices = nn.MaxPool3d(2, return_indices=True)(x)
    # the maximum of each 2x2x2 block is its last element: t*16 + h*4 + w for odd t, h, w
    expected = [t * 16 + h * 4 + w for t in (1, 3) for h in (1, 3) for w in (1, 3)]
    assert indices.data.view(8).tolist() == expected
    assert out.data.view(8).tolist() == [i + 1 for i in expected]
    assert not indices.requires_grad
    out.backward(torch_early.ones(1, 1, 2, 2, 2).double(), retain_variables=True)
    grad = np.zeros(64)
    grad[expected] = 1
    assert np.array_equal(x.grad.data.view(64).numpy(), grad)
    indices.add_(1)
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        out.backward(torch_early.ones(1, 1, 2, 2, 2).double())


def test_max_pool3d_takes_a_single_volume():
    x = var(2, 4, 4, 4)
    batched = F.max_pool3d(x.unsqueeze(0), 2)
    assert F.max_pool3d(x, 2).size() == torch_early.Size([2, 2, 2, 2])
    assert np.array_equal(F.max_pool3d(x, 2).data.numpy(), batched.data.numpy()[0])


def test_avg_pool3d_matches_numpy():
    x = var(2, 3, 4, 5, 6)
    out = F.avg_pool3d(x, (2, 3, 2), (1, 2, 2))
    expected = numpy_pool(x.data.numpy(), (2, 3, 2), (1, 2, 2), (0, 0, 0), (1, 1, 1),
                          window_mean)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)
    assert nn.AvgPool3d(2)(x).size() == torch_early.Size([2, 3, 2, 2, 3])


@pytest.mark.parametrize('ceil_mode', [False, True])
def test_max_pool3d_gradcheck(ceil_mode):
    assert gradcheck(lambda v: F.max_pool3d(v, (2, 3, 2), (2, 1, 2), (1, 1, 0),
                                            ceil_mode=ceil_mode),
                     (var(1, 2, 3, 4, 5),), eps=1e-6, atol=1e-5)


def test_avg_pool3d_gradcheck():
    assert gradcheck(lambda v: F.avg_pool3d(v, 2, (1, 2, 1)), (var(2, 1, 3, 4, 3),), eps=1e-6,
                     atol=1e-5)


def test_max_unpool3d_round_trip_output_size_and_gradient():
    x = Variable(torch_early.DoubleTensor(1, 2, 4, 4, 6).uniform_(0.5, 1))
    pooled, indices = nn.MaxPool3d(2, return_indices=True)(x)
    unpool = nn.MaxUnpool3d(2)
    unpooled = unpool(pooled, indices)
    assert unpooled.size() == x.size()
    kept = unpooled.data.numpy() != 0
    assert kept.sum() == pooled.data.numel()
    assert np.array_equal(unpooled.data.numpy()[kept], x.data.numpy()[kept])
    assert unpool(pooled, indices, output_size=(5, 4, 7)).size() == \
        torch_early.Size([1, 2, 5, 4, 7])
    assert unpool(pooled, indices, output_size=[1, 2, 4, 5, 6]).size() == \
        torch_early.Size([1, 2, 4, 5, 6])
    with pytest.raises(ValueError, match=r'invalid output_size \(6, 4, 6\)'):
        unpool(pooled, indices, output_size=(6, 4, 6))
    with pytest.raises(ValueError, match='output_size should be a sequence of 3 or 5'):
        unpool(pooled, indices, output_size=(4, 4))
    pooled = Variable(pooled.data, requires_grad=True)
    assert gradcheck(lambda v: F.max_unpool3d(v, indices, 2), (pooled,), eps=1e-6, atol=1e-5)


def test_max_unpool3d_index_outside_the_output_is_an_error():
    pooled = var(1, 1, 1, 1, 1)
    indices = Variable(torch_early.LongTensor([[[[[8]]]]]))   # the 2x2x2 output has 0 to 7
    with pytest.raises(RuntimeError, match='indices should be positions in planes of 8 '
                                           'elements, but found 8'):
        F.max_unpool3d(pooled, indices, 2)


def test_3d_errors_name_the_sizes():
    with pytest.raises(RuntimeError, match=r'Given input size: \(1x1x2x4x4\)\. Calculated output '
                                           r'size: \(1x1x0x2x2\)\. Output size is too small'):
        F.max_pool3d(var(1, 1, 2, 4, 4), (3, 2, 2))
    with pytest.raises(RuntimeError, match='input should be a 4D or 5D tensor, but got size 4x4'):
        F.avg_pool3d(var(4, 4), 2)
    with pytest.raises(RuntimeError, match='pad should be at most half of kernel size'):
        F.max_pool3d(var(1, 1, 4, 4, 4), 2, padding=(0, 2, 0))


# -- ReplicationPad3d ---------------------------------------------------------------------------

def test_replication_pad3d_matches_numpy_edge_padding():
    x = var(2, 3, 3, 4, 5)
    out = nn.ReplicationPad3d((1, 2, 3, 0, 2, 1))(x)   # left, right, top, bottom, front, back
    expected = np.pad(x.data.numpy(), ((0, 0), (0, 0), (2, 1), (3, 0), (1, 2)), mode='edge')
    assert out.size() == torch_early.Size(expected.shape)
    assert np.array_equal(out.data.numpy(), expected)
    assert nn.ReplicationPad3d(1)(x).size() == torch_early.Size([2, 3, 5, 6, 7])


def test_replication_pad3d_negative_padding_crops():
    x = var(1, 1, 4, 4, 4)
    out = nn.ReplicationPad3d((-1, 0, 0, -2, 1, 0))(x)
    expected = np.pad(x.data.numpy()[:, :, :, :2, 1:], ((0, 0), (0, 0), (1, 0), (0, 0), (0, 0)),
                      mode='edge')
    assert np.array_equal(out.data.numpy(), expected)


def test_replication_pad3d_gradcheck():
    assert gradcheck(nn.ReplicationPad3d((2, 0, 1, 1, 0, 3)), (var(1, 2, 2, 3, 2),), eps=1e-6,
                     atol=1e-5)


def test_replication_pad3d_errors():
    with pytest.raises(ValueError, match='one padding or 6'):
        nn.ReplicationPad3d((1, 2, 3))
    with pytest.raises(RuntimeError, match='input should be a 4D or 5D tensor, but got size 3x3'):
        nn.ReplicationPad3d(1)(var(3, 3))
    with pytest.raises(RuntimeError, match=r'Calculated output size: \(1x1x2x0x2\)'):
        nn.ReplicationPad3d((0, 0, -1, -1, 0, 0))(var(1, 1, 2, 2, 2))


# -- modules ------------------------------------------------------------------------------------

def test_stride_defaults_to_the_kernel_size():
    assert nn.MaxPool1d(3).stride == 3
    assert nn.AvgPool1d(3).stride == 3
    assert nn.MaxPool3d((1, 2, 3)).stride == (1, 2, 3)
    assert nn.AvgPool3d(2).stride == 2
    assert nn.MaxUnpool1d(3).stride == (3,)
    assert nn.MaxUnpool3d(2, padding=1).stride == (2, 2, 2)


def test_reprs():
    assert repr(nn.MaxPool1d(3)) == 'MaxPool1d (size=(3,), stride=(3,))'
    assert repr(nn.MaxPool1d(3, 2, 1, 2)) == \
        'MaxPool1d (size=(3,), stride=(2,), padding=(1,), dilation=(2,))'
    assert repr(nn.MaxPool3d(2)) == 'MaxPool3d (size=(2, 2, 2), stride=(2, 2, 2))'
    assert repr(nn.MaxPool3d((1, 2, 3), 1, (0, 1, 1))) == \
        'MaxPool3d (size=(1, 2, 3), stride=(1, 1, 1), padding=(0, 1, 1))'
    assert repr(nn.ReplicationPad3d((1, 2, 3, 4, 5, 6))) == 'ReplicationPad3d (1, 2, 3, 4, 5, 6)'
    assert repr(nn.AvgPool3d(2)) == 'AvgPool3d (\n)'


def test_layers_in_a_sequential_on_float_tensors():
    model = nn.Sequential(nn.ReplicationPad3d(1), nn.MaxPool3d(2), nn.AvgPool3d(2))
    x = Variable(torch_early.FloatTensor(2, 3, 6, 6, 6).uniform_(), requires_grad=True)
    out = model(x)
    assert isinstance(out.data, torch_early.FloatTensor)
    assert out.size() == torch_early.Size([2, 3, 2, 2, 2])
    out.sum().backward()
    assert x.grad.size() == x.size()
