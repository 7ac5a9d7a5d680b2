"""Recurrent layers (nn.RNN, LSTM, GRU and the three cells): each compared with the equations
written out in NumPy, gradients by gradcheck in double on tiny sizes, the layouts (batch_first,
bidirectional, several layers, packed sequences), dropout between layers, errors and repr."""

import math

import numpy as np
import pytest

import torch_early as torch
import torch_early.nn as nn
from torch_early.autograd import Variable, gradcheck
from torch_early.nn._functions.rnn import AutogradRNN, LSTMPointwise
from torch_early.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def numpy_step(mode, x, hidden, w_ih, w_hh, b_ih, b_hh):
    """One step of each cell, straight from the equations (hidden is (h, c) for an LSTM)."""
    h = hidden[0] if mode == 'LSTM' else hidden
    gi = x.dot(w_ih.T) + (0 if b_ih is None else b_ih)
    gh = h.dot(w_hh.T) + (0 if b_hh is None else b_hh)
    if mode == 'RNN_TANH':
        return np.tanh(gi + gh)
    if mode == 'RNN_RELU':
        return np.maximum(gi + gh, 0)
    if mode == 'LSTM':
        i, f, g, o = np.split(gi + gh, 4, axis=1)
        c = sigmoid(f) * hidden[1] + sigmoid(i) * np.tanh(g)
        return sigmoid(o) * np.tanh(c), c
    r_i, z_i, n_i = np.split(gi, 3, axis=1)
    r_h, z_h, n_h = np.split(gh, 3, axis=1)
    r, z = sigmoid(r_i + r_h), sigmoid(z_i + z_h)
    n = np.tanh(n_i + r * n_h)
    return (1 - z) * n + z * h


def numpy_rnn(module, x, hidden):
    """The whole module, layer by layer and direction by direction, on (T, B, F) arrays."""
    weights = [[None if w is None else w.data.numpy() for w in layer]
               for layer in module.all_weights]
    directions = 2 if module.bidirectional else 1
    lstm = module.mode == 'LSTM'
    last = []
    for layer in range(module.num_layers):
        outputs = []
        for direction in range(directions):
            index = layer * directions + direction
            w = weights[index] + [None, None] * (len(weights[index]) == 2)
            state = (hidden[0][index], hidden[1][index]) if lstm else hidden[index]
            steps = range(len(x))[::-1] if direction else range(len(x))
            out = [None] * len(x)
            for t in steps:
                state = numpy_step(module.mode, x[t], state, *w)
                out[t] = state[0] if lstm else state
            outputs.append(np.stack(out))
            last.append(state)
        x = np.concatenate(outputs, axis=2)
    if lstm:
        return x, (np.stack([s[0] for s in last]), np.stack([s[1] for s in last]))
    return x, np.stack(last)


def double_module(cls, *args, **kwargs):
    torch.manual_seed(3)
    return cls(*args, **kwargs).double()


def random_hidden(module, batch):
    shape = (module.num_layers * (2 if module.bidirectional else 1), batch, module.hidden_size)
    if module.mode == 'LSTM':
        return (Variable(torch.randn(*shape).double()), Variable(torch.randn(*shape).double()))
    return Variable(torch.randn(*shape).double())


def to_numpy(hidden):
    if isinstance(hidden, tuple):
        return tuple(h.data.numpy() for h in hidden)
    return hidden.data.numpy()


@pytest.mark.parametrize('cls,kwargs', [
    (nn.RNN, {}), (nn.RNN, {'nonlinearity': 'relu'}), (nn.LSTM, {}), (nn.GRU, {}),
    (nn.LSTM, {'num_layers': 2, 'bidirectional': True}),
    (nn.GRU, {'num_layers': 2, 'bias': False}),
    (nn.RNN, {'bidirectional': True, 'bias': False}),
])
def test_forward_matches_the_equations(cls, kwargs):
    module = double_module(cls, 3, 4, **kwargs)
    x = torch.randn(5, 2, 3).double()
    hidden = random_hidden(module, 2)
    output, last = module(Variable(x), hidden)
    expected_output, expected_last = numpy_rnn(module, x.numpy(), to_numpy(hidden))
    assert np.allclose(output.data.numpy(), expected_output, atol=1e-10)
    if isinstance(last, tuple):
        for got, want in zip(last, expected_last):
            assert np.allclose(got.data.numpy(), want, atol=1e-10)
    else:
        assert np.allclose(last.data.numpy(), expected_last, atol=1e-10)


