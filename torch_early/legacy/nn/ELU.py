"""legacy.nn.ELU: input above 0, alpha * (exp(input) - 1) below, over THNN's ELU kernels (the
gradient is read from the output); with inplace=True the input itself is overwritten."""
from .Module import Module


class ELU(Module):

    def __init__(self, alpha=1., inplace=False):
        super(ELU, self).__init__()
        self.alpha = alpha
        self.inplace = inplace

    def updateOutput(self, input):
        self._backend.ELU_updateOutput(self._backend.library_state, input, self.output,
                                       self.alpha, self.inplace)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.ELU_updateGradInput(self._backend.library_state, input, gradOutput,
                                          self.gradInput, self.output, self.alpha, self.inplace)
        return self.gradInput

    def __repr__(self):
        return '{}(alpha={:.3f})'.format(super(ELU, self).__repr__(), self.alpha)
