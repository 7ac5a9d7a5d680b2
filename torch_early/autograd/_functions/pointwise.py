"""Element-wise functions: exp, log, the trigonometric and hyperbolic family, clamp, rounding,
two-input max/min, lerp, addcmul and addcdiv.

Each backward multiplies the incoming gradient by the derivative at every element. Where the
derivative is cheapest written through the result (exp: y, tanh: 1 - y^2, sqrt: 1 / 2y) the
Function saves its output instead of its input; that is also what lets exp_, tanh_ and sigmoid_
run in place. The in-place forms of log, log1p, abs and clamp lose the input their derivative
needs, so they rebuild it from the output (log) or keep what they need before writing (abs, clamp).

No broadcasting in 0.1.x: operands need equal element counts, the result has the first one's
shape, and a gradient for a later operand is reshaped to that operand's own size.
"""

from ..function import Function, InplaceFunction
from .basic_ops import _as_size_of, _other_size

__all__ = ['Exp', 'Log', 'Log1p', 'Tanh', 'Sigmoid', 'Sinh', 'Cosh', 'Abs', 'Clamp', 'Sqrt',
           'Sin', 'Cos', 'Tan', 'Asin', 'Acos', 'Atan', 'Atan2', 'Reciprocal', 'Rsqrt',
           'Cmax', 'Cmin', 'CmaxConstant', 'CminConstant', 'Floor', 'Ceil', 'Round', 'Sign',
           'Trunc', 'Frac', 'Fmod', 'Remainder', 'Lerp', 'Addcmul', 'Addcdiv']


def _apply(tensor, name, inplace, *args, **kwargs):
    """tensor.name(*args) or, in place, tensor.name_(*args)."""
    if inplace:
        name += '_'
    return getattr(tensor, name)(*args, **kwargs)


class _SavesOutput(InplaceFunction):
    """A unary op whose derivative is a function of its output alone. It saves the output, so
    it may just as well overwrite its input: the in-place form costs nothing extra."""

    op_name = None

    def forward(self, i):
        if self.inplace:
            self.mark_dirty(i)
        result = _apply(i, self.op_name, self.inplace)
        self.save_for_backward(result)
        return result

    def backward(self, grad_output):
        result, = self.saved_tensors
        return self.derivative_times(grad_output, result)


class Exp(_SavesOutput):
    op_name = 'exp'

    def derivative_times(self, grad, result):
        return grad.mul(result)


class Tanh(_SavesOutput):
    op_name = 'tanh'

    def derivative_times(self, grad, result):
        # d tanh(x)/dx = 1 - tanh(x)^2
        return grad.mul(result.mul(result).neg_().add_(1))


class Sigmoid(_SavesOutput):
    op_name = 'sigmoid'

    def derivative_times(self, grad, result):
        # d sigmoid(x)/dx = y (1 - y)
        return grad.mul(result.neg().add_(1).mul_(result))


class Sqrt(_SavesOutput):
    op_name = 'sqrt'

    def derivative_times(self, grad, result):
        return grad.div(result.mul(2))


class Tan(_SavesOutput):
    op_name = 'tan'

    def derivative_times(self, grad, result):
        # d tan(x)/dx = 1 + tan(x)^2
        return grad.mul(result.mul(result).add_(1))


class Reciprocal(_SavesOutput):
    op_name = 'reciprocal'

    def derivative_times(self, grad, result):
        # d (1/x)/dx = -1/x^2 = -y^2
        return grad.mul(result).mul_(result).neg_()


class Rsqrt(_SavesOutput):
    op_name = 'rsqrt'

    def derivative_times(self, grad, result):
        # d x^(-1/2)/dx = -1/2 x^(-3/2) = -1/2 y^3
        return grad.mul(result).mul_(result).mul_(result).mul_(-0.5)


