"""Python-level tensor functions: `torch_early.split`, `torch_early.chunk`, `torch_early.stack` and
`torch_early.unbind`; and `torch_early.btriunpack`, which spells out btrifact's results.

split and chunk cut a tensor along one dimension into `narrow` views, so the pieces share the
tensor's storage: writing into a piece writes into the original. stack goes the other way: it
gives every tensor a new dimension of size 1 (`unsqueeze`, a view) and joins them along it with
`cat`, which copies. unbind takes a tensor apart into its `select` views along one dimension.
Every dim may be negative, counting back from the last (-1), as in v0.1.12.
"""
from . import _C
from ._utils import _range, _wrap_dim


def _check_tensor(tensor, function):
    # Anything that narrows (a tensor or a Variable); otherwise a TypeError naming what came.
    if not callable(getattr(tensor, 'narrow', None)):
        raise TypeError("{}() expects a tensor as its first argument, but got {}".format(
            function, type(tensor).__name__))


def split(tensor, split_size, dim=0):
    """Split `tensor` along `dim` into views of `split_size` slices each; the last one is smaller
    when the size does not divide evenly. Returns a tuple."""
    _check_tensor(tensor, 'split')
    dim = _wrap_dim(dim, tensor.dim())
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
    dim = _wrap_dim(dim, tensor.dim())
    if chunks <= 0:
        raise ValueError("chunks must be a positive integer, got {}".format(chunks))
    split_size = (tensor.size(dim) + chunks - 1) // chunks
    return split(tensor, split_size, dim)


def stack(sequence, dim=0, out=None):
    """Join tensors of equal sizes along a new dimension `dim` (0 to their dim(); a negative one
    counts back from their dim(), so -1 is the position before their last dimension): stacking n
    tensors of size 2x3 at dim 0 gives n x 2 x 3. Into `out` when given."""
    sequence = list(sequence)
    if len(sequence) == 0:
        raise ValueError("stack expects a non-empty sequence of tensors")
    for i, tensor in enumerate(sequence):
        # Anything with unsqueeze (a tensor or a Variable); otherwise a TypeError naming it.
        if not callable(getattr(tensor, 'unsqueeze', None)):
            raise TypeError("stack expects a sequence of tensors, but element {} of the sequence "
                            "is {}".format(i, type(tensor).__name__))
    if dim < 0:
        # v0.1.12 counted a negative dim back from the inputs' own dimensions, not the result's:
        # stacking 2-D tensors at -1 inserts the new dimension at 1, before their last one.
        dim = _wrap_dim(dim, sequence[0].dim())
    inputs = [tensor.unsqueeze(dim) for tensor in sequence]
    if out is None:
        return _C.cat(inputs, dim)
    return _C.cat(inputs, dim, out=out)


def unbind(tensor, dim=0):
    """Take `tensor` apart along `dim`: a tuple of its slices tensor.select(dim, i), views with
    one dimension fewer, in order."""
    _check_tensor(tensor, 'unbind')
    dim = _wrap_dim(dim, tensor.dim())
    return tuple(tensor.select(dim, i) for i in _range(tensor.size(dim)))


def btriunpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """The factors of btrifact's results for a batch of n x n matrices: (P, L, U), each B x n x
    n, with A[b] = P[b] @ L[b] @ U[b]. L is unit lower triangular, U upper triangular, and P the
    permutation matrix of the row swaps in LU_pivots (1-based, applied in order, as LAPACK's
    getrf records them). With unpack_data=False, L and U are None; with unpack_pivots=False, P
    is None."""
    if LU_data.dim() != 3 or LU_data.size(1) != LU_data.size(2):
        raise RuntimeError("btriunpack expects LU_data to be a batch of square matrices "
                           "(B x n x n), got size {}".format(
                               'x'.join(str(s) for s in LU_data.size())))
    batches, n = LU_data.size(0), LU_data.size(1)
    L = U = P = None
    if unpack_data:
        L, U = LU_data.new(LU_data.size()), LU_data.new(LU_data.size())
        for b in _range(batches):
            U[b] = LU_data[b].triu()
            L[b] = LU_data[b].tril(-1)
            for i in _range(n):
                L[b][i][i] = 1
    if unpack_pivots:
        P = LU_data.new(LU_data.size()).zero_()
        for b in _range(batches):
            # row i of P^T A is row order[i] of A
            order = list(_range(n))
            for i in _range(n):
                j = int(LU_pivots[b][i]) - 1
                order[i], order[j] = order[j], order[i]
            for i in _range(n):
                P[b][order[i]][i] = 1
    return P, L, U
