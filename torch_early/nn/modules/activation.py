"""The activation Modules: each holds its configuration and calls its nn.functional form.
Their printed forms are the era's: `ReLU ()`, `Threshold (0.1, 20)`, `ELU (alpha=1.0)`."""

import torch_early
from .module import Module
from ..parameter import Parameter
from .. import functional as F


def _inplace_text(inplace):
    return ', inplace' if inplace else ''


class Threshold(Module):
    """Threshold(threshold, value, inplace=False): x where x > threshold, else value."""

    def __init__(self, threshold, value, inplace=False):
        super(Threshold, self).__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def __repr__(self):
        return '{} ({}, {}{})'.format(type(self).__name__, self.threshold, self.value,
                                      _inplace_text(self.inplace))


class ReLU(Threshold):
    """ReLU(inplace=False): max(0, x)."""

    def __init__(self, inplace=False):
        super(ReLU, self).__init__(0, 0, inplace)

    def __repr__(self):
        return '{} ({})'.format(type(self).__name__, 'inplace' if self.inplace else '')


class RReLU(Module):
    """RReLU(lower=1/8, upper=1/3, inplace=False): negative x times a random slope in
    [lower, upper) while training, times (lower + upper) / 2 in eval mode."""

    def __init__(self, lower=1. / 8, upper=1. / 3, inplace=False):
        super(RReLU, self).__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def __repr__(self):
        return '{} ({}, {}{})'.format(type(self).__name__, self.lower, self.upper,
                                      _inplace_text(self.inplace))


class Hardtanh(Module):
    """Hardtanh(min_value=-1, max_value=1, inplace=False): x clamped to [min_value, max_value]."""

    def __init__(self, min_value=-1, max_value=1, inplace=False):
        super(Hardtanh, self).__init__()
        if not min_value < max_value:
            raise ValueError("Hardtanh needs min_value < max_value, but got {} and {}".format(
                min_value, max_value))
        self.min_val = min_value
        self.max_val = max_value
        self.inplace = inplace

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def __repr__(self):
        return '{} (min_val={}, max_val={}{})'.format(type(self).__name__, self.min_val,
                                                     self.max_val, _inplace_text(self.inplace))


class ReLU6(Hardtanh):
    """ReLU6(inplace=False): x clamped to [0, 6]."""

    def __init__(self, inplace=False):
        super(ReLU6, self).__init__(0, 6, inplace)

    def __repr__(self):
        return '{} ({})'.format(type(self).__name__, 'inplace' if self.inplace else '')


class _NoConfiguration(Module):
    """An activation without settings, printed `Name ()`."""

    def __repr__(self):
        return type(self).__name__ + ' ()'


class Sigmoid(_NoConfiguration):
    def forward(self, input):
        return F.sigmoid(input)


class Tanh(_NoConfiguration):
    def forward(self, input):
        return F.tanh(input)


class ELU(Module):
    """ELU(alpha=1., inplace=False): x where x > 0, else alpha * (exp(x) - 1)."""

    def __init__(self, alpha=1., inplace=False):
        super(ELU, self).__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.elu(input, self.alpha, self.inplace)

    def __repr__(self):
        return '{} (alpha={}{})'.format(type(self).__name__, self.alpha,
                                        _inplace_text(self.inplace))


class Hardshrink(Module):
    """Hardshrink(lambd=0.5): x where |x| > lambd, else 0."""

    def __init__(self, lambd=0.5):
        super(Hardshrink, self).__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def __repr__(self):
        return '{} ({})'.format(type(self).__name__, self.lambd)


class LeakyReLU(Module):
    """LeakyReLU(negative_slope=0.01, inplace=False): x where x > 0, else negative_slope * x."""

    def __init__(self, negative_slope=1e-2, inplace=False):
        super(LeakyReLU, self).__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def __repr__(self):
        return '{} ({}{})'.format(type(self).__name__, self.negative_slope,
                                  _inplace_text(self.inplace))


class LogSigmoid(_NoConfiguration):
    def forward(self, input):
        return F.logsigmoid(input)


class Softplus(Module):
    """Softplus(beta=1, threshold=20): log(1 + exp(beta x)) / beta; x above the threshold."""

    def __init__(self, beta=1, threshold=20):
        super(Softplus, self).__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def __repr__(self):
        return '{} (beta={}, threshold={})'.format(type(self).__name__, self.beta,
                                                   self.threshold)


class Softshrink(Module):
    """Softshrink(lambd=0.5): x - lambd above lambd, x + lambd below -lambd, else 0."""

    def __init__(self, lambd=0.5):
        super(Softshrink, self).__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.softshrink(input, self.lambd)

    def __repr__(self):
        return '{} ({})'.format(type(self).__name__, self.lambd)


class PReLU(Module):
    """PReLU(num_parameters=1, init=0.25): LeakyReLU with a learnt slope, one shared or one per
    channel (dimension 1 of the input)."""

    def __init__(self, num_parameters=1, init=0.25):
        super(PReLU, self).__init__()
        self.num_parameters = num_parameters
        self.weight = Parameter(torch_early.Tensor(num_parameters).fill_(init))

    def forward(self, input):
        return F.prelu(input, self.weight)

    def __repr__(self):
        return '{} ({})'.format(type(self).__name__, self.num_parameters)


class Softsign(_NoConfiguration):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(_NoConfiguration):
    def forward(self, input):
        return F.tanhshrink(input)


class Softmin(_NoConfiguration):
    def forward(self, input):
        return F.softmin(input)


class Softmax(_NoConfiguration):
    """Softmax(): exp(x_i) / sum_j exp(x_j) over the last dimension of a 1-D or 2-D input."""

    def forward(self, input):
        if input.dim() not in (1, 2):
            raise RuntimeError("Softmax expects a 1-D or 2-D input, but got {}-D".format(
                input.dim()))
        return F.softmax(input)


class Softmax2d(_NoConfiguration):
    """Softmax2d(): softmax over the channels at each location of a (batch, channels, h, w)
    input."""

    def forward(self, input):
        if input.dim() != 4:
            raise RuntimeError("Softmax2d expects a 4-D input (batch x channels x height x "
                               "width), but got {}-D".format(input.dim()))
        return F.softmax(input)


class LogSoftmax(_NoConfiguration):
    def forward(self, input):
        return F.log_softmax(input)
