"""torch_early.nn: layers as Modules over autograd, the way the first PyTorch had them.

- `parameter.py` — Parameter, the Variable a Module learns.
- `modules/` — Module, the containers and the layers.
- `_functions/` — the hand-written autograd Functions the layers call.
- `functional.py` — the layers as plain functions; `init.py` — weight initialisation;
  `utils/` — clip_grad_norm and packed sequences; `parallel/` — DataParallel and its parts.
"""

from .modules import *  # noqa: F401,F403
from .parameter import Parameter
from . import functional
from . import init
from . import utils
from . import backends
from . import parallel
from .parallel import DataParallel
