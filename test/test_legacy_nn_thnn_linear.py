"""legacy.nn's dense and sparse linear layers, the embedding and batch normalization: Linear,
Bilinear, PartialLinear, SparseLinear, LookupTable, (Spatial|Volumetric)BatchNormalization.
Forward against references computed with plain loops or matrix products, backward (gradInput and
the weights' gradients accumulated with a scale) against central differences, the parameter
init, type conversion, clearState, printing and the error messages."""
import math
import pickle

import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_clear_state, check_module_gradients,
                              check_type_conversion, random_double)


def test_linear_forward_for_a_vector_and_a_batch():
    module = nn.Linear(4, 3).double()
    x = random_double(2, 4)
    W, b = module.weight.tolist(), module.bias.tolist()
    expected = [[sum(W[o][i] * row[i] for i in range(4)) + b[o] for o in range(3)]
                for row in x.tolist()]
    assert_close(module.forward(x), expected)
    assert_close(module.forward(x[1]), expected[1])
    assert_close(nn.Linear(4, 3, False).double().forward(x).size(), [2, 3])


@pytest.mark.parametrize('make, input', [
    (lambda: nn.Linear(4, 3), lambda: random_double(2, 4)),
    (lambda: nn.Linear(4, 3), lambda: random_double(4)),
    (lambda: nn.Linear(4, 3, False), lambda: random_double(2, 4)),
    (lambda: nn.Bilinear(2, 3, 4), lambda: [random_double(3, 2), random_double(3, 3)]),
    (lambda: nn.Bilinear(2, 3, 2, False), lambda: [random_double(2, 2), random_double(2, 3)]),
    (lambda: nn.PartialLinear(5, 6), lambda: random_double(3, 5)),
    (lambda: nn.PartialLinear(5, 6).setPartition(torch.Tensor((2, 4))),
     lambda: random_double(3, 5)),
    (lambda: nn.BatchNormalization(3), lambda: random_double(4, 3)),
    (lambda: nn.BatchNormalization(3, 1e-3, 0.3, False), lambda: random_double(4, 3)),
    (lambda: nn.SpatialBatchNormalization(2), lambda: random_double(2, 2, 2, 3)),
    (lambda: nn.VolumetricBatchNormalization(2, 1e-3, 0.7), lambda: random_double(2, 2, 2, 1, 2)),
])
def test_gradients_match_central_differences(make, input):
    module = make().double()
    x = input()
    check_module_gradients(module, x, scale=0.5)
    module.evaluate()
    check_module_gradients(module, x)
    check_type_conversion(module, x)
    check_clear_state(module, x)
    copy = pickle.loads(pickle.dumps(module))
    assert_close(copy.forward(x), module.forward(x))


def test_reset_draws_uniform_weights_within_the_fan_in_bound():
    module = nn.Linear(16, 50)
    bound = 1 / math.sqrt(16)
    assert module.weight.abs().max() <= bound and module.bias.abs().max() <= bound
    module.reset(0.01)      # stdv 0.01: uniform in +-0.01 * sqrt(3)
    assert module.weight.abs().max() <= 0.01 * math.sqrt(3)
    assert module.weight.abs().max() > 0.01


def test_linear_parameters_and_update():
    module = nn.Linear(3, 2).double()
    assert module.parameters()[0] == [module.weight, module.bias]
    weights, gradients = nn.Linear(3, 2, False).parameters()
    assert len(weights) == 1 and len(gradients) == 1
    x = random_double(4, 3)
    module.zeroGradParameters()
    module.forward(x)
    module.backward(x, random_double(4, 2))
    before = module.weight.clone()
    module.updateParameters(0.1)
    assert_close(module.weight, before.add_(-0.1, module.gradWeight))


def test_bilinear_forward_is_x1_weight_x2():
    module = nn.Bilinear(2, 3, 4).double()
    x1, x2 = random_double(5, 2), random_double(5, 3)
    W = module.weight.tolist()
    expected = [[sum(a[i] * W[k][i][j] * c[j] for i in range(2) for j in range(3)) +
                 module.bias[k] for k in range(4)] for a, c in zip(x1.tolist(), x2.tolist())]
    assert_close(module.forward([x1, x2]), expected)


def test_partial_linear_computes_only_the_partition():
    module = nn.PartialLinear(5, 6).double()
    x = random_double(3, 5)
    full = module.forward(x).clone()
    module.setPartition(torch.Tensor((4, 1)))
    assert_close(module.forward(x), [[row[4], row[1]] for row in full.tolist()])
    module.resetPartition()
    assert_close(module.forward(x), full)
    with pytest.raises(IndexError, match=r'partition indices must be in \[0, 6\)'):
        module.setPartition(torch.LongTensor([6]))


