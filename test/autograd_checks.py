"""Shared helpers of the autograd tests: double-precision inputs in several memory layouts, and
a gradcheck that says which input failed.

`double(*sizes, layout=...)` gives a DoubleTensor of random doubles (seeded by the test) laid out
as one of LAYOUTS: 'contiguous'; 'transposed' (the last two dims swapped in memory); 'narrowed'
(a window of a larger tensor). Expanded (stride-0) inputs are made in the tests that need them,
with `expanded(...)`. `leaf` wraps a tensor in a Variable that requires grad; `check` runs
gradcheck; `check_inplace_on_a_leaf` the era's rule for in-place changes of a leaf;
`same_values` and `shares_memory` compare a Variable with a tensor or another Variable.
"""
import pytest

import torch_early
from torch_early.autograd import Variable, gradcheck
import tensor_checks

# tensor_checks' layouts but 'expanded': an expanded input reads one element many times, so its
# gradient is a sum; the tests that want one build it with expanded()
LAYOUTS = [layout for layout in tensor_checks.LAYOUTS if layout != 'expanded']


def double(*sizes, low=-1.0, high=1.0, layout='contiguous'):
    """A DoubleTensor of the given sizes with uniform values in [low, high), in `layout`."""
    if layout == 'contiguous' or len(sizes) < 2:
        base = torch_early.DoubleTensor(*sizes)
        if layout == 'narrowed' and len(sizes) == 1:
            base = torch_early.DoubleTensor(sizes[0] + 3).narrow(0, 2, sizes[0])
        return base.uniform_(low, high)
    if layout == 'transposed':
        swapped = list(sizes)
        swapped[-1], swapped[-2] = swapped[-2], swapped[-1]
        t = torch_early.DoubleTensor(*swapped).uniform_(low, high)
        return t.transpose(len(sizes) - 1, len(sizes) - 2)
    if layout == 'narrowed':
        bigger = [s + 2 for s in sizes]
        t = torch_early.DoubleTensor(*bigger).fill_(99)
        for dim, s in enumerate(sizes):
            t = t.narrow(dim, 1, s)
        return t.uniform_(low, high)
    raise ValueError(layout)


def expanded(rows, cols, low=-1.0, high=1.0):
    """A rows x cols DoubleTensor whose rows all share one row of memory (stride 0)."""
    return torch_early.DoubleTensor(1, cols).uniform_(low, high).expand(rows, cols)


def leaf(tensor, requires_grad=True):
    return Variable(tensor, requires_grad=requires_grad)


def check_inplace_on_a_leaf(call, x):
    """`call(x)` changes x, a leaf that requires grad, in place: as in 2017 it runs, x becomes
    its output (no longer a leaf), and a backward that reaches the old leaf raises."""
    assert x.creator is None and x.requires_grad
    assert call(x) is x
    assert x.creator is not None and x.requires_grad and x._version == 1
    with pytest.raises(RuntimeError, match='leaf variable was used in an inplace operation'):
        x.sum().backward()


def check(fn, *inputs, eps=1e-6, atol=1e-5, rtol=1e-3):
    """Assert that gradcheck passes for fn(*inputs), naming fn in the failure."""
    assert gradcheck(fn, inputs, eps=eps, atol=atol, rtol=rtol), \
        "analytical and numerical gradients differ for {!r}".format(fn)


def same_values(variable, tensor):
    assert variable.data.size() == tensor.size()
    assert variable.data.tolist() == tensor.tolist()


def shares_memory(variable, other):
    return variable.data.storage().data_ptr() == other.data.storage().data_ptr()
