"""gradcheck: compare the gradients backward computes with finite differences.

For a function f of some Variables, the Jacobian d output / d input is built twice:
- numerically, by central differences (f(x + eps) - f(x - eps)) / 2 eps, one input element at a
  time;
- analytically, by running backward once per output element with a unit gradient and reading
  the inputs' `.grad`.
The check passes when |analytical - numerical| <= atol + rtol * |numerical| everywhere. Use double
precision: in float the differences are dominated by rounding.
"""

import itertools

from .variable import Variable


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _differentiable_outputs(outputs):
    return [out for out in _as_tuple(outputs)
            if isinstance(out, Variable) and out.requires_grad]


def _flat_output(fn, inputs):
    """The differentiable outputs of fn(*inputs), as one flat list of Python numbers."""
    values = []
    for out in _differentiable_outputs(fn(*inputs)):
        if out.data.numel():
            values.extend(out.data.contiguous().view(-1).tolist())
    return values


def _element_indices(tensor):
    return itertools.product(*[range(s) for s in tensor.size()])


def get_numerical_jacobian(fn, inputs, target, eps=1e-3):
    """One list of rows per tensor in `target`: row i is d(all outputs)/d(element i)."""
    jacobians = []
    for tensor in target:
        rows = []
        for index in _element_indices(tensor):
            original = tensor[index]
            tensor[index] = original + eps
            plus = _flat_output(fn, inputs)
            tensor[index] = original - eps
            minus = _flat_output(fn, inputs)
            tensor[index] = original
            rows.append([(p - m) / (2 * eps) for p, m in zip(plus, minus)])
        jacobians.append(rows)
    return jacobians


def get_analytical_jacobian(inputs, outputs):
    """The same layout as get_numerical_jacobian, from backward, for the inputs that require
    grad. Every output element gets one backward with a unit gradient."""
    from . import backward
    leaves = [v for v in inputs if isinstance(v, Variable) and v.requires_grad]
    outputs = _differentiable_outputs(outputs)
    columns_per_leaf = [[] for _ in leaves]
    for k, out in enumerate(outputs):
        for flat_index in range(out.data.numel()):
            for leaf in leaves:
                leaf.grad.data.zero_()
            grads = [o.data.new(o.data.size()).zero_() for o in outputs]
            grads[k].view(-1)[flat_index] = 1
            backward(outputs, grads, retain_variables=True)
            for column, leaf in zip(columns_per_leaf, leaves):
                column.append(leaf.grad.data.contiguous().view(-1).tolist())
    # Transpose columns (one per output element) into rows (one per input element).
    return [[list(row) for row in zip(*columns)] if columns else [] for columns in
            columns_per_leaf]


def gradcheck(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3):
    """True when backward's gradients of func(*inputs) with respect to every input Variable
    that requires grad match finite differences within atol + rtol * |numerical|."""
    inputs = _as_tuple(inputs)
    for v in inputs:
        if isinstance(v, Variable) and v.requires_grad and v.creator is not None:
            raise ValueError("gradcheck needs graph leaves as inputs: an input that requires "
                             "grad was made by {}".format(type(v.creator).__name__))
    outputs = func(*inputs)
    if not _differentiable_outputs(outputs):
        return True
    leaves = [v for v in inputs if isinstance(v, Variable) and v.requires_grad]
    analytical = get_analytical_jacobian(inputs, outputs)
    numerical = get_numerical_jacobian(func, inputs, [v.data for v in leaves], eps)
    for leaf_analytical, leaf_numerical in zip(analytical, numerical):
        for row_a, row_n in zip(leaf_analytical, leaf_numerical):
            for a, n in zip(row_a, row_n):
                if abs(a - n) > atol + rtol * abs(n):
                    return False
    return True
