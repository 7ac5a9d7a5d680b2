"""Functions computed by the THNN kernels: auto.py generates one per THNN module from the header;
activation.py (PReLU, RReLU, Softmin) and loss.py (BCELoss) are written by hand; pooling.py
(MaxPool2d with its indices, AvgPool2d, MaxUnpool2d) and batchnorm.py (BatchNorm with its running
statistics) need glue beyond one kernel call."""

from .auto import *  # noqa: F401,F403
from .auto import _generated
from .activation import PReLU, RReLU, Softmin
from .loss import BCELoss

_all_functions = dict(_generated, PReLU=PReLU, RReLU=RReLU, Softmin=Softmin, BCELoss=BCELoss)

# the embedding (sparse.py: index_select forward, LookupTable backward)
from .sparse import Embedding  # noqa: E402
_all_functions['Embedding'] = Embedding
