"""gradcheck: compare the gradients backward computes with finite differences.

For a function f of some Variables, the Jacobian d output / d input is built twice, as a tensor
with one row per input element and one column per output element:
- numerically, by central differences (f(x + eps) - f(x - eps)) / 2 eps, one input element at a
  time (get_numerical_jacobian);
- analytically, by running backward once per output element with a unit gradient and reading
  the inputs' `.grad` (get_analytical_jacobian).
The check passes when |analytical - numerical| <= atol + rtol * |numerical| everywhere. Use double
precision: in float the differences are dominated by rounding.

The helpers take nested inputs (a Variable, a tensor, or lists and tuples of them) and are the
ones v0.1.12 had, which the era's own nn tests import: iter_tensors, iter_gradients,
zero_gradients, make_jacobian, contiguous.
"""
import itertools

import torch_early

from .variable import Variable


def iter_tensors(x, only_requiring_grad=False):
    """The tensors of a nested input, in order: a tensor itself, a Variable's data (only when it
    requires grad, if only_requiring_grad), and those of each item of a list or tuple."""
    if torch_early.is_tensor(x):
        yield x
    elif isinstance(x, Variable):
        if x.requires_grad or not only_requiring_grad:
            yield x.data
    elif isinstance(x, (list, tuple)):
        for item in x:
            for tensor in iter_tensors(item, only_requiring_grad):
                yield tensor


def iter_gradients(x):
    """The gradient data of every Variable of a nested input that requires grad (None where
    backward has not given it one yet), in the order of iter_tensors(x, True)."""
    if isinstance(x, Variable):
        if x.requires_grad:
            yield x.grad.data if x.grad is not None else None
    elif isinstance(x, (list, tuple)):
        for item in x:
            for gradient in iter_gradients(item):
                yield gradient


def zero_gradients(x):
    """Zeroes the gradient of every Variable of a nested input."""
    if isinstance(x, Variable):
        if x.grad is not None:
            x.grad.data.zero_()
    elif isinstance(x, (list, tuple)):
        for item in x:
            zero_gradients(item)


def make_jacobian(input, num_out):
    """A zero Jacobian of num_out columns for each tensor of a nested input: one for a tensor or a
    Variable that requires grad (None for one that does not), a list for a list or tuple."""
    if torch_early.is_tensor(input):
        return input.new(input.nelement(), num_out).zero_()
    if isinstance(input, Variable):
        if not input.requires_grad:
            return None
        return input.data.new(input.nelement(), num_out).zero_()
    if isinstance(input, (list, tuple)):
        jacobians = [make_jacobian(item, num_out) for item in input]
        return [jacobian for jacobian in jacobians if jacobian is not None] or None
    return None


def contiguous(input):
    """A nested input with every tensor and Variable made contiguous."""
    if torch_early.is_tensor(input) or isinstance(input, Variable):
        return input.contiguous()
    if isinstance(input, (list, tuple)):
        return type(input)(contiguous(item) for item in input)
    return input


def get_numerical_jacobian(fn, input, target, eps=1e-3):
    """The Jacobian of fn(input) (which returns a tensor) with respect to the tensors of target
    (a nested input whose tensors fn reads, often input itself), by central differences: a tensor
    for one tensor, a list for several."""
    output_size = fn(input).numel()
    jacobian = make_jacobian(target, output_size)
    if output_size == 0:                # no columns to fill (an empty selection)
        return jacobian
    perturbed = list(iter_tensors(target, True))
    for tensor, rows in zip(perturbed, iter_tensors(jacobian)):
        # element by element in row-major order (the order of view(-1)), whatever the strides
        for i, position in enumerate(_positions(tensor)):
            original = tensor[position]
            tensor[position] = original - eps
            below = fn(input).clone()
            tensor[position] = original + eps
            above = fn(input).clone()
            tensor[position] = original
            rows[i] = above.add(-1, below).div_(2 * eps).view(-1)
    return jacobian


def _positions(tensor):
    if tensor.nelement() == 0:
        return iter(())
    return itertools.product(*[range(size) for size in tensor.size()])


def get_analytical_jacobian(input, output):
    """The Jacobian of the Variable output with respect to the Variables of input that require
    grad, from one backward per output element (a zero column where an input gets no gradient)."""
    jacobian = make_jacobian(input, output.numel())
    grad_output = output.data.clone().zero_()
    flat_grad_output = grad_output.view(-1)
    for i in range(flat_grad_output.nelement()):
        flat_grad_output.zero_()
        flat_grad_output[i] = 1
        zero_gradients(input)
        output.backward(grad_output, retain_variables=True)
        for columns, gradient in zip(iter_tensors(jacobian), iter_gradients(input)):
            if gradient is None:
                columns[:, i].zero_()
            else:
                columns[:, i] = gradient.contiguous().view(-1)
    return jacobian


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _differentiable_outputs(outputs):
    return tuple(out for out in _as_tuple(outputs)
                 if isinstance(out, Variable) and out.requires_grad)


def gradcheck(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3):
    """True when backward's gradients of func(*inputs) with respect to every input Variable
    that requires grad match finite differences within atol + rtol * |numerical|."""
    inputs = _as_tuple(inputs)
    for v in inputs:
        if isinstance(v, Variable) and v.requires_grad and v.creator is not None:
            raise ValueError("gradcheck needs graph leaves as inputs: an input that requires "
                             "grad was made by {}".format(type(v.creator).__name__))
    outputs = _as_tuple(func(*inputs))
    for index, output in enumerate(outputs):
        if not (isinstance(output, Variable) and output.requires_grad):
            continue

        def one_output(values, index=index):
            return _as_tuple(func(*values))[index].data

        numerical = get_numerical_jacobian(one_output, inputs, inputs, eps)
        analytical = get_analytical_jacobian(inputs, output)
        for a, n in zip(iter_tensors(analytical), iter_tensors(numerical)):
            if a.numel() and not (a - n).abs().le(n.abs().mul(rtol).add(atol)).all():
                return False
    return True