def test_lookup_table_selects_rows_and_accumulates_their_gradients():
    module = nn.LookupTable(4, 3).double()
    indices = torch.LongTensor([[1, 0, 1]])
    output = module.forward(indices)
    assert output.size() == (1, 3, 3)
    assert_close(output[0][2], module.weight[1])
    # any tensor type holds indices
    assert_close(module.forward(torch.DoubleTensor([3, 0])), [module.weight[3], module.weight[0]])
    module.zeroGradParameters()
    gradOutput = random_double(1, 3, 3)
    gradInput = module.backward(indices, gradOutput, 2)
    assert gradInput.type() == 'torch_early.LongTensor' and gradInput.sum() == 0
    expected = torch.zeros(4, 3).double()
    expected[1].add_(2, gradOutput[0][0]).add_(2, gradOutput[0][2])
    expected[0].add_(2, gradOutput[0][1])
    assert_close(module.gradWeight, expected)
    assert module.parameters()[0] == [module.weight]


def test_lookup_table_padding_scaling_and_max_norm():
    module = nn.LookupTable(4, 2, 0).double()      # row 0 is padding: no gradient
    module.zeroGradParameters()
    indices = torch.LongTensor([0, 2, 2])
    module.forward(indices)
    module.backward(indices, torch.ones(3, 2).double())
    assert_close(module.gradWeight, [[0, 0], [0, 0], [2, 2], [0, 0]])
    module = nn.LookupTable(4, 2).double().scaleGradByFreq()
    module.zeroGradParameters()
    module.forward(indices)
    module.backward(indices, torch.ones(3, 2).double())
    assert_close(module.gradWeight, [[1, 1], [0, 0], [1, 1], [0, 0]])
    module = nn.LookupTable(4, 2, -1, 0.5).double()
    module.weight.fill_(1)
    module.forward(torch.LongTensor([1, 3]))
    norms = module.weight.norm(2, 1).view(-1).tolist()
    assert norms[1] == pytest.approx(0.5, abs=1e-6) and norms[3] == pytest.approx(0.5, abs=1e-6)
    assert norms[0] == pytest.approx(math.sqrt(2))


def test_lookup_table_errors():
    module = nn.LookupTable(4, 2).double()
    with pytest.raises(RuntimeError, match='vector or a matrix of indices'):
        module.forward(torch.LongTensor(2, 2, 2).zero_())
    with pytest.raises(IndexError, match='index 5 is out of range'):
        module.forward(torch.LongTensor([5]))
    module.forward(torch.LongTensor([1]))
    with pytest.raises(RuntimeError, match='index 7 is out of range: the table has rows 0 to 3'):
        module.backward(torch.LongTensor([7]), torch.ones(1, 2).double())


def test_batch_normalization_normalizes_each_feature_and_moves_the_running_statistics():
    module = nn.BatchNormalization(2, 1e-5, 0.1).double()
    x = random_double(5, 2)
    output = module.forward(x)
    for f in range(2):
        values = [row[f] for row in x.tolist()]
        mean = sum(values) / 5
        var = sum((v - mean) ** 2 for v in values) / 5
        expected = [(v - mean) / math.sqrt(var + 1e-5) * module.weight[f] + module.bias[f]
                    for v in values]
        assert_close([row[f] for row in output.tolist()], expected)
        assert module.running_mean[f] == pytest.approx(0.1 * mean)
        unbiased = var * 5 / 4
        assert module.running_var[f] == pytest.approx(0.9 + 0.1 * unbiased)
    module.evaluate()
    output = module.forward(x)
    for f in range(2):
        expected = [(row[f] - module.running_mean[f]) /
                    math.sqrt(module.running_var[f] + 1e-5) * module.weight[f] + module.bias[f]
                    for row in x.tolist()]
        assert_close([row[f] for row in output.tolist()], expected)


def test_batch_normalization_without_affine_has_no_parameters():
    module = nn.SpatialBatchNormalization(3, 1e-3, 0.8, False)
    assert module.weight is None and module.parameters() is None


def test_batch_normalization_errors():
    with pytest.raises(RuntimeError, match=r'only mini-batch supported \(2D tensor\), got 3D '
                                           r'tensor instead'):
        nn.BatchNormalization(3).double().forward(random_double(2, 3, 4))
    with pytest.raises(RuntimeError, match='got 4-feature tensor, expected 3'):
        nn.SpatialBatchNormalization(3).double().forward(random_double(2, 4, 2, 2))
    with pytest.raises(RuntimeError, match='backward called before forward'):
        nn.BatchNormalization(3).double().backward(random_double(2, 3), random_double(2, 3))


