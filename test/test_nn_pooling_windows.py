"""Where the pooling windows go, for every combination of kernel, stride, padding, dilation and
ceil_mode over small inputs (1 to 6 elements a side): the max and average poolings in 1-D, 2-D
and 3-D and lp_pool2d, through nn.functional and through the THNN backends, against windows
listed and pooled by NumPy. In ceil_mode a last, partial window is kept only if it starts inside
the input or its left padding; a window that would start past the input is dropped whatever the
padding. Combinations THNN refuses raise a RuntimeError naming the sizes; the others must
match. Huge windows, strides and paddings (near 2**31) answer at once.
"""
import itertools
import random

import numpy as np
import pytest

import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable as V

TYPES = [torch_early.FloatTensor, torch_early.DoubleTensor]


def window_starts(n, k, s, p, d, ceil):
    """The first tap of each window over n elements: every window whose taps all lie in the
    padded input and, in ceil_mode, one more if the last of those does not reach the end of the
    padded input and the next starts inside the input (or its left padding)."""
    span = d * (k - 1) + 1
    starts = []
    i = 0
    while i * s - p + span <= n + p:
        starts.append(i * s - p)
        i += 1
    if ceil and (not starts or starts[-1] + span < n + p) and i * s - p < n:
        starts.append(i * s - p)
    return starts


def taps(start, k, d, n):
    return [start + j * d for j in range(k) if 0 <= start + j * d < n]


def max_pool_reference(x, kernel, stride, padding, dilation, ceil):
    """(output, indices) of a (channels, *spatial) array, indices flat within each plane."""
    dims = len(kernel)
    spatial = x.shape[-dims:]
    starts = [window_starts(n, k, s, p, d, ceil)
              for n, k, s, p, d in zip(spatial, kernel, stride, padding, dilation)]
    out = np.empty(x.shape[:-dims] + tuple(len(st) for st in starts))
    idx = np.empty(out.shape, dtype=np.int64)
    for c in np.ndindex(*x.shape[:-dims]):
        for o in itertools.product(*[range(len(st)) for st in starts]):
            cells = list(itertools.product(*[taps(starts[a][o[a]], kernel[a], dilation[a],
                                                  spatial[a]) for a in range(dims)]))
            best, at = -np.inf, -1
            for cell in cells:
                value = x[c + cell]
                if at < 0 or value > best:
                    best, at = value, int(np.ravel_multi_index(cell, spatial))
            out[c + o], idx[c + o] = best, at
    return out, idx


def avg_pool_reference(x, kernel, stride, padding, ceil, count_include_pad):
    dims = len(kernel)
    spatial = x.shape[-dims:]
    starts = [window_starts(n, k, s, p, 1, ceil)
              for n, k, s, p in zip(spatial, kernel, stride, padding)]
    out = np.zeros(x.shape[:-dims] + tuple(len(st) for st in starts))
    for c in np.ndindex(*x.shape[:-dims]):
        for o in itertools.product(*[range(len(st)) for st in starts]):
            inside = list(itertools.product(*[taps(starts[a][o[a]], kernel[a], 1, spatial[a])
                                              for a in range(dims)]))
            # the padded window, cut where the padded input ends
            padded = np.prod([len([t for t in range(starts[a][o[a]], starts[a][o[a]] + kernel[a])
                                   if t < spatial[a] + padding[a]]) for a in range(dims)])
            total = sum(x[c + cell] for cell in inside)
            divisor = padded if count_include_pad else len(inside)
            out[c + o] = total / divisor if inside else 0
    return out


def valid(n, k, p, d=1):
    return p <= k // 2 and n + 2 * p >= d * (k - 1) + 1


# -- the reproducer and its family --------------------------------------------------------------


