"""Comparisons: eq, ne, lt, le, gt, ge of a Variable with a number or with another Variable.

The result is a ByteTensor of 0s and 1s. It is a step function of its inputs, so it has no
useful gradient: forward marks it non-differentiable, its Variable does not require grad, and
no gradient ever flows back through it.
"""

from ..function import Function

__all__ = ['Eq', 'Ne', 'Lt', 'Le', 'Gt', 'Ge']


class _Compare(Function):
    """Eq(scalar) compares its one input with a number; Eq() compares its two inputs."""

    op_name = None

    def __init__(self, scalar=None):
        super(_Compare, self).__init__()
        self.scalar = scalar

    def forward(self, a, b=None):
        if (b is None) == (self.scalar is None):
            raise TypeError("{} compares with either a scalar given to its constructor or a "
                            "second Variable".format(type(self).__name__))
        if b is None:
            result = getattr(a, self.op_name)(self.scalar)
        else:
            result = getattr(a, self.op_name)(b)
        self.mark_non_differentiable(result)
        return result

    def backward(self, grad_output):
        # Only reachable by calling it directly: the output never requires grad.
        return (None,) * len(self.needs_input_grad)


class Eq(_Compare):
    op_name = 'eq'


class Ne(_Compare):
    op_name = 'ne'


class Lt(_Compare):
    op_name = 'lt'


class Le(_Compare):
    op_name = 'le'


class Gt(_Compare):
    op_name = 'gt'


class Ge(_Compare):
    op_name = 'ge'
