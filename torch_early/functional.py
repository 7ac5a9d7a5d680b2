"""Python-level tensor functions: `torch_early.split` and `torch_early.chunk`.

Both cut a tensor along one dimension into `narrow` views, so the pieces share the tensor's
storage: writing into a piece writes into the original.
"""
from ._utils import _range


def split(tensor, split_size, dim=0):
    """Split `tensor` along `dim` into views of `split_size` slices each; the last one is smaller
    when the size does not divide evenly. Returns a tuple."""
    if dim < 0:
        dim += tensor.dim()
    if split_size <= 0:
        raise ValueError("split_size must be a positive integer, got {}".format(split_size))
    length = tensor.size(dim)
    return tuple(tensor.narrow(dim, start, min(split_size, length - start))
                 for start in _range(0, length, split_size))


def chunk(tensor, chunks, dim=0):
    """Split `tensor` along `dim` into `chunks` views of equal size, ceil(size / chunks) each;
    the last one is smaller when the size does not divide evenly (and there may be fewer pieces).
    Returns a tuple."""
    if dim < 0:
        dim += tensor.dim()
    if chunks <= 0:
        raise ValueError("chunks must be a positive integer, got {}".format(chunks))
    split_size = (tensor.size(dim) + chunks - 1) // chunks
    return split(tensor, split_size, dim)
