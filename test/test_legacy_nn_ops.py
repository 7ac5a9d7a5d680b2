"""legacy.nn's layers written over tensor operations (Add, CMul, Euclidean, View, Max, Dropout,
...): each forward against a reference computed the obvious way, each backward against central
differences, type conversion, clearState, printing, and the errors bad input gets."""
import math

import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_clear_state, check_module_gradients,
                              check_type_conversion, random_double)


def positive(*sizes):
    return random_double(*sizes).abs_().add_(0.1)


def away_from(values, *sizes):
    """Random entries at least 0.1 away from each of values (where a layer has a kink)."""
    x = random_double(*sizes).mul_(3)
    for value in values:
        near = (x - value).abs_().lt(0.1)
        x.masked_fill_(near, value + 0.5)
    return x


def distinct(*sizes):
    """Entries 0.1 apart, shuffled: a unique maximum and minimum along every dimension."""
    n = 1
    for size in sizes:
        n *= size
    return torch.randperm(n).double().mul_(0.1).view(*sizes)


def listed(x):
    return x.tolist()


# --- references computed the obvious way, over nested lists -----------------------------------

def euclidean_reference(x, weight, diagCov=None):
    rows = x.tolist() if x.dim() == 2 else [x.tolist()]
    w = weight.tolist()
    c = diagCov.tolist() if diagCov is not None else [[1.0] * len(w[0])] * len(w)
    out = [[math.sqrt(sum((c[i][j] * (row[i] - w[i][j])) ** 2 for i in range(len(row))))
             for j in range(len(w[0]))] for row in rows]
    return out if x.dim() == 2 else out[0]


def cosine_reference(x, weight):
    rows = x.tolist() if x.dim() == 2 else [x.tolist()]
    out = []
    for row in rows:
        norm_x = math.sqrt(sum(v * v for v in row))
        out.append([sum(a * b for a, b in zip(row, w)) / (norm_x * math.sqrt(sum(b * b for b in w)))
                    for w in weight.tolist()])
    return out if x.dim() == 2 else out[0]


def lrn_reference(x, size, alpha, beta, k):
    planes = x.size(1)
    before = (size - 1) // 2
    out = x.clone()
    for c in range(planes):
        window = range(max(c - before, 0), min(c - before + size, planes))
        squares = sum(x.select(1, j) * x.select(1, j) for j in window)
        out.select(1, c).copy_(x.select(1, c) / (squares * (alpha / size) + k).pow(beta))
    return out


def padding_reference(rows, pad, value, index):
    """Padding(0, pad, value, index) on a list of rows."""
    fill = [[value] * len(rows[0])] * abs(pad)
    at = len(rows) - index if pad > 0 else index
    return rows[:at] + fill + rows[at:]


def local_weighted_sums(x, kernel, f=lambda v: v):
    """For one example x (planes x h x w, nested lists) and a 2-D kernel (nested lists), the
    kernel-weighted sum over every plane of f(x) around each pixel, and the kernel weight that
    falls inside the image there: two h x w lists."""
    kh, kw = len(kernel), len(kernel[0])
    h, w = len(x[0]), len(x[0][0])
    sums = [[0.0] * w for _ in range(h)]
    weights = [[0.0] * w for _ in range(h)]
    for i in range(h):
        for j in range(w):
            for di in range(kh):
                for dj in range(kw):
                    a, b = i + di - kh // 2, j + dj - kw // 2
                    if 0 <= a < h and 0 <= b < w:
                        for plane in x:
                            sums[i][j] += kernel[di][dj] * f(plane[a][b])
                            weights[i][j] += kernel[di][dj]
    return sums, weights


def normalized_kernel(kernel, planes):
    """The 2-D kernel the module convolves with: divided by its sum times the planes (a 1-D
    kernel, applied across then down, acts as the outer product of itself)."""
    k = kernel.tolist()
    if kernel.dim() == 1:
        k = [v / (sum(k) * planes) for v in k]
        return [[a * b for b in k] for a in k]
    total = sum(sum(row) for row in k) * planes
    return [[v / total for v in row] for row in k]


def subtractive_reference(x, kernel):
    examples = x.tolist() if x.dim() == 4 else [x.tolist()]
    k = normalized_kernel(kernel, x.size(x.dim() - 3))
    out = []
    for example in examples:
        sums, weights = local_weighted_sums(example, k)
        out.append([[[v - sums[i][j] / weights[i][j] for j, v in enumerate(row)]
                     for i, row in enumerate(plane)] for plane in example])
    return out if x.dim() == 4 else out[0]


def divisive_reference(x, kernel, threshold=1e-4, thresval=1e-4):
    examples = x.tolist() if x.dim() == 4 else [x.tolist()]
    k = normalized_kernel(kernel, x.size(x.dim() - 3))
    out = []
    for example in examples:
        squares, weights = local_weighted_sums(example, k, lambda v: v * v)
        stds = [[math.sqrt(squares[i][j]) / weights[i][j] for j in range(len(squares[0]))]
                for i in range(len(squares))]
        stds = [[s if s > threshold else thresval for s in row] for row in stds]
        out.append([[[v / stds[i][j] for j, v in enumerate(row)] for i, row in enumerate(plane)]
                    for plane in example])
    return out if x.dim() == 4 else out[0]


def contrastive_reference(x, kernel):
    return divisive_reference(torch.DoubleTensor(subtractive_reference(x, kernel)), kernel)


