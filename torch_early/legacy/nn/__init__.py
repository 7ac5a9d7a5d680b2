"""torch_early.legacy.nn: Lua Torch's nn package, driven imperatively over THNN with no autograd.
One class per file, as Lua's nn laid them out; every class is imported here."""
# the protocol and containers
from .Module import Module
from .Criterion import Criterion
from .Container import Container
from .Sequential import Sequential
from . import utils

# layers over THNN

# layers over tensor operations

# criteria
