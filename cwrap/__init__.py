"""cwrap: the code generator that writes the C wrappers of the tensor methods.

It reads generic/TensorMethods.cwrap (C text with YAML declarations) and writes one C file of
wrapper functions and method tables, which generic/Tensor.c compiles once per dtype. See
README.md for the declaration keys and the two commands.
"""

from .generator import generate, render
from .parser import CwrapError

__all__ = ['CwrapError', 'generate', 'render']
