"""Stateless forms of the layers: each builds its autograd Function and calls it on Variables.

Here so far: linear and dropout, which need only autograd. The convolution, pooling, activation,
normalisation and loss functions of the era (conv2d, max_pool2d, relu, batch_norm, nll_loss, ...)
are computed by the THNN kernels and join this module with the THNN backend.
"""

from ._functions.linear import Linear
from ._functions.dropout import Dropout


def linear(input, weight, bias=None):
    """input · weightᵀ (+ bias): input (batch, in), weight (out, in), bias (out) or None."""
    if bias is None:
        return Linear()(input, weight)
    return Linear()(input, weight, bias)


def dropout(input, p=0.5, training=False, inplace=False):
    """Zero each element with probability p and scale the rest by 1/(1-p) when `training`; the
    input unchanged otherwise. ValueError unless 0 <= p <= 1."""
    return Dropout(p, training, inplace)(input)