class _Logarithm(InplaceFunction):
    """log and log1p: d/dx is 1/x (or 1/(1+x)). Out of place it divides by the saved input;
    in place the input is gone, but exp(-y) is that same number."""

    op_name = None

    def forward(self, i):
        if self.inplace:
            self.mark_dirty(i)
            result = _apply(i, self.op_name, True)
            self.save_for_backward(result)
            return result
        self.save_for_backward(i)
        return _apply(i, self.op_name, False)

    def backward(self, grad_output):
        saved, = self.saved_tensors
        if self.inplace:
            return grad_output.mul(saved.neg().exp_())
        return grad_output.div(self.argument(saved))


class Log(_Logarithm):
    op_name = 'log'

    def argument(self, i):
        return i


class Log1p(_Logarithm):
    op_name = 'log1p'

    def argument(self, i):
        return i.add(1)


class _SavesInput(Function):
    """A unary op whose derivative needs its input: out of place only."""

    op_name = None

    def forward(self, i):
        self.save_for_backward(i)
        return getattr(i, self.op_name)()

    def backward(self, grad_output):
        i, = self.saved_tensors
        return self.derivative_times(grad_output, i)


class Sinh(_SavesInput):
    op_name = 'sinh'

    def derivative_times(self, grad, i):
        return grad.mul(i.cosh())


class Cosh(_SavesInput):
    op_name = 'cosh'

    def derivative_times(self, grad, i):
        return grad.mul(i.sinh())


class Sin(_SavesInput):
    op_name = 'sin'

    def derivative_times(self, grad, i):
        return grad.mul(i.cos())


class Cos(_SavesInput):
    op_name = 'cos'

    def derivative_times(self, grad, i):
        return grad.mul(i.sin()).neg_()


class Asin(_SavesInput):
    op_name = 'asin'

    def derivative_times(self, grad, i):
        # d asin(x)/dx = 1 / sqrt(1 - x^2)
        return grad.mul(i.mul(i).neg_().add_(1).rsqrt_())


class Acos(_SavesInput):
    op_name = 'acos'

    def derivative_times(self, grad, i):
        # d acos(x)/dx = -1 / sqrt(1 - x^2)
        return grad.mul(i.mul(i).neg_().add_(1).rsqrt_()).neg_()


class Atan(_SavesInput):
    op_name = 'atan'

    def derivative_times(self, grad, i):
        # d atan(x)/dx = 1 / (1 + x^2)
        return grad.div(i.mul(i).add_(1))


class Abs(InplaceFunction):
    """|x|, whose derivative is sign(x). In place, the sign is taken before x is overwritten."""

    def forward(self, i):
        if self.inplace:
            self.mark_dirty(i)
            self.save_for_backward(i.sign() if self.requires_grad else None)
            return i.abs_()
        self.save_for_backward(i)
        return i.abs()

    def backward(self, grad_output):
        saved, = self.saved_tensors
        sign = saved if self.inplace else saved.sign()
        return grad_output.mul(sign)


class Clamp(InplaceFunction):
    """x clamped to [min_val, max_val]; either bound may be None. The gradient passes where
    min_val <= x <= max_val and is zero where the bound took over."""

    def __init__(self, min_val=None, max_val=None, inplace=False):
        super(Clamp, self).__init__(inplace)
        if min_val is None and max_val is None:
            raise ValueError("Clamp needs min_val, max_val or both")
        self.min_val = min_val
        self.max_val = max_val

    def forward(self, i):
        if self.inplace:
            # The input is about to be overwritten: keep which elements get clamped.
            self.mark_dirty(i)
            self.save_for_backward(self._clamped_mask(i) if self.requires_grad else None)
        else:
            self.save_for_backward(i)
        if self.max_val is None:
            return _apply(i, 'clamp', self.inplace, min=self.min_val)
        if self.min_val is None:
            return _apply(i, 'clamp', self.inplace, max=self.max_val)
        return _apply(i, 'clamp', self.inplace, self.min_val, self.max_val)

    def backward(self, grad_output):
        saved, = self.saved_tensors
        mask = saved if self.inplace else self._clamped_mask(saved)
        return grad_output.clone().masked_fill_(mask, 0)

    def _clamped_mask(self, i):
        """A ByteTensor, 1 where x lies outside the bounds."""
        if self.min_val is None:
            return i.gt(self.max_val)
        below = i.lt(self.min_val)
        if self.max_val is None:
            return below
        return below.add_(i.gt(self.max_val))


