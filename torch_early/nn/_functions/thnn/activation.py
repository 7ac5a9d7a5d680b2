"""The THNN activations whose Functions are written by hand rather than generated: PReLU (a
learnt weight, whose gradient needs its own call), RReLU (random slopes, the training flag and the
generator) and Softmin (softmax of the negated input)."""

import torch_early
from ...._thnn import type2backend
from ....autograd.function import Function, InplaceFunction


class PReLU(Function):
    """PReLU()(input, weight): max(0, x) + weight * min(0, x); weight has 1 element (shared) or
    one per channel (dimension 1 of a batch, 0 of a single sample)."""

    def _planes(self, weight):
        # THNN's convention: 0 planes means one weight shared by every element.
        return 0 if weight.numel() == 1 else weight.numel()

    def forward(self, input, weight):
        if type(weight) is not type(input):
            raise TypeError("PReLU: the weight is a {}, but the input is a {}".format(
                type(weight).__name__, type(input).__name__))
        backend = type2backend[type(input)]
        output = input.new()
        backend.PReLU_updateOutput(backend.library_state, input, output, weight,
                                   self._planes(weight))
        self.save_for_backward(input, weight)
        return output

    def backward(self, grad_output):
        input, weight = self.saved_tensors
        backend = type2backend[type(input)]
        grad_input = grad_weight = None
        if self.needs_input_grad[0]:
            grad_input = input.new()
            backend.PReLU_updateGradInput(backend.library_state, input, grad_output, grad_input,
                                          weight, self._planes(weight))
        if self.needs_input_grad[1]:
            grad_weight = weight.new().resize_as_(weight).zero_()
            backend.PReLU_accGradParameters(backend.library_state, input, grad_output,
                                            grad_input, weight, grad_weight, input.new(),
                                            input.new(), self._planes(weight), 1.0)
        return grad_input, grad_weight


class RReLU(InplaceFunction):
    """RReLU(lower=1/8, upper=1/3, train=False, inplace=False): in training, each negative
    element is scaled by a slope drawn from U(lower, upper); otherwise by (lower + upper) / 2."""

    def __init__(self, lower=1. / 8, upper=1. / 3, train=False, inplace=False):
        super(RReLU, self).__init__(inplace)
        if not lower <= upper:
            raise ValueError("RReLU needs lower <= upper, but got lower={} and upper={}".format(
                lower, upper))
        self.lower = float(lower)
        self.upper = float(upper)
        self.train = bool(train)

    def forward(self, input):
        backend = type2backend[type(input)]
        if self.inplace:
            self.mark_dirty(input)
            output = input
        else:
            output = input.new()
        self.noise = input.new()
        backend.RReLU_updateOutput(backend.library_state, input, output, self.noise,
                                   self.lower, self.upper, self.train, bool(self.inplace),
                                   torch_early.default_generator)
        self.save_for_backward(input)
        return output

    def backward(self, grad_output):
        input, = self.saved_tensors
        backend = type2backend[type(input)]
        grad_input = input.new()
        # In place, the kernel writes into gradOutput, which other Functions may share.
        backend.RReLU_updateGradInput(backend.library_state, input,
                                      grad_output.clone() if self.inplace else grad_output,
                                      grad_input, self.noise, self.lower, self.upper,
                                      self.train, bool(self.inplace))
        return grad_input


class Softmin(Function):
    """Softmin()(input) = softmax(-input) along the last dimension of a 1-D or 2-D input."""

    def forward(self, input):
        backend = type2backend[type(input)]
        negated = input.neg()
        output = input.new()
        backend.SoftMax_updateOutput(backend.library_state, negated, output)
        self.save_for_backward(output)
        self.negated = negated
        return output

    def backward(self, grad_output):
        output, = self.saved_tensors
        backend = type2backend[type(output)]
        grad_input = output.new()
        backend.SoftMax_updateGradInput(backend.library_state, self.negated, grad_output,
                                        grad_input, output)
        return grad_input.neg_()