# --- the table: (id, module maker, input maker, reference(input, module) or None) ----------------

CASES = [
    ('Add_batch', lambda: nn.Add(torch.Size([5, 4])), lambda: random_double(3, 5, 4),
     lambda x, m: x + m.bias.view(1, 5, 4).expand(3, 5, 4)),
    ('Add_single', lambda: nn.Add(4), lambda: random_double(4), lambda x, m: x + m.bias),
    ('Add_scalar', lambda: nn.Add(1, True), lambda: random_double(3, 1, 4),
     lambda x, m: x + m.bias[0]),
    ('AddConstant', lambda: nn.AddConstant(3.5), lambda: random_double(3, 5), lambda x, m: x + 3.5),
    ('Mul', lambda: nn.Mul(), lambda: random_double(2, 3, 2), lambda x, m: x * m.weight[0]),
    ('MulConstant', lambda: nn.MulConstant(4), lambda: random_double(2, 3), lambda x, m: x * 4),
    ('CMul_batch', lambda: nn.CMul(5, 6), lambda: random_double(4, 5, 6),
     lambda x, m: x * m.weight.view(1, 5, 6).expand(4, 5, 6)),
    ('CMul_single', lambda: nn.CMul(torch.Size([3, 4])), lambda: random_double(1, 3, 4),
     lambda x, m: x * m.weight.view(1, 3, 4)),
    ('CMul_noncontiguous', lambda: nn.CMul(1, 5), lambda: random_double(4, 3, 5)[:, 1],
     lambda x, m: x * m.weight.expand(4, 5)),
    ('Euclidean', lambda: nn.Euclidean(5, 3), lambda: random_double(4, 5),
     lambda x, m: euclidean_reference(x, m.weight)),
    ('Euclidean_1D', lambda: nn.Euclidean(4, 3), lambda: random_double(4),
     lambda x, m: euclidean_reference(x, m.weight)),
    ('WeightedEuclidean', lambda: nn.WeightedEuclidean(4, 3), lambda: random_double(3, 4),
     lambda x, m: euclidean_reference(x, m.weight, m.diagCov)),
    ('Cosine', lambda: nn.Cosine(5, 3), lambda: random_double(4, 5),
     lambda x, m: cosine_reference(x, m.weight)),
    ('Cosine_1D', lambda: nn.Cosine(4, 3), lambda: random_double(4),
     lambda x, m: cosine_reference(x, m.weight)),
    ('Normalize_1', lambda: nn.Normalize(1), lambda: random_double(3, 4),
     lambda x, m: x / x.abs().sum(1).expand(3, 4)),
    ('Normalize_2', lambda: nn.Normalize(2), lambda: random_double(3, 4),
     lambda x, m: x / x.norm(2, 1).expand(3, 4)),
    ('Normalize_1.5', lambda: nn.Normalize(1.5), lambda: random_double(4),
     lambda x, m: x / sum(abs(v) ** 1.5 for v in x.tolist()) ** (1 / 1.5)),
    ('Normalize_inf', lambda: nn.Normalize(float('inf')), lambda: random_double(3, 4),
     lambda x, m: x / x.abs().max(1)[0].expand(3, 4)),
    ('SpatialCrossMapLRN', lambda: nn.SpatialCrossMapLRN(5, 5e-3, 1e-3, 2),
     lambda: random_double(2, 3, 3, 3), lambda x, m: lrn_reference(x, 5, 5e-3, 1e-3, 2)),
    ('SpatialCrossMapLRN_even_3D', lambda: nn.SpatialCrossMapLRN(4, 0.5, 0.75, 1),
     lambda: random_double(5, 2, 2),
     lambda x, m: lrn_reference(x.view(1, 5, 2, 2), 4, 0.5, 0.75, 1).view(5, 2, 2)),
    # a window wider than the planes reaches them all; its work depends on the planes only
    ('SpatialCrossMapLRN_wider_than_the_planes', lambda: nn.SpatialCrossMapLRN(8, 0.5, 0.75, 1),
     lambda: random_double(2, 3, 2, 2), lambda x, m: lrn_reference(x, 8, 0.5, 0.75, 1)),
    ('SpatialCrossMapLRN_2^31', lambda: nn.SpatialCrossMapLRN(2 ** 31, 2.0 ** 30, 0.75, 1),
     lambda: random_double(1, 3, 2, 2),
     lambda x, m: lrn_reference(x, 2 ** 31, 2.0 ** 30, 0.75, 1)),
    ('Clamp', lambda: nn.Clamp(-2., 1.5), lambda: away_from((-2, 1.5), 3, 4),
     lambda x, m: [[min(max(v, -2.), 1.5) for v in row] for row in x.tolist()]),
    ('Exp', lambda: nn.Exp(), lambda: random_double(2, 3),
     lambda x, m: [[math.exp(v) for v in row] for row in x.tolist()]),
    ('Log', lambda: nn.Log(), lambda: positive(2, 3),
     lambda x, m: [[math.log(v) for v in row] for row in x.tolist()]),
    ('Power_2', lambda: nn.Power(2), lambda: random_double(2, 3),
     lambda x, m: [[v * v for v in row] for row in x.tolist()]),
    ('Power_fractional', lambda: nn.Power(1.5), lambda: positive(2, 3),
     lambda x, m: [[v ** 1.5 for v in row] for row in x.tolist()]),
    ('SoftSign', lambda: nn.SoftSign(), lambda: random_double(3, 4),
     lambda x, m: [[v / (1 + abs(v)) for v in row] for row in x.tolist()]),
    ('TanhShrink', lambda: nn.TanhShrink(), lambda: random_double(3, 4),
     lambda x, m: [[v - math.tanh(v) for v in row] for row in x.tolist()]),
    ('Sum', lambda: nn.Sum(1), lambda: random_double(2, 3, 4),
     lambda x, m: [[sum(x[i][j][k] for j in range(3)) for k in range(4)] for i in range(2)]),
    ('Sum_sizeAverage', lambda: nn.Sum(1, True), lambda: random_double(2, 3, 4),
     lambda x, m: [[sum(x[i][j][k] for j in range(3)) / 3 for k in range(4)] for i in range(2)]),
    ('Sum_1D', lambda: nn.Sum(), lambda: random_double(4), lambda x, m: [sum(x.tolist())]),
    ('Sum_negative_dim', lambda: nn.Sum(-1), lambda: random_double(2, 3),
     lambda x, m: [sum(row) for row in x.tolist()]),
    ('Sum_nInputDims', lambda: nn.Sum(0, False, 1), lambda: random_double(2, 3),
     lambda x, m: [sum(row) for row in x.tolist()]),
    ('Mean', lambda: nn.Mean(1), lambda: random_double(2, 3, 4),
     lambda x, m: [[sum(x[i][j][k] for j in range(3)) / 3 for k in range(4)] for i in range(2)]),
    ('Max', lambda: nn.Max(), lambda: distinct(4, 3, 2),
     lambda x, m: [[max(x[i][j][k] for i in range(4)) for k in range(2)] for j in range(3)]),
    ('Max_dim', lambda: nn.Max(1), lambda: distinct(4, 3),
     lambda x, m: [max(row) for row in x.tolist()]),
    ('Min', lambda: nn.Min(), lambda: distinct(4, 3),
     lambda x, m: [min(x[i][j] for i in range(4)) for j in range(3)]),
    ('Min_dim', lambda: nn.Min(1), lambda: distinct(4, 3),
     lambda x, m: [min(row) for row in x.tolist()]),
    ('View_infer_batch', lambda: nn.View(-1, 2, 6), lambda: random_double(2, 2, 3, 2),
     lambda x, m: listed(x.contiguous().view(2, 2, 6))),
    ('View_split_dim', lambda: nn.View(2, 2, 3), lambda: random_double(2, 6),
     lambda x, m: listed(x.view(2, 2, 3))),
    ('View_batch', lambda: nn.View(6), lambda: random_double(4, 2, 3),
     lambda x, m: listed(x.view(4, 6))),
    ('Reshape_add_dim', lambda: nn.Reshape(2, 3), lambda: random_double(3, 6),
     lambda x, m: listed(x.view(3, 2, 3))),
    ('Reshape_squash_dim', lambda: nn.Reshape(6), lambda: random_double(3, 2, 3),
     lambda x, m: listed(x.view(3, 6))),
    ('Transpose', lambda: nn.Transpose((0, 1), (1, 2)), lambda: random_double(2, 3, 4),
     lambda x, m: [[[x[c][a][b] for c in range(2)] for b in range(4)] for a in range(3)]),
    ('Narrow', lambda: nn.Narrow(1, 1, 2), lambda: random_double(2, 4),
     lambda x, m: [row[1:3] for row in x.tolist()]),
    ('Narrow_default_length', lambda: nn.Narrow(0, 0), lambda: random_double(3, 2),
     lambda x, m: x.tolist()[:1]),
    ('Narrow_from_end', lambda: nn.Narrow(1, -3, -1), lambda: random_double(2, 5),
     lambda x, m: [row[2:] for row in x.tolist()]),
    ('Select', lambda: nn.Select(1, 2), lambda: random_double(3, 4),
     lambda x, m: [row[2] for row in x.tolist()]),
    ('Select_negative', lambda: nn.Select(-1, -1), lambda: random_double(3, 4),
     lambda x, m: [row[3] for row in x.tolist()]),
    ('Squeeze', lambda: nn.Squeeze(), lambda: random_double(2, 1, 3, 1),
     lambda x, m: listed(x.view(2, 3))),
    ('Squeeze_dim', lambda: nn.Squeeze(1), lambda: random_double(2, 1, 3, 1),
     lambda x, m: listed(x.view(2, 3, 1))),
    ('Unsqueeze_first', lambda: nn.Unsqueeze(0), lambda: random_double(2, 3),
     lambda x, m: [x.tolist()]),
    ('Unsqueeze_last', lambda: nn.Unsqueeze(2), lambda: random_double(2, 3),
     lambda x, m: [[[v] for v in row] for row in x.tolist()]),
    ('Replicate', lambda: nn.Replicate(3, 1), lambda: random_double(2, 4),
     lambda x, m: [[row] * 3 for row in x.tolist()]),
    ('Replicate_batch', lambda: nn.Replicate(2, 0, 1), lambda: random_double(3, 2),
     lambda x, m: [[row] * 2 for row in x.tolist()]),
    ('Padding_after', lambda: nn.Padding(0, 2, -10), lambda: random_double(3, 2),
     lambda x, m: padding_reference(x.tolist(), 2, -10, 0)),
    ('Padding_index', lambda: nn.Padding(0, 2, -10, 1), lambda: random_double(3, 2),
     lambda x, m: padding_reference(x.tolist(), 2, -10, 1)),
    ('Padding_before', lambda: nn.Padding(0, -2, 7, 1), lambda: random_double(3, 2),
     lambda x, m: padding_reference(x.tolist(), -2, 7, 1)),
    ('SpatialZeroPadding', lambda: nn.SpatialZeroPadding(1, 2, 0, 1),
     lambda: random_double(2, 2, 3),
     lambda x, m: [[[0.] + row + [0., 0.] for row in plane] + [[0.] * 6] for plane in x.tolist()]),
    ('SpatialZeroPadding_crop', lambda: nn.SpatialZeroPadding(-1, 1, -2, 0),
     lambda: random_double(1, 2, 3, 3),
     lambda x, m: [[[row[1:] + [0.] for row in plane[2:]] for plane in batch]
                   for batch in x.tolist()]),
    ('SpatialSubtractiveNormalization', lambda: nn.SpatialSubtractiveNormalization(2),
     lambda: random_double(2, 2, 4, 4),
     lambda x, m: subtractive_reference(x, torch.ones(9, 9).double())),
    ('SpatialSubtractiveNormalization_1D_kernel',
     lambda: nn.SpatialSubtractiveNormalization(2, torch.DoubleTensor([1, 2, 1])),
     lambda: random_double(2, 4, 3),
     lambda x, m: subtractive_reference(x, torch.DoubleTensor([1, 2, 1]))),
    ('SpatialSubtractiveNormalization_2D_kernel',
     lambda: nn.SpatialSubtractiveNormalization(1, torch.DoubleTensor([[1, 2, 3]])),
     lambda: random_double(1, 1, 3, 4),
     lambda x, m: subtractive_reference(x, torch.DoubleTensor([[1, 2, 3]]))),
    ('SpatialDivisiveNormalization', lambda: nn.SpatialDivisiveNormalization(2),
     lambda: random_double(2, 2, 4, 4), lambda x, m: divisive_reference(x, torch.ones(9, 9))),
    ('SpatialDivisiveNormalization_1D_kernel',
     lambda: nn.SpatialDivisiveNormalization(2, torch.DoubleTensor([1, 3, 1])),
     lambda: random_double(2, 3, 4),
     lambda x, m: divisive_reference(x, torch.DoubleTensor([1, 3, 1]))),
    ('SpatialDivisiveNormalization_threshold',
     lambda: nn.SpatialDivisiveNormalization(1, torch.ones(3, 3), 0.2, 0.5),
     lambda: random_double(1, 3, 3).mul_(0.5),
     lambda x, m: divisive_reference(x, torch.ones(3, 3), 0.2, 0.5)),
    ('SpatialContrastiveNormalization', lambda: nn.SpatialContrastiveNormalization(2),
     lambda: random_double(1, 2, 4, 4), lambda x, m: contrastive_reference(x, torch.ones(9, 9))),
    ('SpatialContrastiveNormalization_kernel',
     lambda: nn.SpatialContrastiveNormalization(1, torch.DoubleTensor([1, 2, 1])),
     lambda: random_double(1, 3, 4),
     lambda x, m: contrastive_reference(x, torch.DoubleTensor([1, 2, 1]))),
    ('Identity', lambda: nn.Identity(), lambda: random_double(3, 2), lambda x, m: x.tolist()),
    ('Contiguous', lambda: nn.Contiguous(), lambda: random_double(3, 4).t(),
     lambda x, m: x.tolist()),
    ('Dropout_evaluating', lambda: _evaluating(nn.Dropout(0.3)), lambda: random_double(3, 4),
     lambda x, m: x.tolist()),
    ('SpatialDropout_evaluating', lambda: _evaluating(nn.SpatialDropout(0.25)),
     lambda: random_double(2, 2, 2), lambda x, m: x * 0.75),
    ('VolumetricDropout_evaluating', lambda: _evaluating(nn.VolumetricDropout(0.25)),
     lambda: random_double(2, 1, 2, 2), lambda x, m: x * 0.75),
]


