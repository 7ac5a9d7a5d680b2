"""Reductions and scans: sum, mean, prod, max, min, mode, median, kthvalue, norm, var, std,
cumsum, cumprod, renorm.

0.1.x semantics: a reduction along `dim` keeps that dim with size 1; a reduction over everything
gives a one-element tensor here (the tensor op gives a Python number), so that `loss.backward()`
works on it. Negative dims count from the end, as in the tensor ops; forward turns them into
positive ones for backward.

The gradient of a reduction spreads each output gradient back over the elements it summarised:
evenly (sum, mean), weighted (prod, norm, var, std), or onto the one element it picked (max, min,
mode, median, kthvalue, which scatter it into the positions of their index output).
"""

import torch_early

from ..function import Function

__all__ = ['Sum', 'Mean', 'Prod', 'Max', 'Min', 'Mode', 'Median', 'Kthvalue', 'Norm', 'Var',
           'Std', 'Cumsum', 'Cumprod', 'Renorm']


def _positive_dim(dim, tensor):
    """dim counted from the front (call after the tensor op accepted it)."""
    return dim + tensor.dim() if dim < 0 else dim


def _one_element(tensor, value):
    """A one-element tensor of tensor's type holding value: a full reduction's output."""
    return tensor.new(1).fill_(value)


def _the_number(tensor):
    """The value of a one-element tensor of any number of dimensions (`t[0]` is a number only
    when t is 1-D: a 1x1 tensor gives a 1-element row)."""
    return tensor.contiguous().view(1)[0]


def _spread(grad_output, size):
    """grad_output (one-element, or size 1 along the reduced dim) repeated up to size."""
    if grad_output.numel() == 1:
        return grad_output.new(size).fill_(_the_number(grad_output))
    return grad_output.expand(size).contiguous()


def _reversed(tensor, dim):
    """tensor with the order of its slices along dim reversed (a copy)."""
    n = tensor.size(dim)
    order = torch_early.LongTensor(list(range(n - 1, -1, -1)))
    return tensor.index_select(dim, order)


def _exclusive_cumprod(tensor, dim):
    """Element i along dim is the product of the elements before i (1 for the first)."""
    result = tensor.new(tensor.size()).fill_(1)
    n = tensor.size(dim)
    if n > 1:
        result.narrow(dim, 1, n - 1).copy_(tensor.narrow(dim, 0, n - 1).cumprod(dim))
    return result


def _products_of_others(tensor, dim):
    """Element i along dim is the product of all the other elements of its slice.

    Built as (product of those before i) * (product of those after i), never dividing by the
    element itself, so that it is right when the slice holds one zero or several.
    """
    before = _exclusive_cumprod(tensor, dim)
    after = _reversed(_exclusive_cumprod(_reversed(tensor, dim), dim), dim)
    return before.mul_(after)


class _Reduction(Function):
    """A reduction over everything (dim None) or along one dim. Subclasses give `_whole(x)`
    (a number) and `_along(x, dim)` (a tensor); forward records what backward needs."""

    def __init__(self, dim=None):
        super(_Reduction, self).__init__()
        self.dim = dim

    def forward(self, input):
        self.input_size = input.size()
        if self.dim is None:
            return _one_element(input, self._whole(input))
        result = self._along(input, self.dim)
        self.dim = _positive_dim(self.dim, input)
        return result

    def _count(self):
        """How many input elements each output element summarises."""
        if self.dim is None:
            count = 1
            for s in self.input_size:
                count *= s
            return count
        return self.input_size[self.dim]


class Sum(_Reduction):

    def _whole(self, input):
        return input.sum()

    def _along(self, input, dim):
        return input.sum(dim)

    def backward(self, grad_output):
        return _spread(grad_output, self.input_size)


class Mean(_Reduction):

    def _whole(self, input):
        return input.mean()

    def _along(self, input, dim):
        return input.mean(dim)

    def backward(self, grad_output):
        return _spread(grad_output, self.input_size).div_(self._count())


class Prod(_Reduction):
    """d prod / d x_i is the product of the other elements (zero-safe, see _products_of_others)."""

    def forward(self, input):
        self.save_for_backward(input)
        return super(Prod, self).forward(input)

    def _whole(self, input):
        return input.prod()

    def _along(self, input, dim):
        return input.prod(dim)

    def backward(self, grad_output):
        input, = self.saved_tensors
        if self.dim is None:
            others = _products_of_others(input.contiguous().view(-1), 0)
            return others.mul_(grad_output[0]).view(self.input_size)
        return _products_of_others(input, self.dim).mul_(grad_output.expand(self.input_size))


