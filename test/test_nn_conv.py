"""nn.Conv1d/Conv2d and F.conv1d/conv2d: forward against a NumPy direct convolution, gradcheck
for input, weight and bias, stride/padding/groups, batch of 1, the modules' shapes,
initialisation and repr, the size errors, and a LeNet-style network that learns on a fixed
synthetic batch. (Dilated, 3-D and transposed convolutions: test_nn_conv_more.py.)"""
import math

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


def numpy_conv2d(x, w, b, stride, padding, groups=1):
    """Cross-correlation the slow, obvious way: every output element is one window's sum."""
    n, c, h, wd = x.shape
    out_c, c_per_group, kh, kw = w.shape
    (sh, sw), (ph, pw) = stride, padding
    x = np.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    oh, ow = (h + 2 * ph - kh) // sh + 1, (wd + 2 * pw - kw) // sw + 1
    out = np.zeros((n, out_c, oh, ow))
    out_per_group = out_c // groups
    for o in range(out_c):
        first = (o // out_per_group) * c_per_group
        for i in range(oh):
            for j in range(ow):
                window = x[:, first:first + c_per_group, i * sh:i * sh + kh, j * sw:j * sw + kw]
                out[:, o, i, j] = (window * w[o]).sum(axis=(1, 2, 3))
        if b is not None:
            out[:, o] += b[o]
    return out


@pytest.mark.parametrize('stride,padding', [((1, 1), (0, 0)), ((2, 1), (1, 0)), ((2, 2), (1, 2))])
def test_conv2d_matches_numpy(stride, padding):
    x, w, b = var(2, 3, 7, 6), var(4, 3, 3, 2), var(4)
    out = F.conv2d(x, w, b, stride, padding)
    expected = numpy_conv2d(x.data.numpy(), w.data.numpy(), b.data.numpy(), stride, padding)
    assert out.size() == torch_early.Size(expected.shape)
    assert np.allclose(out.data.numpy(), expected)


def test_conv2d_without_bias_and_batch_of_one():
    x, w = var(1, 2, 5, 5), var(3, 2, 3, 3)
    out = F.conv2d(x, w)
    expected = numpy_conv2d(x.data.numpy(), w.data.numpy(), None, (1, 1), (0, 0))
    assert np.allclose(out.data.numpy(), expected)


def test_conv2d_groups_match_numpy():
    x, w, b = var(2, 4, 5, 5), var(6, 2, 3, 2), var(6)
    out = F.conv2d(x, w, b, groups=2)
    expected = numpy_conv2d(x.data.numpy(), w.data.numpy(), b.data.numpy(), (1, 1), (0, 0), 2)
    assert np.allclose(out.data.numpy(), expected)


@pytest.mark.parametrize('with_bias', [True, False])
@pytest.mark.parametrize('stride,padding,groups', [(1, 0, 1), (2, 1, 1), (1, 1, 2)])
def test_conv2d_gradcheck(with_bias, stride, padding, groups):
    inputs = (var(2, 4, 5, 4), var(2, 4 // groups, 3, 2)) + ((var(2),) if with_bias else ())
    assert gradcheck(lambda *a: F.conv2d(*a, stride=stride, padding=padding, groups=groups),
                     inputs, eps=1e-6, atol=1e-5)


def test_conv1d_matches_the_2d_convolution_of_height_one():
    x, w, b = var(2, 3, 9), var(4, 3, 3), var(4)
    out = F.conv1d(x, w, b, stride=2, padding=1)
    expected = numpy_conv2d(x.data.numpy()[:, :, None], w.data.numpy()[:, :, None],
                            b.data.numpy(), (1, 2), (0, 1))[:, :, 0]
    assert out.size() == torch_early.Size([2, 4, 5])
    assert np.allclose(out.data.numpy(), expected)


def test_conv1d_gradcheck():
    inputs = (var(2, 4, 7), var(4, 2, 3), var(4))
    assert gradcheck(lambda *a: F.conv1d(*a, groups=2), inputs, eps=1e-6, atol=1e-5)


def test_conv2d_module_shapes_and_initialisation():
    m = nn.Conv2d(4, 6, (3, 2), groups=2)
    assert m.weight.size() == torch_early.Size([6, 2, 3, 2])
    assert m.bias.size() == torch_early.Size([6])
    bound = 1 / math.sqrt(4 * 3 * 2)
    assert m.weight.data.abs().max() <= bound and m.bias.data.abs().max() <= bound
    assert m.weight.data.abs().max() > bound / 2
    assert nn.Conv2d(2, 3, 3, bias=False).bias is None
    assert [name for name, _ in m.named_parameters()] == ['weight', 'bias']


def test_conv2d_module_forward_and_backward_reach_parameters():
    m = nn.Conv2d(2, 3, 3, stride=2, padding=1).double()
    x = var(2, 2, 6, 6)
    out = m(x)
    assert out.size() == torch_early.Size([2, 3, 3, 3])
    out.sum().backward()
    assert m.weight.grad.data.size() == m.weight.size()
    assert m.bias.grad.data[0] == pytest.approx(2 * 9)     # d(sum)/d(bias) = outputs per channel
    assert x.grad.data.size() == x.size()


def test_conv_reprs():
    assert repr(nn.Conv2d(16, 33, 3, stride=2)) == \
        'Conv2d(16, 33, kernel_size=(3, 3), stride=(2, 2))'
    assert repr(nn.Conv2d(16, 33, (3, 5), stride=(2, 1), padding=(4, 2), groups=1,
                          bias=False)) == \
        'Conv2d(16, 33, kernel_size=(3, 5), stride=(2, 1), padding=(4, 2), bias=False)'
    assert repr(nn.Conv1d(4, 6, 3, groups=2)) == \
        'Conv1d(4, 6, kernel_size=(3,), stride=(1,), groups=2)'


def test_conv2d_channel_count_not_divisible_by_groups():
    with pytest.raises(ValueError, match='in_channels must be divisible by groups'):
        nn.Conv2d(3, 4, 3, groups=2)
    with pytest.raises(ValueError, match='out_channels must be divisible by groups'):
        nn.Conv2d(4, 3, 3, groups=2)


def test_functional_convolutions_check_their_numbers():
    x1, w1 = var(1, 2, 5), var(2, 2, 3)
    for groups in (0, -1):
        with pytest.raises(ValueError, match='groups must be at least 1, but got %d' % groups):
            F.conv1d(x1, w1, groups=groups)
        with pytest.raises(ValueError, match='groups must be at least 1'):
            F.conv_transpose1d(x1, w1, groups=groups)
    with pytest.raises(TypeError, match='groups must be a whole number, but got float'):
        F.conv2d(var(1, 2, 5, 5), var(2, 2, 3, 3), groups=1.0)
    # a size of the wrong length (4 numbers for a 3-D convolution) names every size given
    with pytest.raises(ValueError, match=r'one number for each of the 1, 2 or 3 spatial '
                                         r'dimensions, but got stride=\(1, 1, 1, 1\), '
                                         r'padding=\(0, 0, 0, 0\), dilation=\(1, 1, 1\)'):
        F.conv3d(var(2, 2, 2, 2, 2, 2), var(1, 2, 1, 1, 1, 1), stride=(1, 1, 1, 1),
                 padding=(0, 0, 0, 0))
    with pytest.raises(ValueError, match=r'stride=\(1, 1\), padding=\(0,\)'):
        F.conv1d(x1, w1, stride=(1, 1))


def test_conv2d_wrong_channels_names_the_sizes():
    with pytest.raises(RuntimeError, match='2x3x5x5.*4 channels|4 channels.*2x3x5x5'):
        F.conv2d(var(2, 3, 5, 5), var(2, 4, 3, 3))


def test_conv2d_input_smaller_than_kernel_names_the_sizes():
    with pytest.raises(RuntimeError, match='1x2x2x2'):
        F.conv2d(var(1, 2, 2, 2), var(3, 2, 3, 3))


def test_conv2d_input_of_wrong_dimension():
    with pytest.raises(RuntimeError, match='4 dimensions'):
        F.conv2d(var(2, 5, 5), var(3, 2, 3, 3))


def test_conv2d_bias_of_wrong_size():
    with pytest.raises(RuntimeError, match='bias of size 4'):
        F.conv2d(var(1, 2, 5, 5), var(3, 2, 3, 3), var(4))


def test_float_convolution():
    m = nn.Conv2d(1, 2, 3)
    out = m(Variable(torch_early.randn(1, 1, 4, 4)))
    assert isinstance(out.data, torch_early.FloatTensor)
    assert out.size() == torch_early.Size([1, 2, 2, 2])


class LeNet(nn.Module):
    def __init__(self):
        super(LeNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 4 * 4, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.max_pool2d(self.conv1(x).clamp(min=0), 2)
        x = F.max_pool2d(self.conv2(x).clamp(min=0), 2)
        x = x.view(x.size(0), -1)
        return self.fc2(self.fc1(x).clamp(min=0))


def test_lenet_learns_a_fixed_batch():
    net = LeNet()
    images = Variable(torch_early.randn(8, 1, 28, 28))
    target = Variable(torch_early.randn(8, 10))

    def loss():
        diff = net(images) - target
        return (diff * diff).mean()

    first = loss().data[0]
    for _ in range(20):
        net.zero_grad()
        loss().backward()
        for p in net.parameters():
            p.data.add_(-0.2, p.grad.data)
    assert loss().data[0] < 0.5 * first


def test_grouped_convolution_equals_convolutions_of_the_halves():
    m = nn.Conv2d(4, 4, 3, groups=2).double()
    x = var(2, 4, 5, 5)
    out = m(x)
    grad = torch_early.randn(2, 4, 3, 3).double()
    out.backward(grad)
    for half in range(2):
        part = slice(2 * half, 2 * half + 2)
        xh = Variable(x.data[:, part].contiguous(), requires_grad=True)
        wh = Variable(m.weight.data[part].contiguous(), requires_grad=True)
        bh = Variable(m.bias.data[part].contiguous(), requires_grad=True)
        outh = F.conv2d(xh, wh, bh)
        outh.backward(grad[:, part].contiguous())
        assert np.allclose(out.data.numpy()[:, part], outh.data.numpy())
        assert np.allclose(x.grad.data.numpy()[:, part], xh.grad.data.numpy())
        assert np.allclose(m.weight.grad.data.numpy()[part], wh.grad.data.numpy())
        assert np.allclose(m.bias.grad.data.numpy()[part], bh.grad.data.numpy())