def _evaluating(module):
    module.evaluate()
    return module


def _cases(*leave_out):
    return [pytest.param(make, make_input, reference, id=name)
            for name, make, make_input, reference in CASES if name not in leave_out]


@pytest.mark.parametrize('make, make_input, reference', _cases())
def test_forward_matches_reference(make, make_input, reference):
    module = make().double()
    x = make_input()
    output = module.forward(x)
    assert output.type() == 'torch_early.DoubleTensor'
    # the local normalizations' convolution weights were filled in float before .double()
    local = (nn.SpatialSubtractiveNormalization, nn.SpatialDivisiveNormalization,
             nn.SpatialContrastiveNormalization)
    assert_close(output, reference(x, module), 1e-6 if isinstance(module, local) else 1e-9)


@pytest.mark.parametrize('make, make_input, reference', _cases())
def test_backward_matches_central_differences(make, make_input, reference):
    check_module_gradients(make().double(), make_input(), scale=0.5)


@pytest.mark.parametrize('make, make_input, reference', _cases())
def test_float_and_double(make, make_input, reference):
    check_type_conversion(make(), make_input())


@pytest.mark.parametrize('make, make_input, reference', _cases())
def test_clearState_then_forward_again(make, make_input, reference):
    module = make().double()
    x = make_input()
    before = x.clone()
    check_clear_state(module, x)
    assert_close(x, before, 0)   # the caller's input is never what gets emptied


