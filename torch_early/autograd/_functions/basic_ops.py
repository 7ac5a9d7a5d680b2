"""Arithmetic: + - * / ** between two Variables, or a Variable and a Python number.

No broadcasting in 0.1.x: the two operands need equal element counts, and the result has the
first one's shape. A gradient for the second operand is therefore reshaped to its own size.
"""

import math

from ..function import Function, InplaceFunction

__all__ = ['Add', 'Sub', 'Mul', 'Div', 'Pow', 'AddConstant', 'SubConstant', 'MulConstant',
           'DivConstant', 'PowConstant', 'Negate']


def _as_size_of(grad, tensor_size):
    """`grad` with the given size (the operands may differ in shape, not in element count)."""
    if tensor_size is None:
        return grad
    return grad.contiguous().view(tensor_size)


def _other_size(a, b):
    """b's size when it differs from a's, else None (the common case costs one C call)."""
    return None if a.is_same_size(b) else b.size()


class Add(InplaceFunction):

    def forward(self, a, b):
        self.b_size = _other_size(a, b)
        if self.inplace:
            self.mark_dirty(a)
            return a.add_(b)
        return a.add(b)

    def backward(self, grad_output):
        return grad_output, _as_size_of(grad_output, self.b_size)


class Sub(InplaceFunction):

    def forward(self, a, b):
        self.b_size = _other_size(a, b)
        if self.inplace:
            self.mark_dirty(a)
            return a.sub_(b)
        return a.sub(b)

    def backward(self, grad_output):
        return grad_output, _as_size_of(grad_output.neg(), self.b_size)


class Mul(Function):

    def forward(self, a, b):
        self.b_size = _other_size(a, b)
        self.save_for_backward(a, b)
        return a.mul(b)

    def backward(self, grad_output):
        a, b = self.saved_tensors
        grad_a = grad_b = None
        if self.needs_input_grad[0]:
            grad_a = grad_output.mul(b)
        if self.needs_input_grad[1]:
            grad_b = _as_size_of(grad_output.mul(a), self.b_size)
        return grad_a, grad_b


class Div(Function):

    def forward(self, a, b):
        self.b_size = _other_size(a, b)
        self.save_for_backward(a, b)
        return a.div(b)

    def backward(self, grad_output):
        a, b = self.saved_tensors
        grad_a = grad_b = None
        if self.needs_input_grad[0]:
            grad_a = grad_output.div(b)
        if self.needs_input_grad[1]:
            # d(a/b)/db = -a / b^2
            grad_b = _as_size_of(grad_output.neg().mul(a).div_(b).div_(b), self.b_size)
        return grad_a, grad_b


class Pow(Function):

    def forward(self, a, b):
        self.b_size = _other_size(a, b)
        self.save_for_backward(a, b)
        return a.pow(b)

    def backward(self, grad_output):
        a, b = self.saved_tensors
        b_as_a = b.contiguous().view(a.size())
        grad_a = grad_b = None
        if self.needs_input_grad[0]:
            # d(a^b)/da = b * a^(b-1); 0 where b = 0 (a^0 is the constant 1, also at a = 0,
            # where the formula reads 0 * inf)
            grad_a = grad_output.mul(b).mul_(a.pow(b.add(-1)))
            grad_a.masked_fill_(b_as_a.eq(0), 0)
        if self.needs_input_grad[1]:
            # d(a^b)/db = a^b * ln(a); 0 at a = 0 for b >= 0 (0^b is constant there, where the
            # formula reads 0 * -inf); NaN for a < 0, where ln is undefined
            grad_b = grad_output.mul(a.pow(b)).mul_(a.log())
            grad_b.masked_fill_(a.eq(0).mul_(b_as_a.ge(0)), 0)
            grad_b = _as_size_of(grad_b, self.b_size)
        return grad_a, grad_b


