"""legacy.nn's convolutions over THNN: Temporal, Spatial (plain, dilated, full/transposed,
local, with a connection table) and Volumetric (plain, dilated, full), and SpatialSubSampling /
TemporalSubSampling. Forward against a direct NumPy loop over the windows, backward (gradInput
and the weights' gradients accumulated with a scale) against central differences, the
connection tables, the init bounds, type conversion, clearState, printing and errors."""
import math
import pickle

import numpy as np
import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_clear_state, check_module_gradients,
                              check_type_conversion, random_double)

maps = nn.SpatialConvolutionMap.maps


def correlate(x, weight, bias, stride, pad, dilation):
    """The N-d cross-correlation of x (planes x spatial...) by weight (out x in x kernel...), the
    obvious way: zero padding, then for every output position the sum over the window."""
    x = np.pad(x, [(0, 0)] + [(p, p) for p in pad])
    kernel = weight.shape[2:]
    reach = [(k - 1) * d + 1 for k, d in zip(kernel, dilation)]
    out_size = [(s - r) // st + 1 for s, r, st in zip(x.shape[1:], reach, stride)]
    out = np.zeros((weight.shape[0],) + tuple(out_size))
    for position in np.ndindex(*out_size):
        window = tuple(slice(p * st, p * st + r, d)
                       for p, st, r, d in zip(position, stride, reach, dilation))
        patch = x[(slice(None),) + window]
        out[(slice(None),) + position] = np.tensordot(weight, patch, axes=patch.ndim)
    if bias is not None:
        out += bias.reshape((-1,) + (1,) * len(out_size))
    return out


def transposed(x, weight, bias, stride, pad, adj):
    """The transposed convolution the obvious way: each input value spreads weight[in] over its
    output window, then the padding is cut off."""
    kernel = weight.shape[2:]
    full = [(s - 1) * st + k + a for s, st, k, a in zip(x.shape[1:], stride, kernel, adj)]
    out = np.zeros((weight.shape[1],) + tuple(full))
    for position in np.ndindex(*x.shape[1:]):
        window = tuple(slice(p * st, p * st + k) for p, st, k in zip(position, stride, kernel))
        out[(slice(None),) + window] += np.tensordot(x[(slice(None),) + position], weight, 1)
    out = out[(slice(None),) + tuple(slice(p, f - p) for p, f in zip(pad, full))]
    if bias is not None:
        out += bias.reshape((-1,) + (1,) * len(kernel))
    return out


def batched(function, x, *args):
    return np.stack([function(sample, *args) for sample in x])


def test_spatial_convolution_forward():
    module = nn.SpatialConvolution(2, 3, 3, 2, 2, 1, 1, 0).double()
    x = random_double(2, 2, 5, 4)
    expected = batched(correlate, x.numpy(), module.weight.numpy(), module.bias.numpy(),
                       (1, 2), (0, 1), (1, 1))
    assert_close(module.forward(x), expected.tolist())
    assert_close(module.forward(x[0]), expected[0].tolist())     # one image


def test_spatial_dilated_convolution_forward():
    # v0.1.12's order: dilationH (1) before dilationW (2)
    module = nn.SpatialDilatedConvolution(2, 2, 3, 2, 1, 2, 1, 0, 1, 2).double()
    assert (module.dilationH, module.dilationW) == (1, 2)
    x = random_double(1, 2, 6, 7)
    expected = batched(correlate, x.numpy(), module.weight.numpy(), module.bias.numpy(),
                       (2, 1), (0, 1), (1, 2))
    assert_close(module.forward(x), expected.tolist())


def test_spatial_full_convolution_forward_and_target_size():
    module = nn.SpatialFullConvolution(2, 3, 3, 3, 2, 2, 1, 1, 1, 1).double()
    x = random_double(1, 2, 3, 3)
    expected = batched(transposed, x.numpy(), module.weight.numpy(), module.bias.numpy(),
                       (2, 2), (1, 1), (1, 1))
    assert_close(module.forward(x), expected.tolist())
    # a table [input, target]: adj chosen for the target's size
    plain = nn.SpatialFullConvolution(2, 3, 3, 3, 2, 2, 1, 1).double()
    plain.weight.copy_(module.weight)
    plain.bias.copy_(module.bias)
    target = random_double(1, 3, 6, 6)
    output = plain.forward([x, target])
    assert_close(output, expected.tolist())
    gradInput = plain.backward([x, target], random_double(1, 3, 6, 6))
    assert isinstance(gradInput, list) and gradInput[1].abs().max() == 0
    assert gradInput[0].size() == x.size()


def test_volumetric_convolutions_forward():
    module = nn.VolumetricConvolution(2, 2, 2, 3, 2, 1, 2, 1, 1, 0, 1).double()
    x = random_double(1, 2, 3, 4, 5)
    expected = batched(correlate, x.numpy(), module.weight.numpy(), module.bias.numpy(),
                       (1, 1, 2), (1, 1, 0), (1, 1, 1))
    assert_close(module.forward(x), expected.tolist())
    module = nn.VolumetricDilatedConvolution(2, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 1, 2).double()
    x = random_double(1, 2, 4, 4, 4)
    expected = batched(correlate, x.numpy(), module.weight.numpy(), module.bias.numpy(),
                       (1, 1, 1), (0, 0, 0), (2, 2, 1))
    assert_close(module.forward(x), expected.tolist())
    module = nn.VolumetricFullConvolution(2, 3, 2, 2, 2, 2, 2, 2, 0, 0, 0, 1, 0, 1).double()
    x = random_double(1, 2, 2, 2, 2)
    expected = batched(transposed, x.numpy(), module.weight.numpy(), module.bias.numpy(),
                       (2, 2, 2), (0, 0, 0), (1, 1, 0))
    assert_close(module.forward(x), expected.tolist())


def test_temporal_convolution_forward():
    module = nn.TemporalConvolution(3, 2, 2, 2).double()
    x = random_double(7, 3)
    # frames laid end to end in each window, times weight
    expected = [[sum(module.weight[o][k * 3 + i] * x[t * 2 + k][i]
                     for k in range(2) for i in range(3)) + module.bias[o] for o in range(2)]
                for t in range(3)]
    assert_close(module.forward(x), expected)
    assert_close(module.forward(x.view(1, 7, 3)), [expected])


def test_subsampling_forward():
    module = nn.SpatialSubSampling(2, 2, 2, 2, 1).double()
    x = random_double(2, 3, 4)
    expected = [[[module.weight[p] * sum(x[p][i + a][2 * j + b] for a in range(2)
                                         for b in range(2)) + module.bias[p]
                  for j in range(2)] for i in range(2)] for p in range(2)]
    assert_close(module.forward(x), expected)
    module = nn.TemporalSubSampling(2, 3, 2).double()
    x = random_double(7, 2)
    expected = [[module.weight[f] * sum(x[2 * t + k][f] for k in range(3)) + module.bias[f]
                 for f in range(2)] for t in range(3)]
    assert_close(module.forward(x), expected)


def test_spatial_convolution_local_has_one_kernel_per_position():
    module = nn.SpatialConvolutionLocal(2, 3, 4, 4, 2, 2, 2, 2).double()
    x = random_double(2, 4, 4)
    output = module.forward(x)
    for i in range(2):
        for j in range(2):
            kernel = module.weight[i][j].numpy()
            patch = x.numpy()[:, 2 * i:2 * i + 2, 2 * j:2 * j + 2]
            expected = np.tensordot(kernel, patch, 3) + module.bias.numpy()[:, i, j]
            assert_close(output.numpy()[:, i, j].tolist(), expected.tolist())
    with pytest.raises(RuntimeError):
        module.forward(random_double(2, 5, 5))      # made for 4x4 images


def test_connection_tables():
    assert maps.full(2, 3).tolist() == [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2]]
    assert maps.oneToOne(3).tolist() == [[0, 0], [1, 1], [2, 2]]
    table = maps.random(4, 3, 2)
    assert table.size() == (6, 2)
    for o in range(3):
        inputs = [int(table[r][0]) for r in range(6) if table[r][1] == o]
        assert len(set(inputs)) == 2 and all(0 <= i < 4 for i in inputs)
    assert nn.tables.full is maps.full
    with pytest.raises(ValueError, match='nto'):
        maps.random(2, 3, 3)


