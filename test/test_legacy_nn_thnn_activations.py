"""legacy.nn's activations over THNN (Abs ... Threshold, SoftMax and its kin, PReLU, RReLU):
each forward against the formula applied element by element in Python, each backward against
central differences, the in-place variants, type conversion, clearState, printing and errors."""
import math
import pickle

import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_clear_state, check_module_gradients,
                              check_type_conversion, random_double)


def elementwise(function, x):
    """function applied to every number of the tensor x, as nested lists."""
    if isinstance(x, list):
        return [elementwise(function, element) for element in x]
    return function(x)


def softplus(x, beta=1, threshold=20):
    return x if beta * x > threshold else math.log1p(math.exp(beta * x)) / beta


# (module factory, the function it applies to each element)
ELEMENTWISE = [
    (nn.Abs, abs),
    (nn.Square, lambda x: x * x),
    (nn.Sigmoid, lambda x: 1 / (1 + math.exp(-x))),
    (nn.Tanh, math.tanh),
    (nn.LogSigmoid, lambda x: -math.log1p(math.exp(-x))),
    (nn.SoftPlus, softplus),
    (lambda: nn.SoftPlus(2), lambda x: softplus(x, 2)),
    (nn.SoftShrink, lambda x: x - 0.5 if x > 0.5 else x + 0.5 if x < -0.5 else 0),
    (lambda: nn.HardShrink(0.3), lambda x: x if abs(x) > 0.3 else 0),
    (lambda: nn.Threshold(0.2, 1), lambda x: x if x > 0.2 else 1),
    (nn.ReLU, lambda x: max(x, 0)),
    (nn.ReLU6, lambda x: min(max(x, 0), 6)),
    (nn.HardTanh, lambda x: min(max(x, -1), 1)),
    (lambda: nn.HardTanh(-0.5, 2), lambda x: min(max(x, -0.5), 2)),
    (lambda: nn.ELU(2.), lambda x: x if x > 0 else 2 * (math.exp(x) - 1)),
    (nn.LeakyReLU, lambda x: x if x > 0 else 0.01 * x),
    (lambda: nn.LeakyReLU(0.5), lambda x: x if x > 0 else 0.5 * x),
    (nn.PReLU, lambda x: x if x > 0 else 0.25 * x),
]


@pytest.mark.parametrize('make, function', ELEMENTWISE)
def test_elementwise_forward_matches_the_formula(make, function):
    x = random_double(3, 4).mul_(4)
    module = make().double()
    assert_close(module.forward(x), elementwise(function, x.tolist()), 1e-12)


@pytest.mark.parametrize('make, function', ELEMENTWISE)
def test_elementwise_backward_matches_central_differences(make, function):
    module = make().double()
    check_module_gradients(module, random_double(2, 3, 2).mul_(3))


def test_sqrt_adds_eps_before_the_root():
    x = random_double(3, 4).abs_()
    assert_close(nn.Sqrt().double().forward(x), elementwise(math.sqrt, x.tolist()), 1e-12)
    assert_close(nn.Sqrt(0.5).double().forward(x),
                 elementwise(lambda v: math.sqrt(v + 0.5), x.tolist()), 1e-12)
    check_module_gradients(nn.Sqrt().double(), x.add_(0.1))


def softmax_rows(rows, sign=1):
    result = []
    for row in rows:
        exps = [math.exp(sign * v) for v in row]
        result.append([e / sum(exps) for e in exps])
    return result


def test_softmax_logsoftmax_softmin_over_the_rows():
    x = random_double(3, 5)
    expected = softmax_rows(x.tolist())
    assert_close(nn.SoftMax().double().forward(x), expected, 1e-12)
    assert_close(nn.LogSoftMax().double().forward(x),
                 [[math.log(v) for v in row] for row in expected], 1e-12)
    assert_close(nn.SoftMin().double().forward(x), softmax_rows(x.tolist(), -1), 1e-12)


def test_spatial_softmax_is_over_the_planes_at_each_pixel():
    x = random_double(2, 3, 2, 2)
    output = nn.SpatialSoftMax().double().forward(x)
    for n in range(2):
        for i in range(2):
            for j in range(2):
                planes = [x[n][c][i][j] for c in range(3)]
                assert_close([output[n][c][i][j] for c in range(3)], softmax_rows([planes])[0],
                             1e-12)


@pytest.mark.parametrize('make, size', [
    (nn.SoftMax, (3, 5)), (nn.LogSoftMax, (3, 5)), (nn.SoftMin, (3, 5)),
    (nn.SpatialSoftMax, (2, 3, 2, 2)), (lambda: nn.PReLU(3), (2, 3, 2, 2)),
    (lambda: nn.PReLU(3), (2, 3, 2)), (lambda: nn.PReLU(3), (2, 3, 1, 2, 2))])
def test_softmaxes_and_prelu_gradients(make, size):
    module = make().double()
    if module.parameters() is not None:
        module.weight.uniform_(-1, 1)
    check_module_gradients(module, random_double(*size), scale=0.5)


def test_prelu_has_one_slope_per_plane():
    module = nn.PReLU(3).double()
    module.weight.copy_(torch.DoubleTensor([0.1, 0.2, 0.3]))
    x = random_double(2, 3, 2, 2)      # a batch of 2 images of 3 planes
    output = module.forward(x)
    for n in range(2):
        for c in range(3):
            for k in range(2):
                v = x[n][c][k][0]
                assert output[n][c][k][0] == pytest.approx(v if v > 0 else (c + 1) / 10 * v)
    assert module.parameters()[0] == [module.weight]


