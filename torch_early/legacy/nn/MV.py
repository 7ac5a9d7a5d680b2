"""legacy.nn.MV(trans=False): a matrix times a vector for a pair [M, v], or for each pair in two
batches (B x n x m and B x m), M transposed first when asked."""
import torch_early
from .Module import Module
from ._tables import check_table, resized_gradInput, sizes


class MV(Module):

    def __init__(self, trans=False):
        super(MV, self).__init__()
        self.trans = trans
        self.gradInput = []

    def _operands(self, input):
        """The matrix as it is multiplied (transposed when asked) as B x n x m, the vectors as
        B x m x 1, and whether the input was a batch."""
        m, v = check_table(self, input, length=2)
        if not ((m.dim() == 2 and v.dim() == 1) or (m.dim() == 3 and v.dim() == 2)):
            raise RuntimeError('MV expects a matrix and a vector or a batch of each, but got sizes '
                               '%s and %s' % (sizes(m), sizes(v)))
        batch = m.dim() == 3
        if not batch:
            m, v = m.view(1, m.size(0), m.size(1)), v.contiguous().view(1, v.size(0))
        m = m.transpose(1, 2) if self.trans else m
        if m.size(2) != v.size(1) or m.size(0) != v.size(0):
            raise RuntimeError('MV: the sizes do not match: %s times %s'
                               % (sizes(input[0]), sizes(input[1])))
        return m, v.contiguous().view(v.size(0), v.size(1), 1), batch

    def updateOutput(self, input):
        m, v, batch = self._operands(input)
        product = torch_early.bmm(m, v)
        size = (m.size(0), m.size(1)) if batch else (m.size(1),)
        self.output.resize_(*size).copy_(product.view(*size))
        return self.output

    def updateGradInput(self, input, gradOutput):
        # for y = M'v: dM' = g v^T (one outer product per pair) and dv = M'^T g
        m, v, batch = self._operands(input)
        g = gradOutput.contiguous().view(m.size(0), m.size(1), 1)
        grad_m = torch_early.bmm(g, v.transpose(1, 2))
        grad_m = grad_m.transpose(1, 2) if self.trans else grad_m
        grad_v = torch_early.bmm(m.transpose(1, 2), g)
        first, second = resized_gradInput(self, input)
        first.copy_(grad_m.contiguous().view_as(first))
        second.copy_(grad_v.view_as(second))
        return self.gradInput

    def __repr__(self):
        return 'nn.MV(%s)' % self.trans if self.trans else 'nn.MV'