class Atan2(Function):
    """atan2(y, x), the angle of the point (x, y): d/dy = x / r^2, d/dx = -y / r^2."""

    def forward(self, y, x):
        self.x_size = _other_size(y, x)
        self.save_for_backward(y, x)
        return y.atan2(x)

    def backward(self, grad_output):
        y, x = self.saved_tensors
        grad_over_r2 = grad_output.div(y.mul(y).add_(x.mul(x)))
        grad_y = grad_x = None
        if self.needs_input_grad[0]:
            grad_y = grad_over_r2.mul(x)
        if self.needs_input_grad[1]:
            grad_x = _as_size_of(grad_over_r2.mul_(y).neg_(), self.x_size)
        return grad_y, grad_x


class _ElementwiseChoice(Function):
    """max or min of two Variables element by element: each element of the gradient goes to the
    operand that was chosen there (the first one on ties). `a_wins` and `b_wins` name the
    comparisons that say where each operand was chosen."""

    op_name = None
    a_wins = None
    b_wins = None

    def forward(self, a, b):
        self.b_size = _other_size(a, b)
        self.save_for_backward(a, b)
        return getattr(a, self.op_name)(b)

    def backward(self, grad_output):
        a, b = self.saved_tensors
        grad_a = grad_b = None
        if self.needs_input_grad[0]:
            b_chosen = getattr(a, self.b_wins)(b)
            grad_a = grad_output.clone().masked_fill_(b_chosen, 0)
        if self.needs_input_grad[1]:
            a_chosen = getattr(a, self.a_wins)(b)
            grad_b = _as_size_of(grad_output.clone().masked_fill_(a_chosen, 0), self.b_size)
        return grad_a, grad_b


class Cmax(_ElementwiseChoice):
    op_name = 'cmax'
    a_wins = 'ge'
    b_wins = 'lt'


class Cmin(_ElementwiseChoice):
    op_name = 'cmin'
    a_wins = 'le'
    b_wins = 'gt'


class _ConstantChoice(Function):
    """max or min of a Variable and a number: the gradient passes where the Variable was
    chosen (also on ties); `constant_wins` names the comparison that says where it was not."""

    op_name = None
    constant_wins = None

    def __init__(self, constant):
        super(_ConstantChoice, self).__init__()
        self.constant = constant

    def forward(self, i):
        self.save_for_backward(i)
        return getattr(i, self.op_name)(self.constant)

    def backward(self, grad_output):
        i, = self.saved_tensors
        constant_chosen = getattr(i, self.constant_wins)(self.constant)
        return grad_output.clone().masked_fill_(constant_chosen, 0)


class CmaxConstant(_ConstantChoice):
    op_name = 'cmax'
    constant_wins = 'lt'


class CminConstant(_ConstantChoice):
    op_name = 'cmin'
    constant_wins = 'gt'


class _ConstantGrad(Function):
    """An op whose derivative is one number wherever it exists: 0 for the steps (floor, ceil,
    round, sign, trunc), 1 for the saw-tooths (frac, fmod, remainder). Nothing is saved."""

    op_name = None
    grad_value = 0

    def __init__(self, *args):
        super(_ConstantGrad, self).__init__()
        self.args = args

    def forward(self, i):
        return getattr(i, self.op_name)(*self.args)

    def backward(self, grad_output):
        if self.grad_value == 1:
            return grad_output
        return grad_output.new(grad_output.size()).zero_()


class Floor(_ConstantGrad):
    op_name = 'floor'


class Ceil(_ConstantGrad):
    op_name = 'ceil'


class Round(_ConstantGrad):
    op_name = 'round'


class Sign(_ConstantGrad):
    op_name = 'sign'