def test_rrelu_draws_slopes_in_training_and_uses_their_mean_in_evaluation():
    module = nn.RReLU(0.1, 0.3).double()
    x = random_double(4, 50).abs_().neg_()
    slopes = module.forward(x).clone().div_(x)
    assert slopes.min() >= 0.1 and slopes.max() <= 0.3 and slopes.max() > slopes.min()
    gradInput = module.backward(x, torch.ones(4, 50).double())
    assert_close(gradInput, slopes)     # the backward uses the slopes drawn
    module.evaluate()
    assert_close(module.forward(x), x.clone().mul_(0.2))
    check_module_gradients(module, random_double(3, 4))


INPLACE = [
    (lambda ip: nn.Threshold(0.2, 0.1, ip), (3, 4)),
    (lambda ip: nn.ReLU(ip), (3, 4)),
    (lambda ip: nn.ReLU6(ip), (3, 4)),
    (lambda ip: nn.HardTanh(-1, 1, ip), (3, 4)),
    (lambda ip: nn.ELU(2., ip), (3, 4)),
    (lambda ip: nn.LeakyReLU(0.5, ip), (3, 4)),
]


@pytest.mark.parametrize('make, size', INPLACE)
def test_inplace_overwrites_the_input_with_the_same_result(make, size):
    x = random_double(*size).mul_(4)
    gradOutput = random_double(*size)
    original = x.clone()
    reference = make(False).double()
    expected = reference.forward(x).clone()
    expected_grad = reference.backward(x, gradOutput).clone()
    assert_close(x, original)               # not in place: the input is left alone
    inplace = make(True).double()
    y = x.clone()
    output = inplace.forward(y)
    assert_close(y, expected)               # the input itself now holds the result
    assert output.data_ptr() == y.data_ptr()
    assert_close(inplace.backward(y, gradOutput.clone()), expected_grad)


def test_leaky_relu_takes_lua_lone_inplace_flag_and_refuses_inplace_negative_slopes():
    assert nn.LeakyReLU(True).inplace and nn.LeakyReLU(True).negval == 0.01
    assert not nn.LeakyReLU(-0.5, True).inplace


def test_threshold_inplace_value_above_threshold_is_refused():
    with pytest.raises(RuntimeError, match=r'in-place processing requires value \(2\) to not '
                                           r'exceed threshold \(1\)'):
        nn.Threshold(1, 2, True)


def test_hardtanh_and_rrelu_bounds_are_checked():
    with pytest.raises(ValueError, match='min_value'):
        nn.HardTanh(1, -1)
    with pytest.raises(ValueError, match='lower'):
        nn.RReLU(0.5, 0.2)


ALL = [nn.Abs, nn.Square, nn.Sqrt, nn.Sigmoid, nn.Tanh, nn.SoftMax, nn.LogSoftMax, nn.SoftMin,
       nn.LogSigmoid, nn.SoftPlus, nn.SoftShrink, nn.HardShrink, nn.Threshold, nn.ReLU,
       nn.ReLU6, nn.HardTanh, nn.ELU, nn.LeakyReLU, nn.PReLU]


@pytest.mark.parametrize('make', ALL)
def test_type_conversion_clear_state_and_pickling(make):
    module = make().double()
    x = random_double(3, 4).abs_().add_(0.1)
    check_type_conversion(module, x)
    check_clear_state(module, x)
    copy = pickle.loads(pickle.dumps(module))
    assert_close(copy.forward(x), module.forward(x))


def test_rrelu_type_conversion_in_evaluation():
    module = nn.RReLU().double()
    module.evaluate()
    check_type_conversion(module, random_double(3, 4))


def test_printing():
    assert repr(nn.ReLU()) == 'nn.ReLU'
    assert repr(nn.Tanh()) == 'nn.Tanh'
    assert repr(nn.ELU(2.)) == 'nn.ELU(alpha=2.000)'
    assert repr(nn.LeakyReLU(0.5)) == 'nn.LeakyReLU(0.500)'
    assert repr(nn.RReLU(0.1, 0.9)) == 'nn.RReLU (0.1000, 0.9000)'


def test_a_module_refuses_an_input_of_another_type():
    with pytest.raises(TypeError):
        nn.Tanh().double().forward(torch.FloatTensor(3).fill_(1))


def test_softplus_gradient_just_below_its_threshold():
    # beta * x = 4.995 < 5: the gradient is the sigmoid, 0.99327, not the 1.0 of the far side
    module = nn.SoftPlus(2, 5).double()
    x = torch.DoubleTensor([2.4975, 2.5005])
    module.forward(x)
    gradient = module.backward(x, torch.DoubleTensor([1, 1]))
    assert_close(gradient, [1 / (1 + math.exp(-4.995)), 1.0], 1e-12)


def test_threshold_defaults_as_v0_1_12():
    module = nn.Threshold()
    assert (module.threshold, module.value, module.inplace) == (0, 0, False)
    x = torch.DoubleTensor([-1, 0, 1e-7, 2])
    assert module.double().forward(x).tolist() == [0, 0, 1e-7, 2]
