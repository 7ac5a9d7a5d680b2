"""torch_early.legacy.optim: Lua Torch's `optim` package, function for function.

Each algorithm is a function(opfunc, x, config=None, state=None): opfunc(x) returns
(f(x), df/dx) for the flat parameter tensor x, which the function updates in place; config
holds the options under Lua's names (learningRate, weightDecay, ...); state, which is config
itself when not given, keeps what the algorithm remembers between calls. Each returns
(x, [f values]) (asgd, cg and lbfgs add a third value, as Lua's did).
"""
from .sgd import sgd
from .nag import nag
from .adagrad import adagrad
from .adadelta import adadelta
from .adam import adam
from .adamax import adamax
from .asgd import asgd
from .rmsprop import rmsprop
from .rprop import rprop
from .cg import cg
from .lbfgs import lbfgs
