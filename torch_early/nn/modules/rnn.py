"""The recurrent modules: RNN, LSTM and GRU over whole sequences (several layers, each one or two
directions), and RNNCell, LSTMCell and GRUCell for one step. The computation is in
nn/_functions/rnn.py; the modules hold the weights and check the sizes.

A layer's weights are named weight_ih_l{k}, weight_hh_l{k}, bias_ih_l{k}, bias_hh_l{k}, with the
suffix _reverse for the backward direction; every one starts uniform in ±1/√hidden_size.
"""

import math

import torch_early
from .module import Module
from .utils import _check_sizes
from ..parameter import Parameter
from ...autograd import Variable
from ..utils.rnn import PackedSequence

GATES = {'RNN_TANH': 1, 'RNN_RELU': 1, 'LSTM': 4, 'GRU': 3}


class RNNBase(Module):

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True,
                 batch_first=False, dropout=0, bidirectional=False):
        super(RNNBase, self).__init__()
        if not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             "probability of an element being zeroed, but got {}".format(dropout))
        if num_layers < 1:
            raise ValueError("num_layers should be at least 1, but got {}".format(num_layers))
        _check_sizes(self, input_size=input_size, hidden_size=hidden_size)
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = dropout
        self.dropout_state = {}
        self.bidirectional = bidirectional
        num_directions = 2 if bidirectional else 1
        gate_size = GATES[mode] * hidden_size

        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else hidden_size * num_directions
                suffix = '_reverse' if direction == 1 else ''
                shapes = [('weight_ih_l{}{}', (gate_size, layer_input_size)),
                          ('weight_hh_l{}{}', (gate_size, hidden_size))]
                if bias:
                    shapes += [('bias_ih_l{}{}', (gate_size,)), ('bias_hh_l{}{}', (gate_size,))]
                names = []
                for pattern, shape in shapes:
                    name = pattern.format(layer, suffix)
                    setattr(self, name, Parameter(torch_early.Tensor(*shape)))
                    names.append(name)
                self._all_weights.append(names)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size)
        for weight in self.parameters():
            weight.data.uniform_(-stdv, stdv)

    @property
    def all_weights(self):
        """Per layer and direction, the list [weight_ih, weight_hh(, bias_ih, bias_hh)]."""
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def forward(self, input, hx=None):
        """input: (seq_len, batch, input_size), (batch, seq_len, input_size) with batch_first,
        or a PackedSequence; hx: (num_layers·num_directions, batch, hidden_size), a pair
        (h_0, c_0) for an LSTM, zeros when left out. Returns (output, h_n) (h_n = (h_n, c_n) for
        an LSTM); output has hidden_size·num_directions features per step, and is a
        PackedSequence when the input is one."""
        is_packed = isinstance(input, PackedSequence)
        if is_packed:
            input, batch_sizes = input
            batch = batch_sizes[0]
        else:
            batch_sizes = None
            self._check_input(input)
            batch = input.size(0) if self.batch_first else input.size(1)
        hidden_shape = (self.num_layers * (2 if self.bidirectional else 1), batch,
                        self.hidden_size)
        if hx is None:
            zeros = Variable(input.data.new(*hidden_shape).zero_())
            hx = (zeros, zeros) if self.mode == 'LSTM' else zeros
        self._check_hidden(hx, hidden_shape)
        function = self._backend.RNN(
            self.mode, self.input_size, self.hidden_size, num_layers=self.num_layers,
            batch_first=self.batch_first, dropout=self.dropout, train=self.training,
            bidirectional=self.bidirectional, batch_sizes=batch_sizes)
        output, hidden = function(input, self.all_weights, hx)
        if is_packed:
            output = PackedSequence(output, batch_sizes)
        return output, hidden

    def _check_input(self, input):
        if input.dim() != 3:
            raise RuntimeError("{}: input must have 3 dimensions (seq_len, batch, input_size{}), "
                               "got {}".format(type(self).__name__,
                                               ', batch first' if self.batch_first else '',
                                               input.dim()))
        if input.size(2) != self.input_size:
            raise RuntimeError("{}: input.size(-1) must be equal to input_size. Expected {}, "
                               "got {}".format(type(self).__name__, self.input_size,
                                               input.size(2)))

    def _check_hidden(self, hx, expected):
        states = hx if self.mode == 'LSTM' else (hx,)
        if self.mode == 'LSTM' and not (isinstance(hx, tuple) and len(hx) == 2):
            raise TypeError("LSTM: hx must be a tuple (h_0, c_0), got {}".format(
                type(hx).__name__))
        for state in states:
            if tuple(state.size()) != expected:
                raise RuntimeError("{}: expected hidden size {}, got {}".format(
                    type(self).__name__, expected, tuple(state.size())))

    def __repr__(self):
        s = '{}({}, {}'.format(type(self).__name__, self.input_size, self.hidden_size)
        if self.num_layers != 1:
            s += ', num_layers={}'.format(self.num_layers)
        if self.bias is not True:
            s += ', bias={}'.format(self.bias)
        if self.batch_first is not False:
            s += ', batch_first={}'.format(self.batch_first)
        if self.dropout != 0:
            s += ', dropout={}'.format(self.dropout)
        if self.bidirectional is not False:
            s += ', bidirectional={}'.format(self.bidirectional)
        return s + ')'


