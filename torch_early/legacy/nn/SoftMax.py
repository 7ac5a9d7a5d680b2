"""legacy.nn.SoftMax: exp(x_i) / sum_j exp(x_j) over the features of each sample (a vector, the
rows of a matrix, or the planes at each pixel of a 3D/4D input), over THNN's SoftMax kernels."""
from .Module import Module


class SoftMax(Module):

    def updateOutput(self, input):
        self._backend.SoftMax_updateOutput(self._backend.library_state, input, self.output)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SoftMax_updateGradInput(self._backend.library_state, input, gradOutput,
                                              self.gradInput, self.output)
        return self.gradInput
