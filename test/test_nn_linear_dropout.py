"""nn.Linear and the dropouts: the Linear Function against NumPy and gradcheck, the module's
initialisation and repr, its size errors; the dropout masks (their share of zeros, the 1/(1-p)
scaling, whole channels for Dropout2d/3d), eval mode, in-place use and the p checks."""
import math

import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable, gradcheck
import torch_early.nn.functional as F
from torch_early.nn._functions.linear import Linear as LinearFunction
from torch_early.nn._functions.dropout import Dropout as DropoutFunction, FeatureDropout


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def var(*size, requires_grad=True):
    return Variable(torch_early.DoubleTensor(*size).uniform_(-1, 1), requires_grad=requires_grad)


# -- Linear ------------------------------------------------------------------------------------

def test_linear_function_matches_numpy():
    x, w, b = var(4, 3), var(2, 3), var(2)
    out = F.linear(x, w, b)
    expected = x.data.numpy() @ w.data.numpy().T + b.data.numpy()
    assert np.allclose(out.data.numpy(), expected)
    assert np.allclose(F.linear(x, w).data.numpy(), x.data.numpy() @ w.data.numpy().T)


@pytest.mark.parametrize('with_bias', [True, False])
def test_linear_function_gradcheck(with_bias):
    inputs = (var(3, 4), var(2, 4)) + ((var(2),) if with_bias else ())
    assert gradcheck(LinearFunction(), inputs, eps=1e-6, atol=1e-5)


def test_linear_backward_by_hand():
    x, w, b = var(3, 4), var(2, 4), var(2)
    g = torch_early.DoubleTensor(3, 2).uniform_(-1, 1)
    F.linear(x, w, b).backward(g)
    gn = g.numpy()
    assert np.allclose(x.grad.data.numpy(), gn @ w.data.numpy())
    assert np.allclose(w.grad.data.numpy(), gn.T @ x.data.numpy())
    assert np.allclose(b.grad.data.numpy(), gn.sum(0))


def test_linear_computes_only_the_gradients_asked_for():
    x, w = var(3, 4, requires_grad=False), var(2, 4)
    F.linear(x, w, var(2, requires_grad=False)).sum().backward()
    assert x.grad is None and w.grad is not None


@pytest.mark.parametrize('sizes, message', [
    (((3,), (2, 3), (2,)), 'Linear expects a 2D input'),
    (((3, 4), (2, 3), (2,)), 'input of size 3x4 does not match weight of size 2x3'),
    (((3, 3), (2, 3), (3,)), 'bias of size 3 does not match weight of size 2x3'),
])
def test_linear_size_errors_name_the_sizes(sizes, message):
    x, w, b = (var(*s) for s in sizes)
    with pytest.raises(RuntimeError, match=message):
        F.linear(x, w, b)


def test_linear_module_shapes_init_range_and_repr():
    m = nn.Linear(20, 30)
    assert m.weight.size() == (30, 20) and m.bias.size() == (30,)
    bound = 1 / math.sqrt(20)
    for p in m.parameters():
        values = p.data.numpy()
        assert values.min() >= -bound and values.max() <= bound
        # 600 draws spread over the range, not bunched at one value
        assert values.max() - values.min() > bound
    assert repr(m) == 'Linear (20 -> 30)'
    assert isinstance(m.weight.data, torch_early.FloatTensor)


def test_linear_module_without_bias():
    m = nn.Linear(3, 2, bias=False).double()
    assert m.bias is None and len(list(m.parameters())) == 1
    x = var(5, 3)
    assert np.allclose(m(x).data.numpy(), x.data.numpy() @ m.weight.data.numpy().T)


def test_linear_module_trains_its_parameters():
    m = nn.Linear(3, 2).double()
    m(var(4, 3)).sum().backward()
    assert m.weight.grad.data.abs().sum() > 0
    assert np.allclose(m.bias.grad.data.numpy(), [4, 4])


# -- dropout -----------------------------------------------------------------------------------

def ones(*size):
    return Variable(torch_early.DoubleTensor(*size).fill_(1), requires_grad=True)


@pytest.mark.parametrize('p', [0.2, 0.5, 0.8])
def test_dropout_zeroes_about_p_and_scales_the_rest(p):
    x = ones(20000)
    out = F.dropout(x, p, training=True).data.numpy()
    kept = out[out != 0]
    assert np.allclose(kept, 1 / (1 - p))
    assert abs((out == 0).mean() - p) < 0.02
    assert abs(out.mean() - 1) < 0.05


def test_dropout_backward_uses_the_same_mask():
    x = ones(1000)
    out = F.dropout(x, 0.5, training=True)
    out.backward(torch_early.DoubleTensor(1000).fill_(1))
    assert np.array_equal(x.grad.data.numpy(), out.data.numpy())


def test_dropout_limits():
    x = ones(50)
    assert np.array_equal(F.dropout(x, 0, training=True).data.numpy(), np.ones(50))
    out = F.dropout(x, 1, training=True)
    assert np.array_equal(out.data.numpy(), np.zeros(50))
    out.sum().backward()
    assert np.array_equal(x.grad.data.numpy(), np.zeros(50))


