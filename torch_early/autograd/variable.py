"""Variable: a tensor that remembers how it was made.

A Variable wraps a tensor (`.data`). One made by the user is a leaf: `creator` is None and, when it
`requires_grad`, backward accumulates its gradient into `.grad`. One made by an operation has that
operation's Function as `creator`; `output_nr` says which output of the creator it is.

Every differentiable method below builds a fresh Function object and calls it on `self` and the
Variable operands; the Function classes live in `_functions/`, one module per family.

`_version_counter` counts in-place changes. Views share their base's counter, so a Function that
saved a tensor can tell, at backward time, that someone changed it since; the counter also knows
how many live Variables view the storage, and an in-place operation refuses to run while there
is more than one (function.py).
"""

import numbers
import weakref
from collections import OrderedDict

from .. import _release
from .._C import TensorIndexError
from .._utils import _wrap_dim
from ..utils.hooks import RemovableHandle
from .engine import ExecutionEngine, sum_gradients


class _VersionCounter(object):
    """The number of in-place changes of some data, shared by every Variable that views it.
    Once a second Variable joins, `_views` maps id(variable) to a weak reference to it (an entry
    leaves when its Variable dies), so that the live ones can be counted."""

    __slots__ = ('value', '_views')

    def __init__(self):
        self.value = 0
        self._views = None

    def join(self, owner, view):
        """`view`, a new Variable over owner's data, shares owner's counter from now on."""
        if self._views is None:
            self._views = {}
            _track(self._views, owner)
        _track(self._views, view)
        view._version_counter = self

    def live_variables(self):
        return 1 if self._views is None else len(self._views)


def _track(views, var):
    key = id(var)
    views[key] = weakref.ref(var, lambda ref: views.pop(key, None))


# Attributes that read straight through to the tensor: `v.size()` is `v.data.size()`.
_FALLTHROUGH_ATTRIBUTES = frozenset([
    'size', 'stride', 'nelement', 'ndimension', 'element_size', 'is_contiguous', 'is_set_to',
    'is_size', 'is_signed', 'numel', 'dim', 'get_device', 'is_cuda',
])


def _is_tensor(obj):
    import torch_early
    return torch_early.is_tensor(obj)