@pytest.mark.parametrize('module, text', [
    (nn.Add(torch.Size([5, 4])), 'nn.Add(5x4)'),
    (nn.AddConstant(3.5), 'nn.AddConstant(3.5)'),
    (nn.MulConstant(4), 'nn.MulConstant(4)'),
    (nn.Mul(), 'nn.Mul'),
    (nn.CMul(5, 6), 'nn.CMul(5x6)'),
    (nn.Euclidean(5, 7), 'nn.Euclidean(5 -> 7)'),
    (nn.WeightedEuclidean(5, 7), 'nn.WeightedEuclidean(5 -> 7)'),
    (nn.Cosine(5, 7), 'nn.Cosine(5 -> 7)'),
    (nn.Normalize(2), 'nn.Normalize(2)'),
    (nn.SpatialCrossMapLRN(5, 5e-3, 1e-3, 2), 'nn.SpatialCrossMapLRN(5, 0.005, 0.001, 2)'),
    (nn.Clamp(-2, 5), 'nn.Clamp(-2, 5)'),
    (nn.Power(1.5), 'nn.Power(1.5)'),
    (nn.Sum(1), 'nn.Sum(1)'),
    (nn.Mean(2), 'nn.Mean(2)'),
    (nn.Max(1), 'nn.Max(1)'),
    (nn.Min(), 'nn.Min(0)'),
    (nn.View(-1, 2, 20), 'nn.View(-1, 2, 20)'),
    (nn.Reshape(4, 5), 'nn.Reshape(4x5)'),
    (nn.Transpose((1, 2), (1, 3)), 'nn.Transpose(1 <-> 2, 1 <-> 3)'),
    (nn.Narrow(1, 1, 2), 'nn.Narrow(1, 1, 2)'),
    (nn.Select(1, 2), 'nn.Select(1, 2)'),
    (nn.Squeeze(), 'nn.Squeeze'),
    (nn.Squeeze(1), 'nn.Squeeze(1)'),
    (nn.Unsqueeze(1), 'nn.Unsqueeze(1)'),
    (nn.Replicate(2, 1), 'nn.Replicate(2, 1)'),
    (nn.Padding(0, 2, -10, 1), 'nn.Padding(0, 2, -10, 1)'),
    (nn.SpatialZeroPadding(1, 2, 3, 4), 'nn.SpatialZeroPadding(l=1, r=2, t=3, b=4)'),
    (nn.Index(0), 'nn.Index(0)'),
    (nn.MaskedSelect(), 'nn.MaskedSelect'),
    (nn.L1Penalty(0.5), 'nn.L1Penalty(0.5)'),
    (nn.GradientReversal(), 'nn.GradientReversal(1)'),
    (nn.Identity(), 'nn.Identity'),
    (nn.Copy(torch.DoubleTensor, torch.FloatTensor), 'nn.Copy'),
    (nn.Contiguous(), 'nn.Contiguous'),
    (nn.Dropout(0.2), 'nn.Dropout(0.2000)'),
    (nn.SpatialDropout(), 'nn.SpatialDropout(0.5000)'),
    (nn.VolumetricDropout(0.1), 'nn.VolumetricDropout(0.1000)'),
    (nn.Exp(), 'nn.Exp'), (nn.Log(), 'nn.Log'), (nn.SoftSign(), 'nn.SoftSign'),
    (nn.TanhShrink(), 'nn.TanhShrink'),
    (nn.SpatialSubtractiveNormalization(), 'nn.SpatialSubtractiveNormalization'),
], ids=lambda value: value if isinstance(value, str) else '')
def test_repr(module, text):
    assert repr(module) == text


