"""legacy.nn.Squeeze: the input viewed without its dimensions of size 1 (all of them, or only the
given dim when it has size 1). Backward views gradOutput back to the input's shape."""
from .Module import Module


class Squeeze(Module):

    def __init__(self, dim=None):
        super(Squeeze, self).__init__()
        self.dim = dim

    def updateOutput(self, input):
        if self.dim is None:
            self.output = input.squeeze()
        else:
            if not -input.dim() <= self.dim < input.dim():
                raise IndexError('Squeeze: dimension %d out of range for a %dD input'
                                 % (self.dim, input.dim()))
            self.output = input.squeeze(self.dim % input.dim())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput = gradOutput.contiguous().view_as(input)
        return self.gradInput

    def __repr__(self):
        if self.dim is None:
            return super(Squeeze, self).__repr__()
        return super(Squeeze, self).__repr__() + '(%d)' % self.dim