def test_spatial_convolution_map_sums_the_connected_planes():
    table = torch.Tensor([[0, 0], [1, 0], [1, 1]])
    module = nn.SpatialConvolutionMap(table, 2, 2).double()
    assert (module.nInputPlane, module.nOutputPlane) == (2, 2)
    x = random_double(2, 3, 3)
    weight = np.zeros((2, 2, 2, 2))
    for k, (i, o) in enumerate([(0, 0), (1, 0), (1, 1)]):
        weight[o, i] = module.weight[k].numpy()
    expected = correlate(x.numpy(), weight, module.bias.numpy(), (1, 1), (0, 0), (1, 1))
    assert_close(module.forward(x), expected.tolist())
    full = nn.SpatialFullConvolutionMap(table, 2, 2).double()
    full.weight.copy_(module.weight)
    expected = transposed(x.numpy(), weight.transpose(1, 0, 2, 3), full.bias.numpy(), (1, 1),
                          (0, 0), (0, 0))
    assert_close(full.forward(x), expected.tolist())


CASES = [
    (lambda: nn.SpatialConvolution(2, 3, 3, 3), (2, 2, 4, 4)),
    (lambda: nn.SpatialConvolution(2, 3, 3, 3, 2, 2, 1, 1), (2, 5, 5)),
    (lambda: nn.SpatialConvolution(2, 3, 2, 2).noBias(), (1, 2, 3, 3)),
    (lambda: nn.SpatialDilatedConvolution(2, 2, 3, 3, 2, 2, 1, 1, 2, 2), (1, 2, 6, 6)),
    (lambda: nn.SpatialFullConvolution(2, 3, 3, 3, 2, 2, 1, 1, 1, 1), (1, 2, 3, 3)),
    (lambda: nn.SpatialConvolutionLocal(2, 2, 4, 4, 2, 2), (1, 2, 4, 4)),
    (lambda: nn.SpatialConvolutionLocal(2, 2, 4, 4, 2, 2, 2, 2, 1, 1), (2, 4, 4)),
    (lambda: nn.SpatialConvolutionMap(maps.oneToOne(3), 3, 3), (3, 5, 5)),
    (lambda: nn.SpatialConvolutionMap(maps.full(2, 3), 3, 3, 2, 2), (2, 5, 5)),
    (lambda: nn.SpatialFullConvolutionMap(maps.oneToOne(2), 3, 3, 2, 2), (2, 3, 3)),
    (lambda: nn.SpatialFullConvolutionMap(maps.full(2, 3), 2, 2), (2, 3, 3)),
    (lambda: nn.SpatialSubSampling(2, 2, 2, 2, 2), (2, 4, 4)),
    (lambda: nn.TemporalConvolution(3, 2, 2), (2, 5, 3)),
    (lambda: nn.TemporalConvolution(3, 2, 2, 2), (5, 3)),
    (lambda: nn.TemporalSubSampling(3, 2, 2), (5, 3)),
    (lambda: nn.VolumetricConvolution(2, 2, 2, 2, 2), (1, 2, 3, 3, 3)),
    (lambda: nn.VolumetricConvolution(2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1), (2, 3, 3, 3)),
    (lambda: nn.VolumetricFullConvolution(2, 2, 2, 2, 2), (1, 2, 2, 2, 2)),
    (lambda: nn.VolumetricDilatedConvolution(2, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 2, 2),
     (2, 4, 4, 4)),
]