@pytest.mark.parametrize('cls', [nn.RNN, nn.LSTM, nn.GRU])
def test_zero_hidden_when_left_out(cls):
    module = double_module(cls, 3, 4, num_layers=2)
    x = Variable(torch.randn(4, 2, 3).double())
    zeros = Variable(torch.zeros(2, 2, 4).double())
    hidden = (zeros, zeros) if cls is nn.LSTM else zeros
    assert torch.equal(module(x)[0].data, module(x, hidden)[0].data)


def test_batch_first_is_the_transposed_layout():
    module = double_module(nn.GRU, 3, 4, num_layers=2, bidirectional=True)
    x = Variable(torch.randn(5, 2, 3).double())
    hidden = random_hidden(module, 2)
    output, last = module(x, hidden)
    module.batch_first = True
    output_bf, last_bf = module(x.transpose(0, 1), hidden)
    assert output_bf.size() == (2, 5, 8)
    assert torch.equal(output_bf.transpose(0, 1).data, output.data)
    assert torch.equal(last_bf.data, last.data)


@pytest.mark.parametrize('mode', ['RNN_TANH', 'RNN_RELU', 'LSTM', 'GRU'])
def test_gradcheck_every_input_and_weight(mode):
    torch.manual_seed(0)
    gates = {'LSTM': 4, 'GRU': 3}.get(mode, 1) * 3
    w = [Variable(torch.randn(*shape).double().mul_(0.5), requires_grad=True)
         for shape in [(gates, 2), (gates, 3), (gates,), (gates,)]]
    x = Variable(torch.randn(3, 2, 2).double(), requires_grad=True)
    h = Variable(torch.randn(1, 2, 3).double(), requires_grad=True)
    c = Variable(torch.randn(1, 2, 3).double(), requires_grad=True)

    def run(x, h, c, *weights):
        function = AutogradRNN(mode, 2, 3, num_layers=1)
        hidden = (h, c) if mode == 'LSTM' else h
        output, last = function(x, [list(weights)], hidden)
        return (output,) + (last if mode == 'LSTM' else (last,))

    assert gradcheck(run, [x, h, c] + w, eps=1e-6, atol=1e-5)


def test_gradcheck_two_layers_bidirectional_lstm():
    module = double_module(nn.LSTM, 2, 2, num_layers=2, bidirectional=True)
    x = Variable(torch.randn(3, 2, 2).double(), requires_grad=True)
    h = Variable(torch.randn(4, 2, 2).double(), requires_grad=True)
    c = Variable(torch.randn(4, 2, 2).double(), requires_grad=True)

    def run(x, h, c, *weights):
        return module(x, (h, c))[0]

    assert gradcheck(run, [x, h, c] + list(module.parameters()), eps=1e-6, atol=1e-5)


def test_lstm_pointwise_gradient():
    gates = Variable(torch.randn(2, 12).double(), requires_grad=True)
    cx = Variable(torch.randn(2, 3).double(), requires_grad=True)
    assert gradcheck(lambda g, c: LSTMPointwise()(g, c), [gates, cx], eps=1e-6, atol=1e-5)


@pytest.mark.parametrize('cls', [nn.RNN, nn.LSTM, nn.GRU])
@pytest.mark.parametrize('bidirectional', [False, True])
def test_packed_sequences_run_each_sequence_on_its_own(cls, bidirectional):
    module = double_module(cls, 3, 4, num_layers=2, bidirectional=bidirectional)
    lengths = [4, 3, 1]
    padded = Variable(torch.randn(4, 3, 3).double())
    hidden = random_hidden(module, 3)
    packed_output, last = module(pack_padded_sequence(padded, lengths), hidden)
    output, out_lengths = pad_packed_sequence(packed_output)
    assert out_lengths == lengths and output.size() == (4, 3, module.hidden_size *
                                                          (2 if bidirectional else 1))
    for b, length in enumerate(lengths):
        alone = padded[:length, b:b + 1]
        one_hidden = tuple(h[:, b:b + 1] for h in hidden) if cls is nn.LSTM \
            else hidden[:, b:b + 1]
        alone_output, alone_last = module(alone, one_hidden)
        assert np.allclose(output.data.numpy()[:length, b], alone_output.data.numpy()[:, 0])
        assert np.all(output.data.numpy()[length:, b] == 0)
        for got, want in zip(last if cls is nn.LSTM else (last,),
                             alone_last if cls is nn.LSTM else (alone_last,)):
            assert np.allclose(got.data.numpy()[:, b], want.data.numpy()[:, 0])


