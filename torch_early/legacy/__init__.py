"""torch_early.legacy: the Lua Torch interfaces of the era, kept for programs ported from Lua.
`legacy.nn` holds Lua's nn modules and criteria, `legacy.optim` its optim functions."""
from . import nn
from . import optim
