"""THNN entry points that no nn layer calls (nn's Linear, sigmoid and tanh are tensor
operations; MaxPool2d calls the dilated pooling; the local and connection-table convolutions
have no layer), called through the bindings and compared with a reference.

The convolution-like modules are linear in their input and in their weight, so each backward is
checked as the adjoint of its forward: for any g, <g, f(x) − bias> = <x, updateGradInput(g)>,
and likewise for the weight with accGradParameters (the dot-product test).
"""

import numpy as np
import pytest

import torch_early
from torch_early._thnn import type2backend

backend = type2backend[torch_early.DoubleTensor]


def tensor(*sizes):
    return torch_early.DoubleTensor(*sizes).uniform_(-1, 1)


def dot(a, b):
    return float((a.numpy() * b.numpy()).sum())


def test_sigmoid_tanh_and_sqrt_against_numpy():
    x = torch_early.DoubleTensor(3, 4).uniform_(0.1, 2)
    g = tensor(3, 4)
    for name, forward, derivative in [
            ('Sigmoid', lambda a: 1 / (1 + np.exp(-a)), lambda y: y * (1 - y)),
            ('Tanh', np.tanh, lambda y: 1 - y * y),
            ('Sqrt', np.sqrt, lambda y: 0.5 / y)]:
        output, grad_input = x.new(), x.new()
        extra = (0.0,) if name == 'Sqrt' else ()   # Sqrt's eps
        getattr(backend, name + '_updateOutput')(None, x, output, *extra)
        assert np.allclose(output.numpy(), forward(x.numpy())), name
        getattr(backend, name + '_updateGradInput')(None, x, g, grad_input, output)
        assert np.allclose(grad_input.numpy(), g.numpy() * derivative(output.numpy())), name


@pytest.mark.parametrize('size_average', [True, False])
def test_margin_criterion_and_its_gradient(size_average):
    x = torch_early.DoubleTensor([0.3, -2.0, 0.9, 1.5])
    y = torch_early.DoubleTensor([1, -1, -1, 1])
    output, grad_input = x.new(1), x.new()
    backend.MarginCriterion_updateOutput(None, x, y, output, size_average, 1.0)
    hinge = np.maximum(0, 1 - y.numpy() * x.numpy())
    n = 4 if size_average else 1
    assert output[0] == pytest.approx(hinge.sum() / n)
    backend.MarginCriterion_updateGradInput(None, x, y, grad_input, size_average, 1.0)
    assert np.allclose(grad_input.numpy(), np.where(hinge > 0, -y.numpy() / n, 0))


def test_linear_forward_backward_and_parameter_gradients():
    x, w, b = tensor(5, 3), tensor(4, 3), tensor(4)
    output, add_buffer = x.new(), x.new()
    backend.Linear_updateOutput(None, x, output, w, b, add_buffer)
    assert np.allclose(output.numpy(), x.numpy() @ w.numpy().T + b.numpy())
    g, grad_input = tensor(5, 4), x.new()
    backend.Linear_updateGradInput(None, x, g, grad_input, w)
    assert np.allclose(grad_input.numpy(), g.numpy() @ w.numpy())
    grad_w, grad_b = w.new(4, 3).fill_(1), b.new(4).fill_(1)
    backend.Linear_accGradParameters(None, x, g, grad_input, w, b, grad_w, grad_b, add_buffer,
                                     0.5)
    assert np.allclose(grad_w.numpy(), 1 + 0.5 * g.numpy().T @ x.numpy())
    assert np.allclose(grad_b.numpy(), 1 + 0.5 * g.numpy().sum(0))


def test_unfolded_copy_is_im2col_and_unfolded_acc_its_adjoint():
    x = tensor(2, 4, 5)                       # planes x height x width
    k_w, k_h, d_w, d_h, pad_w, pad_h = 2, 3, 1, 2, 1, 0
    out_h, out_w = (4 - 3) // 2 + 1, (5 + 2 - 2) // 1 + 1
    columns = x.new(2 * k_h * k_w, out_h * out_w)
    backend.unfolded_copy(columns, x, k_w, k_h, d_w, d_h, pad_w, pad_h, 2, 5, 4, out_w,
                          out_h)
    padded = np.pad(x.numpy(), ((0, 0), (pad_h, pad_h), (pad_w, pad_w)))
    expected = np.zeros((2, k_h, k_w, out_h, out_w))
    for c in range(2):
        for kh in range(k_h):
            for kw in range(k_w):
                expected[c, kh, kw] = padded[c, kh:kh + d_h * out_h:d_h, kw:kw + d_w * out_w:d_w]
    assert np.allclose(columns.numpy(), expected.reshape(columns.size()))
    # col2im adds each column back onto the pixels it was read from
    g, back = tensor(*columns.size()), x.new(2, 4, 5).zero_()
    backend.unfolded_acc(g, back, k_w, k_h, d_w, d_h, pad_w, pad_h, 2, 5, 4, out_w, out_h)
    assert dot(g, columns) == pytest.approx(dot(x, back))


def test_spatial_max_pooling_is_the_dilated_one_with_dilation_1():
    x = tensor(2, 3, 7, 6)
    pooled, indices = x.new(), torch_early.LongTensor()
    expected, expected_indices = x.new(), torch_early.LongTensor()
    backend.SpatialMaxPooling_updateOutput(None, x, pooled, indices, 3, 2, 2, 2, 1, 1, True)
    backend.SpatialDilatedMaxPooling_updateOutput(None, x, expected, expected_indices, 3, 2, 2, 2,
                                                  1, 1, 1, 1, True)
    assert torch_early.equal(pooled, expected) and torch_early.equal(indices, expected_indices)
    g, grad_input = tensor(*pooled.size()), x.new()
    backend.SpatialMaxPooling_updateGradInput(None, x, g, grad_input, indices, 3, 2, 2, 2, 1, 1,
                                              True)
    # each gradient lands on the element its window took
    assert dot(g, pooled) == pytest.approx(dot(grad_input, x))


