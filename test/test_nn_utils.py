"""nn.utils.clip_grad_norm: the joint norm of several gradients (p-norms and the max norm), the
scaling when it exceeds max_norm, and nothing done when it does not."""
import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.nn.utils import clip_grad_norm


def params_with_grads(*grads):
    params = []
    for values in grads:
        p = nn.Parameter(torch_early.DoubleTensor(len(values)).zero_())
        p.grad.data.copy_(torch_early.DoubleTensor(values))
        params.append(p)
    return params


@pytest.mark.parametrize('norm_type', [1, 2, 3])
def test_p_norm_over_all_gradients_and_scaling(norm_type):
    grads = [[3.0, -4.0], [1.0, 2.0, -2.0]]
    params = params_with_grads(*grads)
    flat = np.concatenate([np.array(g) for g in grads])
    expected = np.sum(np.abs(flat) ** norm_type) ** (1 / norm_type)
    total = clip_grad_norm(params, 1.5, norm_type)
    assert total == pytest.approx(expected)
    scale = 1.5 / (expected + 1e-6)
    for p, g in zip(params, grads):
        assert np.allclose(p.grad.data.numpy(), np.array(g) * scale)
    clipped = np.concatenate([p.grad.data.numpy() for p in params])
    assert np.sum(np.abs(clipped) ** norm_type) ** (1 / norm_type) == pytest.approx(1.5, rel=1e-5)


@pytest.mark.parametrize('inf', [float('inf'), 'inf'])
def test_infinity_norm_is_the_largest_absolute_value(inf):
    params = params_with_grads([1.0, -6.0], [2.0])
    assert clip_grad_norm(params, 3, inf) == 6
    assert np.allclose(params[0].grad.data.numpy(), [0.5, -3.0], rtol=1e-5)


def test_gradients_under_the_limit_are_left_alone():
    params = params_with_grads([0.3, 0.4])
    assert clip_grad_norm(iter(params), 1) == pytest.approx(0.5)
    assert params[0].grad.data.tolist() == [0.3, 0.4]


def test_a_module_with_zero_gradients_or_no_parameters():
    m = nn.Linear(3, 2)
    assert clip_grad_norm(m.parameters(), 1) == 0
    assert clip_grad_norm([], 1) == 0
    assert clip_grad_norm([], 1, float('inf')) == 0