def test_packed_sequence_gradients_reach_the_input():
    module = double_module(nn.LSTM, 2, 3, bidirectional=True)
    padded = Variable(torch.randn(3, 2, 2).double(), requires_grad=True)
    output, _ = module(pack_padded_sequence(padded, [3, 2]))
    pad_packed_sequence(output)[0].sum().backward()
    grad = padded.grad.data.numpy()
    assert np.all(grad[2, 1] == 0) and np.all(grad[:2] != 0)


def relu_rnn_of_ones(p):
    """Two ReLU layers with every weight 1 on an input of ten ones: the first layer outputs 10
    on each of its 100 units, the second 1000 (or 0, or a multiple of 10/(1−p) under dropout)."""
    module = nn.RNN(10, 100, 2, bias=False, dropout=p, nonlinearity='relu')
    for weight in module.parameters():
        weight.data.fill_(1)
    return module, Variable(torch.ones(1, 1, 10)), Variable(torch.zeros(2, 1, 100))


@pytest.mark.parametrize('p', [0, 0.3, 1])
def test_dropout_between_layers_only_while_training(p):
    module, x, hx = relu_rnn_of_ones(p)
    output, last = module(x, hx)
    assert last.data[0].min() == last.data[0].max() == 10  # no dropout after the first layer's state
    value = output.data[0][0][0]
    assert output.data.min() == output.data.max() == value
    if p == 0:
        assert value == 1000
    elif p == 1:
        assert value == 0
    else:
        kept = value * (1 - p) / 10   # how many of the 100 inputs dropout kept
        assert abs(kept - round(kept)) < 1e-3 and 0 < kept < 100
    module.eval()
    assert module(x, hx)[0].data[0][0][0] == 1000


@pytest.mark.parametrize('cls,mode', [(nn.RNNCell, 'RNN_TANH'), (nn.GRUCell, 'GRU'),
                                      (nn.LSTMCell, 'LSTM')])
@pytest.mark.parametrize('bias', [True, False])
def test_cells_match_the_equations(cls, mode, bias):
    torch.manual_seed(1)
    cell = cls(3, 4, bias=bias).double()
    x = Variable(torch.randn(2, 3).double())
    h = Variable(torch.randn(2, 4).double())
    c = Variable(torch.randn(2, 4).double())
    weights = [None if w is None else w.data.numpy()
               for w in (cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh)]
    if mode == 'LSTM':
        got = cell(x, (h, c))
        want = numpy_step(mode, x.data.numpy(), (h.data.numpy(), c.data.numpy()), *weights)
        assert all(np.allclose(g.data.numpy(), w) for g, w in zip(got, want))
    else:
        want = numpy_step(mode, x.data.numpy(), h.data.numpy(), *weights)
        assert np.allclose(cell(x, h).data.numpy(), want)


def test_relu_cell_and_gradcheck_of_a_cell():
    cell = nn.RNNCell(3, 4, nonlinearity='relu').double()
    x = Variable(torch.randn(2, 3).double(), requires_grad=True)
    h = Variable(torch.randn(2, 4).double(), requires_grad=True)
    weights = [cell.weight_ih.data.numpy(), cell.weight_hh.data.numpy(),
               cell.bias_ih.data.numpy(), cell.bias_hh.data.numpy()]
    assert np.allclose(cell(x, h).data.numpy(),
                       numpy_step('RNN_RELU', x.data.numpy(), h.data.numpy(), *weights))
    lstm = nn.LSTMCell(3, 2).double()
    c = Variable(torch.randn(2, 2).double(), requires_grad=True)
    h2 = Variable(torch.randn(2, 2).double(), requires_grad=True)
    assert gradcheck(lambda x, h, c, *w: lstm(x, (h, c)), [x, h2, c] + list(lstm.parameters()),
                     eps=1e-6, atol=1e-5)


def test_cells_unrolled_then_backward():
    for cell in (nn.RNNCell(10, 20), nn.GRUCell(10, 20, bias=False)):
        x, h = Variable(torch.randn(3, 10)), Variable(torch.randn(3, 20))
        for _ in range(6):
            h = cell(x, h)
        h.sum().backward()
        assert cell.weight_hh.grad.data.abs().sum() > 0


