"""The engine: walks the graph backwards from the roots and hands every Function its gradients.

1. Count dependencies: for every Function reachable from the roots that requires grad, how many
   edges lead into it (how many gradients it must wait for).
2. Seed the gradient buffers of the roots' creators with the roots' gradients. A root creator
   that nothing else feeds is ready.
3. Take a ready Function, run its backward, and send each input gradient along its edge: a leaf
   Variable accumulates it into `.grad` at once; a Function adds it into its buffer, and becomes
   ready when its last dependency has arrived.

Stochastic nodes (samplers trained by `reinforce(reward)`) need no gradient: every one in the
roots' graphs that requires grad is ready from the start, even when the roots themselves do not
require grad (a loss made only of samples).

Gradients from several consumers are summed (a Variable used twice gets both). The first gradient
put into a buffer slot is only borrowed: it may be a tensor that another Function's backward
returned, or the caller's gradient, so it is copied before the second one is added into it
("copy-on-accumulate"). A leaf copies into its own `.grad` anyway.
"""

from collections import deque

# Variable and StochasticFunction, imported on the first backward: both modules import this one.
_graph_classes = None


def _classes():
    global _graph_classes
    if _graph_classes is None:
        from .variable import Variable
        from .stochastic_function import StochasticFunction
        _graph_classes = (Variable, StochasticFunction)
    return _graph_classes


class _GradientBuffer(object):
    """The gradients a Function is waiting for: one slot per output, summed as they arrive."""

    __slots__ = ('grads', 'owned')

    def __init__(self, num_outputs):
        self.grads = [None] * num_outputs
        self.owned = [False] * num_outputs

    def add(self, slot, grad):
        current = self.grads[slot]
        if current is None:
            self.grads[slot] = grad
        elif self.owned[slot] and (grad.is_sparse or not current.is_sparse):
            current.add_(grad)
        else:
            self.grads[slot] = sum_gradients(current, grad)
            self.owned[slot] = True


def sum_gradients(a, b):
    """a + b as a new tensor. Gradients may be sparse (an embedding's, say): two sparse ones
    give a sparse sum; a sparse and a dense one a dense sum, the dense one copied and the sparse
    one added into it."""
    if a.is_sparse and not b.is_sparse:
        a, b = b, a
    return a.clone().add_(b)


class ExecutionEngine(object):
    """The Python engine of the first PyTorch design: dependency counts and a ready queue."""

    def run_backward(self, variables, grad_variables, retain_variables):
        """`grad_variables` holds one gradient per root, None for a root that does not require
        grad: no gradient flows from it, but the stochastic nodes of its graph are trained."""
        Variable, StochasticFunction = _classes()
        buffers = {}
        start = []
        leaf_roots = []
        for var, grad in zip(variables, grad_variables):
            creator = var.creator
            if grad is None:
                continue
            if creator is None:
                leaf_roots.append((var, grad))
                continue
            if creator not in buffers:
                buffers[creator] = _GradientBuffer(max(creator.num_outputs, var.output_nr + 1))
                start.append(creator)
            buffers[creator].add(var.output_nr, grad)

        # A stochastic node that requires grad is trained by its reward, not by a gradient: it
        # starts at once, wherever it is in the graphs of the roots.
        if StochasticFunction._any_requiring_grad():
            creators = [var.creator for var in variables if var.creator is not None]
            for fn in self._reachable_functions(creators, Variable):
                if isinstance(fn, StochasticFunction) and fn.requires_grad and fn not in buffers:
                    buffers[fn] = _GradientBuffer(fn.num_outputs)
                    start.append(fn)
        if not start and not leaf_roots:
            raise RuntimeError("there are no graph nodes that require computing gradients")

        for var, grad in leaf_roots:
            var._do_backward((grad,), retain_variables)
        dependencies = self._compute_dependencies(start, Variable, StochasticFunction)
        ready = deque(fn for fn in start if fn not in dependencies)

        while ready:
            fn = ready.pop()
            grad_output = buffers.pop(fn).grads
            if fn._output_meta is not None and not isinstance(fn, StochasticFunction):
                self._fill_unused_outputs(fn, grad_output)
            grad_input = fn._do_backward(tuple(grad_output), retain_variables)

            edges = zip(fn.previous_functions, fn.needs_input_grad, grad_input)
            for (prev, output_nr), needed, grad in edges:
                if not needed:
                    continue
                if isinstance(prev, Variable):
                    if grad is not None:
                        prev._do_backward((grad,), retain_variables)
                    continue
                if isinstance(prev, StochasticFunction):
                    continue
                prev_buffer = buffers.get(prev)
                if prev_buffer is None:
                    prev_buffer = buffers[prev] = _GradientBuffer(prev.num_outputs)
                if grad is not None:
                    prev_buffer.add(output_nr, grad)
                remaining = dependencies[prev] - 1
                dependencies[prev] = remaining
                if remaining == 0:
                    ready.append(prev)

    @staticmethod
    def _reachable_functions(functions, Variable):
        """Every Function in the graphs of `functions`, through all edges (those that carry no
        gradient too), in the order found (the same on every run)."""
        found = []
        seen = set()
        stack = list(functions)
        while stack:
            fn = stack.pop()
            if fn in seen:
                continue
            seen.add(fn)
            found.append(fn)
            for prev, _ in fn.previous_functions:
                if not isinstance(prev, Variable) and prev not in seen:
                    stack.append(prev)
        return found

    @staticmethod
    def _compute_dependencies(start, Variable, StochasticFunction):
        """For each Function that gradients reach from `start`, how many edges carry one to it.
        Stochastic nodes are left out: they run once, from the start, whatever reaches them."""
        dependencies = {}
        seen = set(start)
        stack = list(start)
        while stack:
            fn = stack.pop()
            for (prev, _), needed in zip(fn.previous_functions, fn.needs_input_grad):
                if not needed or isinstance(prev, (Variable, StochasticFunction)):
                    continue
                dependencies[prev] = dependencies.get(prev, 0) + 1
                if prev not in seen:
                    seen.add(prev)
                    stack.append(prev)
        return dependencies

    @staticmethod
    def _fill_unused_outputs(fn, grad_output):
        """An output that no gradient reached (it was not used, or every consumer returned None)
        gets zeros, so backward always sees a tensor for a differentiable output. Outputs marked
        non-differentiable keep None."""
        meta = fn._output_meta
        for slot, grad in enumerate(grad_output):
            if grad is None and meta is not None and meta[slot] is not None:
                tensor_type, size = meta[slot]
                grad_output[slot] = tensor_type(size).zero_()
