"""legacy.nn.MM(transA=False, transB=False): the matrix product of a pair [A, B] of matrices, or of
each pair in two batches (B x n x m), A and B transposed first when asked."""
import torch_early
from .Module import Module
from ._tables import check_table, resized_gradInput, sizes


class MM(Module):

    def __init__(self, transA=False, transB=False):
        super(MM, self).__init__()
        self.transA = transA
        self.transB = transB
        self.gradInput = []

    def _operands(self, input):
        """The two factors as they are multiplied (transposed when asked), and whether batched."""
        a, b = check_table(self, input, length=2)
        if a.dim() != b.dim() or a.dim() not in (2, 3):
            raise RuntimeError('MM expects two matrices or two batches of matrices, but got sizes '
                               '%s and %s' % (sizes(a), sizes(b)))
        batch = a.dim() == 3
        last = a.dim() - 1
        a = a.transpose(last - 1, last) if self.transA else a
        b = b.transpose(last - 1, last) if self.transB else b
        if a.size(last) != b.size(last - 1) or (batch and a.size(0) != b.size(0)):
            raise RuntimeError('MM: the sizes of the factors do not match: %s times %s'
                               % (sizes(a), sizes(b)))
        return a, b, batch

    @staticmethod
    def _product(a, b, batch):
        return torch_early.bmm(a, b) if batch else a.mm(b)

    def updateOutput(self, input):
        a, b, batch = self._operands(input)
        product = self._product(a, b, batch)
        self.output.resize_as_(product).copy_(product)
        return self.output

    def updateGradInput(self, input, gradOutput):
        # for C = A'B' (A' = A or its transpose): dA' = G B'^T and dB' = A'^T G
        a, b, batch = self._operands(input)
        last = a.dim() - 1

        def t(m):
            return m.transpose(last - 1, last)

        grad_a = self._product(gradOutput, t(b), batch)
        grad_b = self._product(t(a), gradOutput, batch)
        grad_a = t(grad_a) if self.transA else grad_a
        grad_b = t(grad_b) if self.transB else grad_b
        first, second = resized_gradInput(self, input)
        first.copy_(grad_a)
        second.copy_(grad_b)
        return self.gradInput

    def __repr__(self):
        return 'nn.MM(%s, %s)' % (self.transA, self.transB) if self.transA or self.transB else 'nn.MM'
