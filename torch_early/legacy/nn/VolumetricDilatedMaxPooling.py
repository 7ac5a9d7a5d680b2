"""legacy.nn.VolumetricDilatedMaxPooling: VolumetricMaxPooling over windows whose taps are
dilationT x dilationH x dilationW voxels apart. Over THNN's VolumetricDilatedMaxPooling
kernels."""
import torch_early
from .VolumetricMaxPooling import VolumetricMaxPooling


class VolumetricDilatedMaxPooling(VolumetricMaxPooling):

    def __init__(self, kT, kW, kH, dT=None, dW=None, dH=None, padT=0, padW=0, padH=0,
                 dilationT=1, dilationW=1, dilationH=1):
        super(VolumetricDilatedMaxPooling, self).__init__(kT, kW, kH, dT, dW, dH, padT, padW,
                                                          padH)
        self.dilationT = dilationT
        self.dilationW = dilationW
        self.dilationH = dilationH

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._backend.VolumetricDilatedMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.kT, self.kW,
            self.kH, self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.dilationT,
            self.dilationW, self.dilationH, self.ceil_mode)
        self._remember_size(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.VolumetricDilatedMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices,
            self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.dilationT,
            self.dilationW, self.dilationH)
        return self.gradInput

    def __repr__(self):
        return '{}, {},{},{})'.format(super(VolumetricDilatedMaxPooling, self).__repr__()[:-1],
                                      self.dilationT, self.dilationW, self.dilationH)
