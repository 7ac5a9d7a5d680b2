"""The recurrent layers' computation on the CPU, written with autograd Variables, as the era's
CPU path was: one step function per kind of cell, a loop over the time steps of one direction,
and the layers (and directions) stacked with dropout between them.

Two things keep the loop fast. The input's contribution to every gate, x_t·W_ihᵀ + b_ih, does
not depend on the hidden state, so a layer computes it for all time steps in one matrix product
before the loop; each step then only multiplies the hidden state. And an LSTM layer over a
padded sequence is one Function, LSTMLayer, with backpropagation through time written out (one
product per step each way, and the gradient of W_hh as one product over all steps); an LSTM
cell, or a layer over a packed sequence, uses LSTMFusedStep, and every GRU step GRUFusedStep: a
step's element-wise part as one Function. The element-wise parts run in THNN's fused kernels
(LSTMFused, GRUFused: one pass over each batch row, the gates' sigmoid and tanh on THVector's
SIMD kernels); the unfused Variable math (LSTMPointwise, _gru_step_unfused) remains for tensor
types THNN has no kernels for.

Gate order in the weights, as in the era: LSTM (input, forget, cell, output), GRU (reset,
update, new).
"""

import torch_early
from ..._thnn import type2backend
from ...autograd import Function
from ...autograd._functions.tensor import Split
from .. import functional as F
from .dropout import Dropout


def _fused_backend(tensor):
    """THNN's backend for the tensor's type, or None for a type it has no kernels for (the
    fused cells then fall back to the Variable math)."""
    try:
        return type2backend[type(tensor)]
    except KeyError:
        return None


class LSTMFusedStep(Function):
    """forward(input_gates, hidden_gates, cx) → (hy, cy), with input_gates = x·W_ihᵀ + b_ih and
    hidden_gates = h·W_hhᵀ + b_hh, (batch, 4·hidden): the math of LSTMPointwise on
    input_gates + hidden_gates, in THNN's LSTMFused kernels (one call each way)."""

    def forward(self, input_gates, hidden_gates, cx):
        backend = type2backend[type(cx)]
        # the kernel replaces its input's pre-activations by the activated gates, which the
        # backward reads: it gets a copy of its own
        gates = input_gates.clone()
        hy, cy = cx.new(), cx.new()
        backend.LSTMFused_updateOutput(backend.library_state, gates, hidden_gates, None, None,
                                       cx, hy, cy)
        self.save_for_backward(cx)
        self.gates, self.cy = gates, cy
        return hy, cy

    def backward(self, grad_hy, grad_cy):
        cx, = self.saved_tensors
        backend = type2backend[type(cx)]
        grad_gates, grad_cx = cx.new(), cx.new()
        backend.LSTMFused_updateGradInput(backend.library_state, self.gates, grad_gates, cx,
                                          self.cy, grad_hy.contiguous(), grad_cy.contiguous(),
                                          grad_cx)
        # both sums of products get the same gradient (the engine copies before it adds)
        return grad_gates, grad_gates, grad_cx


class GRUFusedStep(Function):
    """forward(input_gates, hidden_gates, hx) → hy, with input_gates = x·W_ihᵀ + b_ih and
    hidden_gates = h·W_hhᵀ + b_hh, (batch, 3·hidden): r, z = σ(their reset and update thirds
    summed), n = tanh(input's third + r·hidden's third), hy = n + z·(hx − n), in THNN's GRUFused
    kernels. The gradient of hx is its direct share, z·grad_hy; the share through hidden_gates
    flows back through the product that made them."""

    def forward(self, input_gates, hidden_gates, hx):
        backend = type2backend[type(hx)]
        hy, self.storage = hx.new(), hx.new()
        backend.GRUFused_updateOutput(backend.library_state, input_gates, hidden_gates, None,
                                      None, hx, hy, self.storage)
        return hy

    def backward(self, grad_hy):
        backend = type2backend[type(grad_hy)]
        grad_input_gates, grad_hidden_gates, grad_hx = (grad_hy.new() for _ in range(3))
        backend.GRUFused_updateGradInput(backend.library_state, grad_input_gates,
                                         grad_hidden_gates, grad_hy, grad_hx, self.storage)
        return grad_input_gates, grad_hidden_gates, grad_hx


