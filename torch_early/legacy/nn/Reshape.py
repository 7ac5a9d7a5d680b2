"""legacy.nn.Reshape: the input seen with the given sizes, or, for a batch, with the batch dimension
kept in front of them. batchMode=None guesses: a batch when the input does not hold exactly the
elements the sizes ask for, or when its first dimension is 1; True/False force it (given by name,
or as Lua did, as a last positional argument: Reshape(2, 3, True))."""
import torch_early
from .Module import Module


class Reshape(Module):

    def __init__(self, *args, batchMode=None):
        super(Reshape, self).__init__()
        if args and isinstance(args[-1], bool):
            args, batchMode = args[:-1], args[-1]
        if len(args) == 1 and isinstance(args[0], torch_early.Size):
            args = tuple(args[0])
        self.size = torch_early.Size(args)
        self.batchMode = batchMode
        self.nelement = 1
        for size in self.size:
            self.nelement *= size

    def updateOutput(self, input):
        one_example = self.batchMode is False or (
            self.batchMode is None and input.nelement() == self.nelement and input.size(0) != 1)
        size = self.size if one_example else (input.size(0),) + tuple(self.size)
        count = 1
        for s in size:
            count *= s
        if count != input.nelement():
            raise RuntimeError('Reshape: the input of size %s cannot be reshaped to %s'
                               % (tuple(input.size()), tuple(size)))
        self.output = input.contiguous().view(*size)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput = gradOutput.contiguous().view_as(input)
        return self.gradInput

    def __repr__(self):
        return super(Reshape, self).__repr__() + '(%s)' % 'x'.join(str(s) for s in self.size)
