"""THNN's SparseLinear through torch_early._thnn: Linear on sparse inputs, in the current format
(nnz x 3 rows of sample, feature, value; the caller sizes the output) and the legacy one
(batch x nnz x 2 pairs of feature, value), against the dense product; the accumulated gradients
with weight decay; the updates that touch only the columns the last input used; the errors."""
import numpy as np
import pytest

import torch_early
from torch_early._thnn import type2backend

BACKEND = type2backend['torch.DoubleTensor']
ENTRIES = [(0, 1, 0.5), (0, 4, -2.0), (2, 3, 1.5), (2, 0, 0.25), (2, 3, -0.75)]


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def dense_input():
    x = np.zeros((3, 5))
    for sample, feature, value in ENTRIES:
        x[sample, feature] += value
    return x


def current_input():
    return torch_early.DoubleTensor([list(e) for e in ENTRIES])


def legacy_input():
    pairs = [[[1, 0.5], [4, -2.0], [0, 0]], [[0, 0], [0, 0], [0, 0]],
             [[3, 1.5], [0, 0.25], [3, -0.75]]]
    return torch_early.DoubleTensor(pairs)


def parameters():
    return torch_early.DoubleTensor(2, 5).uniform_(-1, 1), torch_early.DoubleTensor(2).uniform_()


@pytest.mark.parametrize('legacy', [False, True])
def test_forward_is_the_dense_product(legacy):
    weight, bias = parameters()
    if legacy:
        output = torch_early.DoubleTensor()
        BACKEND.SparseLinear_legacyUpdateOutput(None, legacy_input(), output, weight, bias)
    else:
        output = torch_early.DoubleTensor(3, 2)
        BACKEND.SparseLinear_updateOutput(None, current_input(), output, weight, bias)
    expected = dense_input() @ weight.numpy().T + bias.numpy()
    assert np.allclose(output.numpy(), expected)


@pytest.mark.parametrize('legacy', [False, True])
def test_parameter_gradients_accumulate_with_weight_decay(legacy):
    weight, bias = parameters()
    grad_output = torch_early.DoubleTensor(3, 2).uniform_(-1, 1)
    grad_weight, grad_bias = torch_early.DoubleTensor(2, 5).fill_(1), torch_early.DoubleTensor(2)
    grad_bias.fill_(1)
    accumulate = (BACKEND.SparseLinear_legacyAccGradParameters if legacy
                  else BACKEND.SparseLinear_accGradParameters)
    accumulate(None, legacy_input() if legacy else current_input(), grad_output, grad_weight,
               grad_bias, weight, bias, 0.1, 0.5)
    g = grad_output.numpy()
    assert np.allclose(grad_weight.numpy(),
                       1 + 0.5 * g.T @ dense_input() + 0.1 * weight.numpy())
    assert np.allclose(grad_bias.numpy(), 1 + 0.5 * g.sum(0))


@pytest.mark.parametrize('legacy', [False, True])
def test_updates_touch_only_the_columns_of_the_last_input(legacy):
    prefix = 'SparseLinear_legacy' if legacy else 'SparseLinear_'
    update = getattr(BACKEND, prefix + ('UpdateParameters' if legacy else 'updateParameters'))
    zero = getattr(BACKEND, prefix + ('ZeroGradParameters' if legacy else 'zeroGradParameters'))
    last = legacy_input() if legacy else current_input()
    weight, bias = parameters()
    grad_weight = torch_early.DoubleTensor(2, 5).uniform_(-1, 1)
    grad_bias = torch_early.DoubleTensor(2).uniform_(-1, 1)
    w0, b0 = weight.numpy().copy(), bias.numpy().copy()
    update(None, weight, bias, grad_weight, grad_bias, last, 0.5)
    used = [0, 1, 3, 4]      # feature 3 is used twice and stepped once; 2 is not used
    expected = w0.copy()
    expected[:, used] -= 0.5 * grad_weight.numpy()[:, used]
    assert np.allclose(weight.numpy(), expected)
    assert np.allclose(bias.numpy(), b0 - 0.5 * grad_bias.numpy())
    untouched = grad_weight.numpy()[:, 2].copy()
    zero(None, grad_weight, grad_bias, last)
    assert np.all(grad_weight.numpy()[:, used] == 0) and np.all(grad_bias.numpy() == 0)
    assert np.array_equal(grad_weight.numpy()[:, 2], untouched)


def test_errors_name_the_entry_and_the_sizes():
    weight, bias = parameters()
    with pytest.raises(RuntimeError, match=r"argument 'output': output should be sized "
                                           r"batchSize x 2 by the caller"):
        BACKEND.SparseLinear_updateOutput(None, current_input(), torch_early.DoubleTensor(),
                                          weight, bias)
    bad = current_input()
    bad[1][1] = 5
    with pytest.raises(RuntimeError, match=r"argument 'input': input has feature 5, but "
                                           r"features go from 0 to 4"):
        BACKEND.SparseLinear_updateOutput(None, bad, torch_early.DoubleTensor(3, 2), weight, bias)
    with pytest.raises(RuntimeError, match=r"input has sample 2, but the batch has samples 0 "
                                           r"to 1"):
        BACKEND.SparseLinear_updateOutput(None, current_input(), torch_early.DoubleTensor(2, 2),
                                          weight, bias)
    with pytest.raises(RuntimeError, match=r"input should be a batchSize x nnz x 2 tensor of "
                                           r"\(feature, value\) pairs, but got size 5x3"):
        BACKEND.SparseLinear_legacyUpdateOutput(None, current_input(),
                                                torch_early.DoubleTensor(), weight, bias)
    with pytest.raises(RuntimeError, match=r"argument 'gradOutput': gradOutput should be of "
                                           r"size 3x2, but got size 2x2"):
        BACKEND.SparseLinear_legacyAccGradParameters(
            None, legacy_input(), torch_early.DoubleTensor(2, 2), weight.clone(), bias.clone(),
            weight, bias, 0, 1)
