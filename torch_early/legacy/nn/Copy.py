"""legacy.nn.Copy: converts between tensor types: the output is the input copied into outtype
(Copy(torch.DoubleTensor, torch.FloatTensor)), gradInput is gradOutput copied back into intype.
When the two types are the same the tensors pass through, unless forceCopy. module.type(t) makes
both types t, unless dontCast, which leaves the module's types alone."""
from .Module import Module


class Copy(Module):

    def __init__(self, intype, outtype, forceCopy=False, dontCast=False):
        super(Copy, self).__init__()
        self.gradInput = intype()
        self.output = outtype()
        self.forceCopy = forceCopy
        self.dontCast = dontCast

    def _passes_through(self):
        return not self.forceCopy and type(self.gradInput) is type(self.output)

    def updateOutput(self, input):
        if self._passes_through():
            self.output = input
        else:
            self.output.resize_(input.size()).copy_(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self._passes_through():
            self.gradInput = gradOutput
        else:
            self.gradInput.resize_(gradOutput.size()).copy_(gradOutput)
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None and self.dontCast:
            return self
        return super(Copy, self).type(type, tensorCache)

    def clearState(self):
        if self._passes_through():   # output and gradInput are the caller's tensors
            self.output = self.output.new()
            self.gradInput = self.gradInput.new()
            return self
        return super(Copy, self).clearState()
