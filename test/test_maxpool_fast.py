"""The 2x2 max pooling at stride 2 (no padding, no dilation) has a fast path in THNN
(generic/SpatialDilatedMaxPooling.c). It must write what the general loop writes: the same
values, the same indices (a tie keeps the first tap in row order, the last NaN wins), and its
backward must scatter like the general one, even given indices it did not write.

Two references: a NumPy loop with the general rule, and the general C path itself, reached by
ceil_mode on an odd size (an extra window over the last row and column), whose first windows are
the fast path's.
"""

import numpy as np
import pytest

import torch_early
from torch_early._thnn import type2backend
from torch_early.autograd import Variable, gradcheck
import torch_early.nn.functional as F

TYPES = [torch_early.FloatTensor, torch_early.DoubleTensor]


def pool(x, ceil_mode=False):
    """THNN's max pooling of x with a 2x2 window at stride 2: (output, indices)."""
    output, indices = x.new(), torch_early.LongTensor()
    type2backend[type(x)].SpatialDilatedMaxPooling_updateOutput(
        None, x, output, indices, 2, 2, 2, 2, 0, 0, 1, 1, ceil_mode)
    return output, indices


def pool_backward(x, grad_output, indices, grad_input=None):
    grad_input = x.new() if grad_input is None else grad_input
    type2backend[type(x)].SpatialDilatedMaxPooling_updateGradInput(
        None, x, grad_output, grad_input, indices, 2, 2, 2, 2, 0, 0, 1, 1, False)
    return grad_input


