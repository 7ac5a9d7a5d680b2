"""legacy.nn's pooling, unpooling, padding and upsampling over THNN: max (plain, dilated,
adaptive, fractional, temporal, volumetric), average, LP pooling, the max unpoolings tied to their
pooling module, reflection and replication padding, nearest and bilinear upsampling. Forward
against NumPy references over the windows, backward against central differences, the ceil mode,
type conversion, clearState, printing and errors."""
import math
import pickle

import numpy as np
import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_clear_state, check_module_gradients,
                              check_type_conversion, random_double)


def pool(x, kernel, stride, pad, reduce, dilation=None, ceil=False, fill=-np.inf):
    """Each window of the trailing len(kernel) dimensions of x reduced, the obvious way (padding
    with fill, which reduce must ignore for max pooling)."""
    dims = len(kernel)
    dilation = dilation or (1,) * dims
    spatial = x.shape[-dims:]
    reach = [(k - 1) * d + 1 for k, d in zip(kernel, dilation)]
    rounding = math.ceil if ceil else math.floor
    out_size = []
    for s, r, st, p in zip(spatial, reach, stride, pad):
        n = int(rounding((s + 2 * p - r) / st)) + 1
        if ceil and (n - 1) * st >= s + p:     # the last window must start inside the input
            n -= 1
        out_size.append(n)
    padded = np.pad(x, [(0, 0)] * (x.ndim - dims) + [(p, p + r) for p, r in zip(pad, reach)],
                    constant_values=fill)
    out = np.zeros(x.shape[:-dims] + tuple(out_size))
    for position in np.ndindex(*out_size):
        window = tuple(slice(i * st, i * st + r, d)
                       for i, st, r, d in zip(position, stride, reach, dilation))
        block = padded[(Ellipsis,) + window]
        out[(Ellipsis,) + position] = reduce(block.reshape(block.shape[:-dims] + (-1,)))
    return out


def max_of(block):
    return block.max(-1)


def test_spatial_max_pooling_forward_floor_and_ceil():
    x = random_double(2, 2, 5, 5)
    module = nn.SpatialMaxPooling(3, 3, 2, 2, 1, 1).double()
    assert_close(module.forward(x), pool(x.numpy(), (3, 3), (2, 2), (1, 1), max_of).tolist())
    module = nn.SpatialMaxPooling(2, 2).double()
    assert module.forward(x).size() == (2, 2, 2, 2)
    assert module.ceil().forward(x).size() == (2, 2, 3, 3)
    expected = pool(x.numpy(), (2, 2), (2, 2), (0, 0), max_of, ceil=True)
    assert_close(module.forward(x), expected.tolist())
    assert module.floor().forward(x).size() == (2, 2, 2, 2)


def test_dilated_and_volumetric_max_pooling_forward():
    x = random_double(2, 6, 7)
    module = nn.SpatialDilatedMaxPooling(2, 3, 1, 2, 0, 1, 2, 1).double()
    expected = pool(x.numpy(), (3, 2), (2, 1), (1, 0), max_of, dilation=(1, 2))
    assert_close(module.forward(x), expected.tolist())
    x = random_double(1, 2, 4, 5, 5)
    module = nn.VolumetricMaxPooling(2, 2, 2, 2, 2, 2, 1, 1, 1).double()
    expected = pool(x.numpy(), (2, 2, 2), (2, 2, 2), (1, 1, 1), max_of)
    assert_close(module.forward(x), expected.tolist())
    module = nn.VolumetricDilatedMaxPooling(2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 1, 2).double()
    expected = pool(x.numpy(), (2, 2, 2), (1, 1, 1), (0, 0, 0), max_of, dilation=(2, 2, 1))
    assert_close(module.forward(x), expected.tolist())
    module = nn.VolumetricAveragePooling(2, 2, 2, 1, 2, 2).double()
    expected = pool(x.numpy(), (2, 2, 2), (1, 2, 2), (0, 0, 0), lambda b: b.mean(-1))
    assert_close(module.forward(x), expected.tolist())