# --- weights ----------------------------------------------------------------------------------

@pytest.mark.parametrize('module, names', [
    (nn.Add(3), ['bias']), (nn.Mul(), ['weight']), (nn.CMul(2, 3), ['weight']),
    (nn.Euclidean(4, 2), ['weight']), (nn.Cosine(4, 2), ['weight']),
    (nn.WeightedEuclidean(4, 2), ['weight', 'diagCov']),
])
def test_parameters_are_the_modules_own_tensors(module, names):
    weights, gradients = module.parameters()
    assert [id(w) for w in weights] == [id(getattr(module, name)) for name in names]
    gradient_names = ['grad' + name[0].upper() + name[1:] for name in names]
    assert [id(g) for g in gradients] == [id(getattr(module, name)) for name in gradient_names]


def test_clamp_is_a_hardtanh_with_its_bounds():
    assert isinstance(nn.Clamp(-2, 5), nn.HardTanh)


def test_weight_shapes_follow_lua_nn():
    assert nn.Euclidean(5, 7).weight.size() == torch.Size([5, 7])
    assert nn.WeightedEuclidean(5, 7).diagCov.size() == torch.Size([5, 7])
    assert nn.Cosine(5, 7).weight.size() == torch.Size([7, 5])
    assert nn.CMul(torch.Size([2, 3])).weight.size() == torch.Size([2, 3])
    assert nn.Add(4, True).bias.size() == torch.Size([1])
    assert nn.WeightedEuclidean(5, 7).diagCov.eq(1).all()


def test_reset_draws_uniformly_within_stdv():
    module = nn.CMul(20, 20)
    module.reset(0.1)
    bound = 0.1 * math.sqrt(3)
    assert module.weight.abs().max() <= bound
    assert module.weight.abs().max() > bound / 2


