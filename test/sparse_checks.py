"""Shared helpers of the sparse tensor tests: the sparse classes, their dense twins, and the
reference a sparse tensor is checked against, the dense array built the obvious way with NumPy
(zeros, then each value added at its position)."""
import numpy

import torch_early
from torch_early import sparse

SPARSE_CLASSES = [sparse.DoubleTensor, sparse.FloatTensor, sparse.LongTensor, sparse.IntTensor,
                  sparse.ShortTensor, sparse.CharTensor, sparse.ByteTensor]


def dense_class(sparse_class):
    """torch_early.FloatTensor for torch_early.sparse.FloatTensor."""
    return getattr(torch_early, sparse_class.__name__)


def reference(indices, values, size):
    """The dense array of those entries: zeros, then each value added at its position."""
    out = numpy.zeros(size)
    for position, value in zip(zip(*indices), values):
        out[position] += value
    return out