def test_parameters_names_shapes_and_initialisation():
    module = nn.LSTM(3, 5, num_layers=2, bidirectional=True)
    names = [name for name, _ in module.named_parameters()]
    assert names == ['weight_ih_l0', 'weight_hh_l0', 'bias_ih_l0', 'bias_hh_l0',
                     'weight_ih_l0_reverse', 'weight_hh_l0_reverse', 'bias_ih_l0_reverse',
                     'bias_hh_l0_reverse', 'weight_ih_l1', 'weight_hh_l1', 'bias_ih_l1',
                     'bias_hh_l1', 'weight_ih_l1_reverse', 'weight_hh_l1_reverse',
                     'bias_ih_l1_reverse', 'bias_hh_l1_reverse']
    assert module.weight_ih_l0.size() == (20, 3)
    assert module.weight_ih_l1.size() == (20, 10)
    assert module.weight_hh_l1_reverse.size() == (20, 5)
    bound = 1 / math.sqrt(5)
    for weight in module.parameters():
        assert weight.data.abs().max() <= bound
    assert len(module.all_weights) == 4 and len(module.all_weights[0]) == 4
    assert len(nn.GRU(3, 5, bias=False).all_weights[0]) == 2
    assert nn.GRU(3, 5).weight_hh_l0.size() == (15, 5)
    assert list(nn.GRUCell(3, 5).state_dict()) == ['weight_ih', 'weight_hh', 'bias_ih',
                                                     'bias_hh']


def test_state_dict_round_trip():
    a, b = nn.GRU(3, 4, 2), nn.GRU(3, 4, 2)
    b.load_state_dict(a.state_dict())
    x = Variable(torch.randn(2, 1, 3))
    assert torch.equal(a(x)[0].data, b(x)[0].data)


def test_repr():
    assert repr(nn.LSTM(10, 20)) == 'LSTM(10, 20)'
    assert repr(nn.GRU(10, 20, 2, bias=False, batch_first=True, dropout=0.5,
                       bidirectional=True)) == \
        'GRU(10, 20, num_layers=2, bias=False, batch_first=True, dropout=0.5, bidirectional=True)'
    assert repr(nn.RNN(1, 2, nonlinearity='relu')) == 'RNN(1, 2)'
    assert repr(nn.LSTMCell(3, 4, bias=False)) == 'LSTMCell(3, 4, bias=False)'
    assert repr(nn.RNNCell(3, 4, nonlinearity='relu')) == 'RNNCell(3, 4, nonlinearity=relu)'


def test_float_module_and_type_conversion():
    module = nn.LSTM(3, 4)
    output, (h, c) = module(Variable(torch.randn(2, 1, 3)))
    assert isinstance(output.data, torch.FloatTensor) and isinstance(c.data, torch.FloatTensor)
    module.double()
    assert isinstance(module(Variable(torch.randn(2, 1, 3).double()))[0].data,
                      torch.DoubleTensor)


def test_errors():
    lstm = nn.LSTM(3, 4)
    with pytest.raises(RuntimeError, match='input must have 3 dimensions'):
        lstm(Variable(torch.randn(2, 3)))
    with pytest.raises(RuntimeError, match='Expected 3, got 5'):
        lstm(Variable(torch.randn(2, 1, 5)))
    with pytest.raises(TypeError, match=r'tuple \(h_0, c_0\)'):
        lstm(Variable(torch.randn(2, 1, 3)), Variable(torch.zeros(1, 1, 4)))
    with pytest.raises(RuntimeError, match=r'expected hidden size \(1, 2, 4\), got \(1, 1, 4\)'):
        nn.GRU(3, 4)(Variable(torch.randn(2, 2, 3)), Variable(torch.zeros(1, 1, 4)))
    with pytest.raises(ValueError, match='nonlinearity'):
        nn.RNN(3, 4, nonlinearity='sigmoid')
    with pytest.raises(ValueError, match='nonlinearity'):
        nn.RNNCell(3, 4, nonlinearity='elu')
    with pytest.raises(ValueError, match='dropout'):
        nn.LSTM(3, 4, dropout=1.5)
    with pytest.raises(RuntimeError, match=r'input should be of size \(batch, 3\)'):
        nn.GRUCell(3, 4)(Variable(torch.randn(2, 5)))
    with pytest.raises(RuntimeError, match=r'hidden state should be of size \(2, 4\)'):
        nn.RNNCell(3, 4)(Variable(torch.randn(2, 3)), Variable(torch.randn(3, 4)))
    with pytest.raises(TypeError, match=r'tuple \(h, c\)'):
        nn.LSTMCell(3, 4)(Variable(torch.randn(2, 3)), Variable(torch.randn(2, 4)))


def test_backend_registry_holds_the_recurrent_functions():
    backend = nn.LSTM(2, 2)._backend
    for name in ('RNN', 'RNNTanhCell', 'RNNReLUCell', 'LSTMCell', 'GRUCell'):
        assert callable(getattr(backend, name))