def test_parameter_gradients_accumulate_with_scale():
    module = nn.CMul(3).double()
    x, gradOutput = random_double(2, 3), random_double(2, 3)
    module.zeroGradParameters()
    module.forward(x)
    module.backward(x, gradOutput, 2)
    module.backward(x, gradOutput, 1)
    assert_close(module.gradWeight, (x * gradOutput).sum(0).view(3) * 3)


def test_updateParameters_steps_the_weights():
    module = nn.Add(3).double()
    bias = module.bias.clone()
    x = random_double(3)
    module.zeroGradParameters()
    module.forward(x)
    module.backward(x, torch.ones(3).double())
    module.updateParameters(0.1)
    assert_close(module.bias, bias - 0.1)


# --- in place -------------------------------------------------------------------------------

@pytest.mark.parametrize('cls, constant', [(nn.AddConstant, 3.5), (nn.MulConstant, 4)])
def test_inplace_constant_layers_work_on_the_input_and_restore_it(cls, constant):
    x = random_double(3, 4)
    copy = x.clone()
    plain, inplace = cls(constant).double(), cls(constant, inplace=True).double()
    expected = plain.forward(copy).clone()
    output = inplace.forward(x)
    assert_close(x, expected, 1e-12)           # the input itself holds the output
    assert output.data_ptr() == x.data_ptr()
    gradOutput = random_double(3, 4)
    expected_gradient = plain.backward(copy, gradOutput).clone()
    gradInput = inplace.backward(x, gradOutput)
    assert_close(gradInput, expected_gradient, 1e-12)
    assert_close(x, copy, 1e-12)               # and is given back as it came


def test_inplace_dropout_masks_the_input_itself():
    x = torch.ones(100).double()
    module = nn.Dropout(0.5, True).double()
    output = module.forward(x)
    assert output.data_ptr() == x.data_ptr()
    assert sorted(set(x.tolist())) == [0.0, 2.0]


# --- dropout ---------------------------------------------------------------------------------

def test_dropout_zeroes_with_probability_p_and_rescales():
    torch.manual_seed(1)
    module = nn.Dropout(0.25).double()
    x = torch.ones(4000).double()
    output = module.forward(x)
    assert set(output.tolist()) <= {0.0, 1 / 0.75}
    assert abs(output.eq(0).double().mean() - 0.25) < 0.03
    gradOutput = random_double(4000)
    assert_close(module.backward(x, gradOutput), gradOutput * module.noise, 0)


def test_dropout_p_zero_is_the_identity_while_training():
    x = random_double(5)
    assert_close(nn.Dropout(0).double().forward(x), x, 0)


@pytest.mark.parametrize('cls, size', [(nn.SpatialDropout, (3, 40, 2, 3)),
                                       (nn.VolumetricDropout, (2, 40, 2, 2, 3))])
def test_spatial_dropout_drops_whole_planes(cls, size):
    torch.manual_seed(2)
    module = cls(0.5).double()
    x = torch.ones(*size).double()
    output = module.forward(x)
    planes = output.view(size[0] * size[1], -1)
    for plane in planes.tolist():
        assert len(set(plane)) == 1 and plane[0] in (0.0, 1.0)
    assert 0 < output.sum() < output.nelement()
    assert_close(module.backward(x, x), output, 0)


@pytest.mark.parametrize('make', [lambda: nn.Dropout(1), lambda: nn.Dropout(-0.1),
                                  lambda: nn.SpatialDropout(1.5), lambda: nn.Dropout().setp(1)])
def test_dropout_probability_out_of_range(make):
    with pytest.raises(ValueError, match=r'\[0, 1\)'):
        make()


def test_spatial_dropout_needs_planes():
    with pytest.raises(RuntimeError, match='expected a 3D or 4D input'):
        nn.SpatialDropout().forward(torch.ones(4))
    with pytest.raises(RuntimeError, match='expected a 4D or 5D input'):
        nn.VolumetricDropout().forward(torch.ones(2, 3, 4))


# --- tables ----------------------------------------------------------------------------------

def test_index_gathers_and_scatters_back():
    module = nn.Index(0).double()
    x, index = torch.DoubleTensor([[1, 2], [3, 4], [5, 6]]), torch.LongTensor([2, 0, 2])
    assert module.forward([x, index]).tolist() == [[5, 6], [1, 2], [5, 6]]
    gradInput = module.backward([x, index], torch.DoubleTensor([[1, 1], [2, 2], [3, 3]]))
    assert gradInput[0].tolist() == [[2, 2], [0, 0], [4, 4]]
    assert gradInput[1].tolist() == [0, 0, 0]


def test_masked_select_takes_the_masked_elements_in_order():
    module = nn.MaskedSelect().double()
    x = torch.DoubleTensor([[1, 2, 3], [4, 5, 6]])
    mask = torch.ByteTensor([[0, 1, 1], [1, 0, 0]])
    assert module.forward([x, mask]).tolist() == [2, 3, 4]
    gradInput = module.backward([x, mask], torch.DoubleTensor([7, 8, 9]))
    assert gradInput[0].tolist() == [[0, 7, 8], [9, 0, 0]]
    assert gradInput[1].tolist() == [[0, 0, 0], [0, 0, 0]]


@pytest.mark.parametrize('module', [nn.Index(0), nn.MaskedSelect()])
def test_table_layers_want_a_pair(module):
    with pytest.raises(TypeError, match='expected the table'):
        module.forward(torch.ones(2, 3))


