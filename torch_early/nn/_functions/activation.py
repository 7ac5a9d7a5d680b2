"""Softsign, the one activation Function of the era computed with tensor operations rather than
THNN: x / (1 + |x|)."""

from ...autograd.function import Function


class Softsign(Function):

    def forward(self, input):
        self.denominator = input.abs().add_(1)
        return input.clone().div_(self.denominator)

    def backward(self, grad_output):
        # d/dx x / (1 + |x|) = 1 / (1 + |x|)^2
        return grad_output.div(self.denominator).div_(self.denominator)
