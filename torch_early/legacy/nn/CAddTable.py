"""legacy.nn.CAddTable: the element-wise sum of a table of same-sized tensors; each gets gradOutput
as its gradient (the very tensor when inplace)."""
from .Module import Module
from ._tables import check_table, check_same_size, resized_gradInput


class CAddTable(Module):

    def __init__(self, inplace=False):
        super(CAddTable, self).__init__()
        self.inplace = inplace
        self.gradInput = []

    def updateOutput(self, input):
        check_same_size(self, check_table(self, input, at_least=1))
        if self.inplace:
            self.output.set_(input[0])
        else:
            self.output.resize_as_(input[0]).copy_(input[0])
        for x in input[1:]:
            self.output.add_(x)
        return self.output

    def updateGradInput(self, input, gradOutput):
        check_table(self, input, at_least=1)
        if self.inplace:
            self.gradInput = [gradOutput for _ in input]
        else:
            for g in resized_gradInput(self, input):
                g.copy_(gradOutput)
        return self.gradInput
