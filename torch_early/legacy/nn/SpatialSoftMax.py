"""legacy.nn.SpatialSoftMax: SoftMax across the planes at every pixel of a 3D (planes x H x W)
or 4D (batch x planes x H x W) input; THNN's SoftMax kernels do exactly that for such inputs."""
from .Module import Module


class SpatialSoftMax(Module):

    def updateOutput(self, input):
        self._backend.SoftMax_updateOutput(self._backend.library_state, input, self.output)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SoftMax_updateGradInput(self._backend.library_state, input, gradOutput,
                                              self.gradInput, self.output)
        return self.gradInput
