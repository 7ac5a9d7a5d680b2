"""legacy.nn.Contiguous: the input itself when it is contiguous, else a contiguous copy of it (and
the same for gradOutput in backward): put before a layer that needs contiguous memory."""
import torch_early
from .Module import Module


class Contiguous(Module):

    def updateOutput(self, input):
        if input.is_contiguous():
            self.output = input
        else:
            if self.output is input:
                self.output = input.new()
            self.output.resize_as_(input).copy_(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if gradOutput.is_contiguous():
            self.gradInput = gradOutput
        else:
            if self.gradInput is gradOutput:
                self.gradInput = gradOutput.new()
            self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        return self.gradInput

    def clearState(self):
        # output and gradInput may be the caller's own tensors: drop the references
        self.output = torch_early.Tensor().type(self._type)
        self.gradInput = torch_early.Tensor().type(self._type)
        return self
