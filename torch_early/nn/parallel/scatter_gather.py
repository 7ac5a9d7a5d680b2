"""scatter and gather: the batch split across GPUs along a dimension, and the outputs joined on
one device."""
from ... import cuda


def scatter(inputs, target_gpus, dim=0):
    """Slices of `inputs` along `dim`, one per GPU of `target_gpus`. With no GPU, the inputs as
    they are, as a one-element list; any GPU needs the library this build does not have."""
    if not target_gpus:
        return [inputs]
    cuda._lazy_init()  # raises: this build has no GPU library


def gather(outputs, target_device, dim=0):
    """The outputs of the replicas joined along `dim` on `target_device` (a GPU index; -1 is the
    CPU in later releases). One output is returned as it is."""
    if len(outputs) == 1:
        return outputs[0]
    cuda._lazy_init()  # raises: this build has no GPU library
