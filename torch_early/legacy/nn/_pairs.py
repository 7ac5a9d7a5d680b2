"""Checks for the modules whose input is a pair of tensors [a, b] holding one vector (size D) or a
batch of them (B x D): DotProduct, CosineDistance, PairwiseDistance."""
from ._tables import check_table, sizes


def check_vector_pair(module, input):
    """(a, b) viewed as B x D matrices (B = 1 for vectors), and whether they were a batch."""
    a, b = check_table(module, input, length=2)
    if a.size() != b.size() or a.dim() not in (1, 2):
        raise RuntimeError('%s expects two vectors or two batches of vectors of the same size, '
                           'but got sizes %s and %s' % (type(module).__name__, sizes(a), sizes(b)))
    batch = a.dim() == 2
    if not batch:
        a, b = a.contiguous().view(1, -1), b.contiguous().view(1, -1)
    return a, b, batch


def row_scaled(matrix, column):
    """Each row of matrix (B x D) times the matching entry of column (B), as a new tensor."""
    return matrix.clone().mul_(column.contiguous().view(-1, 1).expand_as(matrix))
