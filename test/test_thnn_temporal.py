"""The temporal THNN modules through torch_early._thnn: TemporalConvolution, TemporalMaxPooling
and TemporalSubSampling on single sequences (frames x features) and batches, against NumPy
windows; their gradients against central differences in double; the size errors with their
messages."""
import numpy as np
import pytest

import torch_early
from torch_early._thnn import type2backend

DOUBLE = type2backend['torch.DoubleTensor']
FLOAT = type2backend['torch.FloatTensor']


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def rand(*size, tensor_type=torch_early.DoubleTensor):
    return tensor_type(*size).uniform_(-1, 1)


def windows(x, kW, dW):
    """The (n, t, kW, features) windows of a (n, frames, features) array."""
    frames = (x.shape[1] - kW) // dW + 1
    return np.stack([x[:, t * dW:t * dW + kW] for t in range(frames)], axis=1)


def conv_reference(x, weight, bias, kW, dW):
    w = windows(x, kW, dW)
    return w.reshape(w.shape[0], w.shape[1], -1) @ weight.T + bias


def numerical_gradient(f, x, grad_output, step=1e-6):
    """d sum(f() * grad_output) / dx by central differences, x changed in place and restored."""
    flat = x.view(-1)
    result = np.zeros(flat.numel())
    for i in range(flat.numel()):
        saved = flat[i]
        flat[i] = saved + step
        plus = (f().numpy() * grad_output).sum()
        flat[i] = saved - step
        minus = (f().numpy() * grad_output).sum()
        flat[i] = saved
        result[i] = (plus - minus) / (2 * step)
    return result.reshape(tuple(x.size()))


# -- TemporalConvolution ------------------------------------------------------------------------

SHAPES = [((7, 3), 4, 2, 1), ((2, 7, 3), 2, 3, 2), ((1, 5, 2), 3, 5, 1), ((9, 2), 2, 2, 3)]


def conv_forward(backend, x, weight, bias, kW, dW):
    output = x.new()
    backend.TemporalConvolution_updateOutput(None, x, output, weight, bias, kW, dW, x.size(-1),
                                             weight.size(0))
    return output


@pytest.mark.parametrize('backend,tensor_type', [(DOUBLE, torch_early.DoubleTensor),
                                                 (FLOAT, torch_early.FloatTensor)])
