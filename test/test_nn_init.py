"""nn.init: each scheme's range or spread from the fan of the weight, on tensors and Variables;
calculate_gain's table; orthogonality; sparsity per column; the error cases."""
import math

import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable
from torch_early.nn import init


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def tensor(*size):
    return torch_early.DoubleTensor(*size).zero_()


def test_calculate_gain_table():
    for name in ('linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d',
                 'conv_transpose2d', 'conv_transpose3d', 'sigmoid'):
        assert init.calculate_gain(name) == 1
    assert init.calculate_gain('tanh') == pytest.approx(5 / 3)
    assert init.calculate_gain('relu') == pytest.approx(math.sqrt(2))
    assert init.calculate_gain('leaky_relu') == pytest.approx(math.sqrt(2 / (1 + 0.01 ** 2)))
    assert init.calculate_gain('leaky_relu', 0.2) == pytest.approx(math.sqrt(2 / 1.04))
    with pytest.raises(ValueError, match='Unsupported nonlinearity softmax'):
        init.calculate_gain('softmax')
    with pytest.raises(ValueError, match='not a valid number'):
        init.calculate_gain('leaky_relu', 'steep')


def test_uniform_normal_constant_fill_in_place_and_return_their_argument():
    t = tensor(100, 50)
    assert init.uniform(t, -2, 3) is t
    values = t.numpy()
    assert values.min() >= -2 and values.max() < 3 and values.max() - values.min() > 4.5
    init.normal(t, 5, 0.5)
    assert abs(t.numpy().mean() - 5) < 0.05 and abs(t.numpy().std() - 0.5) < 0.05
    init.constant(t, 1.5)
    assert np.all(t.numpy() == 1.5)


def test_variables_are_filled_through_their_data():
    v = Variable(tensor(3, 4))
    assert init.constant(v, 2) is v
    assert np.all(v.data.numpy() == 2)
    p = nn.Linear(4, 3).weight
    init.xavier_uniform(p)
    assert np.abs(p.data.numpy()).max() <= math.sqrt(6 / 7)


def test_non_tensors_are_refused():
    with pytest.raises(TypeError, match='tensor or a Variable'):
        init.uniform([1, 2, 3])


@pytest.mark.parametrize('size, fan_in, fan_out', [
    ((30, 20), 20, 30),
    ((8, 4, 3, 3), 36, 72),
    ((6, 2, 5), 10, 30),
])
def test_xavier_bounds_follow_the_fans(size, fan_in, fan_out):
    t = tensor(*size)
    init.xavier_uniform(t, gain=2)
    bound = 2 * math.sqrt(6 / (fan_in + fan_out))
    assert np.abs(t.numpy()).max() <= bound
    assert np.abs(t.numpy()).max() > 0.8 * bound
    big = tensor(size[0] * 20, *size[1:])
    init.xavier_normal(big)
    fan_out_big = fan_out * 20
    assert big.numpy().std() == pytest.approx(math.sqrt(2 / (fan_in + fan_out_big)), rel=0.1)


@pytest.mark.parametrize('mode', ['fan_in', 'fan_out'])
def test_kaiming_spread_follows_the_chosen_fan(mode):
    t = tensor(200, 100)
    fan = 100 if mode == 'fan_in' else 200
    init.kaiming_normal(t, a=0.5, mode=mode)
    assert t.numpy().std() == pytest.approx(math.sqrt(2 / ((1 + 0.25) * fan)), rel=0.05)
    init.kaiming_uniform(t, mode=mode)
    bound = math.sqrt(3) * math.sqrt(2 / fan)
    assert np.abs(t.numpy()).max() <= bound and np.abs(t.numpy()).max() > 0.9 * bound


def test_kaiming_refuses_an_unknown_mode():
    with pytest.raises(ValueError, match='Mode fan_avg not supported'):
        init.kaiming_uniform(tensor(3, 3), mode='fan_avg')


def test_fans_need_two_dimensions():
    with pytest.raises(ValueError, match='less than 2 dimensions'):
        init.xavier_uniform(tensor(5))


@pytest.mark.parametrize('size', [(4, 6), (6, 4), (5, 5), (3, 2, 2)])
def test_orthogonal_gives_orthonormal_rows_or_columns(size):
    t = tensor(*size)
    init.orthogonal(t, gain=3)
    m = t.numpy().reshape(size[0], -1) / 3
    rows, cols = m.shape
    gram = m @ m.T if rows <= cols else m.T @ m
    assert np.allclose(gram, np.eye(min(rows, cols)))


def test_orthogonal_needs_two_dimensions():
    with pytest.raises(ValueError, match='2 or more dimensions'):
        init.orthogonal(tensor(4))


def test_sparse_zeroes_the_same_count_in_every_column():
    t = tensor(10, 30)
    init.sparse(t, 0.25, std=0.5)
    zeros_per_column = (t.numpy() == 0).sum(0)
    assert np.all(zeros_per_column == 3)      # ceil(0.25 * 10)
    nonzero = t.numpy()[t.numpy() != 0]
    assert nonzero.std() == pytest.approx(0.5, rel=0.15)
    with pytest.raises(ValueError, match='Only tensors with 2 dimensions'):
        init.sparse(tensor(2, 2, 2), 0.5)


# -- eye, dirac ----------------------------------------------------------------------------------

@pytest.mark.parametrize('size', [(3, 3), (2, 4), (4, 1)])
def test_eye_fills_the_identity(size):
    t = tensor(*size).fill_(7)
    assert init.eye(t) is t
    assert t.numpy().tolist() == np.eye(*size).tolist()
    v = Variable(tensor(*size))
    assert init.eye(v) is v and v.data.sum() == min(size)


def test_eye_and_dirac_refuse_other_dimensions():
    for size in [(3,), (2, 2, 2)]:
        with pytest.raises(ValueError, match='2 dimensions'):
            init.eye(tensor(*size))
    for size in [(3,), (2, 2), (1, 1, 1, 1, 1, 1)]:
        with pytest.raises(ValueError, match='3, 4, or 5 dimensions'):
            init.dirac(tensor(*size))


@pytest.mark.parametrize('dims', [1, 2, 3])
def test_dirac_makes_a_convolution_pass_its_first_channels_through(dims):
    conv = getattr(nn.functional, 'conv{}d'.format(dims))
    weight = Variable(tensor(5, 3, *([3] * dims)).fill_(1))
    init.dirac(weight)
    assert weight.data.sum() == 3 and weight.data.nonzero().size(0) == 3
    x = Variable(torch_early.DoubleTensor(2, 3, *([4] * dims)).uniform_())
    out = conv(x, weight, padding=1).data
    assert out.narrow(1, 0, 3).equal(x.data)
    assert out.narrow(1, 3, 2).abs().max() == 0
    # fewer output channels than input ones: the first ones pass
    assert init.dirac(tensor(2, 3, 3, 3)).nonzero().size(0) == 2
