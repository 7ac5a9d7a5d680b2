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
        (p * torch_early.autograd.Variable(torch_early.DoubleTensor(values))).sum().backward()
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


# -- packed sequences --------------------------------------------------------------------------

from torch_early.autograd import Variable, gradcheck  # noqa: E402
from torch_early.nn.utils.rnn import (  # noqa: E402
    PackedSequence, pack_padded_sequence, pad_packed_sequence)


def padded(steps, batch, features=2):
    data = torch_early.DoubleTensor(steps, batch, features).uniform_(-1, 1)
    return Variable(data, requires_grad=True)


def test_pack_takes_each_step_of_the_sequences_still_running():
    x = padded(4, 3)
    packed = pack_padded_sequence(x, [4, 2, 1])
    assert isinstance(packed, PackedSequence)
    assert packed.batch_sizes == [3, 2, 1, 1]
    a = x.data.numpy()
    expected = np.concatenate([a[0, :3], a[1, :2], a[2, :1], a[3, :1]])
    assert np.array_equal(packed.data.data.numpy(), expected)


def test_pad_restores_the_input_with_zeros_and_the_lengths():
    x = padded(3, 3)
    out, lengths = pad_packed_sequence(pack_padded_sequence(x, [3, 3, 2]))
    assert lengths == [3, 3, 2]
    expected = x.data.numpy().copy()
    expected[2, 2] = 0
    assert np.array_equal(out.data.numpy(), expected)


def test_batch_first_on_both_sides():
    x = padded(4, 2).transpose(0, 1)      # (batch 2, time 4)
    x = Variable(x.data.contiguous(), requires_grad=True)
    packed = pack_padded_sequence(x, [4, 1], batch_first=True)
    assert packed.batch_sizes == [2, 1, 1, 1]
    out, lengths = pad_packed_sequence(packed, batch_first=True)
    assert out.size() == (2, 4, 2) and lengths == [4, 1]
    assert np.array_equal(out.data.numpy()[0], x.data.numpy()[0])
    assert np.all(out.data.numpy()[1, 1:] == 0)


def test_gradients_flow_through_pack_and_pad():
    x = padded(3, 2)
    assert gradcheck(lambda v: pad_packed_sequence(pack_padded_sequence(v, [3, 1]))[0], (x,),
                     eps=1e-6, atol=1e-5)
    out, _ = pad_packed_sequence(pack_padded_sequence(x, [3, 1]))
    out.sum().backward()
    assert x.grad.data.numpy()[:, 1, 0].tolist() == [1, 0, 0]


@pytest.mark.parametrize('lengths, message', [
    ([3, 0], 'greater than 0'),
    ([1, 3], 'sorted in decreasing order'),
    ([3], 'incorrect size'),
    ([5, 2], 'exceeds the 3 time steps'),
])
def test_pack_checks_the_lengths(lengths, message):
    with pytest.raises(ValueError, match=message):
        pack_padded_sequence(padded(3, 2), lengths)


def test_parameters_no_backward_reached_are_left_out():
    used = params_with_grads([3.0, 4.0])[0]
    unused = nn.Parameter(torch_early.DoubleTensor([10.0]))
    assert clip_grad_norm([used, unused], 1.0) == pytest.approx(5.0)
    assert unused.grad is None and used.grad.data.tolist() == pytest.approx([0.6, 0.8])
