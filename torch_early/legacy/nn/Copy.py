"""legacy.nn.Copy(intype, outtype, dontCast=False): converts between tensor types: the output is
the input copied into outtype (Copy(torch.DoubleTensor, torch.FloatTensor)), gradInput is
gradOutput copied back into intype; always a copy, even between two tensors of one type (v0.1.12
has no forceCopy: its third argument is dontCast). module.type(t) makes both types t, unless
dontCast, which leaves the module's types alone."""
from .Module import Module


class Copy(Module):

    def __init__(self, intype, outtype, dontCast=False):
        super(Copy, self).__init__()
        self.gradInput = intype()
        self.output = outtype()
        self.dontCast = dontCast

    def updateOutput(self, input):
        self.output.resize_(input.size()).copy_(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_(gradOutput.size()).copy_(gradOutput)
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None and self.dontCast:
            return self
        return super(Copy, self).type(type, tensorCache)