@pytest.mark.parametrize('tensor_type', TYPES)
def test_ceil_mode_without_padding_drops_a_window_past_the_input(tensor_type):
    x = V(tensor_type(torch_early.range(1, 8).tolist()).view(1, 1, 1, 8))
    out, indices = F.max_pool2d(x, (1, 1), (1, 3), 0, 1, True, True)
    assert out.data.view(-1).tolist() == [1, 4, 7]
    assert indices.data.view(-1).tolist() == [0, 3, 6]
    assert F.avg_pool2d(x, (1, 1), (1, 3), 0, True).data.view(-1).tolist() == [1, 4, 7]
    assert F.max_pool2d(x[0], (1, 1), (1, 3), 0, 1, True).data.view(-1).tolist() == [1, 4, 7]
    line = x.view(1, 1, 8)
    assert F.max_pool1d(line, 1, 3, 0, 1, True).data.view(-1).tolist() == [1, 4, 7]
    assert F.avg_pool1d(line, 1, 3, 0, True).data.view(-1).tolist() == [1, 4, 7]
    volume = x.view(1, 1, 1, 1, 8)
    assert F.max_pool3d(volume, (1, 1, 1), (1, 1, 3), 0, 1, True).data.view(-1).tolist() == \
        [1, 4, 7]
    square = V(tensor_type(8, 8).fill_(2).view(1, 1, 8, 8))
    assert F.lp_pool2d(square, 2, 1, 3, True).size() == (1, 1, 3, 3)


def test_ceil_mode_reproducer_verbatim():
    out = F.max_pool2d(V(torch_early.range(1, 8).view(1, 1, 1, 8)), (1, 1), (1, 3), 0, 1, True)
    assert out.data.view(-1).tolist() == [1, 4, 7]


@pytest.mark.parametrize('tensor_type', TYPES)
def test_the_thnn_backends_give_the_same_window_count(tensor_type):
    backend = torch_early._thnn.type2backend[tensor_type]
    x = tensor_type(torch_early.range(1, 8).tolist()).view(1, 1, 8)
    out, ind = tensor_type(), torch_early.LongTensor()
    backend.SpatialMaxPooling_updateOutput(None, x, out, ind, 1, 1, 3, 1, 0, 0, True)
    assert out.view(-1).tolist() == [1, 4, 7]
    backend.SpatialAveragePooling_updateOutput(None, x, out, 1, 1, 3, 1, 0, 0, True, False)
    assert out.view(-1).tolist() == [1, 4, 7]
    backend.VolumetricMaxPooling_updateOutput(None, x.view(1, 1, 1, 8), out, ind, 1, 1, 1, 1, 3,
                                              1, 0, 0, 0, True)
    assert out.view(-1).tolist() == [1, 4, 7]


# -- every small combination against NumPy -----------------------------------------------------


ONE_D = list(itertools.product(range(1, 7), range(1, 5), range(1, 4), range(0, 3), range(1, 4),
                               [False, True]))


@pytest.mark.parametrize('tensor_type', TYPES)
def test_max_pool1d_every_small_combination(tensor_type):
    rng = np.random.RandomState(0)
    for n, k, s, p, d, ceil in ONE_D:
        x = rng.permutation(2 * n).reshape(2, 1, n).astype(np.float64)
        v = V(tensor_type(x.tolist()), requires_grad=True)
        if not valid(n, k, p, d):
            with pytest.raises(RuntimeError, match='pad should be at most half|Output size is '
                                                   'too small'):
                F.max_pool1d(v, k, s, p, d, ceil)
            continue
        out, indices = F.max_pool1d(v, k, s, p, d, ceil, True)
        expected, expected_indices = max_pool_reference(x, (k,), (s,), (p,), (d,), ceil)
        assert out.data.numpy().tolist() == expected.tolist(), (n, k, s, p, d, ceil)
        assert indices.data.numpy().tolist() == expected_indices.tolist()
        # the backward sends each gradient to the element its window took
        out.sum().backward()
        grad = np.zeros_like(x)
        for c in np.ndindex(*expected_indices.shape):
            if expected_indices[c] >= 0:
                grad[c[:-1] + (expected_indices[c],)] += 1
        assert v.grad.data.numpy().tolist() == grad.tolist()


