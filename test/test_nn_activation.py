"""The nn activations: each module and functional form against NumPy, gradcheck in double, the
in-place variants, PReLU's weight gradient, RReLU's training and eval slopes, the printed forms,
Float and Double, and the Function classes generated from the THNN header."""
import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable, gradcheck
import torch_early.nn.functional as F
from torch_early.nn._functions import thnn as thnn_functions
from torch_early.nn.backends.thnn import backend as thnn_backend
from torch_early._thnn.utils import THNN_H_PATH, parse_header


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def var(*size, requires_grad=True, tensor_type=torch_early.DoubleTensor):
    """Values in +-[0.1, 0.4] and +-[0.6, 0.9]: away from the kinks (0 and +-0.5 in the cases
    below), so that finite differences see smooth functions."""
    magnitude = tensor_type(*size).uniform_(0.1, 0.4)
    magnitude.add_(tensor_type(*size).bernoulli_(0.5).mul_(0.5))
    signs = tensor_type(*size).bernoulli_(0.5).mul_(2).sub_(1)
    return Variable(magnitude.mul_(signs), requires_grad=requires_grad)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


# (module, functional form, NumPy reference) for the elementwise activations
ELEMENTWISE = [
    (nn.ReLU(), F.relu, lambda x: np.maximum(x, 0)),
    (nn.Threshold(0.5, 20), lambda v: F.threshold(v, 0.5, 20), lambda x: np.where(x > 0.5, x, 20)),
    (nn.Hardtanh(-0.5, 0.5), lambda v: F.hardtanh(v, -0.5, 0.5), lambda x: np.clip(x, -0.5, 0.5)),
    (nn.ReLU6(), F.relu6, lambda x: np.clip(x, 0, 6)),
    (nn.ELU(0.7), lambda v: F.elu(v, 0.7), lambda x: np.where(x > 0, x, 0.7 * (np.exp(x) - 1))),
    (nn.LeakyReLU(0.2), lambda v: F.leaky_relu(v, 0.2), lambda x: np.where(x > 0, x, 0.2 * x)),
    (nn.LogSigmoid(), F.logsigmoid, lambda x: np.log(sigmoid(x))),
    (nn.Softplus(2, 20), lambda v: F.softplus(v, 2, 20), lambda x: np.log1p(np.exp(2 * x)) / 2),
    (nn.Softshrink(0.5), lambda v: F.softshrink(v, 0.5),
     lambda x: np.where(x > 0.5, x - 0.5, np.where(x < -0.5, x + 0.5, 0))),
    (nn.Hardshrink(0.5), lambda v: F.hardshrink(v, 0.5), lambda x: np.where(abs(x) > 0.5, x, 0)),
    (nn.Sigmoid(), F.sigmoid, sigmoid),
    (nn.Tanh(), F.tanh, np.tanh),
    (nn.Softsign(), F.softsign, lambda x: x / (1 + abs(x))),
    (nn.Tanhshrink(), F.tanhshrink, lambda x: x - np.tanh(x)),
    (nn.Softmax(), F.softmax, softmax),
    (nn.Softmin(), F.softmin, lambda x: softmax(-x)),
    (nn.LogSoftmax(), F.log_softmax, lambda x: np.log(softmax(x))),
]
IDS = [type(case[0]).__name__ for case in ELEMENTWISE]


@pytest.mark.parametrize('module, functional, reference', ELEMENTWISE, ids=IDS)
@pytest.mark.parametrize('tensor_type', [torch_early.FloatTensor, torch_early.DoubleTensor])
def test_forward_matches_numpy(module, functional, reference, tensor_type):
    x = var(3, 5, tensor_type=tensor_type)
    expected = reference(x.data.numpy().astype(np.float64))
    for out in (module(x), functional(x)):
        assert type(out.data) is tensor_type
        assert np.allclose(out.data.numpy(), expected, atol=1e-5)


@pytest.mark.parametrize('module, functional, reference', ELEMENTWISE, ids=IDS)
def test_gradcheck(module, functional, reference):
    assert gradcheck(functional, (var(3, 4),), eps=1e-6, atol=1e-5)


