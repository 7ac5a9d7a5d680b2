"""legacy.nn.PReLU: the leaky ReLU whose negative slope is learned: one slope shared by every
element (nOutputPlane=0), or one per plane (dimension 1 of a batch, 0 of a single sample). Over
THNN's PReLU kernels; the slopes start at 0.25, as in Lua nn."""
import torch_early
from .Module import Module
from .utils import clear


class PReLU(Module):

    def __init__(self, nOutputPlane=0):
        super(PReLU, self).__init__()
        self.nOutputPlane = nOutputPlane
        self.weight = torch_early.Tensor(nOutputPlane or 1).fill_(0.25)
        self.gradWeight = torch_early.Tensor(nOutputPlane or 1).zero_()
        self.gradWeightBuf = None
        self.gradWeightBuf2 = None

    def updateOutput(self, input):
        self._backend.PReLU_updateOutput(self._backend.library_state, input, self.output,
                                         self.weight, self.nOutputPlane)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.PReLU_updateGradInput(self._backend.library_state, input, gradOutput,
                                            self.gradInput, self.weight, self.nOutputPlane)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        if self.gradWeightBuf is None:
            self.gradWeightBuf = input.new()
        if self.gradWeightBuf2 is None:
            self.gradWeightBuf2 = input.new()
        self._backend.PReLU_accGradParameters(self._backend.library_state, input, gradOutput,
                                              self.gradInput, self.weight, self.gradWeight,
                                              self.gradWeightBuf, self.gradWeightBuf2,
                                              self.nOutputPlane, scale)
        return self.gradWeight

    def clearState(self):
        clear(self, 'gradWeightBuf', 'gradWeightBuf2')
        return super(PReLU, self).clearState()