@pytest.mark.parametrize('tensor_type', TYPES)
def test_avg_pool1d_every_small_combination(tensor_type):
    rng = np.random.RandomState(1)
    for (n, k, s, p, _, ceil), include in itertools.product(ONE_D[::3], [False, True]):
        x = rng.rand(2, 1, n)
        v = V(tensor_type(x.tolist()))
        if not valid(n, k, p):
            with pytest.raises(RuntimeError):
                F.avg_pool1d(v, k, s, p, ceil, include)
            continue
        out = F.avg_pool1d(v, k, s, p, ceil, include).data.double().numpy()
        np.testing.assert_allclose(out, avg_pool_reference(x, (k,), (s,), (p,), ceil, include),
                                   rtol=1e-5, err_msg=str((n, k, s, p, ceil, include)))


def random_combinations(dims, count, seed):
    rnd = random.Random(seed)
    for _ in range(count):
        yield (tuple(rnd.randint(1, 6) for _ in range(dims)),
               tuple(rnd.randint(1, 3) for _ in range(dims)),
               tuple(rnd.randint(1, 3) for _ in range(dims)),
               tuple(rnd.randint(0, 1) for _ in range(dims)),
               tuple(rnd.choice([1, 1, 2, 3]) for _ in range(dims)),
               rnd.random() < 0.5)


@pytest.mark.parametrize('dims,pool', [(2, F.max_pool2d), (3, F.max_pool3d)])
@pytest.mark.parametrize('tensor_type', TYPES)
def test_max_pool2d_and_3d_random_small_combinations(dims, pool, tensor_type):
    rng = np.random.RandomState(dims)
    for size, k, s, p, d, ceil in random_combinations(dims, 120, dims):
        batched = rng.rand() < 0.5
        x = rng.permutation(2 * int(np.prod(size))).reshape((2,) + size).astype(np.float64)
        v = V(tensor_type(x.tolist()))
        if batched:
            v = v.unsqueeze(0)
        if not all(valid(*c) for c in zip(size, k, p, d)):
            with pytest.raises(RuntimeError):
                pool(v, k, s, p, d, ceil)
            continue
        out, indices = pool(v, k, s, p, d, ceil, True)
        expected, expected_indices = max_pool_reference(x, k, s, p, d, ceil)
        if batched:
            out, indices = out[0], indices[0]
        assert out.data.numpy().tolist() == expected.tolist(), (size, k, s, p, d, ceil)
        assert indices.data.numpy().tolist() == expected_indices.tolist()


@pytest.mark.parametrize('tensor_type', TYPES)
def test_avg_pool2d_and_lp_pool2d_random_small_combinations(tensor_type):
    rng = np.random.RandomState(5)
    for size, k, s, p, _, ceil in random_combinations(2, 120, 5):
        include = rng.rand() < 0.5
        x = rng.rand(2, *size) + 0.1
        v = V(tensor_type(x.tolist())).unsqueeze(0)
        if not all(valid(*c) for c in zip(size, k, p)):
            with pytest.raises(RuntimeError):
                F.avg_pool2d(v, k, s, p, ceil, include)
            continue
        out = F.avg_pool2d(v, k, s, p, ceil, include).data[0].double().numpy()
        np.testing.assert_allclose(out, avg_pool_reference(x, k, s, p, ceil, include), rtol=1e-5)
        # lp_pool2d: no padding; the mean of x**2 over the (cut) window, times the kernel's size
        if not all(valid(n, kk, 0) for n, kk in zip(size, k)):
            continue
        lp = F.lp_pool2d(v, 2, k, s, ceil).data[0].double().numpy()
        mean = avg_pool_reference(x ** 2, k, s, (0, 0), ceil, True)
        np.testing.assert_allclose(lp, np.sqrt(mean * k[0] * k[1]), rtol=1e-4)


