"""legacy.nn.Transpose: swaps dimensions of the input, pair by pair in the order given:
Transpose((0, 1), (1, 2)). The output is a contiguous copy; backward swaps back in reverse order."""
from .Module import Module


class Transpose(Module):

    def __init__(self, *args):
        super(Transpose, self).__init__()
        for pair in args:
            if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
                raise TypeError('Transpose: each argument must be a pair of dimensions, '
                                'but got %r' % (pair,))
        self.permutations = args

    def updateOutput(self, input):
        for first, second in self.permutations:
            input = input.transpose(first, second)
        self.output.resize_as_(input).copy_(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        for first, second in reversed(self.permutations):
            gradOutput = gradOutput.transpose(first, second)
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        return self.gradInput

    def __repr__(self):
        return super(Transpose, self).__repr__() + '(%s)' % ', '.join(
            '%d <-> %d' % tuple(pair) for pair in self.permutations)