class Variable(object):
    """Variable(tensor, creator=None, requires_grad=False, volatile=False) — see the module
    docstring. The flags are keyword-only.

    volatile=True marks inference-only work: an operation with any volatile input builds no
    graph, and its result is volatile too. `creator` makes the Variable output 0 of a Function
    (Functions do this for their outputs themselves).
    """

    __slots__ = ('data', 'creator', 'output_nr', 'volatile', '_requires_grad', '_grad',
                 '_version_counter', '_backward_hooks', '__weakref__')

    _execution_engine = ExecutionEngine()

    def __init__(self, tensor, *, creator=None, requires_grad=False, volatile=False):
        if not _is_tensor(tensor):
            raise TypeError("Variable data has to be a tensor, but got {}".format(
                type(tensor).__name__))
        if creator is not None:
            from .function import Function
            if not isinstance(creator, Function):
                raise TypeError("Variable creator has to be a Function or None, but got "
                                "{}".format(type(creator).__name__))
        self.data = tensor
        self.creator = creator
        self.output_nr = 0
        self.volatile = bool(volatile)
        self._requires_grad = bool(requires_grad) and not volatile
        self._grad = None
        self._version_counter = _VersionCounter()
        self._backward_hooks = None

    @staticmethod
    def _make(tensor, creator, output_nr, requires_grad, volatile):
        """The fast constructor Functions use for their outputs (no checks)."""
        var = object.__new__(Variable)
        var.data = tensor
        var.creator = creator
        var.output_nr = output_nr
        var.volatile = volatile
        var._requires_grad = requires_grad
        var._grad = None
        var._version_counter = _VersionCounter()
        var._backward_hooks = None
        return var

    # -- flags and gradient ----------------------------------------------------------------

    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if self.creator is not None:
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to use "
                "a computed variable in a subgraph that doesn't require differentiation use "
                "var_no_grad = var.detach().")
        self._requires_grad = bool(value) and not self.volatile

    @property
    def grad(self):
        """The accumulated gradient of a leaf (a Variable): None until a backward reaches it,
        as from v0.1.10. Under the rules of 0.1.6-0.1.9 (_release.py) a leaf that requires grad
        gets zeros on first reading instead."""
        if (self._grad is None and self._requires_grad and self.creator is None
                and _release.before_0_1_10()):
            self._grad = Variable(self.data.new(self.data.size()).zero_())
        return self._grad

    @property
    def _version(self):
        """How many in-place operations changed this Variable (or a view sharing its data)."""
        return self._version_counter.value

    def __getattr__(self, name):
        if name in _FALLTHROUGH_ATTRIBUTES:
            return getattr(self.data, name)
        raise AttributeError("'Variable' object has no attribute '{}'".format(name))

    def is_same_size(self, other):
        if isinstance(other, Variable):
            other = other.data
        return self.data.is_same_size(other)

    # -- backward ----------------------------------------------------------------------------

    def backward(self, gradient=None, retain_variables=False):
        """Compute the gradient of this Variable with respect to the graph leaves; they
        accumulate it into `.grad`. `gradient` may be omitted for a one-element Variable. On a
        Variable that does not require grad (a loss made of samples) only the stochastic nodes
        of its graph are trained, by their rewards."""
        gradient = _root_gradient(self, gradient)
        self._execution_engine.run_backward((self,), (gradient,), retain_variables)

    def _do_backward(self, grad_output, retain_variables):
        """A leaf's end of backward: hooks, then accumulation into `.grad`."""
        if self._version_counter.value != 0:
            raise RuntimeError("leaf variable was used in an inplace operation")
        grad = grad_output[0]
        if self._backward_hooks:
            for hook in list(self._backward_hooks.values()):
                replacement = hook(Variable(grad))
                if replacement is not None:
                    grad = replacement.data if isinstance(replacement, Variable) else replacement
        if self._grad is None:
            self._grad = Variable(grad.clone())
        elif self._grad.data.is_sparse and not grad.is_sparse:
            # a sparse gradient so far, a dense one now: the sum is dense
            self._grad.data = sum_gradients(self._grad.data, grad)
        else:
            self._grad.data.add_(grad)
        return ()

    def register_hook(self, hook):
        """Call `hook(grad)` with this Variable's gradient (a Variable) during backward; a hook
        that returns a value replaces the gradient with it. Returns a handle whose `remove()`
        takes the hook off."""
        if self.volatile:
            raise RuntimeError("cannot register a hook on a volatile variable")
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a variable that doesn't require "
                               "gradient")
        if self._backward_hooks is None:
            # a leaf runs its own hooks; a computed Variable's are run by its creator
            self._backward_hooks = (OrderedDict() if self.creator is None else
                                    self.creator._output_hooks_for(self.output_nr))
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def detach(self):
        """A new Variable over this Variable's data (sharing its version counter) that never
        requires grad and has no creator: the graph stops here. volatile is kept. (Under the
        rules of 0.1.6-0.1.9, _release.py, its creator is the NoGrad node that made it.)"""
        result = NoGrad()(self)         # merges the version counters
        if not _release.before_0_1_10():
            result.creator = None
        return result

    def detach_(self):
        """Cut this Variable off its graph: it becomes a leaf that does not require grad."""
        self.creator = None
        self.output_nr = 0
        self._requires_grad = False

    def reinforce(self, reward):
        """Give the reward for the sample this stochastic Variable holds; its creator's backward
        turns it into a REINFORCE gradient."""
        from .stochastic_function import StochasticFunction
        if not isinstance(self.creator, StochasticFunction):
            raise RuntimeError("reinforce() can be only called on outputs of stochastic "
                               "functions")
        self.creator._reinforce(reward)

    # -- Python protocols --------------------------------------------------------------------

    def __repr__(self):
        return 'Variable containing:' + repr(self.data)

    __hash__ = object.__hash__

    def __len__(self):
        return len(self.data)

    def __deepcopy__(self, memo):
        if self.creator is not None:
            raise RuntimeError("Only Variables created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment")
        result = type(self).__new__(type(self))
        Variable.__init__(result, self.data.clone(), requires_grad=self._requires_grad,
                          volatile=self.volatile)
        memo[id(self)] = result
        return result

    def __reduce_ex__(self, protocol):
        if self.creator is not None:
            raise RuntimeError("Only Variables created explicitly by the user (graph leaves) "
                               "can be pickled")
        return _rebuild_variable, (type(self), self.data, self._requires_grad, self.volatile)

    # ==========================================================================================
    # Arithmetic (basic_ops)
    # ==========================================================================================

    def add(self, other):
        return self._add(other, False)

    def add_(self, other):
        return self._add(other, True)

    def _add(self, other, inplace):
        if isinstance(other, Variable):
            return Add(inplace)(self, other)
        return AddConstant(_number(other, 'add'), inplace)(self)

    def sub(self, other):
        return self._sub(other, False)

    def sub_(self, other):
        return self._sub(other, True)

    def _sub(self, other, inplace):
        if isinstance(other, Variable):
            return Sub(inplace)(self, other)
        return SubConstant(_number(other, 'sub'), inplace=inplace)(self)

    def mul(self, other):
        if isinstance(other, Variable):
            return Mul()(self, other)
        return MulConstant(_number(other, 'mul'))(self)

    def mul_(self, other):
        return MulConstant(_scalar_only(other, 'mul_', 'multiplication'), inplace=True)(self)

    def div(self, other):
        if isinstance(other, Variable):
            return Div()(self, other)
        return DivConstant(_number(other, 'div'))(self)

    def div_(self, other):
        return DivConstant(_scalar_only(other, 'div_', 'division'), inplace=True)(self)

    def pow(self, other):
        if isinstance(other, Variable):
            return Pow()(self, other)
        return PowConstant(_number(other, 'pow'))(self)

    def neg(self):
        return Negate()(self)

    def neg_(self):
        return Negate(True)(self)

    def __rsub__(self, other):
        return SubConstant(_number(other, 'sub'), sub_tensor=True)(self)

    def __rtruediv__(self, other):
        return DivConstant(_number(other, 'div'), div_by_tensor=True)(self)

    def __rpow__(self, other):
        return PowConstant(_number(other, 'pow'), tensor_power=True)(self)

    __add__ = __radd__ = add
    __iadd__ = add_
    __sub__ = sub
    __isub__ = sub_
    __mul__ = __rmul__ = mul
    __imul__ = mul_
    __truediv__ = __div__ = div
    __rdiv__ = __rtruediv__
    __itruediv__ = __idiv__ = div_
    __pow__ = pow
    __neg__ = neg

    def __ipow__(self, other):
        raise NotImplementedError("in-place pow not implemented")

    def __mod__(self, other):
        return self.remainder(other)

    # ==========================================================================================
    # Sampling (stochastic): trained with reinforce(reward)
    # ==========================================================================================

    def multinomial(self, num_samples=1, with_replacement=False):
        return Multinomial(num_samples, with_replacement)(self)

    def bernoulli(self):
        return Bernoulli()(self)

    # ==========================================================================================
    # Pointwise and comparison (pointwise, compare)
    # ==========================================================================================

    def exp(self):
        return Exp()(self)

    def exp_(self):
        return Exp(inplace=True)(self)

    def log(self):
        return Log()(self)

    def log_(self):
        return Log(inplace=True)(self)

    def log1p(self):
        return Log1p()(self)

    def log1p_(self):
        return Log1p(inplace=True)(self)

    def tanh(self):
        return Tanh()(self)

    def tanh_(self):
        return Tanh(inplace=True)(self)

    def sigmoid(self):
        return Sigmoid()(self)

    def sigmoid_(self):
        return Sigmoid(inplace=True)(self)

    def abs(self):
        return Abs()(self)

    def abs_(self):
        return Abs(inplace=True)(self)

    def sinh(self):
        return Sinh()(self)

    def cosh(self):
        return Cosh()(self)

    def sqrt(self):
        return Sqrt()(self)

    def sin(self):
        return Sin()(self)

    def cos(self):
        return Cos()(self)

    def tan(self):
        return Tan()(self)

    def asin(self):
        return Asin()(self)

    def acos(self):
        return Acos()(self)

    def atan(self):
        return Atan()(self)

    def atan2(self, other):
        return Atan2()(self, other)

    def reciprocal(self):
        return Reciprocal()(self)

    def rsqrt(self):
        return Rsqrt()(self)

    def floor(self):
        return Floor()(self)

    def ceil(self):
        return Ceil()(self)

    def round(self):
        return Round()(self)

    def sign(self):
        return Sign()(self)

    def trunc(self):
        return Trunc()(self)

    def frac(self):
        return Frac()(self)

    def fmod(self, value):
        return Fmod(_number(value, 'fmod', variables=False))(self)

    def remainder(self, value):
        return Remainder(_number(value, 'remainder', variables=False))(self)

    def clamp(self, min=None, max=None):
        return self._clamp(min, max, False)

    def clamp_(self, min=None, max=None):
        return self._clamp(min, max, True)

    def _clamp(self, min_val, max_val, inplace):
        name = 'clamp_' if inplace else 'clamp'
        if min_val is None and max_val is None:
            raise TypeError(name + "() needs min, max or both")
        if min_val is not None:
            _number(min_val, name, variables=False)
        if max_val is not None:
            _number(max_val, name, variables=False)
        return Clamp(min_val, max_val, inplace)(self)

    def lerp(self, end, weight):
        return Lerp(_number(weight, 'lerp', variables=False))(self, end)

    def addcmul(self, *args, **kwargs):
        return self._add_scaled_pair(Addcmul, 'addcmul', False, args, kwargs)

    def addcmul_(self, *args, **kwargs):
        return self._add_scaled_pair(Addcmul, 'addcmul_', True, args, kwargs)

    def addcdiv(self, *args, **kwargs):
        return self._add_scaled_pair(Addcdiv, 'addcdiv', False, args, kwargs)

    def addcdiv_(self, *args, **kwargs):
        return self._add_scaled_pair(Addcdiv, 'addcdiv_', True, args, kwargs)

    def _add_scaled_pair(self, function_class, name, inplace, args, kwargs):
        """addcmul/addcdiv take (tensor1, tensor2) or (value, tensor1, tensor2), positionally
        or by those keywords; value defaults to 1."""
        all_names = ('value', 'tensor1', 'tensor2')
        names = all_names if args and not isinstance(args[0], Variable) else all_names[1:]
        if len(args) > len(names):
            raise TypeError("{}() takes at most 3 arguments (value, tensor1, tensor2), but got "
                            "{}".format(name, len(args)))
        bound = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in all_names:
                raise TypeError("{}() got an unexpected keyword argument '{}'".format(name, key))
            if key in bound:
                raise TypeError("{}() got multiple values for argument '{}'".format(name, key))
            bound[key] = value
        missing = [key for key in all_names[1:] if key not in bound]
        if missing:
            raise TypeError("{}() is missing the Variable argument(s) {}".format(
                name, ', '.join(missing)))
        value = bound.get('value', 1)
        if not isinstance(value, numbers.Number):
            raise TypeError("{}() expects a number for 'value', but got {}{}".format(
                name, type(value).__name__,
                '; wrap tensors in Variables' if _is_tensor(value) else ''))
        return function_class(value, inplace)(self, bound['tensor1'], bound['tensor2'])

    # The element-wise max and min; Variable.max/min reach the same Functions.
    def cmax(self, other):
        if isinstance(other, Variable):
            return Cmax()(self, other)
        return CmaxConstant(_number(other, 'cmax'))(self)

    def cmin(self, other):
        if isinstance(other, Variable):
            return Cmin()(self, other)
        return CminConstant(_number(other, 'cmin'))(self)

    # Names kept from Lua Torch.
    cinv = reciprocal
    cmul = mul
    cdiv = div
    csub = sub
    cpow = pow
    __abs__ = abs

    # -- comparisons: Variables of ByteTensor that never require grad ------------------------

    def eq(self, other):
        return self._compare(Eq, 'eq', other)

    def ne(self, other):
        return self._compare(Ne, 'ne', other)

    def lt(self, other):
        return self._compare(Lt, 'lt', other)

    def le(self, other):
        return self._compare(Le, 'le', other)

    def gt(self, other):
        return self._compare(Gt, 'gt', other)

    def ge(self, other):
        return self._compare(Ge, 'ge', other)

    def _compare(self, function_class, name, other):
        if isinstance(other, Variable):
            return function_class()(self, other)
        return function_class(_number(other, name))(self)

    # The operators are the methods, whatever the other operand: `v == None` raises a TypeError
    # as v.eq(None) does, where Python's default would quietly say False. Releases 0.1.6-0.1.9
    # had no comparison operators: == and != compared identities (_release.py).
    def __eq__(self, other):
        if _release.before_0_1_10():
            return self is other
        return self.eq(other)

    def __ne__(self, other):
        if _release.before_0_1_10():
            return self is not other
        return self.ne(other)

    __lt__ = lt
    __le__ = le
    __gt__ = gt
    __ge__ = ge

    def __bool__(self):
        # As for a tensor: an empty Variable is False, any other is ambiguous (RuntimeError).
        return bool(self.data)

    # A class body that defines __eq__ loses the inherited hash unless it sets __hash__ itself:
    # Variables stay hashable by identity (they are dict keys and set members).
    __hash__ = object.__hash__

    # ----- end of pointwise and comparison -----

    # ==========================================================================================
    # Reductions, BLAS and linear algebra (reduce, blas, linalg)
    # ==========================================================================================

    # Reductions: over everything (no dim) the result is a one-element Variable, so that
    # `loss.backward()` works on it; along a dim it keeps that dim with size 1.

    def sum(self, dim=None):
        return Sum(dim)(self)

    def mean(self, dim=None):
        return Mean(dim)(self)

    def prod(self, dim=None):
        return Prod(dim)(self)

    def max(self, dim=None):
        """max() of everything; max(dim) -> (values, indices); max(Variable) or max(float)
        element-wise."""
        return self._extremum(dim, 'max')

    def min(self, dim=None):
        """min() of everything; min(dim) -> (values, indices); min(Variable) or min(float)
        element-wise."""
        return self._extremum(dim, 'min')

    def _extremum(self, arg, name):
        if arg is None:
            return (Max if name == 'max' else Min)()(self)
        if isinstance(arg, Variable):
            return (Cmax if name == 'max' else Cmin)()(self, arg)
        if isinstance(arg, int) and not isinstance(arg, bool):
            return (Max if name == 'max' else Min)(arg)(self)
        if isinstance(arg, numbers.Real) and not isinstance(arg, bool):
            return (CmaxConstant if name == 'max' else CminConstant)(arg)(self)
        hint = '; wrap a tensor in a Variable' if _is_tensor(arg) else ''
        raise TypeError("{}() of a Variable accepts nothing, a dim (int), a Variable or a "
                        "number, but got {}{}".format(name, type(arg).__name__, hint))

    def mode(self, dim=-1):
        return Mode(dim)(self)

    def median(self, dim=-1):
        return Median(dim)(self)

    def kthvalue(self, k, dim=-1):
        return Kthvalue(k, dim)(self)

    def norm(self, p=2, dim=None):
        return Norm(p, dim)(self)

    def dist(self, other, p=2):
        """The p-norm of self - other (as many elements)."""
        if not isinstance(other, Variable):
            raise TypeError("dist() of a Variable expects a Variable, but got {}".format(
                type(other).__name__))
        return self.sub(other).norm(p)

    def var(self, dim=None, unbiased=True):
        """var(), var(unbiased), var(dim), var(dim, unbiased); unbiased divides by n - 1."""
        if isinstance(dim, bool):
            dim, unbiased = None, dim
        return Var(dim, unbiased)(self)

    def std(self, dim=None, unbiased=True):
        """std(), std(unbiased), std(dim), std(dim, unbiased); unbiased divides by n - 1."""
        if isinstance(dim, bool):
            dim, unbiased = None, dim
        return Std(dim, unbiased)(self)

    def cumsum(self, dim):
        return Cumsum(dim)(self)

    def cumprod(self, dim):
        return Cumprod(dim)(self)

    def renorm(self, p, dim, maxnorm):
        return Renorm(p, dim, maxnorm)(self)

    # BLAS. The add-forms take the tensor methods' positional scalars: m.addmm(mat1, mat2),
    # m.addmm(beta, mat1, mat2), m.addmm(beta, alpha, mat1, mat2) = beta * m + alpha * mat1 @ mat2.
    # The Functions name the two scales the other way round (alpha for the added tensor).

    def addmm(self, *args):
        return self._blas(Addmm, args, False, 'addmm', 'mat1, mat2')

    def addmm_(self, *args):
        return self._blas(Addmm, args, True, 'addmm_', 'mat1, mat2')

    def addbmm(self, *args):
        return self._blas(Addbmm, args, False, 'addbmm', 'batch1, batch2')

    def addbmm_(self, *args):
        return self._blas(Addbmm, args, True, 'addbmm_', 'batch1, batch2')

    def baddbmm(self, *args):
        return self._blas(Baddbmm, args, False, 'baddbmm', 'batch1, batch2')

    def baddbmm_(self, *args):
        return self._blas(Baddbmm, args, True, 'baddbmm_', 'batch1, batch2')

    def addmv(self, *args):
        return self._blas(Addmv, args, False, 'addmv', 'mat, vec')

    def addmv_(self, *args):
        return self._blas(Addmv, args, True, 'addmv_', 'mat, vec')

    def addr(self, *args):
        return self._blas(Addr, args, False, 'addr', 'vec1, vec2')

    def addr_(self, *args):
        return self._blas(Addr, args, True, 'addr_', 'vec1, vec2')

    def _blas(self, cls, args, inplace, name, operands):
        if len(args) == 2:
            beta, alpha = 1, 1
        elif len(args) == 3:
            beta, alpha = args[0], 1
        elif len(args) == 4:
            beta, alpha = args[0], args[1]
        else:
            raise TypeError("{}() takes ([beta,] [alpha,] {}), but got {} arguments".format(
                name, operands, len(args)))
        beta = _number(beta, name, variables=False)
        alpha = _number(alpha, name, variables=False)
        return cls(beta, alpha, inplace)(self, args[-2], args[-1])

    # The plain products are the add-forms with alpha = 0; the tensor to add is an empty
    # stand-in that the Function never reads (it calls the tensor's mm, bmm, mv or ger).

    def mm(self, matrix):
        self._check_dims('mm', 'mat2', (self, 2), (matrix, 2))
        output = Variable(self.data.new())
        return Addmm(0, 1)(output, self, matrix)

    def bmm(self, batch):
        self._check_dims('bmm', 'batch2', (self, 3), (batch, 3))
        output = Variable(self.data.new())
        return Baddbmm(0, 1)(output, self, batch)

    def mv(self, vector):
        self._check_dims('mv', 'vec', (self, 2), (vector, 1))
        output = Variable(self.data.new())
        return Addmv(0, 1)(output, self, vector)

    def ger(self, vector):
        self._check_dims('ger', 'vec2', (self, 1), (vector, 1))
        output = Variable(self.data.new())
        return Addr(0, 1)(output, self, vector)

    @staticmethod
    def _check_dims(name, operand_name, *operands):
        """A TypeError unless every operand is a Variable, a RuntimeError unless each has the
        number of dimensions it is paired with."""
        for position, (operand, dims) in enumerate(operands):
            label = 'self' if position == 0 else operand_name
            if not isinstance(operand, Variable):
                raise TypeError("{}() of a Variable expects a Variable for '{}', but got "
                                "{}".format(name, label, type(operand).__name__))
            if operand.data.dim() != dims:
                raise RuntimeError("{}() expects a {}D '{}', but got a {}D Variable of size "
                                   "{}".format(name, dims, label, operand.data.dim(),
                                               _size_str(operand.data)))

    def dot(self, other):
        return Dot()(self, other)

    def __matmul__(self, other):
        """self @ other for vectors and matrices: dot, matrix-vector or matrix product."""
        if not isinstance(other, Variable):
            return NotImplemented
        dim_self, dim_other = self.data.dim(), other.data.dim()
        if dim_self == 1 and dim_other == 1:
            return self.dot(other)
        if dim_self == 2 and dim_other == 2:
            return self.mm(other)
        if dim_self == 2 and dim_other == 1:
            return self.mv(other)
        if dim_self == 1 and dim_other == 2:
            return self.unsqueeze(0).mm(other).squeeze(0)
        raise ValueError("both arguments to __matmul__ need to be 1D or 2D, "
                         "but they are {}D and {}D".format(dim_self, dim_other))

    # Linear algebra

    def diag(self, diagonal_idx=0):
        return Diag(diagonal_idx)(self)

    def tril(self, diagonal_idx=0):
        return Tril(diagonal_idx)(self)

    def triu(self, diagonal_idx=0):
        return Triu(diagonal_idx)(self)

    def trace(self):
        return Trace()(self)

    def cross(self, other, dim=-1):
        return Cross(dim)(self, other)

    def inverse(self):
        return Inverse()(self)

    def gesv(self, a):
        """Solves a X = self: (X, LU of a)."""
        return Gesv()(self, a)

    def potrf(self, upper=True):
        return Potrf(upper)(self)

    # ----- end of reductions, BLAS and linear algebra -----

    # ==========================================================================================
    # Shape, indexing, masking and joining (tensor)
    # ==========================================================================================

    # Argument checks of the methods below (kept in the class, so that they stay in this
    # section).

    @staticmethod
    def _sizes(args):
        """Sizes given as ints, f(2, 3), or as one sequence, f(torch_early.Size([2, 3]))."""
        if len(args) == 1 and isinstance(args[0], (tuple, list)):
            return tuple(args[0])
        return args

    def _check_dim(self, dim, name):
        """dim counted from the front (a negative one counts back from the last, as in v0.1.12);
        out of range, a torch_early.TensorIndexError (an IndexError and a RuntimeError)."""
        try:
            return _wrap_dim(dim, self.dim())
        except IndexError as error:
            raise TensorIndexError("{}: {}".format(name, error))

    @staticmethod
    def _variable(value, name):
        if not isinstance(value, Variable):
            hint = '; wrap a tensor in a Variable' if _is_tensor(value) else ''
            raise TypeError("{}() of a Variable expects a Variable, but got {}{}".format(
                name, type(value).__name__, hint))
        return value

    @staticmethod
    def _typed_arg(value, type_name, what, name):
        """`value` as a Variable holding a `type_name` tensor: a tensor of that type is
        wrapped, a Variable of it is kept, anything else is a TypeError."""
        data = value.data if isinstance(value, Variable) else value
        if _is_tensor(data) and type(data).__name__ == type_name:
            return value if isinstance(value, Variable) else Variable(value)
        got = type(data).__name__
        if isinstance(value, Variable):
            got = 'a Variable of ' + got
        raise TypeError("{}() expects {} (a {}, bare or in a Variable), but got {}".format(
            name, what, type_name, got))

    @staticmethod
    def _index_arg(index, name):
        return Variable._typed_arg(index, 'LongTensor', 'an index', name)

    @staticmethod
    def _mask_arg(mask, name):
        return Variable._typed_arg(mask, 'ByteTensor', 'a mask', name)

    @staticmethod
    def _tensor_key(key, name):
        """What an indexing key that is a tensor (bare or in a Variable) does: ('mask', the mask
        Variable) for a ByteTensor, ('index', the index Variable) for a LongTensor, which picks
        slices along dimension 0 as in v0.1.12; (None, None) for any other key. A Variable key
        of another type is a TypeError."""
        data = key.data if isinstance(key, Variable) else key
        type_name = type(data).__name__ if _is_tensor(data) else None
        if type_name == 'ByteTensor':
            return 'mask', Variable._mask_arg(key, name)
        if type_name == 'LongTensor':
            return 'index', Variable._index_arg(key, name)
        if isinstance(key, Variable):
            raise TypeError("{}() expects a mask (a ByteTensor) or an index (a LongTensor) when "
                            "the key is a Variable, but got a Variable of {}".format(
                                name, type(data).__name__))
        return None, None

    # Views (a new Variable over the same data, sharing the version counter) -------------------

    def __getitem__(self, key):
        """Ints, slices, Ellipsis and tuples of them give a view (a one-element view where the
        tensor would give a number); a ByteTensor mask (a tensor or a Variable) gives a 1-D
        copy of the elements it selects; a LongTensor (a tensor or a Variable) gives a copy of
        the slices it lists along dimension 0, index_select(0, key)."""
        kind, tensor_key = self._tensor_key(key, '__getitem__')
        if kind == 'mask':
            return MaskedSelect()(self, tensor_key)
        if kind == 'index':
            return IndexSelect(0)(self, tensor_key)
        return Index(key)(self)

    index = __getitem__

    def __setitem__(self, key, value):
        """In place: a ByteTensor mask key with a Variable value is masked_copy_, with a number
        masked_fill_; a LongTensor key is index_copy_(0, key, value) or index_fill_(0, key,
        number); any other key writes the value (a Variable or a number) into self[key]."""
        kind, tensor_key = self._tensor_key(key, '__setitem__')
        if kind == 'mask':
            if isinstance(value, Variable):
                MaskedCopy(inplace=True)(self, tensor_key, value)
            else:
                MaskedFill(_number(value, '__setitem__'), inplace=True)(self, tensor_key)
        elif kind == 'index':
            if isinstance(value, Variable):
                IndexCopy(0, inplace=True)(self, tensor_key, value)
            else:
                IndexFill(0, _number(value, '__setitem__'), inplace=True)(self, tensor_key)
        elif isinstance(value, Variable):
            SetItem(key)(self, value)
        else:
            SetItem(key, _number(value, '__setitem__'))(self)

    def __iter__(self):
        # Along dimension 0, each item a view (one-element Variables for a 1-D Variable).
        return iter([self[i] for i in range(self.size(0))] if self.dim() > 0 else [])

    def view(self, *sizes):
        return View(*sizes)(self)

    def view_as(self, other):
        return View(other.size())(self)

    def expand(self, *sizes):
        return Expand(self._sizes(sizes))(self)

    def expand_as(self, other):
        return Expand(other.size())(self)

    def t(self):
        """transpose(0, 1), of a Variable of two or more dimensions as in v0.1.12."""
        if self.dim() < 2:
            raise RuntimeError("t() expects a Variable of 2 or more dimensions, but got a {}D "
                               "one".format(self.dim()))
        return Transpose(0, 1)(self)

    def transpose(self, dim1, dim2):
        return Transpose(dim1, dim2)(self)

    def permute(self, *dims):
        return Permute(self._sizes(dims))(self)

    def squeeze(self, dim=None):
        return Squeeze(dim)(self)

    def unsqueeze(self, dim):
        return Unsqueeze(dim)(self)

    def select(self, dim, index):
        """self[:, ..., index] with `index` at position `dim`: a view without that dimension
        (negative indices count from the end, as in self[...])."""
        dim = self._check_dim(dim, 'select')
        return Index((slice(None),) * dim + (index,))(self)

    def narrow(self, dim, start, length):
        """The view of `length` slices along `dim` from `start`."""
        dim = self._check_dim(dim, 'narrow')
        size = self.size(dim)
        if not 0 <= start < size or not 1 <= length <= size - start:
            raise RuntimeError("narrow: length {} is invalid for dimension {} of size {} "
                               "starting at {}".format(length, dim, size, start))
        return Index((slice(None),) * dim + (slice(start, start + length),))(self)

    def chunk(self, num_chunks, dim=0):
        """A tuple of `num_chunks` views of ceil(size / num_chunks) slices along dim (the last
        one smaller)."""
        return Chunk(num_chunks, dim)(self)

    def split(self, split_size, dim=0):
        """A tuple of views of `split_size` slices along dim (the last one smaller)."""
        if dim < 0:
            dim += self.dim()
        if split_size <= 0:
            raise ValueError("split_size must be a positive integer, got {}".format(split_size))
        length = self.size(dim)
        return Split([min(split_size, length - start) for start in range(0, length, split_size)],
                     dim)(self)

    def unfold(self, dim, size, step):
        return Unfold(dim, size, step)(self)

    # Copies with another shape ---------------------------------------------------------------

    def repeat(self, *repeats):
        return Repeat(self._sizes(repeats))(self)

    def resize(self, *sizes):
        """Other sizes, the same number of elements (a Variable cannot grow or shrink)."""
        return Resize(*sizes)(self)

    def resize_as(self, other):
        return Resize(other.size())(self)

    def clone(self):
        return Clone()(self)

    def contiguous(self):
        """Make the data contiguous (a copy when it is not) and return self: the gradient does
        not depend on the memory layout, so the graph does not change."""
        self.data = self.data.contiguous()
        return self

    # Indexed and masked operations (index: a LongTensor, mask: a ByteTensor; either may be
    # given bare or as a Variable) -----------------------------------------------------------

    def index_select(self, dim, index):
        return IndexSelect(dim)(self, self._index_arg(index, 'index_select'))

    def gather(self, dim, index):
        return Gather(dim)(self, self._index_arg(index, 'gather'))

    def scatter(self, dim, index, source):
        return Scatter(dim)(self, self._index_arg(index, 'scatter'),
                            self._variable(source, 'scatter'))

    def scatter_(self, dim, index, source):
        return Scatter(dim, inplace=True)(self, self._index_arg(index, 'scatter_'),
                                          self._variable(source, 'scatter_'))

    def index_add(self, dim, index, tensor):
        return IndexAdd(dim)(self, self._index_arg(index, 'index_add'),
                             self._variable(tensor, 'index_add'))

    def index_add_(self, dim, index, tensor):
        return IndexAdd(dim, inplace=True)(self, self._index_arg(index, 'index_add_'),
                                           self._variable(tensor, 'index_add_'))

    def index_copy(self, dim, index, tensor):
        return IndexCopy(dim)(self, self._index_arg(index, 'index_copy'),
                              self._variable(tensor, 'index_copy'))

    def index_copy_(self, dim, index, tensor):
        return IndexCopy(dim, inplace=True)(self, self._index_arg(index, 'index_copy_'),
                                            self._variable(tensor, 'index_copy_'))

    def index_fill(self, dim, index, value):
        return IndexFill(dim, _number(value, 'index_fill', variables=False))(
            self, self._index_arg(index, 'index_fill'))

    def index_fill_(self, dim, index, value):
        return IndexFill(dim, _number(value, 'index_fill_', variables=False), inplace=True)(
            self, self._index_arg(index, 'index_fill_'))

    def masked_copy(self, mask, tensor):
        return MaskedCopy()(self, self._mask_arg(mask, 'masked_copy'),
                            self._variable(tensor, 'masked_copy'))

    def masked_copy_(self, mask, tensor):
        return MaskedCopy(inplace=True)(self, self._mask_arg(mask, 'masked_copy_'),
                                        self._variable(tensor, 'masked_copy_'))

    def masked_fill(self, mask, value):
        return MaskedFill(_number(value, 'masked_fill', variables=False))(
            self, self._mask_arg(mask, 'masked_fill'))

    def masked_fill_(self, mask, value):
        return MaskedFill(_number(value, 'masked_fill_', variables=False), inplace=True)(
            self, self._mask_arg(mask, 'masked_fill_'))

    def masked_select(self, mask):
        return MaskedSelect()(self, self._mask_arg(mask, 'masked_select'))

    # Sorting: (values, indices); the indices do not require grad -----------------------------

    def sort(self, dim=None, descending=False):
        return Sort(dim, descending)(self)

    def topk(self, k, dim=None, largest=True, sorted=True):
        return Topk(k, dim, largest, sorted)(self)

    # Type changes (last: the casts below are named after builtins) ---------------------------

    def type(self, t=None):
        """Without an argument, the data's type name ('torch_early.FloatTensor'); with a type
        (a class or its name), this Variable converted to it."""
        if t is None:
            return self.data.type()
        return Type(t)(self)

    def type_as(self, other):
        return Type(other.type())(self)

    def cpu(self):
        # The data of every torch_early Variable lives on the CPU already.
        return self

    def cuda(self, device_id=None, **kwargs):
        """cuda(device_id=None, async=False): this Variable on a CUDA device, which needs a
        build with CUDA (the error of torch_early.cuda._lazy_init otherwise)."""
        self.data.cuda(device_id, **kwargs)

    def is_pinned(self):
        return self.data.is_pinned()

    def pin_memory(self):
        return self.data.pin_memory()

    def _cast(self, name):
        return Type(type(self.data).__module__ + '.' + name)(self)

    def double(self):
        return self._cast('DoubleTensor')

    def float(self):
        return self._cast('FloatTensor')

    def half(self):
        return self._cast('HalfTensor')

    def long(self):
        return self._cast('LongTensor')

    def int(self):
        return self._cast('IntTensor')

    def short(self):
        return self._cast('ShortTensor')

    def char(self):
        return self._cast('CharTensor')

    def byte(self):
        return self._cast('ByteTensor')

    # ----- end of shape, indexing, masking and joining -----


