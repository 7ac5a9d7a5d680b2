"""The dilated, 3-D and transposed convolutions: F.conv3d, F.conv_transpose1d/2d/3d, dilation in
F.conv1d/conv2d, and the modules Conv3d and ConvTranspose1d/2d/3d. Forward against a NumPy
convolution written as loops, gradcheck in double for input, weight and bias (with groups,
dilation, stride, padding and output_padding), the modules' shapes, initialisation, repr,
output_size and state_dict, the size errors; and the THNN convolutions that no Function uses
(local, connection table, VolumetricConvolution) through their bindings."""
import itertools
import math

import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable, gradcheck
from torch_early._thnn import type2backend
import torch_early.nn.functional as F


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def var(*size, requires_grad=True):
    return Variable(torch_early.DoubleTensor(*size).uniform_(-1, 1), requires_grad=requires_grad)


def positions(shape):
    return itertools.product(*[range(n) for n in shape])


def numpy_conv(x, w, b, stride, padding, dilation, groups=1):
    """Cross-correlation in any number of spatial dimensions, one output element at a time:
    out[n, o, p] = b[o] + sum over the group's channels and the kernel taps k of
    w[o, c, k] * x[n, c, p*stride - padding + k*dilation] (0 outside the input)."""
    spatial = x.shape[2:]
    kernel = w.shape[2:]
    out_c, c_per_group = w.shape[:2]
    out_shape = [(spatial[d] + 2 * padding[d] - dilation[d] * (kernel[d] - 1) - 1) // stride[d]
                 + 1 for d in range(len(spatial))]
    out = np.zeros((x.shape[0], out_c) + tuple(out_shape))
    out_per_group = out_c // groups
    for o in range(out_c):
        first = (o // out_per_group) * c_per_group
        for p in positions(out_shape):
            for k in positions(kernel):
                at = [p[d] * stride[d] - padding[d] + k[d] * dilation[d]
                      for d in range(len(spatial))]
                if all(0 <= at[d] < spatial[d] for d in range(len(spatial))):
                    pixels = x[(slice(None), slice(first, first + c_per_group)) + tuple(at)]
                    out[(slice(None), o) + p] += pixels @ w[(o, slice(None)) + k]
        if b is not None:
            out[:, o] += b[o]
    return out


def numpy_conv_transpose(x, w, b, stride, padding, output_padding, groups=1):
    """The transposed convolution, one input element at a time: x[n, i, p] times the kernel
    w[i, o, k] lands on out[n, o, p*stride - padding + k], for the group's output channels."""
    spatial = x.shape[2:]
    kernel = w.shape[2:]
    in_c, out_per_group = w.shape[:2]
    out_shape = [(spatial[d] - 1) * stride[d] - 2 * padding[d] + kernel[d] + output_padding[d]
                 for d in range(len(spatial))]
    out = np.zeros((x.shape[0], out_per_group * groups) + tuple(out_shape))
    in_per_group = in_c // groups
    for i in range(in_c):
        first = (i // in_per_group) * out_per_group
        for p in positions(spatial):
            for k in positions(kernel):
                at = [p[d] * stride[d] - padding[d] + k[d] for d in range(len(spatial))]
                if all(0 <= at[d] < out_shape[d] for d in range(len(spatial))):
                    target = (slice(None), slice(first, first + out_per_group)) + tuple(at)
                    out[target] += np.outer(x[(slice(None), i) + p], w[(i, slice(None)) + k])
    if b is not None:
        out += b.reshape((1, -1) + (1,) * len(spatial))
    return out


def numpy_of(*variables):
    return [None if v is None else v.data.numpy() for v in variables]


# ---- forward against NumPy ------------------------------------------------------------------

@pytest.mark.parametrize('stride,padding,dilation,groups', [
    (1, 0, 2, 1), (2, 1, 2, 1), (1, 2, 3, 2), (1, 1, 1, 1)])
def test_conv1d_dilated_matches_numpy(stride, padding, dilation, groups):
    x, w, b = var(2, 4, 11), var(6, 4 // groups, 3), var(6)
    out = F.conv1d(x, w, b, stride, padding, dilation, groups)
    expected = numpy_conv(*numpy_of(x, w, b), (stride,), (padding,), (dilation,), groups)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


@pytest.mark.parametrize('stride,padding,dilation,groups', [
    ((1, 1), (0, 0), (2, 2), 1), ((2, 1), (1, 2), (2, 3), 1), ((1, 2), (2, 1), (3, 1), 2)])
def test_conv2d_dilated_matches_numpy(stride, padding, dilation, groups):
    x, w, b = var(2, 4, 9, 8), var(2, 4 // groups, 3, 2), var(2)
    out = F.conv2d(x, w, b, stride, padding, dilation, groups)
    expected = numpy_conv(*numpy_of(x, w, b), stride, padding, dilation, groups)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


@pytest.mark.parametrize('stride,padding,dilation,groups', [
    ((1, 1, 1), (0, 0, 0), (1, 1, 1), 1), ((2, 1, 2), (1, 0, 1), (1, 1, 1), 1),
    ((1, 1, 1), (1, 1, 0), (2, 1, 2), 1), ((1, 2, 1), (0, 1, 1), (1, 1, 1), 2)])
def test_conv3d_matches_numpy(stride, padding, dilation, groups):
    x, w, b = var(2, 2, 5, 4, 6), var(4, 2 // groups, 2, 3, 2), var(4)
    out = F.conv3d(x, w, b, stride, padding, dilation, groups)
    expected = numpy_conv(*numpy_of(x, w, b), stride, padding, dilation, groups)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


@pytest.mark.parametrize('stride,padding,output_padding,groups', [
    (1, 0, 0, 1), (2, 1, 1, 1), (3, 2, 2, 1), (2, 0, 1, 2)])
def test_conv_transpose1d_matches_numpy(stride, padding, output_padding, groups):
    x, w, b = var(2, 4, 5), var(4, 3, 3), var(3 * groups)
    out = F.conv_transpose1d(x, w, b, stride, padding, output_padding, groups)
    expected = numpy_conv_transpose(*numpy_of(x, w, b), (stride,), (padding,),
                                    (output_padding,), groups)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


@pytest.mark.parametrize('stride,padding,output_padding,groups', [
    ((1, 1), (0, 0), (0, 0), 1), ((2, 3), (1, 0), (1, 2), 1), ((2, 1), (1, 1), (0, 0), 2)])
def test_conv_transpose2d_matches_numpy(stride, padding, output_padding, groups):
    x, w, b = var(2, 4, 3, 4), var(4, 2, 3, 2), var(2 * groups)
    out = F.conv_transpose2d(x, w, b, stride, padding, output_padding, groups)
    expected = numpy_conv_transpose(*numpy_of(x, w, b), stride, padding, output_padding, groups)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


@pytest.mark.parametrize('stride,padding,output_padding,groups', [
    ((1, 1, 1), (0, 0, 0), (0, 0, 0), 1), ((2, 1, 2), (1, 0, 1), (1, 0, 1), 1),
    ((1, 2, 1), (0, 1, 0), (0, 1, 0), 2)])
def test_conv_transpose3d_matches_numpy(stride, padding, output_padding, groups):
    x, w, b = var(1, 2, 3, 2, 3), var(2, 3, 2, 3, 2), var(3 * groups)
    out = F.conv_transpose3d(x, w, b, stride, padding, output_padding, groups)
    expected = numpy_conv_transpose(*numpy_of(x, w, b), stride, padding, output_padding, groups)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_a_transposed_convolution_is_the_gradient_of_the_convolution():
    """<conv(x), y> == <x, conv_transpose(y)> with the same weight, stride and padding."""
    x, w, y = var(2, 3, 7, 6), var(4, 3, 3, 2), var(2, 4, 4, 5)
    conv = F.conv2d(x, w, None, (2, 1), (1, 0))
    back = F.conv_transpose2d(y, w, None, (2, 1), (1, 0), (0, 0))
    assert back.size() == x.size()
    assert (conv * y).sum().data[0] == pytest.approx((x * back).sum().data[0])


def test_without_bias_and_on_float_tensors():
    x, w = var(1, 2, 4, 4, 4), var(3, 2, 2, 2, 2)
    expected = numpy_conv(*numpy_of(x, w), None, (1,) * 3, (0,) * 3, (1,) * 3)
    assert np.allclose(F.conv3d(x, w).data.numpy(), expected)
    xf, wf = Variable(x.data.float()), Variable(w.data.float())
    out = F.conv_transpose3d(xf, wf.transpose(0, 1).contiguous())
    assert isinstance(out.data, torch_early.FloatTensor)
    assert out.size() == torch_early.Size([1, 3, 5, 5, 5])


# ---- gradients --------------------------------------------------------------------------------

def check_gradients(function, inputs):
    assert gradcheck(function, inputs, eps=1e-6, atol=1e-5)


@pytest.mark.parametrize('with_bias', [True, False])
def test_dilated_conv_gradcheck(with_bias):
    bias = (var(4),) if with_bias else ()
    check_gradients(lambda *a: F.conv2d(*a, stride=(2, 1), padding=1, dilation=(2, 3), groups=2),
                    (var(2, 4, 7, 8), var(4, 2, 2, 2)) + bias)
    check_gradients(lambda *a: F.conv1d(*a, dilation=2, padding=1),
                    (var(2, 3, 7), var(4, 3, 3)) + bias)


@pytest.mark.parametrize('dilation', [1, 2])
def test_conv3d_gradcheck(dilation):
    check_gradients(lambda *a: F.conv3d(*a, stride=(1, 2, 1), padding=(1, 0, 1),
                                        dilation=dilation, groups=2),
                    (var(2, 2, 4, 5, 4), var(2, 1, 2, 2, 2), var(2)))


def test_conv_transpose_gradcheck():
    check_gradients(lambda *a: F.conv_transpose1d(*a, stride=2, padding=1, output_padding=1),
                    (var(2, 3, 4), var(3, 2, 3), var(2)))
    check_gradients(lambda *a: F.conv_transpose2d(*a, stride=(2, 3), padding=(1, 0),
                                                  output_padding=(1, 2), groups=2),
                    (var(2, 4, 3, 2), var(4, 1, 3, 2), var(2)))
    check_gradients(lambda *a: F.conv_transpose2d(*a), (var(1, 2, 2, 3), var(2, 2, 2, 2)))
    check_gradients(lambda *a: F.conv_transpose3d(*a, stride=2, padding=(0, 1, 0),
                                                  output_padding=(1, 0, 1)),
                    (var(1, 2, 2, 2, 2), var(2, 2, 2, 3, 2), var(2)))


def test_a_batch_of_one_and_one_pixel_images():
    x, w, b = var(1, 2, 1, 1), var(3, 2, 3, 3), var(3)
    out = F.conv2d(x, w, b, padding=2, dilation=2)
    expected = numpy_conv(*numpy_of(x, w, b), (1, 1), (2, 2), (2, 2))
    assert out.size() == torch_early.Size([1, 3, 1, 1])
    assert np.allclose(out.data.numpy(), expected)
    out = F.conv_transpose2d(x, w.transpose(0, 1).contiguous(), b)
    assert out.size() == torch_early.Size([1, 3, 3, 3])


# ---- the modules ------------------------------------------------------------------------------

def test_module_shapes_defaults_and_initialisation():
    conv = nn.Conv3d(4, 6, (2, 3, 1), groups=2)
    assert conv.weight.size() == torch_early.Size([6, 2, 2, 3, 1])
    assert (conv.stride, conv.padding, conv.dilation) == ((1, 1, 1), (0, 0, 0), (1, 1, 1))
    assert (conv.transposed, conv.output_padding) == (False, (0, 0, 0))
    for module, kernel in [(nn.ConvTranspose1d(4, 6, 3, groups=2), (3,)),
                           (nn.ConvTranspose2d(4, 6, (3, 2), groups=2), (3, 2)),
                           (nn.ConvTranspose3d(4, 6, 2, groups=2), (2, 2, 2))]:
        assert module.weight.size() == torch_early.Size((4, 3) + kernel)
        assert module.bias.size() == torch_early.Size([6])
        assert module.transposed
        assert module.dilation == (1,) * len(kernel)
        assert module.output_padding == (0,) * len(kernel)
        bound = 1 / math.sqrt(4 * np.prod(kernel))
        assert module.weight.data.abs().max() <= bound and module.bias.data.abs().max() <= bound
        assert module.weight.data.abs().max() > bound / 2
    assert nn.ConvTranspose2d(2, 3, 3, bias=False).bias is None
    with pytest.raises(ValueError, match='out_channels must be divisible by groups'):
        nn.ConvTranspose2d(4, 3, 3, groups=2)


def test_module_reprs():
    assert repr(nn.Conv3d(16, 33, (3, 5, 2), stride=(2, 1, 1), padding=(4, 2, 0))) == \
        'Conv3d(16, 33, kernel_size=(3, 5, 2), stride=(2, 1, 1), padding=(4, 2, 0))'
    assert repr(nn.Conv3d(4, 4, 3, dilation=2, bias=False)) == \
        'Conv3d(4, 4, kernel_size=(3, 3, 3), stride=(1, 1, 1), dilation=(2, 2, 2), bias=False)'
    assert repr(nn.ConvTranspose2d(16, 33, 3, stride=2, output_padding=1, groups=1)) == \
        'ConvTranspose2d(16, 33, kernel_size=(3, 3), stride=(2, 2), output_padding=(1, 1))'
    assert repr(nn.ConvTranspose1d(4, 6, 3, padding=1, groups=2)) == \
        'ConvTranspose1d(4, 6, kernel_size=(3,), stride=(1,), padding=(1,), groups=2)'
    assert repr(nn.ConvTranspose3d(2, 3, 2)) == \
        'ConvTranspose3d(2, 3, kernel_size=(2, 2, 2), stride=(1, 1, 1))'


def test_modules_forward_and_backward_reach_their_parameters():
    for module, x in [(nn.Conv3d(2, 3, 2, stride=2, padding=1), var(2, 2, 4, 4, 4)),
                      (nn.Conv3d(2, 3, 2, dilation=2), var(1, 2, 4, 4, 4)),
                      (nn.ConvTranspose1d(2, 3, 3, stride=2), var(2, 2, 4)),
                      (nn.ConvTranspose2d(2, 3, 3, stride=2, output_padding=1), var(2, 2, 3, 3)),
                      (nn.ConvTranspose3d(2, 3, 2), var(1, 2, 2, 3, 2))]:
        module.double()
        out = module(x)
        expected = (numpy_conv_transpose if module.transposed else numpy_conv)(
            *numpy_of(x, module.weight, module.bias), module.stride, module.padding,
            module.output_padding if module.transposed else module.dilation)
        assert np.allclose(out.data.numpy(), expected)
        out.sum().backward()
        positions_per_channel = np.prod(out.size()[2:]) * out.size(0)
        assert module.bias.grad.data[0] == pytest.approx(positions_per_channel)
        assert module.weight.grad.data.size() == module.weight.size()
        assert x.grad.data.size() == x.size()


def test_output_size_picks_the_output_padding():
    m = nn.ConvTranspose2d(3, 4, 3, stride=3, padding=1).double()
    x = var(2, 3, 4, 4)
    # (4 - 1)*3 - 2 + 3 = 10, and up to stride - 1 more
    for size in [(10, 10), (11, 12), (12, 10), [2, 4, 12, 11]]:
        out = m(x, output_size=size)
        assert tuple(out.size()) == (2, 4) + tuple(size[-2:])
        expected = numpy_conv_transpose(*numpy_of(x, m.weight, m.bias), (3, 3), (1, 1),
                                        (size[-2] - 10, size[-1] - 10))
        assert np.allclose(out.data.numpy(), expected)
    assert m(x).size() == torch_early.Size([2, 4, 10, 10])
    assert m.output_padding == (0, 0)    # the call's output padding is not kept
    for size in [(9, 10), (13, 10), (10, 13)]:
        with pytest.raises(ValueError, match='from \\[10, 10\\] to \\[12, 12\\]'):
            m(x, size)
    with pytest.raises(ValueError, match='2 or 4 elements, but got 3'):
        m(x, (1, 10, 10))
    m3 = nn.ConvTranspose3d(1, 1, 2, stride=2).double()
    assert m3(var(1, 1, 2, 2, 2), (5, 4, 5)).size() == torch_early.Size([1, 1, 5, 4, 5])
    m1 = nn.ConvTranspose1d(1, 1, 2, stride=2).double()
    assert m1(var(1, 1, 3), [1, 1, 7]).size() == torch_early.Size([1, 1, 7])


def test_state_dict_round_trip():
    for make in [lambda: nn.Conv3d(2, 4, 3, groups=2),
                 lambda: nn.ConvTranspose2d(2, 4, (2, 3)),
                 lambda: nn.ConvTranspose3d(2, 2, 2, bias=False)]:
        source, target = make(), make()
        state = source.state_dict()
        assert list(state.keys()) == [name for name, p in source.named_parameters()]
        target.load_state_dict(state)
        for (_, a), (_, b) in zip(source.named_parameters(), target.named_parameters()):
            assert torch_early.equal(a.data, b.data)


# ---- errors -------------------------------------------------------------------------------------

def test_input_of_wrong_dimensions():
    with pytest.raises(RuntimeError, match='input of 5 dimensions.*1x2x4x4'):
        nn.Conv3d(2, 3, 2).double()(var(1, 2, 4, 4))
    with pytest.raises(RuntimeError, match='input of 4 dimensions.*2x4x4'):
        F.conv_transpose2d(var(2, 4, 4), var(2, 3, 2, 2))
    with pytest.raises(RuntimeError, match='weight of 5 dimensions.*3x2x2x2'):
        F.conv3d(var(1, 2, 4, 4, 4), var(3, 2, 2, 2))


def test_mismatched_channels_name_the_sizes():
    with pytest.raises(RuntimeError, match='1x3x4x4x4 should have 2 channels'):
        F.conv3d(var(1, 3, 4, 4, 4), var(4, 2, 2, 2, 2))
    with pytest.raises(RuntimeError, match='1x3x4 should have 2 channels.*in_channels x '
                                           'out_channels/groups'):
        F.conv_transpose1d(var(1, 3, 4), var(2, 3, 2))
    with pytest.raises(RuntimeError, match='1x4x4x4 should have 2 channels.*groups=2'):
        F.conv_transpose2d(var(1, 4, 4, 4), var(2, 3, 2, 2), groups=2)
    with pytest.raises(RuntimeError, match='bias of size 2 should have 3 elements'):
        F.conv_transpose2d(var(1, 2, 4, 4), var(2, 3, 2, 2), var(2))


def test_kernel_larger_than_the_input_and_bad_output_padding_name_the_sizes():
    with pytest.raises(RuntimeError, match=r'Given input size: \(1x2x3x3x3\)\. Calculated output '
                                           r'size: \(1x3x0x0x0\)\. Output size is too small'):
        F.conv3d(var(1, 2, 3, 3, 3), var(3, 2, 3, 3, 3), dilation=2)
    with pytest.raises(RuntimeError, match=r'Given input size: \(1x2x4x4\)\. Calculated output '
                                           r'size: \(1x3x0x0\)\. Output size is too small'):
        F.conv2d(var(1, 2, 4, 4), var(3, 2, 3, 3), dilation=2)
    with pytest.raises(RuntimeError, match='output padding should be at least zero and smaller '
                                           'than the stride'):
        F.conv_transpose2d(var(1, 2, 4, 4), var(2, 3, 2, 2), stride=2, output_padding=2)
    with pytest.raises(RuntimeError, match=r'Calculated output size: \(1x3x0x0\)\. Output size is '
                                           r'too small'):
        F.conv_transpose2d(var(1, 2, 1, 1), var(2, 3, 2, 2), padding=1)


# ---- the THNN convolutions without a Function, through their bindings ------------------------

def double_tensor(*size):
    return torch_early.DoubleTensor(*size).uniform_(-1, 1)


def dot(a, b):
    return float((a.numpy() * b.numpy()).sum())


def test_volumetric_convolution_is_the_mm_one_with_the_kernel_of_its_weight():
    backend = type2backend[torch_early.DoubleTensor]
    x, w, b = double_tensor(2, 2, 4, 5, 4), double_tensor(3, 2, 2, 3, 2), double_tensor(3)
    out, finput, fgrad = x.new(), x.new(), x.new()
    backend.VolumetricConvolution_updateOutput(None, x, out, w, b, finput, fgrad, 1, 2, 1, 1, 0, 1)
    expected = numpy_conv(x.numpy(), w.numpy(), b.numpy(), (1, 1, 2), (1, 1, 0), (1, 1, 1))
    assert np.allclose(out.numpy(), expected)
    grad_output, grad_input = double_tensor(*out.size()), x.new()
    backend.VolumetricConvolution_updateGradInput(None, x, grad_output, grad_input, w, finput,
                                                  1, 2, 1, 1, 0, 1)
    grad_weight, grad_bias = w.new(w.size()).zero_(), b.new(3).zero_()
    backend.VolumetricConvolution_accGradParameters(None, x, grad_output, grad_weight, grad_bias,
                                                    finput, fgrad, 1, 2, 1, 1, 0, 1, 1)
    # the convolution is linear in x and in w: its gradients are the adjoints
    without_bias = expected - b.numpy().reshape(1, 3, 1, 1, 1)
    assert dot(grad_output, torch_early.from_numpy(without_bias)) == \
        pytest.approx(dot(x, grad_input))
    assert dot(w, grad_weight) == pytest.approx(dot(grad_output,
                                                    torch_early.from_numpy(without_bias)))
    assert np.allclose(grad_bias.numpy(), grad_output.numpy().sum(axis=(0, 2, 3, 4)))


def test_local_convolution_has_one_kernel_per_output_position():
    backend = type2backend[torch_early.DoubleTensor]
    x = double_tensor(2, 2, 4, 3)
    w, b = double_tensor(3, 2, 3, 2, 2, 2), double_tensor(3, 3, 2)     # output 3x2, kernel 2x2
    out, finput, fgrad = x.new(), x.new(), x.new()
    backend.SpatialConvolutionLocal_updateOutput(None, x, out, w, b, finput, fgrad, 2, 2, 1, 1,
                                                 0, 0, 3, 4, 2, 3)
    expected = np.zeros((2, 3, 3, 2))
    for oh, ow in positions((3, 2)):
        window = x.numpy()[:, :, oh:oh + 2, ow:ow + 2]
        expected[:, :, oh, ow] = np.einsum('nchw,ochw->no', window, w.numpy()[oh, ow])
    expected += b.numpy()
    assert np.allclose(out.numpy(), expected)
    with pytest.raises(RuntimeError, match='should be 4x4 \\(inputHeight x inputWidth\\)'):
        backend.SpatialConvolutionLocal_updateOutput(None, x, out, w, b, finput, fgrad, 2, 2, 1,
                                                     1, 0, 0, 4, 4, 2, 3)


def test_connection_table_convolutions_link_the_planes_the_table_names():
    backend = type2backend[torch_early.DoubleTensor]
    table = torch_early.DoubleTensor([[0, 0], [2, 0], [1, 1]])   # (input plane, output plane)
    x, w, b = double_tensor(2, 3, 5, 4), double_tensor(3, 2, 2), double_tensor(2)
    out = x.new()
    backend.SpatialConvolutionMap_updateOutput(None, x, out, w, b, table, 3, 2, 2, 1)
    expected = np.zeros((2, 2, 4, 2))
    for k, (i, o) in enumerate(table.numpy().astype(int)):
        expected[:, o] += numpy_conv(x.numpy()[:, i:i + 1], w.numpy()[k][None, None], None,
                                     (1, 2), (0, 0), (1, 1))[:, 0]
    expected += b.numpy().reshape(1, 2, 1, 1)
    assert np.allclose(out.numpy(), expected)
    # the full (transposed) map convolution through the reversed links is its adjoint
    reversed_table = torch_early.DoubleTensor([[0, 0], [0, 2], [1, 1]])
    y, back = double_tensor(2, 2, 4, 2), x.new()
    backend.SpatialFullConvolutionMap_updateOutput(None, y, back, w, b.new(3).zero_(),
                                                   reversed_table, 2, 3, 2, 1)
    assert back.size() == torch_early.Size([2, 3, 5, 4])
    without_bias = torch_early.from_numpy(expected - b.numpy().reshape(1, 2, 1, 1))
    assert dot(without_bias, y) == pytest.approx(dot(x, back))
    with pytest.raises(RuntimeError, match='connTable row 1 links input plane 3'):
        backend.SpatialConvolutionMap_updateOutput(
            None, x, out, w, b, torch_early.DoubleTensor([[0, 0], [3, 0], [1, 1]]), 3, 2, 2, 1)


def _spread_kernel(weight, dilation):
    """weight (in, out, *kernel) with dilation - 1 zeros between its taps in every direction."""
    kernel = weight.size()[2:]
    spread = weight.new(weight.size(0), weight.size(1),
                        *[dilation * (k - 1) + 1 for k in kernel]).zero_()
    for position in positions(kernel):
        target = spread
        source = weight
        for dim, p in enumerate(position):
            target = target.narrow(dim + 2, p * dilation, 1)
            source = source.narrow(dim + 2, p, 1)
        target.copy_(source)
    return spread


@pytest.mark.parametrize('dims', [1, 2, 3])
def test_dilated_transposed_convolution_is_the_transposed_one_of_a_spread_kernel(dims):
    transpose = getattr(F, 'conv_transpose{}d'.format(dims))
    x, w, b = var(2, 2, *([3] * dims)), var(2, 3, *([2] * dims)), var(3)
    dilated = transpose(x, w, b, stride=2, padding=1, output_padding=1, dilation=2)
    spread = transpose(x, Variable(_spread_kernel(w.data, 2)), b, stride=2, padding=1,
                       output_padding=1)
    assert dilated.size() == spread.size() == torch_early.Size([2, 3] + [6] * dims)
    assert (dilated.data - spread.data).abs().max() < 1e-12
    assert gradcheck(lambda x, w, b: transpose(x, w, b, 2, 1, 1, 1, 2), (x, w, b))


def test_dilated_conv_transpose_modules_take_dilation_last():
    module = nn.ConvTranspose2d(2, 3, 2, 1, 0, 0, 1, True, 2).double()
    assert module.dilation == (2, 2)
    assert repr(module) == 'ConvTranspose2d(2, 3, kernel_size=(2, 2), stride=(1, 1), ' \
                           'dilation=(2, 2))'
    x = var(1, 2, 4, 4)
    assert module(x).size() == torch_early.Size([1, 3, 6, 6])
    # output_size picks among the sizes the dilated kernel allows
    module = nn.ConvTranspose1d(2, 3, 2, stride=2, dilation=3).double()
    assert module(var(1, 2, 4), output_size=[11]).size() == torch_early.Size([1, 3, 11])
    with pytest.raises(ValueError, match='go from'):
        module(var(1, 2, 4), output_size=[13])


def test_convolution_refuses_a_weight_of_another_type():
    with pytest.raises(RuntimeError, match='must be of one type'):
        F.conv2d(Variable(torch_early.randn(1, 2, 3, 3)), var(3, 2, 2, 2))
    with pytest.raises(RuntimeError, match='bias is a torch_early.FloatTensor'):
        F.conv1d(var(1, 2, 3), var(3, 2, 2), Variable(torch_early.randn(3)))


def test_dilated_transposed_convolution_with_groups():
    x, w, b = var(1, 4, 3, 3), var(4, 1, 2, 2), var(2)
    out = F.conv_transpose2d(x, w, b, stride=2, groups=2, dilation=2)
    assert out.size() == torch_early.Size([1, 2, 7, 7])
    # each group is the transposed convolution of its own channels
    first = F.conv_transpose2d(x.narrow(1, 0, 2), w.narrow(0, 0, 2), b.narrow(0, 0, 1),
                               stride=2, dilation=2)
    assert (out.data.narrow(1, 0, 1) - first.data).abs().max() < 1e-12
    assert gradcheck(lambda x, w, b: F.conv_transpose2d(x, w, b, 2, 0, 1, 2, 2), (x, w, b))