def test_temporal_max_pooling_is_over_frames():
    x = random_double(7, 3)
    module = nn.TemporalMaxPooling(3, 2).double()
    expected = [[max(x[2 * t + k][f] for k in range(3)) for f in range(3)] for t in range(3)]
    assert_close(module.forward(x), expected)


def test_average_pooling_counts_the_padding_unless_told_not_to():
    x = random_double(1, 2, 4, 4)
    module = nn.SpatialAveragePooling(2, 2, 2, 2, 1, 1).double()
    expected = pool(x.numpy(), (2, 2), (2, 2), (1, 1), lambda b: b.sum(-1) / 4, fill=0)
    assert_close(module.forward(x), expected.tolist())
    module.setCountExcludePad()
    ones = pool(np.ones((1, 2, 4, 4)), (2, 2), (2, 2), (1, 1), lambda b: b.sum(-1), fill=0)
    assert_close(module.forward(x), (expected * 4 / ones).tolist())


def test_adaptive_max_pooling_divides_the_input_into_the_output_cells():
    x = random_double(2, 5, 7)
    output = nn.SpatialAdaptiveMaxPooling(3, 2).double().forward(x)
    assert output.size() == (2, 2, 3)
    for i in range(2):
        rows = range(i * 5 // 2, -(-(i + 1) * 5 // 2))
        for j in range(3):
            cols = range(j * 7 // 3, -(-(j + 1) * 7 // 3))
            for p in range(2):
                assert output[p][i][j] == max(x[p][r][c] for r in rows for c in cols)


def test_fractional_max_pooling_sizes_and_fixed_regions():
    x = random_double(1, 2, 7, 7)
    module = nn.SpatialFractionalMaxPooling(2, 2, 4, 3).double()
    assert module.forward(x).size() == (1, 2, 3, 4)
    module = nn.SpatialFractionalMaxPooling(2, 2, 0.5, 0.5).double().fixPoolingRegions()
    first = module.forward(x).clone()
    assert first.size() == (1, 2, 3, 3)
    assert_close(module.forward(x), first)      # fixed: the same regions again
    # every output is the maximum of some 2x2 window of its plane
    for p in range(2):
        windows = {max(x[0][p][i][j], x[0][p][i + 1][j], x[0][p][i][j + 1],
                       x[0][p][i + 1][j + 1]) for i in range(6) for j in range(6)}
        assert all(v in windows for v in first[0][p].view(-1).tolist())
    with pytest.raises(ValueError, match='output size'):
        nn.SpatialFractionalMaxPooling(2, 2, 0.5, 2)
    with pytest.raises(RuntimeError, match='forward first'):
        nn.SpatialFractionalMaxPooling(2, 2, 2, 2).backward(x, x)


def test_lp_pooling_is_the_p_norm_of_each_window():
    x = random_double(2, 4, 4)
    for p in (2, 3):
        module = nn.SpatialLPPooling(2, p, 2, 2).double()
        expected = pool(x.numpy(), (2, 2), (2, 2), (0, 0),
                        lambda b: (np.abs(b) ** p).sum(-1) ** (1 / p))
        assert_close(module.forward(x), expected.tolist())


def test_unpooling_puts_each_maximum_back_in_place():
    x = random_double(1, 2, 4, 4)
    pooling = nn.SpatialMaxPooling(2, 2, 2, 2).double()
    unpooling = nn.SpatialMaxUnpooling(pooling).double()
    output = unpooling.forward(pooling.forward(x))
    kept = x.numpy() * (x.numpy() == np.repeat(np.repeat(
        pool(x.numpy(), (2, 2), (2, 2), (0, 0), max_of), 2, -1), 2, -2))
    assert_close(output, kept.tolist())
    x = random_double(1, 2, 4, 4)
    pooling = nn.VolumetricMaxPooling(2, 2, 2).double()
    output = nn.VolumetricMaxUnpooling(pooling).double().forward(pooling.forward(x))
    assert output.size() == x.size()
    # one plane of 2 frames: 4 windows, each maximum back in its place
    assert output.ne(0).sum() == pooling.output.nelement() == 4
    assert output.sum() == pytest.approx(pooling.output.sum())
    with pytest.raises(TypeError, match='expected a SpatialMaxPooling module'):
        nn.SpatialMaxUnpooling(nn.SpatialAveragePooling(2, 2))
    with pytest.raises(ValueError, match='non-overlapping'):
        nn.SpatialMaxUnpooling(nn.SpatialMaxPooling(3, 3, 2, 2))
    with pytest.raises(RuntimeError, match='must run forward first'):
        nn.VolumetricMaxUnpooling(nn.VolumetricMaxPooling(2, 2, 2)).forward(x)


def test_padding_reflects_or_replicates_the_border():
    x = random_double(2, 2, 3, 3)
    reflected = nn.SpatialReflectionPadding(1, 2, 2, 0).double().forward(x)
    assert_close(reflected, np.pad(x.numpy(), [(0, 0), (0, 0), (2, 0), (1, 2)],
                                   mode='reflect').tolist())
    replicated = nn.SpatialReplicationPadding(1, 2, 2, 0).double().forward(x)
    assert_close(replicated, np.pad(x.numpy(), [(0, 0), (0, 0), (2, 0), (1, 2)],
                                    mode='edge').tolist())
    x = random_double(2, 2, 3, 3)
    padded = nn.VolumetricReplicationPadding(1, 0, 2, 1, 0, 1).double().forward(x)
    assert_close(padded, np.pad(x.numpy(), [(0, 0), (0, 1), (2, 1), (1, 0)],
                                mode='edge').tolist())
    assert nn.SpatialReflectionPadding(2).pad_b == 2


def test_upsampling():
    x = random_double(1, 2, 2, 3)
    nearest = nn.SpatialUpSamplingNearest(2).double().forward(x)
    assert_close(nearest, np.repeat(np.repeat(x.numpy(), 2, -1), 2, -2).tolist())
    bilinear = nn.SpatialUpSamplingBilinear(2).double().forward(x)
    assert bilinear.size() == (1, 2, 3, 5)         # (H - 1) * 2 + 1, corners aligned
    assert_close(bilinear[0][1][0][1], (x[0][1][0][0] + x[0][1][0][1]) / 2)
    assert_close(bilinear[0][0][2][4], x[0][0][1][2])
    sized = nn.SpatialUpSamplingBilinear({'oheight': 3, 'owidth': 5}).double()
    assert_close(sized.forward(x[0]), bilinear[0])     # a 3D input too
    with pytest.raises(ValueError, match='whole number'):
        nn.SpatialUpSamplingNearest(1.5)
    with pytest.raises(ValueError, match='oheight'):
        nn.SpatialUpSamplingBilinear({'height': 3})


def unpooling_net(pool_class, kernel):
    pooling = pool_class(*kernel)
    unpool_class = (nn.SpatialMaxUnpooling if pool_class is nn.SpatialMaxPooling
                    else nn.VolumetricMaxUnpooling)
    return nn.Sequential().add(pooling).add(unpool_class(pooling))


CASES = [
    (lambda: nn.SpatialMaxPooling(3, 3, 2, 2, 1, 1), (1, 2, 5, 5)),
    (lambda: nn.SpatialMaxPooling(2, 2).ceil(), (2, 5, 5)),
    (lambda: nn.SpatialDilatedMaxPooling(2, 2, 1, 1, 0, 0, 2, 2), (2, 5, 5)),
    (lambda: nn.SpatialAveragePooling(2, 2, 2, 2, 1, 1), (1, 2, 4, 4)),
    (lambda: nn.SpatialAveragePooling(2, 2, 1, 1).setCountExcludePad(), (2, 3, 3)),
    (lambda: nn.SpatialAdaptiveMaxPooling(2, 2), (2, 5, 7)),
    (lambda: nn.SpatialFractionalMaxPooling(2, 2, 0.5, 0.5).fixPoolingRegions(), (1, 2, 5, 5)),
    (lambda: nn.SpatialFractionalMaxPooling(2, 2, 4, 4).fixPoolingRegions(), (1, 2, 7, 7)),
    (lambda: nn.SpatialLPPooling(2, 2, 2, 2, 2, 2), (1, 2, 4, 4)),
    (lambda: nn.SpatialLPPooling(2, 3, 2, 2), (2, 4, 4)),
    (lambda: unpooling_net(nn.SpatialMaxPooling, (2, 2, 2, 2)), (1, 2, 4, 4)),
    (lambda: unpooling_net(nn.VolumetricMaxPooling, (2, 2, 2, 2)), (1, 2, 4, 4)),
    (lambda: nn.SpatialReflectionPadding(1, 2, 1, 0), (2, 2, 3, 3)),
    (lambda: nn.SpatialReplicationPadding(1, 2, 1, 0), (2, 3, 3)),
    (lambda: nn.SpatialUpSamplingNearest(2), (1, 2, 2, 2)),
    (lambda: nn.SpatialUpSamplingBilinear(2), (2, 2, 3)),
    (lambda: nn.SpatialUpSamplingBilinear({'oheight': 3, 'owidth': 4}), (1, 2, 2, 2)),
    (lambda: nn.TemporalMaxPooling(2), (2, 5, 3)),
    (lambda: nn.VolumetricMaxPooling(2, 2, 2), (1, 2, 3, 3, 3)),
    (lambda: nn.VolumetricMaxPooling(2, 2, 2, 1, 1, 1, 1, 1, 1), (2, 3, 3, 3)),
    (lambda: nn.VolumetricDilatedMaxPooling(2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 2, 2), (1, 4, 4, 4)),
    (lambda: nn.VolumetricAveragePooling(2, 2, 2), (1, 2, 3, 3, 3)),
    (lambda: nn.VolumetricReplicationPadding(1, 0, 1, 0, 1, 1), (1, 2, 2, 2, 2)),
]


@pytest.mark.parametrize('make, size', CASES)
def test_gradients_conversion_clear_state_and_pickling(make, size):
    module = make().double()
    x = random_double(*size)
    check_module_gradients(module, x)
    check_type_conversion(module, x)
    check_clear_state(module, x)
    copy = pickle.loads(pickle.dumps(module))
    assert_close(copy.forward(x), module.forward(x))


def test_errors():
    with pytest.raises(RuntimeError):
        nn.SpatialMaxPooling(2, 2).double().forward(random_double(5, 5))
    with pytest.raises(RuntimeError):
        nn.SpatialMaxPooling(4, 4).double().forward(random_double(1, 3, 3))
    with pytest.raises(RuntimeError, match='3D or 4D'):
        nn.SpatialUpSamplingBilinear(2).double().forward(random_double(4, 4))


def test_printing():
    assert repr(nn.SpatialMaxPooling(3, 3, 2, 2, 1, 1)) == 'nn.SpatialMaxPooling(3x3, 2,2, 1,1)'
    assert repr(nn.SpatialMaxPooling(2, 2)) == 'nn.SpatialMaxPooling(2x2, 2,2)'
    assert repr(nn.SpatialAveragePooling(2, 2)) == 'nn.SpatialAveragePooling(2x2, 1,1)'
    assert (repr(nn.VolumetricMaxPooling(2, 2, 2)) ==
            'nn.VolumetricMaxPooling(2x2x2, 2,2,2)')
    assert (repr(nn.SpatialReflectionPadding(1, 2, 3, 4)) ==
            'nn.SpatialReflectionPadding(l=1, r=2, t=3, b=4)')
    assert (repr(nn.SpatialMaxUnpooling(nn.SpatialMaxPooling(2, 2))) ==
            'nn.SpatialMaxUnpooling associated to nn.SpatialMaxPooling(2x2, 2,2)')
    assert repr(nn.SpatialUpSamplingNearest(2)) == 'nn.SpatialUpSamplingNearest(2)'