# --- pass-through layers ------------------------------------------------------------------------

def test_l1_penalty_records_the_loss_and_adds_its_gradient():
    x = torch.DoubleTensor([[0.5, -2, 0], [1, -0.25, 3]])
    gradOutput = torch.ones(2, 3).double()
    module = nn.L1Penalty(0.5).double()
    assert module.forward(x) is x
    assert module.loss == pytest.approx(0.5 * 6.75)
    assert module.backward(x, gradOutput).tolist() == [[1.5, 0.5, 1], [1.5, 0.5, 1.5]]
    alone = nn.L1Penalty(0.5, True, False).double()
    alone.forward(x)
    assert alone.loss == pytest.approx(0.5 * 6.75 / 6)
    assert_close(alone.backward(x, gradOutput), torch.DoubleTensor([[1, -1, 0], [1, -1, 1]]) / 12)


def test_gradient_reversal_negates_and_scales_the_gradient():
    module = nn.GradientReversal(0.5).double()
    x, gradOutput = random_double(2, 3), random_double(2, 3)
    assert module.forward(x) is x
    assert_close(module.backward(x, gradOutput), gradOutput * -0.5, 0)
    module.setLambda(2)
    assert_close(module.backward(x, gradOutput), gradOutput * -2, 0)


def test_identity_passes_tables_through():
    table = [random_double(2), [random_double(3)]]
    module = nn.Identity()
    assert module.forward(table) is table
    assert module.backward(table, table) is table


def test_contiguous_passes_contiguous_tensors_through():
    x = random_double(3, 4)
    assert nn.Contiguous().double().forward(x) is x
    noncontiguous = x.t()
    output = nn.Contiguous().double().forward(noncontiguous)
    assert output.is_contiguous() and output.tolist() == noncontiguous.tolist()


def test_copy_converts_between_types_both_ways():
    module = nn.Copy(torch.DoubleTensor, torch.FloatTensor)
    x = random_double(2, 3)
    output = module.forward(x)
    assert output.type() == 'torch_early.FloatTensor'
    assert_close(output, x, 1e-6)
    gradInput = module.backward(x, output.clone().fill_(2))
    assert gradInput.type() == 'torch_early.DoubleTensor'
    assert gradInput.tolist() == [[2.0] * 3] * 2


def test_copy_always_copies_and_its_third_argument_is_dontCast():
    x = random_double(2)
    same = nn.Copy(torch.DoubleTensor, torch.DoubleTensor).forward(x)
    assert same is not x and same.tolist() == x.tolist()
    assert nn.Copy(torch.DoubleTensor, torch.FloatTensor, True).dontCast is True


def test_copy_type_conversion_and_dontCast():
    module = nn.Copy(torch.DoubleTensor, torch.FloatTensor)
    module.double()
    assert module.forward(random_double(2).float()).type() == 'torch_early.DoubleTensor'
    kept = nn.Copy(torch.DoubleTensor, torch.FloatTensor, dontCast=True)
    kept.double()
    assert kept.forward(random_double(2)).type() == 'torch_early.FloatTensor'


@pytest.mark.parametrize('make', [nn.Identity, nn.Contiguous, lambda: nn.L1Penalty(1),
                                  nn.GradientReversal, lambda: nn.AddConstant(1, True),
                                  lambda: nn.Dropout(0.5, True),
                                  lambda: nn.Copy(torch.DoubleTensor, torch.DoubleTensor)])
def test_clearState_never_empties_the_callers_tensors(make):
    module = make().double()
    x, gradOutput = random_double(3), random_double(3)
    module.forward(x)
    module.backward(x, gradOutput)
    module.clearState()
    assert x.nelement() == 3 and gradOutput.nelement() == 3


# --- shapes --------------------------------------------------------------------------------------

def test_view_and_squeeze_family_share_the_input_memory():
    x = random_double(2, 1, 3)
    for module in (nn.View(6), nn.Reshape(3, 2), nn.Squeeze(), nn.Unsqueeze(0)):
        assert module.forward(x).data_ptr() == x.data_ptr()


def test_view_setNumInputDims_tells_a_batch():
    module = nn.View(4).setNumInputDims(2)
    assert module.forward(random_double(2, 2)).size() == torch.Size([4])
    assert module.forward(random_double(3, 2, 2)).size() == torch.Size([3, 4])


def test_view_of_a_noncontiguous_input():
    x = random_double(3, 4).t()
    assert nn.View(12).forward(x).tolist() == x.contiguous().view(12).tolist()


def test_reshape_batchMode():
    x = random_double(1, 6)
    assert nn.Reshape(2, 3).forward(x).size() == torch.Size([1, 2, 3])   # first dim 1: a batch
    assert nn.Reshape(2, 3, batchMode=False).forward(x).size() == torch.Size([2, 3])
    assert nn.Reshape(3, batchMode=True).forward(random_double(2, 3)).size() == torch.Size([2, 3])
    assert nn.Reshape(2, 3, False).forward(x).size() == torch.Size([2, 3])   # Lua's spelling


def test_replicate_is_a_stride_zero_view():
    x = random_double(2, 3)
    output = nn.Replicate(4, 1).forward(x)
    assert output.size() == torch.Size([2, 4, 3]) and output.stride(1) == 0
    assert output.data_ptr() == x.data_ptr()


