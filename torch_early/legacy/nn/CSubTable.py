"""legacy.nn.CSubTable: input[0] - input[1] for a table of two same-sized tensors."""
from .Module import Module
from ._tables import check_table, check_same_size, resized_gradInput


class CSubTable(Module):

    def __init__(self):
        super(CSubTable, self).__init__()
        self.gradInput = []

    def updateOutput(self, input):
        check_same_size(self, check_table(self, input, length=2))
        self.output.resize_as_(input[0]).copy_(input[0]).add_(-1, input[1])
        return self.output

    def updateGradInput(self, input, gradOutput):
        check_table(self, input, length=2)
        first, second = resized_gradInput(self, input)
        first.copy_(gradOutput)
        second.copy_(gradOutput).mul_(-1)
        return self.gradInput
