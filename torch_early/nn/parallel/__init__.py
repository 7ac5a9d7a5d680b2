"""Running a module over several GPUs, as the era's torch.nn.parallel did: split the batch
(scatter), copy the module to each device (replicate), run the copies side by side
(parallel_apply) and gather the outputs on one device. This build has no GPU library, so every
device list is empty: data_parallel and DataParallel run the module as it is, parallel_apply runs
each module on its input, and anything that would put a tensor on a GPU raises the CPU build's
error."""

from .parallel_apply import parallel_apply
from .replicate import replicate
from .scatter_gather import scatter, gather
from .data_parallel import DataParallel, data_parallel

__all__ = ['replicate', 'scatter', 'parallel_apply', 'gather', 'data_parallel', 'DataParallel']