class LSTMPointwise(Function):
    """forward(gates, cx) → (hy, cy) for gates = x·W_ihᵀ + b_ih + h·W_hhᵀ + b_hh, (batch, 4·hidden):
    i, f, o = σ(gates' quarters 0, 1, 3), g = tanh(quarter 2), cy = f·cx + i·g, hy = o·tanh(cy).
    The unfused math, for tensor types without THNN kernels."""

    def forward(self, gates, cx):
        i, f, g, o = (gates.narrow(1, k * cx.size(1), cx.size(1)) for k in range(4))
        i, f, o = i.sigmoid(), f.sigmoid(), o.sigmoid()
        g = g.tanh()
        cy = f * cx + i * g
        tanh_cy = cy.tanh()
        hy = o * tanh_cy
        self.save_for_backward(cx)
        self.activations = (i, f, g, o, tanh_cy)
        return hy, cy

    def backward(self, grad_hy, grad_cy):
        cx, = self.saved_tensors
        i, f, g, o, tanh_cy = self.activations
        # d(hy)/d(cy) = o·(1 − tanh²(cy)); the cell's gradient gathers both outputs' share
        grad_cy = grad_cy + grad_hy * o * (1 - tanh_cy * tanh_cy)
        grad_gates = cx.new(cx.size(0), 4 * cx.size(1))
        hidden = cx.size(1)
        grad_gates.narrow(1, 0, hidden).copy_(grad_cy * g * i * (1 - i))
        grad_gates.narrow(1, hidden, hidden).copy_(grad_cy * cx * f * (1 - f))
        grad_gates.narrow(1, 2 * hidden, hidden).copy_(grad_cy * i * (1 - g * g))
        grad_gates.narrow(1, 3 * hidden, hidden).copy_(grad_hy * tanh_cy * o * (1 - o))
        return grad_gates, grad_cy * f


class LSTMLayer(Function):
    """One direction of one LSTM layer over a whole padded sequence, with backpropagation
    through time written out. forward(input_gates, h0, c0, w_hh) → (outputs, h_n, c_n), with
    input_gates (steps·batch, 4·hidden) holding x_t·W_ihᵀ + b_ih + b_hh for every step.

    Each step costs one product, h·W_hhᵀ, forwards and one, g·W_hh, backwards; the gradient of
    W_hh, a sum over the steps, is one product of all the steps' gate gradients with all the
    hidden states that met W_hh. (Step by step through autograd it would be a product and an
    addition per step.)"""

    def __init__(self, reverse):
        super(LSTMLayer, self).__init__()
        self.reverse = reverse

    def _order(self, steps):
        return range(steps - 1, -1, -1) if self.reverse else range(steps)

    def forward(self, input_gates, h0, c0, w_hh):
        backend = type2backend[type(h0)]
        batch, hidden = h0.size(0), h0.size(1)
        steps = input_gates.size(0) // batch if batch else 0
        # per step: the activated gates i, f, g, o (LSTMFused leaves them in place of the
        # pre-activations), the cell state c and the hidden state (the output). Each cell state
        # is a tensor of its own: the kernel writes cy apart from the memory of cx.
        gates = input_gates.clone().view(steps, batch, 4 * hidden)
        cells = [None] * steps
        outputs = h0.new(steps, batch, hidden)
        hidden_gates = h0.new(batch, 4 * hidden)
        h, c = h0, c0
        w_hh_t = w_hh.t()
        for t in self._order(steps):
            torch_early.mm(h, w_hh_t, out=hidden_gates)
            cells[t] = h0.new()
            backend.LSTMFused_updateOutput(backend.library_state, gates[t], hidden_gates, None,
                                           None, c, outputs[t], cells[t])
            h, c = outputs[t], cells[t]
        self.save_for_backward(h0, c0, w_hh)
        self.gates, self.cells, self.outputs = gates, cells, outputs
        return outputs, h.clone(), c.clone()

    def backward(self, grad_outputs, grad_h_n, grad_c_n):
        h0, c0, w_hh = self.saved_tensors
        backend = type2backend[type(h0)]
        gates, cells, outputs = self.gates, self.cells, self.outputs
        steps, batch, hidden = outputs.size(0), h0.size(0), h0.size(1)
        grad_gates = h0.new(steps, batch, 4 * hidden)
        # hidden states before each step, the inputs of W_hh
        previous_h = h0.new(steps, batch, hidden)
        dh = grad_h_n.clone()
        # the cell's gradient, in two buffers taken in turn (the kernel writes the gradient of
        # cx apart from the gradient of cy it reads)
        dc, dc_next = grad_c_n.clone(), h0.new()
        order = list(self._order(steps))
        for position in range(steps - 1, -1, -1):
            t = order[position]
            before = order[position - 1] if position > 0 else None
            c_before = cells[before] if before is not None else c0
            previous_h[t].copy_(outputs[before] if before is not None else h0)
            dh.add_(grad_outputs[t])
            backend.LSTMFused_updateGradInput(backend.library_state, gates[t], grad_gates[t],
                                              c_before, cells[t], dh, dc, dc_next)
            dc, dc_next = dc_next, dc
            dh = grad_gates[t].mm(w_hh)
        grad_gates = grad_gates.view(steps * batch, 4 * hidden)
        grad_w_hh = grad_gates.t().mm(previous_h.view(steps * batch, hidden))
        return grad_gates, dh, dc, grad_w_hh


