"""Functions computed by the THNN kernels: auto.py generates one per THNN module from the header;
activation.py (PReLU, RReLU, Softmin) and loss.py (BCELoss) are written by hand; pooling.py
(MaxPool2d with its indices, AvgPool2d, MaxUnpool2d, AdaptiveMaxPool2d, FractionalMaxPool2d),
upsampling.py (UpsamplingNearest2d, UpsamplingBilinear2d), batchnorm.py (BatchNorm with its
running statistics) and sparse.py (Embedding) need glue beyond one kernel call."""

from .auto import *  # noqa: F401,F403
from .auto import _generated
from .activation import PReLU, RReLU, Softmin
from .loss import BCELoss
from . import pooling, upsampling
from .batchnorm import BatchNorm
from .sparse import Embedding


def _public_functions(module):
    """{name: class} of the Function classes a file defines (not the private bases)."""
    from ....autograd.function import Function
    return {name: value for name, value in vars(module).items()
            if isinstance(value, type) and issubclass(value, Function)
            and value.__module__ == module.__name__ and not name.startswith('_')}


# every Function above by its name, for the THNN function backend (nn/backends/thnn.py)
_all_functions = dict(_generated, PReLU=PReLU, RReLU=RReLU, Softmin=Softmin, BCELoss=BCELoss,
                      BatchNorm=BatchNorm, Embedding=Embedding, **_public_functions(pooling),
                      **_public_functions(upsampling))
