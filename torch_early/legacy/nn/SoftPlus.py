"""legacy.nn.SoftPlus: output = log(1 + exp(beta * input)) / beta, the identity where
beta * input exceeds threshold (for stability), over THNN's SoftPlus kernels."""
from .Module import Module


class SoftPlus(Module):

    def __init__(self, beta=1, threshold=20):
        super(SoftPlus, self).__init__()
        self.beta = beta
        self.threshold = threshold

    def updateOutput(self, input):
        self._backend.SoftPlus_updateOutput(self._backend.library_state, input, self.output,
                                            self.beta, self.threshold)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SoftPlus_updateGradInput(self._backend.library_state, input, gradOutput,
                                               self.gradInput, self.output, self.beta,
                                               self.threshold)
        return self.gradInput
