"""legacy.nn.Identity: passes its input through untouched, and gradOutput back as gradInput (the
same objects: tensors or tables)."""
import torch_early
from .Module import Module


class Identity(Module):

    def updateOutput(self, input):
        self.output = input
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput = gradOutput
        return self.gradInput

    def clearState(self):
        # output and gradInput are the caller's own objects: drop the references, never empty them
        self.output = torch_early.Tensor().type(self._type)
        self.gradInput = torch_early.Tensor().type(self._type)
        return self
