"""legacy.nn.CMulTable: the element-wise product of a table of same-sized tensors. The gradient of
each factor is gradOutput times the product of the others (not output / factor, which fails on a
zero)."""
from .Module import Module
from ._tables import check_table, check_same_size, resized_gradInput


class CMulTable(Module):

    def __init__(self):
        super(CMulTable, self).__init__()
        self.gradInput = []

    def updateOutput(self, input):
        check_same_size(self, check_table(self, input, at_least=1))
        self.output.resize_as_(input[0]).copy_(input[0])
        for x in input[1:]:
            self.output.mul_(x)
        return self.output

    def updateGradInput(self, input, gradOutput):
        check_table(self, input, at_least=1)
        for i, g in enumerate(resized_gradInput(self, input)):
            g.copy_(gradOutput)
            for j, x in enumerate(input):
                if j != i:
                    g.mul_(x)
        return self.gradInput