INPLACE = [
    (lambda v: F.relu(v, inplace=True), F.relu),
    (lambda v: F.threshold(v, 0.5, -2, True), lambda v: F.threshold(v, 0.5, -2)),
    (lambda v: F.hardtanh(v, -0.5, 0.5, True), lambda v: F.hardtanh(v, -0.5, 0.5)),
    (lambda v: F.relu6(v, True), F.relu6),
    (lambda v: F.elu(v, 0.7, True), lambda v: F.elu(v, 0.7)),
    (lambda v: F.leaky_relu(v, 0.2, True), lambda v: F.leaky_relu(v, 0.2)),
    (lambda v: F.rrelu(v, 0.1, 0.3, False, True), lambda v: F.rrelu(v, 0.1, 0.3)),
]


@pytest.mark.parametrize('inplace, outofplace', INPLACE)
def test_inplace_matches_out_of_place_in_value_and_gradient(inplace, outofplace):
    x = var(4, 3)
    expected = outofplace(x)
    grad = torch_early.DoubleTensor(4, 3).uniform_(-1, 1)
    expected.backward(grad)
    leaf = Variable(x.data.clone(), requires_grad=True)
    out = inplace(leaf * 1)       # in place on a non-leaf, as a network does
    assert np.allclose(out.data.numpy(), expected.data.numpy())
    out.backward(grad)
    assert np.allclose(leaf.grad.data.numpy(), x.grad.data.numpy())


def test_inplace_threshold_with_value_above_threshold_is_refused():
    # the backward could not tell the replaced elements from the kept ones
    with pytest.raises(RuntimeError, match='value'):
        F.threshold(var(3) * 1, 0.5, 2, inplace=True)


def test_inplace_backward_leaves_the_incoming_gradient_alone():
    x = var(3, 3)
    grad = torch_early.DoubleTensor(3, 3).fill_(1)
    F.relu(x * 1, inplace=True).backward(grad)
    assert (grad.numpy() == 1).all()


def test_inplace_module_modifies_its_input():
    x = Variable(torch_early.DoubleTensor([-1, 2]))
    y = nn.ReLU(inplace=True)(x)
    assert x.data.tolist() == [0, 2] and y.data.tolist() == [0, 2]


def test_prelu_shared_and_per_channel_forward_and_gradcheck():
    x = var(2, 3)
    shared = Variable(torch_early.DoubleTensor([0.25]), requires_grad=True)
    channels = Variable(torch_early.DoubleTensor([0.1, 0.2, 0.5]), requires_grad=True)
    xs = x.data.numpy()
    assert np.allclose(F.prelu(x, shared).data.numpy(), np.where(xs > 0, xs, 0.25 * xs))
    slopes = np.array([0.1, 0.2, 0.5])
    assert np.allclose(F.prelu(x, channels).data.numpy(), np.where(xs > 0, xs, slopes * xs))
    assert gradcheck(F.prelu, (x, shared), eps=1e-6, atol=1e-5)
    assert gradcheck(F.prelu, (x, channels), eps=1e-6, atol=1e-5)
    images = var(2, 3, 2, 2)
    assert gradcheck(F.prelu, (images, channels), eps=1e-6, atol=1e-5)


def test_prelu_module():
    module = nn.PReLU(3, init=0.5).double()
    assert module.weight.data.tolist() == [0.5, 0.5, 0.5]
    assert [name for name, _ in module.named_parameters()] == ['weight']
    x = var(2, 3)
    module(x).sum().backward()
    xs = x.data.numpy()
    assert np.allclose(module.weight.grad.data.numpy(), np.where(xs > 0, 0, xs).sum(0))
    assert repr(nn.PReLU()) == 'PReLU (1)'


def test_prelu_weight_of_another_type_is_refused():
    with pytest.raises(TypeError, match='FloatTensor'):
        F.prelu(var(2, 3), Variable(torch_early.FloatTensor([0.25])))