def _root_gradient(var, gradient):
    """The gradient that backward starts from at root `var`: `gradient` checked against it, or
    ones for a one-element root; None for a root that does not require grad."""
    if not isinstance(var, Variable):
        raise TypeError("backward expects Variables, but got {}".format(type(var).__name__))
    if var.volatile:
        raise RuntimeError("calling backward on a volatile variable")
    if not var.requires_grad:
        return None
    if gradient is None:
        if var.data.numel() != 1:
            raise RuntimeError("backward should be called only on a scalar (i.e. 1-element "
                               "tensor) or with gradient w.r.t. the variable")
        return var.data.new(var.data.size()).fill_(1)
    return _check_gradient(var, gradient)


def _check_gradient(var, gradient):
    """The tensor of a gradient given to backward, checked against the Variable it is for."""
    if isinstance(gradient, Variable):
        gradient = gradient.data
    if not _is_tensor(gradient):
        raise TypeError("gradient must be a tensor or a Variable, but got {}".format(
            type(gradient).__name__))
    if type(gradient) is not type(var.data):
        raise TypeError("gradient has type {} but the variable holds a {}".format(
            type(gradient).__name__, type(var.data).__name__))
    if gradient.numel() != var.data.numel():
        raise RuntimeError("gradient has {} elements (size {}) but the variable has {} (size "
                           "{})".format(gradient.numel(), _size_str(gradient),
                                        var.data.numel(), _size_str(var.data)))
    if not gradient.is_same_size(var.data):
        # As many elements in another shape: backward functions that need the output's shape
        # (reductions, matrix products) get it.
        gradient = gradient.contiguous().view(var.data.size())
    return gradient


