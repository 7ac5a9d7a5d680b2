"""Linear(in_features, out_features, bias=True): y = x·Wᵀ + b on a (batch, in_features) input."""

import math

import torch_early
from .module import Module
from .utils import _check_sizes
from ..parameter import Parameter
from .. import functional as F


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
        stdv = 1. / math.sqrt(self.weight.size(1))
        self.weight.data.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.data.uniform_(-stdv, stdv)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def __repr__(self):
        return '{} ({} -> {})'.format(type(self).__name__, self.in_features, self.out_features)
