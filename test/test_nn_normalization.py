"""CrossMapLRN2d against the formula computed element by element with NumPy, its gradient against
finite differences, and its errors."""
import numpy
import pytest

import torch_early
import torch_early.nn as nn
from torch_early.autograd import Variable, gradcheck


def reference(x, size, alpha, beta, k):
    channels = x.shape[1]
    before = (size - 1) // 2
    out = numpy.empty_like(x)
    for c in range(channels):
        lo, hi = max(0, c - before), min(channels, c - before + size)
        scale = k + alpha / size * (x[:, lo:hi] ** 2).sum(axis=1)
        out[:, c] = x[:, c] / scale ** beta
    return out


@pytest.mark.parametrize('size', [1, 2, 3, 5])
def test_forward_matches_the_formula(size):
    torch_early.manual_seed(0)
    x = torch_early.randn(2, 4, 3, 3).double()
    module = nn.CrossMapLRN2d(size, alpha=0.5, beta=0.75, k=2)
    out = module(Variable(x)).data.numpy()
    assert numpy.allclose(out, reference(x.numpy(), size, 0.5, 0.75, 2))


@pytest.mark.parametrize('size', [6, 9, 2 ** 31])
def test_a_window_wider_than_the_channels_reaches_them_all(size):
    # Its padding and its loop stop at the channels: a window of 2^31 costs what one of 9 does.
    torch_early.manual_seed(2)
    x = torch_early.randn(2, 4, 2, 3).double()
    alpha = size / 8.0                                 # alpha / size = 1/8 whatever the size
    module = nn.CrossMapLRN2d(size, alpha=alpha, beta=0.75, k=2)
    out = module(Variable(x)).data.numpy()
    assert numpy.allclose(out, reference(x.numpy(), size, alpha, 0.75, 2))
    v = Variable(torch_early.randn(1, 3, 2, 2).double(), requires_grad=True)
    assert gradcheck(lambda v: module(v), (v,))


def test_gradient_matches_finite_differences():
    torch_early.manual_seed(1)
    x = Variable(torch_early.randn(1, 3, 2, 2).double(), requires_grad=True)
    module = nn.CrossMapLRN2d(3, alpha=0.3, beta=0.6, k=1.5)
    assert gradcheck(lambda v: module(v), (x,))


def test_defaults_and_errors():
    module = nn.CrossMapLRN2d(5)
    assert (module.size, module.alpha, module.beta, module.k) == (5, 1e-4, 0.75, 1)
    with pytest.raises(RuntimeError, match='expects a 4D input .* got size 2x3'):
        module(Variable(torch_early.randn(2, 3)))
    with pytest.raises(ValueError, match='at least 1 channel'):
        nn.CrossMapLRN2d(0)


# -- InstanceNorm1d/2d/3d ------------------------------------------------------------------------

@pytest.mark.parametrize('cls, size', [(nn.InstanceNorm1d, (3, 2, 5)),
                                       (nn.InstanceNorm2d, (2, 3, 3, 4)),
                                       (nn.InstanceNorm3d, (2, 2, 2, 3, 2))])
def test_instance_norm_normalises_each_sample_and_channel(cls, size):
    x = torch_early.DoubleTensor(*size).uniform_(-2, 3)
    module = cls(size[1], eps=0, momentum=1).double()
    out = module(Variable(x)).data.numpy().reshape(size[0], size[1], -1)
    assert numpy.abs(out.mean(2)).max() < 1e-10
    assert numpy.abs(out.var(2) - 1).max() < 1e-8
    # momentum 1: the running statistics are the batch's mean of each sample's (unbiased) ones
    per_sample = x.numpy().reshape(size[0], size[1], -1)
    numpy.testing.assert_allclose(module.running_mean.numpy(), per_sample.mean(2).mean(0))
    numpy.testing.assert_allclose(module.running_var.numpy(),
                                  per_sample.var(2, ddof=1).mean(0))


def test_instance_norm_defaults_repr_affine_eval_and_gradcheck():
    module = nn.InstanceNorm2d(3)
    assert (module.eps, module.momentum, module.affine) == (1e-5, 0.1, False)
    assert module.weight is None and module.bias is None
    assert repr(module) == 'InstanceNorm2d(3, eps=1e-05, momentum=0.1, affine=False)'
    affine = nn.InstanceNorm1d(2, affine=True).double()
    affine.weight.data.copy_(torch_early.DoubleTensor([2, 3]))
    affine.bias.data.copy_(torch_early.DoubleTensor([1, -1]))
    x = Variable(torch_early.DoubleTensor(2, 2, 4).uniform_(), requires_grad=True)
    out = affine(x).data.numpy()
    numpy.testing.assert_allclose(out.mean(2), [[1, -1], [1, -1]], atol=1e-10)
    assert gradcheck(lambda x: affine(x), (x,))
    # running statistics move by momentum 0.1 from (0, 1) in training
    assert affine.running_mean.abs().max() > 0
    # evaluation normalises by the running statistics
    affine.eval()
    mean, var = affine.running_mean.clone(), affine.running_var.clone()
    out = affine(x).data
    expected = (x.data[0][1] - mean[1]) / (var[1] + 1e-5) ** 0.5 * 3 - 1
    assert (out[0][1] - expected).abs().max() < 1e-10
    assert affine.running_mean.equal(mean)
    with pytest.raises(ValueError, match='expected 3D input'):
        nn.InstanceNorm1d(2)(Variable(torch_early.randn(2, 2)))
