"""Automatic differentiation, the way the first PyTorch did it: in Python.

- `variable.py` — Variable: a tensor plus the Function that made it; every differentiable method.
- `function.py` — Function (forward/backward on tensors), InplaceFunction, NestedIOFunction.
- `engine.py` — the backward pass: dependency counts and a ready queue.
- `stochastic_function.py` — StochasticFunction, trained through `reinforce(reward)`.
- `_functions/` — one Function class per differentiable operation, one module per family.
- `gradcheck.py` — analytical against numerical Jacobians.
- `graph.py` — the recorded graph as Graphviz DOT text, or SVG (`to_dot`, `to_svg`).
"""

from .variable import Variable
from .function import Function, NestedIOFunction, InplaceFunction
from .stochastic_function import StochasticFunction
from .gradcheck import gradcheck
from ._variable_functions import _VariableFunctions
from .. import _C

# Function-style calls on Variables (torch_early.mm(v, w)) go through this namespace.
Variable._torch = _VariableFunctions()
_C._set_variable_class(Variable)

__all__ = ['Variable', 'Function', 'NestedIOFunction', 'StochasticFunction', 'backward',
           'gradcheck']


def backward(variables, grad_variables, retain_variables=False):
    """Backward from several roots at once: the gradients of all `variables` (each with its
    `grad_variables` entry) are summed into the leaves. A None gradient is allowed for a
    one-element root (it means 1); roots that do not require grad (stochastic samples, whose
    rewards are used) take none."""
    from .variable import _root_gradient
    variables = tuple(variables)
    grad_variables = tuple(grad_variables)
    if len(variables) != len(grad_variables):
        raise ValueError("backward got {} variables but {} gradients".format(
            len(variables), len(grad_variables)))
    grads = tuple(_root_gradient(var, grad) for var, grad in zip(variables, grad_variables))
    Variable._execution_engine.run_backward(variables, grads, retain_variables)