def test_volumetric_max_pooling_is_the_dilated_one_with_dilation_1():
    x = tensor(2, 3, 5, 4, 5)
    pooled, indices = x.new(), torch_early.LongTensor()
    expected, expected_indices = x.new(), torch_early.LongTensor()
    backend.VolumetricMaxPooling_updateOutput(None, x, pooled, indices, 2, 2, 3, 2, 2, 1, 0, 1, 0,
                                              False)
    backend.VolumetricDilatedMaxPooling_updateOutput(None, x, expected, expected_indices, 2, 2, 3,
                                                     2, 2, 1, 0, 1, 0, 1, 1, 1, False)
    assert torch_early.equal(pooled, expected) and torch_early.equal(indices, expected_indices)
    g, grad_input = tensor(*pooled.size()), x.new()
    backend.VolumetricMaxPooling_updateGradInput(None, x, g, grad_input, indices, 2, 2, 1, 0, 1, 0)
    assert dot(g, pooled) == pytest.approx(dot(grad_input, x))


def check_adjoints(forward, grad_input_of, grad_params_of, x, weight, bias):
    """forward() → output; grad_input_of(g) → gradInput; grad_params_of(g) → (gradWeight,
    gradBias) accumulated with scale 1 into zeros. Linear in x and in weight: dot-product tests."""
    output = forward()
    without_bias = output.clone()
    if bias is not None:
        planes = bias.numpy().reshape((1,) * (output.dim() - 3) + bias.size() +
                                      (1,) * (3 - bias.dim()))
        without_bias = torch_early.from_numpy(output.numpy() - planes)
    g = tensor(*output.size())
    assert dot(g, without_bias) == pytest.approx(dot(x, grad_input_of(g)))
    grad_weight, grad_bias = grad_params_of(g)
    assert dot(g, without_bias) == pytest.approx(dot(weight, grad_weight))
    if bias is not None:
        sums = g.numpy().sum(axis=0) if output.dim() == 4 else g.numpy()
        sums = sums.sum(axis=tuple(range(bias.dim(), sums.ndim)))
        assert np.allclose(grad_bias.numpy(), sums)


def test_local_convolution_backward_and_parameter_gradients():
    x = tensor(2, 2, 4, 3)
    w, b = tensor(3, 2, 3, 2, 2, 2), tensor(3, 3, 2)
    finput, fgrad = x.new(), x.new()
    sizes = (2, 2, 1, 1, 0, 0, 3, 4, 2, 3)

    def forward():
        out = x.new()
        backend.SpatialConvolutionLocal_updateOutput(None, x, out, w, b, finput, fgrad, *sizes)
        return out

    def grad_input_of(g):
        grad_input = x.new()
        backend.SpatialConvolutionLocal_updateGradInput(None, x, g, grad_input, w, finput, fgrad,
                                                        *sizes)
        return grad_input

    def grad_params_of(g):
        grad_w, grad_b = w.new(w.size()).zero_(), b.new(b.size()).zero_()
        backend.SpatialConvolutionLocal_accGradParameters(None, x, g, grad_w, grad_b, finput,
                                                          fgrad, *(sizes + (1.0,)))
        return grad_w, grad_b

    check_adjoints(forward, grad_input_of, grad_params_of, x, w, b)


@pytest.mark.parametrize('name,table,planes,input_size', [
    ('SpatialConvolutionMap', [[0, 0], [2, 0], [1, 1]], (3, 2), (2, 3, 5, 4)),
    ('SpatialFullConvolutionMap', [[0, 0], [0, 2], [1, 1]], (2, 3), (2, 2, 4, 3)),
])
def test_connection_table_convolutions_backward_and_parameter_gradients(name, table, planes,
                                                                        input_size):
    table = torch_early.DoubleTensor(table)
    x, w, b = tensor(*input_size), tensor(3, 2, 2), tensor(planes[1])
    config = (table,) + planes + (2, 1)

    def forward():
        out = x.new()
        getattr(backend, name + '_updateOutput')(None, x, out, w, b, *config)
        return out

    def grad_input_of(g):
        grad_input = x.new()
        getattr(backend, name + '_updateGradInput')(None, x, g, grad_input, w, b, *config)
        return grad_input

    def grad_params_of(g):
        grad_w, grad_b = w.new(w.size()).zero_(), b.new(b.size()).zero_()
        getattr(backend, name + '_accGradParameters')(None, x, g, grad_w, grad_b,
                                                      *(config + (1.0,)))
        return grad_w, grad_b

    check_adjoints(forward, grad_input_of, grad_params_of, x, w, b)


def test_subsampling_backward_is_the_adjoint_of_its_forward():
    x, w, b = tensor(2, 3, 5, 6), tensor(3), tensor(3)

    def forward():
        out = x.new()
        backend.SpatialSubSampling_updateOutput(None, x, out, w, b, 3, 2, 3, 2)
        return out

    def grad_input_of(g):
        grad_input = x.new()
        backend.SpatialSubSampling_updateGradInput(None, x, g, grad_input, w, 3, 2, 3, 2)
        return grad_input

    def grad_params_of(g):
        grad_w, grad_b = w.new(3).zero_(), b.new(3).zero_()
        backend.SpatialSubSampling_accGradParameters(None, x, g, grad_w, grad_b, 3, 2, 3, 2, 1.0)
        return grad_w, grad_b

    check_adjoints(forward, grad_input_of, grad_params_of, x, w, b)