def _scalar_only(value, name, operation):
    """The number of an in-place product or quotient. With a Variable (or a tensor) operand the
    result would overwrite a factor that the gradient needs, so only numbers are accepted."""
    if isinstance(value, Variable) or _is_tensor(value):
        raise RuntimeError("{} only supports scalar {}, but got a {}".format(
            name, operation, type(value).__name__))
    return _number(value, name, variables=False)


def _number(value, name, variables=True):
    """`value` if it is a Python number; otherwise a TypeError saying what `name` accepts."""
    if isinstance(value, numbers.Number):
        return value
    accepted = 'a Variable or a number' if variables else 'only a number'
    hint = '; wrap a tensor in a Variable' if _is_tensor(value) else ''
    raise TypeError("{}() of a Variable accepts {}, but got {}{}".format(
        name, accepted, type(value).__name__, hint))


def _size_str(tensor):
    return _format_size(tensor.size())


def _format_size(size):
    """2x3, as tensors print their sizes ('0' for no dimensions)."""
    return 'x'.join(str(s) for s in size) or '0'


def _rebuild_variable(cls, data, requires_grad, volatile):
    result = cls.__new__(cls)
    Variable.__init__(result, data, requires_grad=requires_grad, volatile=volatile)
    return result


# The Function classes the methods above build. Imported last: they import Variable themselves.
from ._functions import *  # noqa: E402,F401,F403