def test_rrelu_eval_uses_the_mean_slope_and_training_draws_within_the_bounds():
    x = Variable(torch_early.DoubleTensor(200).fill_(-1))
    module = nn.RReLU(0.1, 0.5).double()
    module.eval()
    assert np.allclose(module(x).data.numpy(), -0.3)
    module.train()
    slopes = -module(x).data.numpy()
    assert (slopes >= 0.1).all() and (slopes < 0.5).all() and slopes.std() > 0.01
    positive = Variable(torch_early.DoubleTensor([1.5, 2]))
    assert module(positive).data.tolist() == [1.5, 2]


def test_rrelu_training_gradient_is_the_drawn_slope():
    x = Variable(torch_early.DoubleTensor(10).fill_(-1), requires_grad=True)
    out = F.rrelu(x, 0.1, 0.5, training=True)
    out.sum().backward()
    assert np.allclose(x.grad.data.numpy(), -out.data.numpy())


def test_rrelu_bounds_checked():
    with pytest.raises(ValueError, match='lower'):
        F.rrelu(var(2), 0.5, 0.1)


def test_softmax2d_normalises_over_channels():
    x = var(2, 3, 2, 2)
    out = nn.Softmax2d()(x).data.numpy()
    assert np.allclose(out.sum(1), 1)
    assert np.allclose(out, softmax(np.moveaxis(x.data.numpy(), 1, -1)).transpose(0, 3, 1, 2))
    with pytest.raises(RuntimeError, match='4-D'):
        nn.Softmax2d()(var(2, 3))


def test_softmax_input_dimensions_checked():
    with pytest.raises(RuntimeError, match='1-D or 2-D'):
        nn.Softmax()(var(2, 3, 4, 5, 6))


@pytest.mark.parametrize('module, text', [
    (nn.ReLU(), 'ReLU ()'), (nn.ReLU(True), 'ReLU (inplace)'),
    (nn.Threshold(0.1, 20), 'Threshold (0.1, 20)'),
    (nn.Threshold(0.1, 20, True), 'Threshold (0.1, 20, inplace)'),
    (nn.Hardtanh(), 'Hardtanh (min_val=-1, max_val=1)'), (nn.ReLU6(), 'ReLU6 ()'),
    (nn.ELU(), 'ELU (alpha=1.0)'), (nn.LeakyReLU(), 'LeakyReLU (0.01)'),
    (nn.Softplus(), 'Softplus (beta=1, threshold=20)'), (nn.Softshrink(), 'Softshrink (0.5)'),
    (nn.Hardshrink(), 'Hardshrink (0.5)'), (nn.RReLU(), 'RReLU (0.125, 0.3333333333333333)'),
    (nn.Sigmoid(), 'Sigmoid ()'), (nn.Softmax(), 'Softmax ()'), (nn.LogSoftmax(), 'LogSoftmax ()'),
])
def test_repr(module, text):
    assert repr(module) == text


def test_hardtanh_bounds_checked():
    with pytest.raises(ValueError, match='min_value'):
        nn.Hardtanh(1, -1)


def test_defaults():
    assert nn.LeakyReLU().negative_slope == 0.01 and nn.ELU().alpha == 1.0
    assert (nn.RReLU().lower, nn.RReLU().upper) == (1. / 8, 1. / 3)
    assert (nn.Softplus().beta, nn.Softplus().threshold) == (1, 20)
    assert nn.Hardtanh().min_val == -1 and nn.Hardtanh().max_val == 1


# -- the generated Functions ------------------------------------------------------------------

THNN_ACTIVATIONS = {'Abs': 'Abs', 'ELU': 'ELU', 'HardShrink': 'Hardshrink',
                    'HardTanh': 'Hardtanh', 'LeakyReLU': 'LeakyReLU',
                    'LogSigmoid': 'LogSigmoid', 'LogSoftMax': 'LogSoftmax', 'PReLU': 'PReLU',
                    'RReLU': 'RReLU', 'Sigmoid': 'Sigmoid', 'SoftMax': 'Softmax',
                    'SoftPlus': 'Softplus', 'SoftShrink': 'Softshrink', 'Sqrt': 'Sqrt',
                    'Square': 'Square', 'Tanh': 'Tanh', 'Threshold': 'Threshold'}