def dense(samples, size):
    """The dense rows of sparse samples given as lists of (feature, value)."""
    rows = []
    for sample in samples:
        row = [0.] * size
        for feature, value in sample:
            row[int(feature)] += value
        rows.append(row)
    return rows


def test_sparse_linear_matches_linear_on_the_dense_input():
    module = nn.SparseLinear(5, 3, True).double()
    samples = [torch.DoubleTensor([[0, 1.5], [3, -2.]]), torch.DoubleTensor([[4, 1.]])]
    rows = torch.DoubleTensor(dense([s.tolist() for s in samples], 5))
    linear = nn.Linear(5, 3).double()
    linear.weight.copy_(module.weight)
    linear.bias.copy_(module.bias)
    assert_close(module.forward(samples), linear.forward(rows))
    assert_close(module.forward(samples[0]), linear.forward(rows[0]))     # one sample
    legacy = torch.DoubleTensor([[[0, 1.5], [3, -2.]], [[4, 1.], [4, 0.]]])
    assert_close(module.forward(legacy), linear.forward(rows))
    gradOutput = random_double(2, 3)
    module.zeroGradParameters()
    linear.zeroGradParameters()
    module.forward(samples)
    gradInput = module.backward(samples, gradOutput, 0.5)
    linear.backward(rows, gradOutput, 0.5)
    assert_close(module.gradWeight, linear.gradWeight)
    assert_close(module.gradBias, linear.gradBias)
    # the gradient of each value given, in the input's (feature, value) form
    assert_close(gradInput, [[[0, linear.gradInput[0][0]], [3, linear.gradInput[0][3]]],
                             [[4, linear.gradInput[1][4]]]])


def test_sparse_linear_updates_only_the_columns_the_last_input_used():
    module = nn.SparseLinear(5, 2).double()
    sample = torch.DoubleTensor([[1, 2.]])
    module.zeroGradParameters()
    module.forward(sample)
    assert module.backward(sample, torch.ones(2).double()) is None    # no doGradInput
    module.gradWeight.select(1, 3).fill_(7)        # a column the input did not use
    before = module.weight.clone()
    module.updateParameters(0.5)
    assert_close(module.weight.select(1, 3), before.select(1, 3))
    assert_close(module.weight.select(1, 1), before.select(1, 1).add_(-1))
    module.zeroGradParameters()
    assert module.gradWeight.select(1, 1).abs().max() == 0
    assert module.gradWeight.select(1, 3).min() == 7


def test_sparse_linear_errors():
    module = nn.SparseLinear(5, 2).double()
    with pytest.raises(RuntimeError, match='features go from 0 to 4'):
        module.forward(torch.DoubleTensor([[5, 1.]]))
    with pytest.raises(RuntimeError, match='nnz x 2'):
        module.forward([torch.DoubleTensor(2, 3).zero_()])
    with pytest.raises(TypeError, match='doGradInput must be a bool'):
        nn.SparseLinear(5, 2, 1)


def test_linear_errors():
    module = nn.Linear(4, 3).double()
    with pytest.raises(RuntimeError, match='expected 4 input features, but the input has size '
                                           '2x5'):
        module.forward(random_double(2, 5))
    with pytest.raises(RuntimeError, match='vector or a matrix, but got a 3D tensor'):
        module.forward(random_double(2, 2, 4))
    with pytest.raises(TypeError, match='table'):
        nn.Bilinear(2, 3, 4).double().forward(random_double(2, 2))
    with pytest.raises(RuntimeError, match='same number of rows'):
        nn.Bilinear(2, 3, 4).double().forward([random_double(2, 2), random_double(3, 3)])


def test_printing():
    assert repr(nn.Linear(10, 8)) == 'nn.Linear(10 -> 8)'
    assert repr(nn.Linear(10, 8, False)) == 'nn.Linear(10 -> 8) without bias'
    assert repr(nn.Bilinear(2, 3, 4)) == 'nn.Bilinear(2x3 -> 4)'
    assert repr(nn.PartialLinear(5, 6)) == 'nn.PartialLinear(5 -> 6)'
    assert repr(nn.SparseLinear(5, 6)) == 'nn.SparseLinear(5 -> 6)'
    assert repr(nn.LookupTable(4, 3)) == 'nn.LookupTable(4, 3)'
    assert repr(nn.SpatialBatchNormalization(3)) == 'nn.SpatialBatchNormalization (4D) (3)'