@pytest.mark.parametrize('make, size', CASES)
def test_gradients_conversion_clear_state_and_pickling(make, size):
    module = make().double()
    x = random_double(*size)
    check_module_gradients(module, x, scale=0.5)
    check_type_conversion(module, x)
    check_clear_state(module, x)
    copy = pickle.loads(pickle.dumps(module))
    assert_close(copy.forward(x), module.forward(x))


def test_reset_bounds_follow_the_fan_in():
    module = nn.SpatialConvolution(3, 4, 3, 2)
    assert module.weight.abs().max() <= 1 / math.sqrt(3 * 3 * 2)
    module = nn.VolumetricConvolution(2, 4, 2, 2, 2)
    assert module.weight.abs().max() <= 1 / math.sqrt(2 * 8)
    module = nn.TemporalConvolution(5, 4, 3)
    assert module.weight.abs().max() <= 1 / math.sqrt(15)
    # each map kernel by the fan-in of its output plane: plane 0 has 1 input, plane 1 has 3
    module = nn.SpatialConvolutionMap(torch.Tensor([[0, 0], [0, 1], [1, 1], [2, 1]]), 2, 2)
    assert module.weight[0].abs().max() <= 1 / math.sqrt(4)
    assert module.weight.narrow(0, 1, 3).abs().max() <= 1 / math.sqrt(12)


