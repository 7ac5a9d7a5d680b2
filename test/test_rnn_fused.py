"""THNN's fused recurrent kernels (LSTMFused, GRUFused) and the steps of nn's LSTM and GRU that
call them: each kernel against the gate equations written out in NumPy (forward) and against
the unfused Variable math (backward), central differences in double, bad sizes, and the layers
and cells against the unfused path they replaced. Also THVector's tanh against the C library."""

import math

import numpy as np
import pytest

import torch_early as torch
import torch_early.nn as nn
from torch_early._thnn import type2backend
from torch_early.autograd import Variable, gradcheck
from torch_early.nn._functions import rnn
from torch_early.nn._functions.rnn import GRUFusedStep, LSTMFusedStep, LSTMPointwise

TYPES = [torch.FloatTensor, torch.DoubleTensor]
SIZES = [(1, 1), (1, 5), (3, 1), (3, 5), (3, 17)]     # (batch, hidden)


def tolerance(tensor_type):
    return 2e-5 if tensor_type is torch.FloatTensor else 1e-12


def uniform(tensor_type, *sizes):
    return tensor_type(*sizes).uniform_(-2, 2)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def close(tensor, expected, tensor_type):
    return np.allclose(tensor.numpy(), expected, rtol=tolerance(tensor_type),
                       atol=tolerance(tensor_type))


# -- the kernels, called through the bindings --------------------------------------------------

def lstm_forward(tensor_type, input, hidden, cx, bias1=None, bias2=None):
    backend = type2backend[tensor_type]
    hy, cy = tensor_type(), tensor_type()
    backend.LSTMFused_updateOutput(backend.library_state, input, hidden, bias1, bias2, cx, hy, cy)
    return hy, cy


def gru_forward(tensor_type, input, hidden, hx, bias1=None, bias2=None):
    backend = type2backend[tensor_type]
    hy, storage = tensor_type(), tensor_type()
    backend.GRUFused_updateOutput(backend.library_state, input, hidden, bias1, bias2, hx, hy,
                                  storage)
    return hy, storage


@pytest.mark.parametrize('tensor_type', TYPES)
@pytest.mark.parametrize('batch,hidden', SIZES)
@pytest.mark.parametrize('with_bias', [False, True])
def test_lstm_forward_follows_the_gate_equations(tensor_type, batch, hidden, with_bias):
    input, hidden_gates = uniform(tensor_type, batch, 4 * hidden), uniform(tensor_type, batch,
                                                                          4 * hidden)
    cx = uniform(tensor_type, batch, hidden)
    biases = [uniform(tensor_type, 4 * hidden) for _ in range(2)] if with_bias else [None, None]
    pre = input.numpy() + hidden_gates.numpy()
    for bias in biases:
        pre = pre + (0 if bias is None else bias.numpy())
    i, f, g, o = np.split(pre, 4, axis=1)
    i, f, g, o = sigmoid(i), sigmoid(f), np.tanh(g), sigmoid(o)
    cy_expected = f * cx.numpy() + i * g
    hy, cy = lstm_forward(tensor_type, input, hidden_gates, cx, *biases)
    assert close(cy, cy_expected, tensor_type)
    assert close(hy, o * np.tanh(cy_expected), tensor_type)
    # the activated gates, for the backward, in place of the pre-activations
    assert close(input, np.concatenate([i, f, g, o], 1), tensor_type)


@pytest.mark.parametrize('tensor_type', TYPES)
@pytest.mark.parametrize('batch,hidden', SIZES)
def test_lstm_backward_matches_the_unfused_math(tensor_type, batch, hidden):
    gates = uniform(tensor_type, batch, 4 * hidden)
    cx, grad_hy, grad_cy = (uniform(tensor_type, batch, hidden) for _ in range(3))
    # unfused: LSTMPointwise's Variable math through autograd
    gates_var, cx_var = Variable(gates.clone(), requires_grad=True), Variable(cx,
                                                                             requires_grad=True)
    hy_ref, cy_ref = LSTMPointwise()(gates_var, cx_var)
    torch.autograd.backward([hy_ref, cy_ref], [grad_hy, grad_cy])
    # fused: forward (zero hidden gates), then the backward on what it left in `storage`
    storage = gates.clone()
    hy, cy = lstm_forward(tensor_type, storage, tensor_type(batch, 4 * hidden).zero_(), cx)
    assert close(hy, hy_ref.data.numpy(), tensor_type)
    backend = type2backend[tensor_type]
    grad_gates, grad_cx = tensor_type(), tensor_type()
    backend.LSTMFused_updateGradInput(backend.library_state, storage, grad_gates, cx, cy,
                                      grad_hy, grad_cy, grad_cx)
    assert close(grad_gates, gates_var.grad.data.numpy(), tensor_type)
    assert close(grad_cx, cx_var.grad.data.numpy(), tensor_type)


