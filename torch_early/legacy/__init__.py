"""torch_early.legacy: the Lua Torch interfaces of the era, kept for programs ported from Lua.
`legacy.optim` holds Lua's optim functions."""
from . import optim
