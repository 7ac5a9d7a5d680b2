"""Linear(in_features, out_features, bias=True): y = x·Wᵀ + b on a (batch, in_features) input;
Bilinear(in1_features, in2_features, out_features, bias=True): y = x1ᵀ·W·x2 + b."""

import math

import torch_early
from .module import Module
from .utils import _check_sizes
from ..parameter import Parameter
from .. import functional as F


def _uniform_by_first_input_size(weight, bias):
    """The era's start for Linear and Bilinear: weight and bias uniform in ±1/√n, n the size of
    the weight's dimension 1 (in_features, in1_features)."""
    stdv = 1. / math.sqrt(weight.size(1))
    weight.data.uniform_(-stdv, stdv)
    if bias is not None:
        bias.data.uniform_(-stdv, stdv)


class Linear(Module):
    """weight is (out_features, in_features) and bias (out_features); both start uniform in
    ±1/√in_features. `bias=False` leaves the bias out (the `bias` attribute is None)."""

    def __init__(self, in_features, out_features, bias=True):
        super(Linear, self).__init__()
        _check_sizes(self, in_features=in_features, out_features=out_features)
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch_early.Tensor(out_features, in_features))
        if bias:
            self.bias = Parameter(torch_early.Tensor(out_features))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        _uniform_by_first_input_size(self.weight, self.bias)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def __repr__(self):
        return '{} ({} -> {})'.format(type(self).__name__, self.in_features, self.out_features)


class Bilinear(Module):
    """Bilinear(in1_features, in2_features, out_features, bias=True): y[o] = x1ᵀ·W[o]·x2 + b[o]
    on inputs (batch, in1_features) and (batch, in2_features); weight is (out_features,
    in1_features, in2_features) and starts, like the bias, uniform in ±1/√in1_features."""

    def __init__(self, in1_features, in2_features, out_features, bias=True):
        super(Bilinear, self).__init__()
        _check_sizes(self, in1_features=in1_features, in2_features=in2_features,
                     out_features=out_features)
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(torch_early.Tensor(out_features, in1_features, in2_features))
        if bias:
            self.bias = Parameter(torch_early.Tensor(out_features))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        _uniform_by_first_input_size(self.weight, self.bias)

    def forward(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)

    def __repr__(self):
        return '{} (in1_features={}, in2_features={}, out_features={})'.format(
            type(self).__name__, self.in1_features, self.in2_features, self.out_features)