def unfused_gru(input_gates, hidden_gates, hx):
    """The GRU step's element-wise part with Variables, as rnn._gru_step_unfused writes it."""
    i_r, i_z, i_n = input_gates.chunk(3, 1)
    h_r, h_z, h_n = hidden_gates.chunk(3, 1)
    reset = (i_r + h_r).sigmoid()
    update = (i_z + h_z).sigmoid()
    new = (i_n + reset * h_n).tanh()
    return new + update * (hx - new)


@pytest.mark.parametrize('tensor_type', TYPES)
@pytest.mark.parametrize('batch,hidden', SIZES)
@pytest.mark.parametrize('with_bias', [False, True])
def test_gru_forward_follows_the_gate_equations(tensor_type, batch, hidden, with_bias):
    input, hidden_gates = uniform(tensor_type, batch, 3 * hidden), uniform(tensor_type, batch,
                                                                          3 * hidden)
    hx = uniform(tensor_type, batch, hidden)
    biases = [uniform(tensor_type, 3 * hidden) for _ in range(2)] if with_bias else [None, None]
    gi = input.numpy() + (0 if biases[0] is None else biases[0].numpy())
    gh = hidden_gates.numpy() + (0 if biases[1] is None else biases[1].numpy())
    (i_r, i_z, i_n), (h_r, h_z, h_n) = np.split(gi, 3, axis=1), np.split(gh, 3, axis=1)
    r, z = sigmoid(i_r + h_r), sigmoid(i_z + h_z)
    n = np.tanh(i_n + r * h_n)
    input_before = input.clone()
    hy, storage = gru_forward(tensor_type, input, hidden_gates, hx, *biases)
    assert close(hy, (1 - z) * n + z * hx.numpy(), tensor_type)
    assert close(storage, np.concatenate([r, z, n, hx.numpy(), h_n], 1), tensor_type)
    assert input.equal(input_before)


@pytest.mark.parametrize('tensor_type', TYPES)
@pytest.mark.parametrize('batch,hidden', SIZES)
def test_gru_backward_matches_the_unfused_math(tensor_type, batch, hidden):
    input, hidden_gates = uniform(tensor_type, batch, 3 * hidden), uniform(tensor_type, batch,
                                                                          3 * hidden)
    hx, grad_hy = uniform(tensor_type, batch, hidden), uniform(tensor_type, batch, hidden)
    variables = [Variable(t, requires_grad=True) for t in (input, hidden_gates, hx)]
    unfused_gru(*variables).backward(grad_hy)
    hy, storage = gru_forward(tensor_type, input, hidden_gates, hx)
    backend = type2backend[tensor_type]
    grads = [tensor_type() for _ in range(3)]
    backend.GRUFused_updateGradInput(backend.library_state, grads[0], grads[1], grad_hy,
                                     grads[2], storage)
    for grad, variable in zip(grads, variables):
        assert close(grad, variable.grad.data.numpy(), tensor_type)


def test_the_kernels_read_and_write_any_layout():
    """Transposed (not contiguous) operands give the results of contiguous ones."""
    batch, hidden = 3, 5

    def strided(tensor):
        return tensor.t().contiguous().t()

    input, hidden_gates = uniform(torch.DoubleTensor, batch, 4 * hidden), uniform(
        torch.DoubleTensor, batch, 4 * hidden)
    cx = uniform(torch.DoubleTensor, batch, hidden)
    input_strided = strided(input)
    hy, cy = lstm_forward(torch.DoubleTensor, input, hidden_gates, cx)
    hy_s, cy_s = strided(torch.DoubleTensor(batch, hidden)), strided(
        torch.DoubleTensor(batch, hidden))
    backend = type2backend[torch.DoubleTensor]
    backend.LSTMFused_updateOutput(0, input_strided, strided(hidden_gates), None, None,
                                   strided(cx), hy_s, cy_s)
    assert not hy_s.is_contiguous()
    assert hy_s.equal(hy) and cy_s.equal(cy) and input_strided.equal(input)
    hx = uniform(torch.DoubleTensor, batch, hidden)
    gru_in, gru_hidden = input.narrow(1, 0, 3 * hidden), hidden_gates.narrow(1, 0, 3 * hidden)
    expected, _ = gru_forward(torch.DoubleTensor, gru_in.contiguous(), gru_hidden.contiguous(), hx)
    got, _ = gru_forward(torch.DoubleTensor, gru_in, gru_hidden, strided(hx))
    assert got.equal(expected)


# -- the Functions: central differences in double ----------------------------------------------

@pytest.mark.parametrize('batch,hidden', [(1, 1), (3, 2)])
def test_lstm_step_gradcheck(batch, hidden):
    inputs = [Variable(uniform(torch.DoubleTensor, *size), requires_grad=True)
              for size in [(batch, 4 * hidden), (batch, 4 * hidden), (batch, hidden)]]
    assert gradcheck(lambda *v: LSTMFusedStep()(*v), inputs)