def test_errors_name_the_sizes():
    module = nn.SpatialConvolution(3, 4, 3, 3).double()
    with pytest.raises(RuntimeError, match='3'):
        module.forward(random_double(2, 2, 5, 5))
    with pytest.raises(RuntimeError):
        module.forward(random_double(5, 5))
    with pytest.raises(ValueError, match='adjW and adjH'):
        nn.SpatialFullConvolution(2, 2, 3, 3, 1, 1, 0, 0, 1, 1)
    with pytest.raises(ValueError, match='connection table'):
        nn.SpatialConvolutionMap(torch.Tensor(3, 3), 2, 2)
    with pytest.raises(ValueError, match='does not fit'):
        nn.SpatialConvolutionLocal(1, 1, 2, 2, 3, 3)


def test_printing():
    assert repr(nn.SpatialConvolution(3, 4, 3, 3)) == 'nn.SpatialConvolution(3 -> 4, 3x3)'
    assert (repr(nn.SpatialConvolution(3, 4, 3, 3, 2, 2, 1, 1)) ==
            'nn.SpatialConvolution(3 -> 4, 3x3, 2,2, 1,1)')
    assert (repr(nn.SpatialConvolution(3, 4, 3, 3).noBias()) ==
            'nn.SpatialConvolution(3 -> 4, 3x3) without bias')
    assert (repr(nn.SpatialDilatedConvolution(3, 2, 3, 3, 2, 2, 1, 1, 2, 2)) ==
            'nn.SpatialDilatedConvolution(3 -> 2, 3x3, 2,2, 1,1, 2,2)')
    assert (repr(nn.SpatialFullConvolution(3, 4, 3, 3, 2, 2, 1, 1, 1, 1)) ==
            'nn.SpatialFullConvolution(3 -> 4, 3x3, 2,2, 1,1, 1,1)')
    assert (repr(nn.VolumetricConvolution(3, 4, 2, 2, 2)) ==
            'nn.VolumetricConvolution(3 -> 4, 2x2x2)')
    assert (repr(nn.SpatialConvolutionMap(maps.full(3, 4), 3, 3)) ==
            'nn.SpatialConvolutionMap(3 -> 4, 3x3, 1,1)')
    assert repr(nn.TemporalConvolution(4, 5, 3)) == 'nn.TemporalConvolution'


def test_spatial_dilated_convolution_defaults_as_v0_1_12():
    module = nn.SpatialDilatedConvolution(2, 2, 3, 3, 1, 1, 2, dilationH=3)
    assert (module.padW, module.padH, module.dilationW, module.dilationH) == (2, 2, 3, 3)
    module = nn.SpatialDilatedConvolution(2, 2, 3, 3)
    assert (module.padW, module.padH, module.dilationW, module.dilationH) == (0, 0, 1, 1)