def reference_pool(planes):
    """The general rule in NumPy over planes (..., H, W): taps in row order; a later tap wins
    when greater than the best so far or NaN."""
    height, width = planes.shape[-2:]
    flat = planes.reshape(-1, height, width)
    out = np.empty((flat.shape[0], height // 2, width // 2), planes.dtype)
    at = np.empty(out.shape, np.int64)
    for p, oh, ow in np.ndindex(*out.shape):
        best, where = None, None
        for i in range(2):
            for j in range(2):
                h, w = 2 * oh + i, 2 * ow + j
                value = flat[p, h, w]
                if best is None or value > best or np.isnan(value):
                    best, where = value, h * width + w
        out[p, oh, ow], at[p, oh, ow] = best, where
    return out.reshape(planes.shape[:-2] + out.shape[1:]), at.reshape(planes.shape[:-2] +
                                                                       out.shape[1:])


def reference_scatter(shape, grad_output, indices):
    grad = np.zeros((int(np.prod(shape[:-2])), shape[-2] * shape[-1]), grad_output.dtype)
    for p, row in enumerate(indices.reshape(grad.shape[0], -1)):
        for k, at in enumerate(row):
            grad[p, at] += grad_output.reshape(grad.shape[0], -1)[p, k]
    return grad.reshape(shape)


def awkward_input(tensor_type, sizes, seed):
    """Small integers (many ties), with NaNs, infinities and windows of -inf only."""
    rng = np.random.RandomState(seed)
    values = rng.randint(-2, 3, size=sizes).astype(np.float64)
    marks = rng.rand(*sizes)
    values[marks < 0.08] = np.nan
    values[(marks >= 0.08) & (marks < 0.14)] = -np.inf
    values[(marks >= 0.14) & (marks < 0.17)] = np.inf
    values[..., :2, :2] = -np.inf               # a window of -inf only
    values[..., -2:, :2] = np.nan               # a window of NaNs only (the last one wins)
    return tensor_type(values.tolist())


def same(a, b):
    return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)


@pytest.mark.parametrize('tensor_type', TYPES)
@pytest.mark.parametrize('sizes', [(3, 4, 6), (2, 3, 5, 7), (1, 2, 2), (2, 1, 9, 4), (1, 1, 3, 3),
                                   (2, 2, 8, 33)])
def test_fast_path_matches_the_general_rule(tensor_type, sizes):
    x = awkward_input(tensor_type, sizes, seed=sum(sizes))
    output, indices = pool(x)
    expected, expected_indices = reference_pool(x.numpy())
    assert same(output.numpy(), expected)
    assert same(indices.numpy(), expected_indices)


@pytest.mark.parametrize('tensor_type', TYPES)
def test_fast_path_matches_the_general_c_path(tensor_type):
    x = awkward_input(tensor_type, (2, 3, 8, 10), seed=5)
    odd = tensor_type(2, 3, 9, 11).fill_(0.5)
    odd[:, :, :8, :10] = x
    # ceil_mode on 9x11 adds a window over the last row and column: the general path
    general, general_indices = pool(odd, ceil_mode=True)
    assert general.size() == (2, 3, 5, 6)
    output, indices = pool(x)
    # the same windows, and each index moves to the 11-wide rows of `odd`
    assert same(output.numpy(), general.numpy()[:, :, :4, :5])
    rows, columns = np.divmod(indices.numpy(), 10)
    assert same(rows * 11 + columns, general_indices.numpy()[:, :, :4, :5])


@pytest.mark.parametrize('tensor_type', TYPES)
def test_non_contiguous_input_pools_like_its_copy(tensor_type):
    x = tensor_type(2, 3, 10, 8).uniform_(-1, 1).transpose(2, 3)
    assert not x.is_contiguous()
    output, indices = pool(x)
    copy_output, copy_indices = pool(x.contiguous())
    assert torch_early.equal(output, copy_output) and torch_early.equal(indices, copy_indices)


@pytest.mark.parametrize('tensor_type', TYPES)
@pytest.mark.parametrize('sizes', [(3, 5, 7), (2, 2, 6, 4), (1, 1, 3, 2)])
def test_backward_scatters_by_the_indices(tensor_type, sizes):
    x = awkward_input(tensor_type, sizes, seed=7)
    output, indices = pool(x)
    grad_output = tensor_type(*output.size()).uniform_(-1, 1)
    # stale values in gradInput must not survive, in the dropped row and column too
    stale = x.new(*sizes).fill_(7)
    grad_input = pool_backward(x, grad_output, indices, stale)
    expected = reference_scatter(sizes, grad_output.numpy(), indices.numpy())
    assert same(grad_input.numpy(), expected)


@pytest.mark.parametrize('tensor_type', TYPES)
def test_backward_with_indices_outside_their_windows_adds_like_the_general_path(tensor_type):
    x = tensor_type(2, 4, 6).uniform_(-1, 1)
    output, indices = pool(x)
    grad_output = tensor_type(*output.size()).uniform_(-1, 1)
    indices[0].fill_(5)                 # every window of plane 0 sends to element 5: they add up
    indices[1, 1, 2] = 0                # one window of plane 1 sends to another window's tap
    indices[1, 0, 0] = -1               # and one nowhere, as for a window over padding
    grad_input = pool_backward(x, grad_output, indices, x.new(2, 4, 6).fill_(3))
    expected = np.zeros((2, 24))
    go = grad_output.numpy().reshape(2, -1)
    expected[0, 5] = go[0].sum()
    for k, at in enumerate(indices.numpy()[1].ravel()):
        if at >= 0:
            expected[1, at] += go[1, k]
    assert np.allclose(grad_input.numpy().reshape(2, -1), expected)


def test_backward_refuses_an_index_outside_the_plane():
    x = torch_early.FloatTensor(1, 4, 4).uniform_()
    output, indices = pool(x)
    indices[0, 0, 0] = 16
    with pytest.raises(RuntimeError):
        pool_backward(x, output, indices)


def test_functional_max_pool2d_gradcheck_batch_and_not():
    for sizes in [(2, 2, 5, 4), (1, 4, 5)]:
        x = Variable(torch_early.DoubleTensor(*sizes).uniform_(-1, 1), requires_grad=True)
        assert gradcheck(lambda v: F.max_pool2d(v, 2), (x,), eps=1e-6, atol=1e-5)
