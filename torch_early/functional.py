"""Python-level tensor functions: `torch_early.split`, `torch_early.chunk` and `torch_early.stack`.

split and chunk cut a tensor along one dimension into `narrow` views, so the pieces share the
tensor's storage: writing into a piece writes into the original. stack goes the other way: it
gives every tensor a new dimension of size 1 (`unsqueeze`, a view) and joins them along it with
`cat`, which copies.
"""
from . import _C
from ._utils import _range


def _check_tensor(tensor, function):
    # Anything that narrows (a tensor or a Variable); otherwise a TypeError naming what came.
    if not callable(getattr(tensor, 'narrow', None)):
        raise TypeError("{}() expects a tensor as its first argument, but got {}".format(
            function, type(tensor).__name__))


def split(tensor, split_size, dim=0):
    """Split `tensor` along `dim` into views of `split_size` slices each; the last one is smaller
    when the size does not divide evenly. Returns a tuple."""
    _check_tensor(tensor, 'split')
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
    _check_tensor(tensor, 'chunk')
    if dim < 0:
        dim += tensor.dim()
    if chunks <= 0:
        raise ValueError("chunks must be a positive integer, got {}".format(chunks))
    split_size = (tensor.size(dim) + chunks - 1) // chunks
    return split(tensor, split_size, dim)


def stack(sequence, dim=0, out=None):
    """Join tensors of equal sizes along a new dimension `dim` (0 to their dim(); negative counts
    from the end): stacking n tensors of size 2x3 at dim 0 gives n x 2 x 3. Into `out` when
    given."""
    sequence = list(sequence)
    if len(sequence) == 0:
        raise ValueError("stack expects a non-empty sequence of tensors")
    for i, tensor in enumerate(sequence):
        # Anything with unsqueeze (a tensor or a Variable); otherwise a TypeError naming it.
        if not callable(getattr(tensor, 'unsqueeze', None)):
            raise TypeError("stack expects a sequence of tensors, but element {} of the sequence "
                            "is {}".format(i, type(tensor).__name__))
    if dim < 0:
        dim += sequence[0].dim() + 1
    inputs = [tensor.unsqueeze(dim) for tensor in sequence]
    if out is None:
        return _C.cat(inputs, dim)
    return _C.cat(inputs, dim, out=out)