@pytest.mark.parametrize('batch,hidden', [(1, 1), (3, 2)])
def test_gru_step_gradcheck(batch, hidden):
    inputs = [Variable(uniform(torch.DoubleTensor, *size), requires_grad=True)
              for size in [(batch, 3 * hidden), (batch, 3 * hidden), (batch, hidden)]]
    assert gradcheck(lambda *v: GRUFusedStep()(*v), inputs)


def test_lstm_layer_gradcheck_through_the_fused_kernels():
    lstm = nn.LSTM(2, 3, num_layers=1, bidirectional=True).double()
    x = Variable(uniform(torch.DoubleTensor, 3, 2, 2), requires_grad=True)
    h0 = Variable(uniform(torch.DoubleTensor, 2, 2, 3), requires_grad=True)
    c0 = Variable(uniform(torch.DoubleTensor, 2, 2, 3), requires_grad=True)
    assert gradcheck(lambda x, h, c: lstm(x, (h, c))[0], [x, h0, c0])
    assert gradcheck(lambda x, h, c: lstm(x, (h, c))[1][1], [x, h0, c0])


# -- bad sizes -------------------------------------------------------------------------------

def test_bad_sizes_are_errors_naming_them():
    T = torch.FloatTensor
    with pytest.raises(RuntimeError, match=r'input should be of size 2x8 .*got size 2x9'):
        lstm_forward(T, T(2, 9), T(2, 8), T(2, 2))
    with pytest.raises(RuntimeError, match=r'hidden should be of size 2x8 .*got size 3x8'):
        lstm_forward(T, T(2, 8), T(3, 8), T(2, 2))
    with pytest.raises(RuntimeError, match=r'bias2 should have 8 elements .*got size 7'):
        lstm_forward(T, T(2, 8), T(2, 8), T(2, 2), T(8), T(7))
    with pytest.raises(RuntimeError, match=r'cx should be a 2-D batch x hidden tensor, but got '
                                           r'size 4'):
        lstm_forward(T, T(2, 8), T(2, 8), T(4))
    with pytest.raises(RuntimeError, match=r'input should be of size 2x6 .*got size 2x8'):
        gru_forward(T, T(2, 8), T(2, 6), T(2, 2))
    with pytest.raises(RuntimeError, match=r'bias1 should have 6 elements'):
        gru_forward(T, T(2, 6), T(2, 6), T(2, 2), T(5))
    backend = type2backend[T]
    with pytest.raises(RuntimeError, match=r'storage should be of size 2x10 .*got size 2x8'):
        backend.GRUFused_updateGradInput(0, T(), T(), T(2, 2), T(), T(2, 8))
    with pytest.raises(RuntimeError, match=r'gradOutputCell should be of size 2x2, but got '
                                           r'size 2x3'):
        backend.LSTMFused_updateGradInput(0, T(2, 8), T(), T(2, 2), T(2, 2), T(2, 2), T(2, 3),
                                          T())
    cx = T(2, 2).zero_()
    with pytest.raises(RuntimeError, match=r'cy should not share memory with cx'):
        backend.LSTMFused_updateOutput(0, T(2, 8).zero_(), T(2, 8).zero_(), None, None, cx,
                                       T(), cx)


# -- the layers and cells against the unfused path --------------------------------------------

def unfused(monkeypatch):
    """Makes rnn.py take its Variable math, as for a type without THNN kernels."""
    monkeypatch.setattr(rnn, '_fused_backend', lambda tensor: None)


def outputs_and_gradients(make_outputs, parameters, inputs):
    for v in list(parameters) + inputs:
        if v.grad is not None:
            v.grad.data.zero_()
    outputs = make_outputs()
    flat = [o for o in outputs if o is not None]
    torch.autograd.backward(flat, [torch.ones(*o.size()).type_as(o.data) for o in flat])
    return ([o.data.clone() for o in flat] +
            [v.grad.data.clone() for v in list(parameters) + inputs])


def assert_same(fused, reference, atol):
    assert len(fused) == len(reference)
    for a, b in zip(fused, reference):
        assert np.allclose(a.numpy(), b.numpy(), rtol=1e-4, atol=atol)