def test_every_thnn_activation_has_a_function_class_in_the_backend():
    header_modules = {f.name.split('_')[0] for f in parse_header(THNN_H_PATH)}
    assert set(THNN_ACTIVATIONS) <= header_modules
    for python_name in THNN_ACTIVATIONS.values():
        assert getattr(thnn_functions, python_name) is getattr(thnn_backend, python_name)


def test_generated_classes_take_the_header_configuration():
    assert issubclass(thnn_functions.Threshold, torch_early.autograd.function.InplaceFunction)
    assert not issubclass(thnn_functions.Softplus, torch_early.autograd.function.InplaceFunction)
    with pytest.raises(TypeError, match='threshold, val, inplace'):
        thnn_functions.Threshold(0.1)


def test_generated_sqrt_square_abs_against_numpy():
    x = Variable(torch_early.DoubleTensor(5).uniform_(0.5, 2), requires_grad=True)
    xs = x.data.numpy()
    assert np.allclose(thnn_functions.Sqrt(0)(x).data.numpy(), np.sqrt(xs))
    assert np.allclose(thnn_functions.Square()(x).data.numpy(), xs ** 2)
    assert np.allclose(thnn_functions.Abs()(-x).data.numpy(), xs)
    assert gradcheck(lambda v: thnn_functions.Square()(v), (x,))


def test_backend_unknown_name_and_copies():
    import copy
    import pickle
    with pytest.raises(NotImplementedError):
        thnn_backend.NoSuchFunction
    assert copy.deepcopy(thnn_backend) is thnn_backend
    assert pickle.loads(pickle.dumps(thnn_backend)) is thnn_backend


# beta * x just below the threshold: the output lies above it, and the gradient is still the
# sigmoid of beta * x (it was 1.0: the backward tested the output against the threshold)
@pytest.mark.parametrize('beta, threshold', [(1, 5), (2, 20), (1, 20), (0.5, 3)])
@pytest.mark.parametrize('dtype', ['Double', 'Float'])
def test_softplus_gradient_just_below_and_above_the_threshold(beta, threshold, dtype):
    points = [threshold - 0.005, threshold - 0.0001, threshold - 1, threshold + 0.001, -30]
    x = np.array(points) / beta
    v = Variable(getattr(torch_early, dtype + 'Tensor')(x.tolist()), requires_grad=True)
    F.softplus(v, beta, threshold).sum().backward()
    expected = np.where(beta * x > threshold, 1.0, 1 / (1 + np.exp(-beta * x)))
    assert np.allclose(v.grad.data.numpy(), expected, rtol=1e-5, atol=1e-12)


# -- PReLU on inputs of 1 to 5 dimensions -----------------------------------------------------

@pytest.mark.parametrize('size', [(3,), (2, 3), (2, 3, 4), (2, 3, 2, 2), (2, 3, 2, 1, 2)])
def test_prelu_has_a_slope_per_channel_of_dimension_1(size):
    module = nn.PReLU(3).double()
    module.weight.data.copy_(torch_early.DoubleTensor([0.1, 0.2, 0.3]))
    x = var(*size)
    out = module(x).data.numpy()
    data = x.data.numpy()
    channel_dim = 0 if len(size) == 1 else 1
    shape = [1] * len(size)
    shape[channel_dim] = 3
    slopes = np.array([0.1, 0.2, 0.3]).reshape(shape)
    np.testing.assert_allclose(out, np.where(data > 0, data, slopes * data))
    assert gradcheck(lambda x, w: F.prelu(x, w), (x, module.weight))
    shared = nn.PReLU().double()
    assert gradcheck(lambda x, w: F.prelu(x, w), (x, shared.weight))


def test_prelu_refuses_a_wrong_channel_count():
    with pytest.raises(RuntimeError, match='3 channels in dimension 1'):
        nn.PReLU(3).double()(var(3, 2, 2))
