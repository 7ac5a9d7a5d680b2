"""A Function class for every differentiable tensor operation, one module per family, under the
historical class names (`Add`, `AddConstant`, `Addmm`, `Index`, `Concat`, ...):

- basic_ops  — + - * / ** with Variables and constants, negation
- pointwise  — exp, log, tanh, sigmoid, clamp, ... lerp, addcmul, addcdiv
- compare    — eq, ne, lt, le, gt, ge (outputs without gradient)
- reduce     — sum, mean, prod, max, min, mode, median, kthvalue, norm, ...
- blas       — addmm, addbmm, baddbmm, addmv, addr, dot (and mm, bmm, mv, ger through them)
- linalg     — diag, tril, triu, trace, cross, inverse, gesv, potrf
- tensor     — views, indexing, masking, gather/scatter, joining, sort/topk, type changes
- stochastic — Multinomial, Bernoulli, Normal (trained through reinforce)

As in 2017, `from torch_early.autograd._functions import *` also brings the base classes
`Function` and `InplaceFunction`.
"""

from ..function import Function, InplaceFunction  # noqa: F401

from .basic_ops import *  # noqa: F401,F403
from .pointwise import *  # noqa: F401,F403
from .compare import *  # noqa: F401,F403
from .reduce import *  # noqa: F401,F403
from .blas import *  # noqa: F401,F403
from .linalg import *  # noqa: F401,F403
from .tensor import *  # noqa: F401,F403
from .stochastic import *  # noqa: F401,F403
