"""torch_early.backends: switches for optional accelerated libraries (cuDNN).

cudnn is imported with the package, as the era's nn imported it, so that after `import torch`
a program can set `torch.backends.cudnn.benchmark = True` without importing it itself."""
from . import cudnn  # noqa: F401
