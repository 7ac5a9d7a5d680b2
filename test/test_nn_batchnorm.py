"""nn.BatchNorm1d/2d/3d and F.batch_norm: normalisation by the batch statistics while training,
the running buffers following them with momentum, evaluation by the running statistics,
gradcheck with and without affine parameters, state_dict, repr and the size errors."""
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


def channel_axes(ndim):
    return (0,) + tuple(range(2, ndim))


def numpy_batch_norm(x, mean, var, weight, bias, eps):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    out = (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + eps)
    if weight is not None:
        out = out * weight.reshape(shape) + bias.reshape(shape)
    return out


@pytest.mark.parametrize('module,size', [(nn.BatchNorm1d, (4, 3)), (nn.BatchNorm1d, (4, 3, 5)),
                                         (nn.BatchNorm2d, (2, 3, 4, 5)),
                                         (nn.BatchNorm3d, (2, 3, 2, 3, 2))])
def test_training_normalises_by_the_batch(module, size):
    m = module(3).double()
    x = var(*size)
    out = m(x)
    data = x.data.numpy()
    axes = channel_axes(data.ndim)
    expected = numpy_batch_norm(data, data.mean(axis=axes), data.var(axis=axes),
                                m.weight.data.numpy(), m.bias.data.numpy(), m.eps)
    assert np.allclose(out.data.numpy(), expected)


def test_running_statistics_follow_the_batches_with_momentum():
    m = nn.BatchNorm2d(3, momentum=0.3).double()
    x = var(2, 3, 4, 4)
    m(x)
    data = x.data.numpy()
    n = data.size // 3
    mean = data.mean(axis=(0, 2, 3))
    unbiased = data.var(axis=(0, 2, 3)) * n / (n - 1)
    assert np.allclose(m.running_mean.numpy(), 0.3 * mean)
    assert np.allclose(m.running_var.numpy(), 0.7 + 0.3 * unbiased)
    m(x)
    assert np.allclose(m.running_mean.numpy(), 0.3 * mean + 0.7 * 0.3 * mean)


def test_eval_normalises_by_the_running_statistics_and_leaves_them():
    m = nn.BatchNorm1d(3).double()
    m.running_mean.copy_(torch_early.DoubleTensor([0.5, -1, 2]))
    m.running_var.copy_(torch_early.DoubleTensor([4, 1, 0.25]))
    m.eval()
    x = var(5, 3)
    out = m(x)
    expected = numpy_batch_norm(x.data.numpy(), np.array([0.5, -1, 2]), np.array([4, 1, 0.25]),
                                m.weight.data.numpy(), m.bias.data.numpy(), m.eps)
    assert np.allclose(out.data.numpy(), expected)
    assert m.running_mean.tolist() == [0.5, -1, 2]
    assert m.running_var.tolist() == [4, 1, 0.25]


@pytest.mark.parametrize('training', [True, False])
@pytest.mark.parametrize('affine', [True, False])
def test_batch_norm_gradcheck(training, affine):
    mean, variance = torch_early.zeros(3).double(), torch_early.ones(3).double()
    inputs = (var(4, 3, 2),) + ((var(3), var(3)) if affine else ())

    def batch_norm(x, *params):
        # fresh running statistics each call, so every evaluation sees the same ones
        return F.batch_norm(x, mean.clone(), variance.clone(), *params, training=training)
    assert gradcheck(batch_norm, inputs, eps=1e-6, atol=1e-5)


def test_affine_false_has_no_parameters_and_no_scaling():
    m = nn.BatchNorm2d(2, affine=False).double()
    assert m.weight is None and m.bias is None
    assert list(m.parameters()) == []
    out = m(var(3, 2, 2, 2)).data.numpy()
    assert np.allclose(out.mean(axis=(0, 2, 3)), 0)
    assert np.allclose(out.var(axis=(0, 2, 3)), 1, atol=1e-3)


def test_initialisation_and_state_dict():
    m = nn.BatchNorm2d(4)
    assert m.running_mean.tolist() == [0] * 4 and m.running_var.tolist() == [1] * 4
    assert m.bias.data.tolist() == [0] * 4
    assert 0 <= m.weight.data.min() and m.weight.data.max() < 1
    state = m.state_dict()
    assert list(state.keys()) == ['weight', 'bias', 'running_mean', 'running_var']
    m(Variable(torch_early.randn(2, 4, 3, 3)))
    other = nn.BatchNorm2d(4)
    other.load_state_dict(m.state_dict())
    assert other.running_mean.tolist() == m.running_mean.tolist()


def test_batchnorm_repr():
    assert repr(nn.BatchNorm2d(3)) == 'BatchNorm2d(3, eps=1e-05, momentum=0.1, affine=True)'
    assert repr(nn.BatchNorm1d(10, 1e-3, 0.3, False)) == \
        'BatchNorm1d(10, eps=0.001, momentum=0.3, affine=False)'


def test_wrong_input_dimension_or_channels():
    with pytest.raises(ValueError, match='4D'):
        nn.BatchNorm2d(3).double()(var(2, 3, 4))
    with pytest.raises(ValueError, match='expected 3'):
        nn.BatchNorm1d(3).double()(var(2, 4))
    with pytest.raises(RuntimeError, match='running_mean of size 4'):
        F.batch_norm(var(2, 3), torch_early.zeros(4).double(), torch_early.ones(3).double())


def test_training_needs_more_than_one_value_per_channel():
    with pytest.raises(RuntimeError):
        nn.BatchNorm1d(3).double()(var(1, 3))


def test_batch_norm_in_a_network_backpropagates_to_its_parameters():
    net = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2))
    out = net(Variable(torch_early.randn(3, 1, 5, 5)))
    (out * out).sum().backward()
    assert net[1].weight.grad.data.abs().sum() > 0
    assert net[0].weight.grad.data.abs().sum() > 0