def test_dropout_outside_training_is_the_identity():
    x = var(4, 5)
    assert np.array_equal(F.dropout(x, 0.5).data.numpy(), x.data.numpy())
    m = nn.Dropout(0.9).eval()
    assert np.array_equal(m(x).data.numpy(), x.data.numpy())
    m.train()
    assert (m(ones(200)).data.numpy() == 0).sum() > 100


def test_dropout_in_place_changes_its_input():
    x = ones(1000)
    y = x * 1
    out = F.dropout(y, 0.5, training=True, inplace=True)
    assert out is y
    assert (y.data.numpy() == 0).any() and (y.data.numpy() == 2).any()
    out.sum().backward()
    assert np.array_equal(x.grad.data.numpy(), y.data.numpy())
    m = nn.Dropout(0.5, inplace=True)
    z = ones(10) * 1
    assert m(z) is z


@pytest.mark.parametrize('function', [DropoutFunction, FeatureDropout])
def test_dropout_gradcheck_with_a_fixed_mask(function):
    # The mask is random: reseeding before every call makes each draw the same mask, so the
    # finite differences see the one fixed linear map that backward differentiates.
    def seeded_dropout(x):
        torch_early.manual_seed(3)
        return function(0.4, True)(x)
    assert gradcheck(seeded_dropout, (var(4, 3, 2),), eps=1e-6, atol=1e-5)


@pytest.mark.parametrize('module, size', [
    (nn.Dropout2d, (40, 50, 3, 2)),
    (nn.Dropout3d, (40, 50, 2, 3, 2)),
])
def test_feature_dropout_zeroes_whole_channels(module, size):
    out = module(0.5)(ones(*size)).data.numpy()
    per_channel = out.reshape(size[0], size[1], -1)
    # each (sample, channel) map is all zeros or all 2
    assert np.all((per_channel == 0).all(-1) | (per_channel == 2).all(-1))
    assert abs((per_channel[:, :, 0] == 0).mean() - 0.5) < 0.05


def test_feature_dropout_needs_a_channel_dimension():
    with pytest.raises(RuntimeError, match='at least 2 dimensions'):
        FeatureDropout(0.5, True)(ones(5))


@pytest.mark.parametrize('p', [-0.1, 1.1])
def test_dropout_probability_outside_0_1_is_a_value_error(p):
    for make in (nn.Dropout, nn.Dropout2d, nn.Dropout3d):
        with pytest.raises(ValueError, match='between 0 and 1, but got {}'.format(p)):
            make(p)
    with pytest.raises(ValueError):
        F.dropout(ones(1), p)


def test_dropout_reprs():
    assert repr(nn.Dropout()) == 'Dropout (p = 0.5)'
    assert repr(nn.Dropout(0.3, inplace=True)) == 'Dropout (p = 0.3, inplace)'
    assert repr(nn.Dropout2d(0.1)) == 'Dropout2d (p=0.1)'
    assert repr(nn.Dropout3d()) == 'Dropout3d (p=0.5)'


# -- Bilinear ------------------------------------------------------------------------------------

def test_bilinear_is_x1_weight_x2_plus_bias_and_gradchecks():
    x1, x2 = var(4, 3), var(4, 2)
    weight, bias = var(5, 3, 2), var(5)
    out = F.bilinear(x1, x2, weight, bias).data.numpy()
    expected = np.einsum('ni,oij,nj->no', x1.data.numpy(), weight.data.numpy(),
                         x2.data.numpy()) + bias.data.numpy()
    np.testing.assert_allclose(out, expected, rtol=1e-12)
    assert gradcheck(lambda a, b, w, c: F.bilinear(a, b, w, c), (x1, x2, weight, bias))
    assert gradcheck(lambda a, b, w: F.bilinear(a, b, w), (x1, x2, weight))


def test_bilinear_module_init_repr_and_legacy_agreement():
    from torch_early.legacy import nn as legacy
    module = nn.Bilinear(3, 2, 4)
    bound = 1 / math.sqrt(3)
    assert module.weight.size() == torch_early.Size([4, 3, 2])
    assert module.weight.data.abs().max() <= bound and module.bias.data.abs().max() <= bound
    assert repr(module) == 'Bilinear (in1_features=3, in2_features=2, out_features=4)'
    assert nn.Bilinear(3, 2, 4, bias=False).bias is None
    old = legacy.Bilinear(3, 2, 4)
    old.weight.copy_(module.weight.data)
    old.bias.copy_(module.bias.data)
    x1, x2 = torch_early.randn(5, 3), torch_early.randn(5, 2)
    assert (module(Variable(x1), Variable(x2)).data - old.forward([x1, x2])).abs().max() < 1e-5


def test_bilinear_size_errors():
    with pytest.raises(RuntimeError, match='sizes do not match'):
        F.bilinear(var(4, 3), var(4, 2), var(5, 2, 2))
    with pytest.raises(RuntimeError, match='2D inputs and a 3D weight'):
        F.bilinear(var(4, 3), var(4, 2), var(3, 2))
    with pytest.raises(RuntimeError, match='bias of size 4'):
        F.bilinear(var(4, 3), var(4, 2), var(5, 3, 2), var(4))
