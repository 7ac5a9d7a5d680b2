"""legacy.nn.Sqrt: output = sqrt(input + eps) element by element (eps, Lua's b, keeps the
gradient finite at 0), over THNN's Sqrt kernels."""
from .Module import Module


class Sqrt(Module):

    def __init__(self, b=0, eps=0):
        super(Sqrt, self).__init__()
        self.eps = b or eps

    def updateOutput(self, input):
        self._backend.Sqrt_updateOutput(self._backend.library_state, input, self.output,
                                        self.eps)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.Sqrt_updateGradInput(self._backend.library_state, input, gradOutput,
                                           self.gradInput, self.output)
        return self.gradInput