@pytest.mark.parametrize('mode', ['LSTM', 'GRU'])
@pytest.mark.parametrize('bias', [True, False])
def test_layers_match_the_unfused_path(monkeypatch, mode, bias):
    torch.manual_seed(3)
    module = getattr(nn, mode)(4, 5, num_layers=2, bias=bias, bidirectional=True)
    x = Variable(torch.randn(6, 3, 4), requires_grad=True)
    h0 = Variable(torch.randn(4, 3, 5), requires_grad=True)
    c0 = Variable(torch.randn(4, 3, 5), requires_grad=True)
    inputs = [x, h0, c0] if mode == 'LSTM' else [x, h0]

    def run():
        output, hidden = module(x, (h0, c0) if mode == 'LSTM' else h0)
        return [output] + (list(hidden) if mode == 'LSTM' else [hidden])

    fused = outputs_and_gradients(run, module.parameters(), inputs)
    unfused(monkeypatch)
    reference = outputs_and_gradients(run, module.parameters(), inputs)
    assert_same(fused, reference, 1e-5)


@pytest.mark.parametrize('mode', ['LSTM', 'GRU'])
def test_packed_sequences_match_the_unfused_path(monkeypatch, mode):
    from torch_early.nn.utils.rnn import pack_padded_sequence
    torch.manual_seed(4)
    module = getattr(nn, mode)(3, 4)
    x = Variable(torch.randn(5, 3, 3), requires_grad=True)

    def run():
        output, hidden = module(pack_padded_sequence(x, [5, 3, 2]))
        return [output.data] + (list(hidden) if mode == 'LSTM' else [hidden])

    fused = outputs_and_gradients(run, module.parameters(), [x])
    unfused(monkeypatch)
    reference = outputs_and_gradients(run, module.parameters(), [x])
    assert_same(fused, reference, 1e-5)


@pytest.mark.parametrize('cell_class', ['LSTMCell', 'GRUCell'])
@pytest.mark.parametrize('bias', [True, False])
@pytest.mark.parametrize('batch,hidden', [(1, 1), (3, 5), (3, 17)])
def test_cells_match_the_unfused_path(monkeypatch, cell_class, bias, batch, hidden):
    torch.manual_seed(5)
    cell = getattr(nn, cell_class)(4, hidden, bias=bias)
    x = Variable(torch.randn(batch, 4), requires_grad=True)
    h = Variable(torch.randn(batch, hidden), requires_grad=True)
    c = Variable(torch.randn(batch, hidden), requires_grad=True)
    lstm = cell_class == 'LSTMCell'
    inputs = [x, h, c] if lstm else [x, h]

    def run():
        result = cell(x, (h, c)) if lstm else cell(x, h)
        return list(result) if lstm else [result]

    fused = outputs_and_gradients(run, cell.parameters(), inputs)
    unfused(monkeypatch)
    reference = outputs_and_gradients(run, cell.parameters(), inputs)
    assert_same(fused, reference, 1e-5)


def test_cells_gradcheck_in_double():
    for cell_class in (nn.LSTMCell, nn.GRUCell):
        cell = cell_class(3, 2).double()
        x = Variable(uniform(torch.DoubleTensor, 2, 3), requires_grad=True)
        h = Variable(uniform(torch.DoubleTensor, 2, 2), requires_grad=True)
        c = Variable(uniform(torch.DoubleTensor, 2, 2), requires_grad=True)
        if cell_class is nn.LSTMCell:
            assert gradcheck(lambda x, h, c: cell(x, (h, c))[0], [x, h, c])
            assert gradcheck(lambda x, h, c: cell(x, (h, c))[1], [x, h, c])
        else:
            assert gradcheck(lambda x, h: cell(x, h), [x, h])


# -- THVector's tanh (the kernels' and the contiguous tensors') -------------------------------

def test_float_tanh_is_within_three_roundings_of_the_c_library():
    x = np.concatenate([np.linspace(-20, 20, 400001), np.linspace(-1e-3, 1e-3, 20001),
                        [0.625, -0.625, np.nextafter(0.625, 0), 1e-30, 1e-45, 88, 200, 1e30]])
    x = x.astype(np.float32)
    got = torch.from_numpy(x.copy()).tanh().numpy().astype(np.float64)
    expected = np.tanh(x.astype(np.float64))
    ulp = np.spacing(np.abs(expected).astype(np.float32)).astype(np.float64)
    assert np.max(np.abs(got - expected) / ulp) <= 3


def test_tanh_edges_and_double_exactness():
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 30, -30], dtype=np.float32)
    got = torch.from_numpy(x).tanh().numpy()
    assert np.isnan(got[0])
    assert list(got[1:3]) == [1, -1]
    assert got[3] == 0 and not np.signbit(got[3]) and got[4] == 0 and np.signbit(got[4])
    assert list(got[5:]) == [1, -1]
    # double keeps the C library's tanh (Python's math.tanh is the same function)
    d = np.linspace(-5, 5, 1001)
    assert list(torch.from_numpy(d.copy()).tanh().numpy()) == [math.tanh(v) for v in d]
    # strided tensors take the C library's tanh, contiguous ones THVector's: both agree closely
    strided = torch.from_numpy(x[3:].copy()).view(2, 2).t()
    assert np.allclose(strided.tanh().numpy(), np.tanh(strided.numpy()))
