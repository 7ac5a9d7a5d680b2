"""DataParallel and data_parallel: a module run over the GPUs of a list, the batch split among
them. Without GPUs (this build), the module runs as it is, on the CPU."""
from ..modules.module import Module
from ... import cuda
from .parallel_apply import parallel_apply
from .replicate import replicate
from .scatter_gather import scatter, gather


def data_parallel(module, input, device_ids, output_device=None, dim=0):
    """module(input) with the batch, dimension `dim` of the input, split over `device_ids` and
    the outputs joined along `dim` on `output_device` (the first device by default). An empty
    `device_ids` runs module(input)."""
    if not device_ids:
        return module(input)
    if output_device is None:
        output_device = device_ids[0]
    inputs = scatter(input, device_ids, dim)
    replicas = replicate(module, device_ids)
    return gather(parallel_apply(replicas, inputs), output_device, dim)


class DataParallel(Module):
    """DataParallel(module, device_ids=None, output_device=None, dim=0): wraps `module` (kept as
    the child `module`, so its parameters are this module's): its forward splits the batch,
    dimension `dim` of the input, over `device_ids`, all the GPUs by default, and joins the
    outputs along `dim` on `output_device`. On a machine without GPUs it runs the module as it
    is."""

    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super(DataParallel, self).__init__()
        if device_ids is None:
            device_ids = list(range(cuda.device_count()))
        if output_device is None and device_ids:
            output_device = device_ids[0]
        self.module = module
        self.device_ids = device_ids
        self.output_device = output_device
        self.dim = dim

    def forward(self, *inputs):
        if not self.device_ids:
            return self.module(*inputs)
        return data_parallel(self.module, inputs if len(inputs) > 1 else inputs[0],
                             self.device_ids, self.output_device, self.dim)