class Norm(_Reduction):
    """The p-norm N: d N / d x = sign(x) |x|^(p-1) / N^(p-1), and where that formula reads
    0 * inf or 0 / 0, the value of its limit, as modern PyTorch gives: 0 where N = 0 (p > 1),
    0 at x = 0 (p < 1); p = 0 counts the nonzero elements, a constant wherever it is
    differentiable (gradient 0); p = inf is max |x|, whose gradient goes to the elements that
    reach it, shared among them."""

    def __init__(self, p=2, dim=None):
        super(Norm, self).__init__(dim)
        self.p = p

    def forward(self, input):
        result = super(Norm, self).forward(input)
        self.save_for_backward(input, result)
        return result

    def _whole(self, input):
        return input.norm(self.p)

    def _along(self, input, dim):
        return input.norm(self.p, dim)

    def backward(self, grad_output):
        input, norm = self.saved_tensors
        p = self.p
        if p == 0:
            return input.new(self.input_size).zero_()
        if p == float('inf'):
            return self._to_the_largest(input, norm, grad_output)
        if p < 1:
            # sign(x) |x|^(p-1) N^(1-p): no division by N, and 0 at x = 0
            weight = input.abs().pow_(p - 1).mul_(input.sign()).masked_fill_(input.eq(0), 0)
            scale = grad_output.mul(norm.pow(1 - p))
        else:
            weight = input.clone() if p == 2 else input.abs().pow_(p - 1).mul_(input.sign())
            scale = grad_output.div(norm.pow(p - 1)).masked_fill_(norm.eq(0), 0)
        return weight.mul_(_spread(scale, self.input_size))

    def _to_the_largest(self, input, norm, grad_output):
        """The gradient of max |x|: grad * sign(x) / (how many reach it) where |x| reaches it."""
        reaches = input.new(self.input_size).copy_(input.abs().eq(_spread(norm, self.input_size)))
        if self.dim is None:
            count = reaches.sum()
        else:
            count = _spread(reaches.sum(self.dim), self.input_size)
        share = _spread(grad_output, self.input_size).div_(count)
        return share.mul_(input.sign()).mul_(reaches)


class Var(_Reduction):
    """The variance, dividing by n - 1 (unbiased) or n: d var / d x = 2 (x - mean) / (n - 1)."""

    def __init__(self, dim=None, unbiased=True):
        super(Var, self).__init__(dim)
        self.unbiased = unbiased

    def forward(self, input):
        self.save_for_backward(input)
        return super(Var, self).forward(input)

    def _whole(self, input):
        return input.var(self.unbiased)

    def _along(self, input, dim):
        return input.var(dim, self.unbiased)

    def _centered(self, input):
        """input - its mean (over everything, or along dim), divided by the var's divisor."""
        mean = input.mean() if self.dim is None else input.mean(self.dim).expand(input.size())
        divisor = self._count() - (1 if self.unbiased else 0)
        return input.sub(mean).div_(divisor)

    def backward(self, grad_output):
        input, = self.saved_tensors
        return self._centered(input).mul_(2).mul_(_spread(grad_output, self.input_size))


class Std(Var):
    """sqrt(var): d std / d x = (x - mean) / ((n - 1) std)."""

    def forward(self, input):
        result = super(Std, self).forward(input)
        self.save_for_backward(input, result)
        return result

    def _whole(self, input):
        return input.std(self.unbiased)

    def _along(self, input, dim):
        return input.std(dim, self.unbiased)

    def backward(self, grad_output):
        # where std = 0 every element equals the mean, and the formula's 0 / 0 is 0 (as in
        # modern PyTorch)
        input, std = self.saved_tensors
        scale = grad_output.div(std).masked_fill_(std.eq(0), 0)
        return self._centered(input).mul_(_spread(scale, self.input_size))


class _Selection(Function):
    """A reduction that picks one element of each slice along dim and returns (values, indices);
    the gradient of each value goes to the position it was picked from. Subclasses give
    `_select(input, dim)`."""

    def __init__(self, dim=-1):
        super(_Selection, self).__init__()
        self.dim = dim

    def forward(self, input):
        self.input_size = input.size()
        values, indices = self._select(input, self.dim)
        self.dim = _positive_dim(self.dim, input)
        self.mark_non_differentiable(indices)
        self.save_for_backward(indices)
        return values, indices

    def backward(self, grad_output, grad_indices=None):
        indices, = self.saved_tensors
        grad_input = grad_output.new(self.input_size).zero_()
        return grad_input.scatter_(self.dim, indices, grad_output)


class _Extremum(_Selection):
    """Max or min: over everything (dim None) a one-element output whose gradient goes to the
    position of the extremum; along dim, (values, indices) like the other selections."""

    def __init__(self, dim=None):
        super(_Extremum, self).__init__(dim)

    def forward(self, input):
        if self.dim is not None:
            return super(_Extremum, self).forward(input)
        self.input_size = input.size()
        value, index = self._select(input.contiguous().view(-1), 0)
        self.save_for_backward(index)
        return value

    def backward(self, grad_output, grad_indices=None):
        if self.dim is not None:
            return super(_Extremum, self).backward(grad_output)
        index, = self.saved_tensors
        grad_input = grad_output.new(self.input_size).zero_()
        grad_input.view(-1).scatter_(0, index, grad_output)
        return grad_input


