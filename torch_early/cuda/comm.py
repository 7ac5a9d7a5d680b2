"""torch_early.cuda.comm: moving tensors between CUDA devices (broadcast, reduce, scatter, gather).

Every one of these takes or makes tensors on GPUs, so in a build without CUDA each raises the
error of `torch_early.cuda._lazy_init`.
"""
from . import _lazy_init


def broadcast(tensor, devices):
    """Copies of `tensor` on each of `devices` (a tuple of tensors)."""
    _lazy_init()


def reduce_add(inputs, destination=None):
    """The sum of `inputs` (one tensor per device) on `destination`."""
    _lazy_init()


def scatter(tensor, devices, chunk_sizes=None, dim=0, streams=None):
    """`tensor` cut along `dim` into one chunk per device, each copied to its device."""
    _lazy_init()


def gather(tensors, dim=0, destination=None):
    """`tensors` (one per device) joined along `dim` on `destination`."""
    _lazy_init()
