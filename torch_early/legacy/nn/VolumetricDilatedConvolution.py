"""legacy.nn.VolumetricDilatedConvolution: VolumetricConvolution whose kernel taps are
dilationT x dilationH x dilationW voxels apart. Over THNN's VolumetricDilatedConvolution
kernels."""
from .VolumetricConvolution import VolumetricConvolution
from . import utils


class VolumetricDilatedConvolution(VolumetricConvolution):

    def __init__(self, nInputPlane, nOutputPlane, kT, kW, kH, dT=1, dW=1, dH=1, padT=0,
                 padW=0, padH=0, dilationT=1, dilationW=1, dilationH=1):
        super(VolumetricDilatedConvolution, self).__init__(nInputPlane, nOutputPlane, kT, kW,
                                                           kH, dT, dW, dH, padT, padW, padH)
        utils.checkSizes(self, dilationT=dilationT, dilationW=dilationW, dilationH=dilationH)
        self.dilationT = dilationT
        self.dilationW = dilationW
        self.dilationH = dilationH

    def _dilated_window(self):
        return self._window() + (self.dilationT, self.dilationW, self.dilationH)

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.VolumetricDilatedConvolution_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, *self._dilated_window())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.VolumetricDilatedConvolution_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, *self._dilated_window())
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.VolumetricDilatedConvolution_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, *(self._dilated_window() + (scale,)))

    def __repr__(self):
        # the dilations go after the other sizes, inside the parenthesis
        head, _, tail = super(VolumetricDilatedConvolution, self).__repr__().rpartition(')')
        return '{}, {},{},{}){}'.format(head, self.dilationT, self.dilationW, self.dilationH,
                                        tail)