# -- one time step, given the input's part of the gates (x·W_ihᵀ + b_ih) ----------------------

def _tanh_step(input_gates, hidden, w_hh, b_hh):
    return (input_gates + F.linear(hidden, w_hh, b_hh)).tanh()


def _relu_step(input_gates, hidden, w_hh, b_hh):
    return F.relu(input_gates + F.linear(hidden, w_hh, b_hh))


def _lstm_step(input_gates, hidden, w_hh, b_hh):
    hx, cx = hidden
    if _fused_backend(cx.data) is None:
        return LSTMPointwise()(input_gates + F.linear(hx, w_hh, b_hh), cx)
    return LSTMFusedStep()(input_gates, F.linear(hx, w_hh, b_hh), cx)


def _gru_step(input_gates, hidden, w_hh, b_hh):
    if _fused_backend(hidden.data) is None:
        return _gru_step_unfused(input_gates, hidden, w_hh, b_hh)
    return GRUFusedStep()(input_gates, F.linear(hidden, w_hh, b_hh), hidden)


def _gru_step_unfused(input_gates, hidden, w_hh, b_hh):
    """The GRU step with Variables, for tensor types without THNN kernels."""
    hidden_gates = F.linear(hidden, w_hh, b_hh)
    i_r, i_z, i_n = input_gates.chunk(3, 1)
    h_r, h_z, h_n = hidden_gates.chunk(3, 1)
    reset = (i_r + h_r).sigmoid()
    update = (i_z + h_z).sigmoid()
    new = (i_n + reset * h_n).tanh()
    return new + update * (hidden - new)


STEPS = {'RNN_TANH': _tanh_step, 'RNN_RELU': _relu_step, 'LSTM': _lstm_step, 'GRU': _gru_step}


# -- the cells of RNNCell, LSTMCell and GRUCell: one whole step ---------------------------------

def RNNTanhCell(input, hidden, w_ih, w_hh, b_ih=None, b_hh=None):
    return _tanh_step(F.linear(input, w_ih, b_ih), hidden, w_hh, b_hh)


def RNNReLUCell(input, hidden, w_ih, w_hh, b_ih=None, b_hh=None):
    return _relu_step(F.linear(input, w_ih, b_ih), hidden, w_hh, b_hh)


def LSTMCell(input, hidden, w_ih, w_hh, b_ih=None, b_hh=None):
    return _lstm_step(F.linear(input, w_ih, b_ih), hidden, w_hh, b_hh)


def GRUCell(input, hidden, w_ih, w_hh, b_ih=None, b_hh=None):
    return _gru_step(F.linear(input, w_ih, b_ih), hidden, w_hh, b_hh)


# -- hidden states: a Variable, or (h, c) for an LSTM --------------------------------------------

def _map_hidden(function, hidden):
    if isinstance(hidden, tuple):
        return tuple(function(h) for h in hidden)
    return function(hidden)


def _cat_hidden(pieces, dim):
    if isinstance(pieces[0], tuple):
        return tuple(torch_early.cat(list(part), dim) for part in zip(*pieces))
    return torch_early.cat(pieces, dim)


# -- one direction of one layer ------------------------------------------------------------------

def _run_padded(step, input_gates, steps, hidden, w_hh, b_hh, reverse):
    """Steps over input_gates (steps·batch, gates), one block of batch rows per step; returns
    (outputs (steps, batch, hidden), last hidden)."""
    # one Function for all the steps' slices: its backward joins their gradients once
    per_step = input_gates.chunk(steps, 0)
    outputs = [None] * steps
    order = range(steps - 1, -1, -1) if reverse else range(steps)
    for t in order:
        hidden = step(per_step[t], hidden, w_hh, b_hh)
        outputs[t] = hidden[0] if isinstance(hidden, tuple) else hidden
    return torch_early.stack(outputs, 0), hidden