def test_max_and_min_nInputDims_count_after_the_batch():
    x = distinct(2, 3, 4)
    assert_close(nn.Max(0, 2).double().forward(x), torch.max(x, 1)[0].view(2, 4), 0)
    assert_close(nn.Min(-1).double().forward(x), torch.min(x, 2)[0].view(2, 3), 0)
    assert_close(nn.Max(0, 2).double().forward(x[0]), torch.max(x[0], 0)[0].view(4), 0)


# --- errors --------------------------------------------------------------------------------------

@pytest.mark.parametrize('module, x, error, message', [
    (nn.Add(3), random_double(2, 4), RuntimeError, r'neither the bias\'s size \(3,\)'),
    (nn.CMul(3), random_double(2, 4), RuntimeError, r'neither the weight\'s size \(3,\)'),
    (nn.Euclidean(3, 2), random_double(2, 4), RuntimeError,
     r'expected an input of size 3 or n x 3'),
    (nn.WeightedEuclidean(3, 2), random_double(3, 2, 3), RuntimeError, 'n x 3'),
    (nn.Cosine(3, 2), random_double(4), RuntimeError, r'expected an input of size 3 or n x 3'),
    (nn.Normalize(2), random_double(2, 2, 2), RuntimeError, r'1D or 2D input'),
    (nn.SpatialCrossMapLRN(3), random_double(2, 2), RuntimeError, r'3D or 4D input'),
    (nn.SpatialZeroPadding(1), random_double(2, 2), RuntimeError, r'3D or 4D input'),
    (nn.SpatialZeroPadding(-2), random_double(1, 3, 3), RuntimeError, 'is empty'),
    (nn.SpatialSubtractiveNormalization(3), random_double(2, 4, 4), RuntimeError,
     r'expected a 3D or 4D input of 3 planes'),
    (nn.SpatialDivisiveNormalization(1), random_double(4, 4), RuntimeError,
     r'expected a 3D or 4D input of 1 planes'),
    (nn.Sum(2), random_double(2, 2), IndexError, r'dimension 2 out of range for a 2D input'),
    (nn.Max(-3), random_double(2, 2), IndexError, r'dimension -3 out of range'),
    (nn.View(5), random_double(2, 3), RuntimeError, r'\(2, 3\) cannot be viewed as \(5,\)'),
    (nn.Reshape(4), random_double(2, 3), RuntimeError, r'cannot be reshaped to \(2, 4\)'),
    (nn.Narrow(0, 2, 3), random_double(4), IndexError, 'offset 2 and length 3 are out of range'),
    (nn.Narrow(1, 0), random_double(4), IndexError, 'dimension 1 out of range'),
    (nn.Select(0, 4), random_double(4), IndexError, 'index 4 out of range'),
    (nn.Squeeze(2), random_double(4, 1), IndexError, 'dimension 2 out of range'),
    (nn.Unsqueeze(3), random_double(4), IndexError, r'position 3 out of range'),
    (nn.Replicate(2, 3), random_double(4), IndexError, r'position 3 out of range'),
    (nn.Padding(2, 1), random_double(4), IndexError, 'dimension 2 out of range'),
    (nn.Padding(0, 1, 0, 5), random_double(4), IndexError, 'index 5 out of range'),
])
def test_bad_input(module, x, error, message):
    with pytest.raises(error, match=message):
        module.double().forward(x)


@pytest.mark.parametrize('make, error, message', [
    (lambda: nn.AddConstant('3'), TypeError, 'must be a number, but got str'),
    (lambda: nn.MulConstant(None), TypeError, 'must be a number, but got NoneType'),
    (lambda: nn.Clamp(2, 1), ValueError, r'min_value \(2\) must be smaller than max_value \(1\)'),
    (lambda: nn.Normalize(0), ValueError, 'p must be positive'),
    (lambda: nn.SpatialCrossMapLRN(0), ValueError, 'size must be at least 1'),
    (lambda: nn.SpatialSubtractiveNormalization(1, torch.ones(4)), ValueError,
     r'odd sizes, but got \(4,\)'),
    (lambda: nn.SpatialDivisiveNormalization(1, torch.ones(3, 2)), ValueError, 'odd sizes'),
    (lambda: nn.SpatialContrastiveNormalization(1, torch.ones(1, 1, 1)), ValueError,
     'must be a 1D or 2D tensor'),
    (lambda: nn.View(-1, -1), ValueError, 'at most one size may be -1'),
    (lambda: nn.Transpose(1), TypeError, 'pair of dimensions'),
    (lambda: nn.Reshape(2, batchmode=True), TypeError, "unexpected keyword argument 'batchmode'"),
])
def test_bad_arguments(make, error, message):
    with pytest.raises(error, match=message):
        make()


@pytest.mark.parametrize('module', [nn.SpatialSubtractiveNormalization(2),
                                    nn.SpatialDivisiveNormalization(2),
                                    nn.SpatialContrastiveNormalization(2)])
def test_local_normalizations_have_no_weights_to_learn(module):
    assert module.parameters() is None


def test_contrastive_normalization_thresval_defaults_to_1e_4_whatever_the_threshold():
    module = nn.SpatialContrastiveNormalization(1, None, 0.3)
    assert (module.threshold, module.thresval) == (0.3, 1e-4)
    divisive = module.normalizer.modules[1]
    assert (divisive.threshold, divisive.thresval) == (0.3, 1e-4)
    assert nn.SpatialContrastiveNormalization(1, None, 0.3, None).thresval == 0.3
