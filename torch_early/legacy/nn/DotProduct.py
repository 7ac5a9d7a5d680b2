"""legacy.nn.DotProduct: the dot product of a pair of vectors [a, b] (an output of size 1), or of
each pair of rows of two B x D batches (an output of size B)."""
from .Module import Module
from ._pairs import check_vector_pair, row_scaled
from ._tables import resized_gradInput


class DotProduct(Module):

    def __init__(self):
        super(DotProduct, self).__init__()
        self.gradInput = []

    def updateOutput(self, input):
        a, b, _ = check_vector_pair(self, input)
        products = a.clone().mul_(b).sum(1)
        self.output.resize_(a.size(0)).copy_(products.view(-1))
        return self.output

    def updateGradInput(self, input, gradOutput):
        a, b, _ = check_vector_pair(self, input)
        grad_a, grad_b = resized_gradInput(self, input)
        grad_a.copy_(row_scaled(b, gradOutput).view_as(grad_a))
        grad_b.copy_(row_scaled(a, gradOutput).view_as(grad_b))
        return self.gradInput
