"""The engine: walks the graph backwards from the roots and hands every Function its gradients.

1. Count dependencies: for every Function reachable from the roots that requires grad, how many
   edges lead into it (how many gradients it must wait for).
2. Seed the gradient buffers of the roots' creators with the roots' gradients. A root creator
   that nothing else feeds is ready.
3. Take a ready Function, run its backward, and send each input gradient along its edge: a leaf
   Variable accumulates it into `.grad` at once; a Function adds it into its buffer, and becomes
   ready when its last dependency has arrived.

Gradients from several consumers are summed (a Variable used twice gets both). The first gradient
put into a buffer slot is only borrowed: it may be a tensor that another Function's backward
returned, or the caller's gradient, so it is copied before the second one is added into it
("copy-on-accumulate"). A leaf copies into its own `.grad` anyway.
"""

from collections import deque


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
        elif self.owned[slot]:
            current.add_(grad)
        else:
            self.grads[slot] = current.clone().add_(grad)
            self.owned[slot] = True


class ExecutionEngine(object):
    """The Python engine of the first PyTorch design: dependency counts and a ready queue."""

    def run_backward(self, variables, grad_variables, retain_variables):
        from .variable import Variable
        from .stochastic_function import StochasticFunction

        buffers = {}
        root_functions = []
        for var, grad in zip(variables, grad_variables):
            creator = var.creator
            if creator is None:
                if grad is not None:
                    var._do_backward((grad,), retain_variables)
                continue
            if creator not in buffers:
                buffers[creator] = _GradientBuffer(creator.num_outputs)
                root_functions.append(creator)
            if grad is not None:
                buffers[creator].add(var.output_nr, grad)

        dependencies = self._compute_dependencies(root_functions, Variable)
        ready = deque(fn for fn in root_functions if fn not in dependencies)

        while ready:
            fn = ready.pop()
            buffer = buffers.pop(fn)
            grad_output = buffer.grads
            if not isinstance(fn, StochasticFunction):
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
    def _compute_dependencies(root_functions, Variable):
        dependencies = {}
        seen = set(root_functions)
        stack = list(root_functions)
        while stack:
            fn = stack.pop()
            for (prev, _), needed in zip(fn.previous_functions, fn.needs_input_grad):
                if not needed or isinstance(prev, Variable):
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