def test_avg_pool3d_windows_lie_inside_the_input():
    rng = np.random.RandomState(3)
    for size, k, s, _, _, _ in random_combinations(3, 60, 3):
        x = rng.rand(2, *size)
        v = V(torch_early.DoubleTensor(x.tolist()))
        if any(kk > n for kk, n in zip(k, size)):
            with pytest.raises(RuntimeError, match='Output size is too small'):
                F.avg_pool3d(v, k, s)
            continue
        np.testing.assert_allclose(F.avg_pool3d(v, k, s).data.numpy(),
                                   avg_pool_reference(x, k, s, (0, 0, 0), False, True))


# -- hostile sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize('tensor_type', TYPES)
def test_windows_of_2_31_taps_pool_a_small_input_at_once(tensor_type):
    x = V(tensor_type([[[[3, 1, 2], [5, 4, 0], [7, 8, 6]]]]))
    k, p = 2 ** 31 - 1, 2 ** 30 - 1
    out = F.max_pool2d(x, k, 1, p)
    assert out.size() == (1, 1, 3, 3) and out.data.view(-1).tolist() == [8] * 9
    out = F.max_pool3d(x.unsqueeze(2), (1, k, k), 1, (0, p, p))
    assert out.data.view(-1).tolist() == [8] * 9
    avg = F.avg_pool2d(x, k, 1, p, False, False)
    assert avg.size() == (1, 1, 3, 3)
    np.testing.assert_allclose(avg.data.double().numpy(), 4.0)
    line = x.view(1, 1, 9)
    assert F.max_pool1d(line, k, 2 ** 31 - 1, p, 1, True).data.view(-1).tolist() == [8]


@pytest.mark.parametrize('tensor_type', TYPES)
def test_convolutions_with_strides_and_paddings_near_2_31(tensor_type):
    x = V(tensor_type(1, 1, 2, 2, 2).normal_())
    w = V(tensor_type(1, 1, 1, 1, 1).fill_(2))
    out = F.conv3d(x, w, None, 2 ** 31 - 1)
    assert out.size() == (1, 1, 1, 1, 1)
    assert out.data[0, 0, 0, 0, 0] == 2 * x.data[0, 0, 0, 0, 0]
    for padding in (2 ** 31 - 1, 2 ** 30, (2 ** 31 - 1, 0, 0)):
        with pytest.raises((RuntimeError, MemoryError), match='too large|not enough memory'):
            F.conv3d(x, w, None, 1, padding)
    with pytest.raises(RuntimeError, match=r'Calculated output size: \(1x1x0x0x0\)\. Output size '
                                           r'is too small'):
        F.conv3d(x, V(tensor_type(1, 1, 3, 3, 3).zero_()), None, 2 ** 31 - 1)
    with pytest.raises(RuntimeError, match='Output size is too small'):   # (2-1)*s - 2*p + 1
        F.conv_transpose3d(x, w, None, 2 ** 31 - 1, 2 ** 30)


@pytest.mark.parametrize('tensor_type', TYPES)
def test_hostile_pooling_parameters_are_errors_naming_the_argument(tensor_type):
    x = V(tensor_type(1, 1, 3, 3).normal_())
    for kernel, stride, padding, dilation, argument in [
            (0, 1, 0, 1, 'kW'), (2, 0, 0, 1, 'dW'), (2, 1, -1, 1, 'padW'), (2, 1, 2, 1, 'padW'),
            (2, 1, 0, 0, 'dilationW'), (2, 1, 0, 2 ** 31 - 1, 'input'),
            (2 ** 31 - 1, 1, 0, 1, 'input')]:
        with pytest.raises(RuntimeError, match="argument '%s'" % argument):
            F.max_pool2d(x, kernel, stride, padding, dilation, True)