class Max(_Extremum):

    def _select(self, input, dim):
        return input.max(dim)


class Min(_Extremum):

    def _select(self, input, dim):
        return input.min(dim)


class Mode(_Selection):

    def _select(self, input, dim):
        return input.mode(dim)


class Median(_Selection):

    def _select(self, input, dim):
        return input.median(dim)


class Kthvalue(_Selection):

    def __init__(self, k, dim=-1):
        super(Kthvalue, self).__init__(dim)
        self.k = k

    def _select(self, input, dim):
        return input.kthvalue(self.k, dim)


class Cumsum(Function):
    """Element i of the gradient is the sum of the output gradients at positions >= i along dim:
    a cumulative sum taken from the far end."""

    def __init__(self, dim):
        super(Cumsum, self).__init__()
        self.dim = dim

    def forward(self, input):
        result = input.cumsum(self.dim)
        self.dim = _positive_dim(self.dim, input)
        return result

    def backward(self, grad_output):
        return _reversed(_reversed(grad_output, self.dim).cumsum(self.dim), self.dim)


class Cumprod(Function):
    """y_j = x_0 ... x_j, so d y_j / d x_i (i <= j) is the product of x_0..x_j without x_i.

    The gradient at i is (x_0 ... x_(i-1)) * r_i with r_i = sum over j >= i of g_j times
    x_(i+1) ... x_j, which runs backwards as r_i = g_i + x_(i+1) r_(i+1). No division by x, so
    zeros in the input are handled exactly.
    """

    def __init__(self, dim):
        super(Cumprod, self).__init__()
        self.dim = dim

    def forward(self, input):
        result = input.cumprod(self.dim)
        self.dim = _positive_dim(self.dim, input)
        self.save_for_backward(input)
        return result

    def backward(self, grad_output):
        input, = self.saved_tensors
        dim = self.dim
        n = input.size(dim)
        grad_input = _exclusive_cumprod(input, dim)
        running = grad_output.narrow(dim, n - 1, 1).clone()
        grad_input.narrow(dim, n - 1, 1).mul_(running)
        for i in range(n - 2, -1, -1):
            running.mul_(input.narrow(dim, i + 1, 1)).add_(grad_output.narrow(dim, i, 1))
            grad_input.narrow(dim, i, 1).mul_(running)
        return grad_input


class Renorm(Function):
    """Each slice along dim whose p-norm N exceeds maxnorm is scaled by c = maxnorm / (N + 1e-7)
    (the tensor op's formula); the others pass unchanged. For a scaled slice,
        d (c x) / d x = c I - c / (N + 1e-7) * x (d N / d x)^T,
        d N / d x = sign(x) |x|^(p-1) / N^(p-1),
    so its gradient is c g - c / (N + 1e-7) * (x . g) * d N / d x."""

    def __init__(self, p, dim, maxnorm):
        super(Renorm, self).__init__()
        self.p = p
        self.dim = dim
        self.maxnorm = maxnorm

    def forward(self, input):
        result = input.renorm(self.p, self.dim, self.maxnorm)
        self.dim = _positive_dim(self.dim, input)
        self.save_for_backward(input)
        return result

    def _as_rows(self, tensor):
        """One row per slice along dim (a copy)."""
        moved = tensor.transpose(0, self.dim).contiguous()
        return moved.view(moved.size(0), -1)

    def backward(self, grad_output):
        input, = self.saved_tensors
        p = self.p
        x = self._as_rows(input)
        g = self._as_rows(grad_output)
        norm = x.norm(p, 1)
        # 1 for the rows that were scaled, 0 for those passed through.
        scaled = x.new(norm.size()).copy_(norm.gt(self.maxnorm))
        denominator = norm.add(1e-7)
        factor = denominator.pow(-1).mul_(self.maxnorm)
        row_scale = factor.sub(1).mul_(scaled).add_(1)
        # N^(p-1) on scaled rows (N > maxnorm >= 0), 1 elsewhere so nothing divides by zero.
        norm_power = norm.pow(p - 1).sub_(1).mul_(scaled).add_(1)
        coefficient = factor.div_(denominator).mul_(scaled).mul_(x.mul(g).sum(1)).div_(norm_power)
        norm_direction = x.abs().pow_(p - 1).mul_(x.sign())
        grad_rows = g.mul(row_scale.expand(g.size())).sub_(
            norm_direction.mul_(coefficient.expand(x.size())))
        moved = input.transpose(0, self.dim)
        return grad_rows.view(moved.size()).transpose(0, self.dim).contiguous()