class Trunc(_ConstantGrad):
    op_name = 'trunc'


class Frac(_ConstantGrad):
    op_name = 'frac'
    grad_value = 1


class Fmod(_ConstantGrad):
    """x mod constant, with the sign of x (C's fmod)."""
    op_name = 'fmod'
    grad_value = 1

    def __init__(self, constant):
        super(Fmod, self).__init__(constant)


class Remainder(_ConstantGrad):
    """x mod constant, with the sign of the constant (Python's %)."""
    op_name = 'remainder'
    grad_value = 1

    def __init__(self, constant):
        super(Remainder, self).__init__(constant)


class Lerp(Function):
    """start + weight * (end - start): the gradient is split (1 - weight) : weight."""

    def __init__(self, weight):
        super(Lerp, self).__init__()
        self.weight = weight

    def forward(self, start, end):
        self.end_size = _other_size(start, end)
        return start.lerp(end, self.weight)

    def backward(self, grad_output):
        grad_start = grad_end = None
        if self.needs_input_grad[0]:
            grad_start = grad_output.mul(1 - self.weight)
        if self.needs_input_grad[1]:
            grad_end = _as_size_of(grad_output.mul(self.weight), self.end_size)
        return grad_start, grad_end


class _AddScaledPair(InplaceFunction):
    """add_tensor + scale * (t1 op t2) for op * (addcmul) or / (addcdiv). In place it overwrites
    add_tensor, which backward does not need; but t1 and t2 are needed, so they must not share
    memory with it."""

    op_name = None

    def __init__(self, scale=1, inplace=False):
        super(_AddScaledPair, self).__init__(inplace)
        self.scale = scale

    def forward(self, add_tensor, t1, t2):
        self.t1_size = _other_size(add_tensor, t1)
        self.t2_size = _other_size(add_tensor, t2)
        if self.inplace:
            self._check_no_overlap(add_tensor, t1, t2)
            self.mark_dirty(add_tensor)
        self.save_for_backward(t1, t2)
        return _apply(add_tensor, self.op_name, self.inplace, self.scale, t1, t2)

    def _check_no_overlap(self, add_tensor, t1, t2):
        if not self.requires_grad or not (self.needs_input_grad[1] or self.needs_input_grad[2]):
            return
        for factor in (t1, t2):
            if _same_storage(factor, add_tensor):
                raise RuntimeError(
                    "{}_: tensor1 and tensor2 must not share memory with the Variable changed "
                    "in place, because their gradients need its old values; use {} (out of "
                    "place) instead".format(self.op_name, self.op_name))

    def backward(self, grad_output):
        t1, t2 = self.saved_tensors
        grad_add = grad_output if self.needs_input_grad[0] else None
        grad_t1 = grad_t2 = None
        if self.needs_input_grad[1]:
            grad_t1 = _as_size_of(self.grad_t1(grad_output, t1, t2), self.t1_size)
        if self.needs_input_grad[2]:
            grad_t2 = _as_size_of(self.grad_t2(grad_output, t1, t2), self.t2_size)
        return grad_add, grad_t1, grad_t2


class Addcmul(_AddScaledPair):
    op_name = 'addcmul'

    def grad_t1(self, grad, t1, t2):
        return grad.mul(t2).mul_(self.scale)

    def grad_t2(self, grad, t1, t2):
        return grad.mul(t1).mul_(self.scale)


class Addcdiv(_AddScaledPair):
    op_name = 'addcdiv'

    def grad_t1(self, grad, t1, t2):
        return grad.div(t2).mul_(self.scale)

    def grad_t2(self, grad, t1, t2):
        # d (t1/t2)/dt2 = -t1 / t2^2
        return grad.mul(t1).div_(t2).div_(t2).mul_(-self.scale)


def _same_storage(a, b):
    storage_a, storage_b = a.storage(), b.storage()
    return (storage_a is not None and storage_b is not None and
            storage_a.data_ptr() == storage_b.data_ptr())