class RNN(RNNBase):
    """RNN(input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0,
    bidirectional=False, nonlinearity='tanh' (a keyword)): h_t = f(W_ih·x_t + b_ih + W_hh·h_(t-1)
    + b_hh) with f tanh or relu; dropout (while training) on the outputs of every layer but
    the last."""

    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if nonlinearity not in ('tanh', 'relu'):
            raise ValueError("Unknown nonlinearity '{}' (tanh or relu)".format(nonlinearity))
        self.nonlinearity = nonlinearity
        mode = 'RNN_TANH' if nonlinearity == 'tanh' else 'RNN_RELU'
        super(RNN, self).__init__(mode, *args, **kwargs)


class LSTM(RNNBase):
    """LSTM(input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0,
    bidirectional=False): per step, gates i, f, g, o from W_ih·x_t + b_ih + W_hh·h_(t-1) + b_hh
    (σ, σ, tanh, σ), c_t = f·c_(t-1) + i·g, h_t = o·tanh(c_t)."""

    def __init__(self, *args, **kwargs):
        super(LSTM, self).__init__('LSTM', *args, **kwargs)


class GRU(RNNBase):
    """GRU(input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0,
    bidirectional=False): per step, r = σ(..), z = σ(..), n = tanh(W_in·x + b_in + r·(W_hn·h +
    b_hn)), h_t = (1 − z)·n + z·h_(t-1)."""

    def __init__(self, *args, **kwargs):
        super(GRU, self).__init__('GRU', *args, **kwargs)


class RNNCellBase(Module):

    def __init__(self, input_size, hidden_size, bias, gates):
        super(RNNCellBase, self).__init__()
        _check_sizes(self, input_size=input_size, hidden_size=hidden_size)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch_early.Tensor(gates * hidden_size, input_size))
        self.weight_hh = Parameter(torch_early.Tensor(gates * hidden_size, hidden_size))
        if bias:
            self.bias_ih = Parameter(torch_early.Tensor(gates * hidden_size))
            self.bias_hh = Parameter(torch_early.Tensor(gates * hidden_size))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size)
        for weight in self.parameters():
            weight.data.uniform_(-stdv, stdv)

    def _check(self, input, states):
        if input.dim() != 2 or input.size(1) != self.input_size:
            raise RuntimeError("{}: input should be of size (batch, {}), but got {}".format(
                type(self).__name__, self.input_size, tuple(input.size())))
        for state in states:
            if tuple(state.size()) != (input.size(0), self.hidden_size):
                raise RuntimeError("{}: hidden state should be of size ({}, {}), but got "
                                   "{}".format(type(self).__name__, input.size(0),
                                               self.hidden_size, tuple(state.size())))

    def _zeros(self, input):
        return Variable(input.data.new(input.size(0), self.hidden_size).zero_())

    def __repr__(self):
        s = '{}({}, {}'.format(type(self).__name__, self.input_size, self.hidden_size)
        if self.bias is not True:
            s += ', bias={}'.format(self.bias)
        if getattr(self, 'nonlinearity', 'tanh') != 'tanh':
            s += ', nonlinearity={}'.format(self.nonlinearity)
        return s + ')'


class RNNCell(RNNCellBase):
    """RNNCell(input_size, hidden_size, bias=True, nonlinearity='tanh'): one step of an RNN,
    forward(input (batch, input_size), hx (batch, hidden_size)) → h'."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh'):
        if nonlinearity not in ('tanh', 'relu'):
            raise ValueError("Unknown nonlinearity '{}' (tanh or relu)".format(nonlinearity))
        self.nonlinearity = nonlinearity
        super(RNNCell, self).__init__(input_size, hidden_size, bias, 1)

    def forward(self, input, hx=None):
        hx = self._zeros(input) if hx is None else hx
        self._check(input, (hx,))
        cell = self._backend.RNNTanhCell if self.nonlinearity == 'tanh' else \
            self._backend.RNNReLUCell
        return cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


class LSTMCell(RNNCellBase):
    """LSTMCell(input_size, hidden_size, bias=True): one step of an LSTM,
    forward(input, (h, c)) → (h', c')."""

    def __init__(self, input_size, hidden_size, bias=True):
        super(LSTMCell, self).__init__(input_size, hidden_size, bias, 4)

    def forward(self, input, hx=None):
        if hx is None:
            hx = (self._zeros(input), self._zeros(input))
        if not (isinstance(hx, tuple) and len(hx) == 2):
            raise TypeError("LSTMCell: hx must be a tuple (h, c), got {}".format(
                type(hx).__name__))
        self._check(input, hx)
        return self._backend.LSTMCell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih,
                                      self.bias_hh)


class GRUCell(RNNCellBase):
    """GRUCell(input_size, hidden_size, bias=True): one step of a GRU, forward(input, hx) → h'."""

    def __init__(self, input_size, hidden_size, bias=True):
        super(GRUCell, self).__init__(input_size, hidden_size, bias, 3)

    def forward(self, input, hx=None):
        hx = self._zeros(input) if hx is None else hx
        self._check(input, (hx,))
        return self._backend.GRUCell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih,
                                     self.bias_hh)
