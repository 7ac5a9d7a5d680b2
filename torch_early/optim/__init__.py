"""torch_early.optim: optimizers that update the Variables of a model from their gradients.

    optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    optimizer.zero_grad(); loss.backward(); optimizer.step()

Every class is an Optimizer (optimizer.py) that writes only its step(); see README.md.
"""
from .optimizer import Optimizer
from .sgd import SGD
from .adam import Adam
from .adagrad import Adagrad
from .adadelta import Adadelta
from .adamax import Adamax
from .asgd import ASGD
from .rmsprop import RMSprop
from .rprop import Rprop
from .lbfgs import LBFGS

del optimizer, sgd, adam, adagrad, adadelta, adamax, asgd, rmsprop, rprop, lbfgs