def _run_packed(step, input_gates, batch_sizes, hidden, w_hh, b_hh, reverse):
    """Steps over packed input_gates (sum(batch_sizes), gates). The batch shrinks as sequences
    end (forwards: a sequence's last hidden state is final when it leaves) or grows as they
    start (backwards: a sequence joins with its initial hidden state)."""
    per_step = Split(batch_sizes, 0)(input_gates)
    outputs = [None] * len(batch_sizes)
    if not reverse:
        finished = []
        for t, batch_size in enumerate(batch_sizes):
            current = _batch_size_of(hidden)
            if batch_size < current:
                finished.append(_map_hidden(lambda h: h[batch_size:current], hidden))
                hidden = _map_hidden(lambda h: h[:batch_size], hidden)
            hidden = step(per_step[t], hidden, w_hh, b_hh)
            outputs[t] = hidden[0] if isinstance(hidden, tuple) else hidden
        finished.append(hidden)
        last = _cat_hidden(finished[::-1], 0)
    else:
        initial = hidden
        hidden = _map_hidden(lambda h: h[:batch_sizes[-1]], initial)
        for t in range(len(batch_sizes) - 1, -1, -1):
            batch_size, current = batch_sizes[t], _batch_size_of(hidden)
            if batch_size > current:
                joining = _map_hidden(lambda h: h[current:batch_size], initial)
                hidden = _cat_hidden([hidden, joining], 0)
            hidden = step(per_step[t], hidden, w_hh, b_hh)
            outputs[t] = hidden[0] if isinstance(hidden, tuple) else hidden
        last = hidden
    return torch_early.cat(outputs, 0), last


def _batch_size_of(hidden):
    return (hidden[0] if isinstance(hidden, tuple) else hidden).size(0)


# -- the whole network ---------------------------------------------------------------------------

class AutogradRNN(object):
    """The function a recurrent module calls: forward(input, weights, hidden) → (output,
    hidden). `weights` holds, per layer and direction, [w_ih, w_hh] or [w_ih, w_hh, b_ih, b_hh];
    `hidden` is (num_layers·num_directions, batch, hidden_size), a pair of those for an LSTM;
    `batch_sizes` is set when the input is the data of a PackedSequence."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, batch_first=False,
                 dropout=0, train=True, bidirectional=False, batch_sizes=None):
        self.step = STEPS[mode]
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.num_directions = 2 if bidirectional else 1
        self.batch_first = batch_first
        self.dropout = dropout
        self.train = train
        self.batch_sizes = batch_sizes

    def __call__(self, input, weights, hidden):
        if self.batch_first and self.batch_sizes is None:
            input = input.transpose(0, 1)
        last_hiddens = []
        for layer in range(self.num_layers):
            if layer > 0 and self.dropout != 0 and self.train:
                input = Dropout(self.dropout, True, False)(input)
            outputs = []
            for direction in range(self.num_directions):
                index = layer * self.num_directions + direction
                output, last = self._run(input, weights[index],
                                         _map_hidden(lambda h: h[index], hidden),
                                         reverse=direction == 1)
                outputs.append(output)
                last_hiddens.append(last)
            input = outputs[0] if len(outputs) == 1 else torch_early.cat(outputs, input.dim() - 1)
        output = input
        if self.batch_first and self.batch_sizes is None:
            output = output.transpose(0, 1)
        if isinstance(last_hiddens[0], tuple):
            last = tuple(torch_early.stack(list(part), 0) for part in zip(*last_hiddens))
        else:
            last = torch_early.stack(last_hiddens, 0)
        return output, last

    def _run(self, input, layer_weights, hidden, reverse):
        w_ih, w_hh = layer_weights[0], layer_weights[1]
        b_ih, b_hh = (layer_weights[2], layer_weights[3]) if len(layer_weights) == 4 else (None,
                                                                                         None)
        if self.batch_sizes is not None:
            input_gates = F.linear(input, w_ih, b_ih)
            return _run_packed(self.step, input_gates, self.batch_sizes, hidden, w_hh, b_hh,
                               reverse)
        steps, batch = input.size(0), input.size(1)
        # every step's input gates in one product: (T·batch, in) × W_ihᵀ
        input_gates = F.linear(input.contiguous().view(steps * batch, input.size(2)), w_ih, b_ih)
        if self.step is _lstm_step and _fused_backend(input_gates.data) is not None:
            if b_hh is not None:
                input_gates = input_gates + b_hh.unsqueeze(0).expand_as(input_gates)
            outputs, h_n, c_n = LSTMLayer(reverse)(input_gates, hidden[0], hidden[1], w_hh)
            return outputs, (h_n, c_n)
        return _run_padded(self.step, input_gates, steps, hidden, w_hh, b_hh, reverse)


def RNN(*args, **kwargs):
    """The backend's RNN: AutogradRNN(mode, input_size, hidden_size, num_layers=1,
    batch_first=False, dropout=0, train=True, bidirectional=False, batch_sizes=None), the
    computation written with Variables (cuDNN's, in a CUDA build, does not exist in this one)."""
    return AutogradRNN(*args, **kwargs)
