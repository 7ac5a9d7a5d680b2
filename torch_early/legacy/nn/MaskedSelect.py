"""legacy.nn.MaskedSelect: takes the table [t, mask] (mask a ByteTensor of t's size) and gives the
1-D tensor of the elements of t where mask is 1, in order. Backward puts gradOutput back at those
positions, zeros elsewhere; the mask gets a zero gradient."""
from .Module import Module


class MaskedSelect(Module):

    def __init__(self):
        super(MaskedSelect, self).__init__()
        self.gradInput = [self.gradInput]

    def updateOutput(self, input):
        t, mask = _pair(input)
        selected = t.masked_select(mask)
        self.output.resize_as_(selected).copy_(selected)
        return self.output

    def updateGradInput(self, input, gradOutput):
        t, mask = _pair(input)
        gradInput = self.gradInput[0] if self.gradInput else t.new()
        gradInput.resize_as_(t).zero_()
        gradInput.masked_copy_(mask, gradOutput)
        self.gradInput = [gradInput, mask.new().resize_as_(mask).zero_()]
        return self.gradInput


def _pair(input):
    if not (isinstance(input, (list, tuple)) and len(input) == 2):
        raise TypeError('MaskedSelect: expected the table [tensor, mask], but got %s'
                        % type(input).__name__)
    return input