@pytest.mark.parametrize('size,out_size,kW,dW', SHAPES)
def test_convolution_matches_numpy_windows(backend, tensor_type, size, out_size, kW, dW):
    x = rand(*size, tensor_type=tensor_type)
    weight = rand(out_size, kW * size[-1], tensor_type=tensor_type)
    bias = rand(out_size, tensor_type=tensor_type)
    out = conv_forward(backend, x, weight, bias, kW, dW)
    batch = x.numpy().reshape((-1,) + tuple(size[-2:]))
    expected = conv_reference(batch, weight.numpy(), bias.numpy(), kW, dW)
    assert np.allclose(out.numpy(), expected.reshape(tuple(out.size())), atol=1e-5)
    assert out.size() == torch_early.Size(size[:-2] + ((size[-2] - kW) // dW + 1, out_size))


@pytest.mark.parametrize('size,out_size,kW,dW', SHAPES)
def test_convolution_gradients_match_central_differences(size, out_size, kW, dW):
    x, weight, bias = rand(*size), rand(out_size, kW * size[-1]), rand(out_size)
    out = conv_forward(DOUBLE, x, weight, bias, kW, dW)
    grad_output = rand(*out.size())
    grad_input = x.new()
    DOUBLE.TemporalConvolution_updateGradInput(None, x, grad_output, grad_input, weight, kW, dW)
    grad_weight, grad_bias = weight.new(weight.size()).zero_(), bias.new(bias.size()).zero_()
    DOUBLE.TemporalConvolution_accGradParameters(None, x, grad_output, grad_weight, grad_bias,
                                                 kW, dW, 1)
    forward = lambda: conv_forward(DOUBLE, x, weight, bias, kW, dW)   # noqa: E731
    g = grad_output.numpy()
    assert np.allclose(grad_input.numpy(), numerical_gradient(forward, x, g), atol=1e-6)
    assert np.allclose(grad_weight.numpy(), numerical_gradient(forward, weight, g), atol=1e-6)
    assert np.allclose(grad_bias.numpy(), numerical_gradient(forward, bias, g), atol=1e-6)


def test_convolution_accumulates_scaled_parameter_gradients():
    x, weight, bias = rand(6, 2), rand(3, 4), rand(3)
    grad_output = rand(5, 3)
    grad_weight, grad_bias = rand(3, 4), rand(3)
    before_weight, before_bias = grad_weight.clone(), grad_bias.clone()
    DOUBLE.TemporalConvolution_accGradParameters(None, x, grad_output, grad_weight, grad_bias,
                                                 2, 1, 0.5)
    w = windows(x.numpy()[None], 2, 1)[0].reshape(5, 4)
    assert np.allclose(grad_weight.numpy(), before_weight.numpy() + 0.5 * grad_output.numpy().T @ w)
    assert np.allclose(grad_bias.numpy(), before_bias.numpy() + 0.5 * grad_output.numpy().sum(0))


def test_convolution_reads_a_transposed_input():
    x = rand(3, 8).t()          # 8 frames of 3 features, not contiguous
    weight, bias = rand(2, 6), rand(2)
    assert np.allclose(conv_forward(DOUBLE, x, weight, bias, 2, 2).numpy(),
                       conv_forward(DOUBLE, x.contiguous(), weight, bias, 2, 2).numpy())


def test_convolution_errors_name_the_sizes():
    weight, bias = rand(4, 6), rand(4)
    with pytest.raises(RuntimeError, match=r"argument 'input': Given input size: \(1x3\)\. "
                                           r"Calculated output size: \(0x4\)\. Output size is "
                                           r"too small"):
        conv_forward(DOUBLE, rand(1, 3), weight, bias, 2, 1)
    with pytest.raises(RuntimeError, match=r"input should be a 2D or 3D tensor, but got size 6"):
        conv_forward(DOUBLE, rand(6), weight, bias, 2, 1)
    with pytest.raises(RuntimeError, match=r"argument 'weight': weight should be outputFrameSize "
                                           r"x 8 \(kW 2 times the input's 4 features\)"):
        conv_forward(DOUBLE, rand(5, 4), weight, bias, 2, 1)
    with pytest.raises(RuntimeError, match=r"argument 'bias': bias should be a 1D tensor of "
                                           r"size 4, but got size 3"):
        conv_forward(DOUBLE, rand(5, 3), weight, rand(3), 2, 1)
    with pytest.raises(RuntimeError, match=r"argument 'gradOutput': gradOutput should be of size "
                                           r"4x4, but got size 3x4"):
        DOUBLE.TemporalConvolution_updateGradInput(None, rand(5, 3), rand(3, 4), rand(0), weight,
                                                   2, 1)
    with pytest.raises(TypeError, match=r"TemporalConvolution_updateOutput"):
        conv_forward(DOUBLE, rand(5, 3, tensor_type=torch_early.FloatTensor), weight, bias, 2, 1)


# -- TemporalMaxPooling -------------------------------------------------------------------------

def max_pool(x, kW, dW):
    output, indices = x.new(), torch_early.LongTensor()
    DOUBLE.TemporalMaxPooling_updateOutput(None, x, output, indices, kW, dW)
    return output, indices


@pytest.mark.parametrize('size,kW,dW', [((7, 3), 2, 1), ((2, 8, 2), 3, 2), ((1, 4, 3), 4, 4),
                                        ((9, 1), 2, 3)])
def test_max_pooling_takes_window_maxima_and_their_offsets(size, kW, dW):
    x = rand(*size)
    out, indices = max_pool(x, kW, dW)
    w = windows(x.numpy().reshape((-1,) + tuple(size[-2:])), kW, dW)
    assert np.array_equal(out.numpy().reshape(w.shape[0], w.shape[1], -1), w.max(axis=2))
    assert np.array_equal(indices.numpy().reshape(w.shape[0], w.shape[1], -1), w.argmax(axis=2))
    grad_output = rand(*out.size())
    grad_input = x.new()
    DOUBLE.TemporalMaxPooling_updateGradInput(None, x, grad_output, grad_input, indices, kW, dW)
    forward = lambda: max_pool(x, kW, dW)[0]     # noqa: E731
    assert np.allclose(grad_input.numpy(), numerical_gradient(forward, x, grad_output.numpy()),
                       atol=1e-6)


def test_max_pooling_errors():
    x = rand(5, 2)
    out, indices = max_pool(x, 2, 1)
    with pytest.raises(RuntimeError, match=r"Given input size: \(5x2\)\. Calculated output size: "
                                           r"\(0x2\)\. Output size is too small"):
        max_pool(x, 6, 1)
    indices[0][0] = 7
    with pytest.raises(RuntimeError, match=r"argument 'indices': indices should be offsets in "
                                           r"windows of 2 frames, but found 7"):
        DOUBLE.TemporalMaxPooling_updateGradInput(None, x, rand(4, 2), x.new(), indices, 2, 1)
    with pytest.raises(RuntimeError, match=r"indices should be of size 4x2, but got size 3"):
        DOUBLE.TemporalMaxPooling_updateGradInput(None, x, rand(4, 2), x.new(),
                                                  torch_early.LongTensor(3).zero_(), 2, 1)
    with pytest.raises(TypeError, match=r"TemporalMaxPooling_updateOutput"):
        DOUBLE.TemporalMaxPooling_updateOutput(None, x, x.new(), x.new(), 2, 1)


# -- TemporalSubSampling ------------------------------------------------------------------------

def subsample(x, weight, bias, kW, dW):
    output = x.new()
    DOUBLE.TemporalSubSampling_updateOutput(None, x, output, weight, bias, kW, dW, x.size(-1))
    return output


def test_subsampling_is_weighted_window_sums_with_central_difference_gradients():
    x, weight, bias = rand(8, 3), rand(3), rand(3)
    out = subsample(x, weight, bias, 3, 2)
    w = windows(x.numpy()[None], 3, 2)[0]
    assert np.allclose(out.numpy(), w.sum(axis=1) * weight.numpy() + bias.numpy())
    grad_output = rand(*out.size())
    grad_input = x.new()
    DOUBLE.TemporalSubSampling_updateGradInput(None, x, grad_output, grad_input, weight, 3, 2)
    grad_weight, grad_bias = weight.new(3).zero_(), bias.new(3).zero_()
    DOUBLE.TemporalSubSampling_accGradParameters(None, x, grad_output, grad_weight, grad_bias,
                                                 3, 2, 1)
    forward = lambda: subsample(x, weight, bias, 3, 2)   # noqa: E731
    g = grad_output.numpy()
    assert np.allclose(grad_input.numpy(), numerical_gradient(forward, x, g), atol=1e-6)
    assert np.allclose(grad_weight.numpy(), numerical_gradient(forward, weight, g), atol=1e-6)
    assert np.allclose(grad_bias.numpy(), numerical_gradient(forward, bias, g), atol=1e-6)


def test_subsampling_errors():
    x = rand(6, 3)
    with pytest.raises(RuntimeError, match=r"argument 'weight': weight should be a 1D tensor of "
                                           r"size 3, but got size 2"):
        subsample(x, rand(2), rand(3), 2, 1)
    with pytest.raises(RuntimeError, match=r"Given input size: \(6x3\)\. Calculated output size: "
                                           r"\(0x3\)\. Output size is too small"):
        subsample(x, rand(3), rand(3), 7, 1)
    with pytest.raises(RuntimeError, match=r"argument 'input': input should have 4 features per "
                                           r"frame \(inputFrameSize\), but got size 6x3"):
        DOUBLE.TemporalSubSampling_updateOutput(None, x, x.new(), rand(3), rand(3), 2, 1, 4)


# -- TemporalRowConvolution (v0.1.10) -----------------------------------------------------------

def row_conv(x, weight, bias, kW, dW, padW, feat_first):
    output = x.new()
    DOUBLE.TemporalRowConvolution_updateOutput(None, x, output, weight, bias, x.new(), x.new(),
                                               kW, dW, padW, feat_first)
    return output


def row_conv_reference(x, weight, bias, kW, dW, padW):
    """Per feature: a (n, features, frames) array convolved with that feature's kernel."""
    padded = np.pad(x, ((0, 0), (0, 0), (padW, padW)))
    frames = (padded.shape[2] - kW) // dW + 1
    out = np.stack([(padded[:, :, t * dW:t * dW + kW] * weight[:, 0]).sum(-1)
                    for t in range(frames)], axis=2)
    return out + (0 if bias is None else bias[:, None])


@pytest.mark.parametrize('feat_first', [False, True])
@pytest.mark.parametrize('batch,frames,features,kW,dW,padW', [(None, 6, 3, 3, 1, 1),
                                                              (2, 7, 2, 2, 2, 0),
                                                              (1, 2, 2, 4, 1, 1)])
def test_row_convolution_matches_numpy_and_central_differences(batch, frames, features, kW, dW,
                                                               padW, feat_first):
    inner = (features, frames) if feat_first else (frames, features)
    x = rand(*(((batch,) if batch else ()) + inner))
    weight, bias = rand(features, 1, kW), rand(features)
    out = row_conv(x, weight, bias, kW, dW, padW, feat_first)
    features_first = x.numpy().reshape((-1,) + inner)
    if not feat_first:
        features_first = features_first.transpose(0, 2, 1)
    expected = row_conv_reference(features_first, weight.numpy(), bias.numpy(), kW, dW, padW)
    if not feat_first:
        expected = expected.transpose(0, 2, 1)
    assert np.allclose(out.numpy(), expected.reshape(tuple(out.size())))
    grad_output = rand(*out.size())
    grad_input = x.new()
    DOUBLE.TemporalRowConvolution_updateGradInput(None, x, grad_output, grad_input, weight,
                                                  x.new(), x.new(), kW, dW, padW, feat_first)
    grad_weight, grad_bias = weight.new(weight.size()).zero_(), bias.new(bias.size()).zero_()
    DOUBLE.TemporalRowConvolution_accGradParameters(None, x, grad_output, grad_weight,
                                                    grad_bias, x.new(), x.new(), kW, dW, padW,
                                                    feat_first, 1)
    forward = lambda: row_conv(x, weight, bias, kW, dW, padW, feat_first)   # noqa: E731
    g = grad_output.numpy()
    assert np.allclose(grad_input.numpy(), numerical_gradient(forward, x, g), atol=1e-6)
    assert np.allclose(grad_weight.numpy(), numerical_gradient(forward, weight, g), atol=1e-6)
    assert np.allclose(grad_bias.numpy(), numerical_gradient(forward, bias, g), atol=1e-6)


def test_row_convolution_without_bias_and_its_errors():
    x, weight = rand(5, 3), rand(3, 1, 2)
    out = row_conv(x, weight, None, 2, 1, 0, False)
    expected = row_conv_reference(x.numpy().T[None], weight.numpy(), None, 2, 1, 0)[0].T
    assert np.allclose(out.numpy(), expected)
    with pytest.raises(RuntimeError, match=r"argument 'weight': weight should be 3 x 1 x 4 \(a "
                                           r"kernel of kW for each of the input's features\)"):
        row_conv(x, weight, None, 4, 1, 0, False)
    with pytest.raises(RuntimeError, match=r"Given input size: \(5x3\)\. Calculated output size: "
                                           r"\(0x3\)\. Output size is too small"):
        row_conv(x, rand(3, 1, 7), None, 7, 1, 0, False)