class AddConstant(InplaceFunction):

    def __init__(self, constant, inplace=False):
        super(AddConstant, self).__init__(inplace)
        self.constant = constant

    def forward(self, a):
        if self.inplace:
            self.mark_dirty(a)
            return a.add_(self.constant)
        return a.add(self.constant)

    def backward(self, grad_output):
        return grad_output


class SubConstant(InplaceFunction):
    """a - constant, or constant - a when sub_tensor is True."""

    def __init__(self, constant, sub_tensor=False, inplace=False):
        super(SubConstant, self).__init__(inplace)
        self.constant = constant
        self.sub_tensor = sub_tensor

    def forward(self, a):
        if self.sub_tensor:
            if self.inplace:
                self.mark_dirty(a)
                return a.neg_().add_(self.constant)
            return a.neg().add_(self.constant)
        if self.inplace:
            self.mark_dirty(a)
            return a.add_(-self.constant)
        return a.add(-self.constant)

    def backward(self, grad_output):
        if self.sub_tensor:
            return grad_output.neg()
        return grad_output


class MulConstant(InplaceFunction):

    def __init__(self, constant, inplace=False):
        super(MulConstant, self).__init__(inplace)
        self.constant = constant

    def forward(self, a):
        if self.inplace:
            self.mark_dirty(a)
            return a.mul_(self.constant)
        return a.mul(self.constant)

    def backward(self, grad_output):
        return grad_output.mul(self.constant)


class DivConstant(InplaceFunction):
    """a / constant, or constant / a when div_by_tensor is True."""

    def __init__(self, constant, div_by_tensor=False, inplace=False):
        super(DivConstant, self).__init__(inplace)
        self.constant = constant
        self.div_by_tensor = div_by_tensor

    def forward(self, a):
        if self.div_by_tensor:
            result = a.new(a.size()).fill_(self.constant).div_(a)
            if self.inplace:
                self.mark_dirty(a)
                result = a.copy_(result)
            self.save_for_backward(result)
            return result
        if self.inplace:
            self.mark_dirty(a)
            return a.div_(self.constant)
        return a.div(self.constant)

    def backward(self, grad_output):
        if self.div_by_tensor:
            # d(c/a)/da = -c / a^2 = -(c/a)^2 / c
            result, = self.saved_tensors
            return grad_output.neg().mul(result).mul_(result).div_(self.constant)
        return grad_output.div(self.constant)


class PowConstant(Function):
    """a ** constant, or constant ** a when tensor_power is True."""

    def __init__(self, constant, tensor_power=False):
        super(PowConstant, self).__init__()
        self.constant = constant
        self.tensor_power = tensor_power

    def forward(self, a):
        if self.tensor_power:
            result = a.new(a.size()).fill_(self.constant).pow_(a)
            self.save_for_backward(a, result)
            return result
        self.save_for_backward(a)
        return a.pow(self.constant)

    def backward(self, grad_output):
        if self.tensor_power:
            # d(c^a)/da = c^a * ln(c), with the real ln: NaN for c < 0; for c = 0, 0^a is the
            # constant 0 (1 at a = 0) where a >= 0, and the formula's 0 * -inf means 0 there
            a, result = self.saved_tensors
            grad = grad_output.mul(result).mul_(_real_log(self.constant))
            if self.constant == 0:
                grad.masked_fill_(a.ge(0), 0)
            return grad
        a, = self.saved_tensors
        if self.constant == 0:
            # a^0 is the constant 1, also at a = 0 (where c * a^(c-1) reads 0 * inf)
            return grad_output.new(grad_output.size()).zero_()
        # d(a^c)/da = c * a^(c-1)
        return grad_output.mul(a.pow(self.constant - 1)).mul_(self.constant)


def _real_log(number):
    """ln(number) for real numbers: -inf at 0 and NaN below it, where math.log raises."""
    if number > 0:
        return math.log(number)
    return float('-inf') if number == 0 else float('nan')


class Negate(InplaceFunction):

    def forward(self, a):
        if self.inplace:
            self.mark_dirty(a)
            return a.neg_()
        return a.neg()

    def backward(self, grad_output):
        return grad_output.neg()
