"""legacy.nn.VolumetricFullConvolution: the transposed 3-D convolution, the adjoint of
VolumetricConvolution: weight is nInputPlane x nOutputPlane x kT x kH x kW and the output is
(T - 1) * dT - 2 * padT + kT + adjT deep (likewise high and wide). Over THNN's
VolumetricFullConvolution kernels."""
from ._ConvolutionBase import ConvolutionBase
from . import utils


class VolumetricFullConvolution(ConvolutionBase):

    def __init__(self, nInputPlane, nOutputPlane, kT, kW, kH, dT=1, dW=1, dH=1, padT=0,
                 padW=0, padH=0, adjT=0, adjW=0, adjH=0):
        super(VolumetricFullConvolution, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane, nOutputPlane=nOutputPlane, kT=kT, kW=kW,
                         kH=kH, dT=dT, dW=dW, dH=dH)
        self.nInputPlane = nInputPlane
        self.nOutputPlane = nOutputPlane
        self.kT = kT
        self.kW = kW
        self.kH = kH
        self.dT = dT
        self.dW = dW
        self.dH = dH
        self.padT = padT
        self.padW = padW
        self.padH = padH
        self.adjT = adjT
        self.adjW = adjW
        self.adjH = adjH
        if adjT > dT - 1 or adjW > dW - 1 or adjH > dH - 1:
            raise ValueError('adjT, adjW and adjH must be smaller than dT - 1, dW - 1 and dH - 1 '
                             'respectively')
        self._makeParameters((nInputPlane, nOutputPlane, kT, kH, kW), (nOutputPlane,))

    def _window(self):
        return (self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.adjT,
                self.adjW, self.adjH)

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.VolumetricFullConvolution_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, *self._window())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.VolumetricFullConvolution_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, *self._window())
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.VolumetricFullConvolution_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, *(self._window() + (scale,)))

    def __repr__(self):
        # unlike SpatialFullConvolution's, a zero padding is left out before the adjustment
        s = self._reprHead((self.kT, self.kW, self.kH)) + self._reprWindow(
            (self.dT, self.dW, self.dH), (self.padT, self.padW, self.padH))
        if (self.adjT, self.adjW, self.adjH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.adjT, self.adjW, self.adjH)
        return s + self._reprTail()
