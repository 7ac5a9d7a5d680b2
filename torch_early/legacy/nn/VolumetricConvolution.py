"""legacy.nn.VolumetricConvolution: the 3-D convolution of nInputPlane volumes (T x H x W) by
nOutputPlane x nInputPlane kernels of kT x kH x kW, with stride (dT, dW, dH) and zero padding
(padT, padW, padH), on a 4D input or a 5D batch. Over THNN's VolumetricConvolutionMM kernels
(vol2col into finput, then a matrix product)."""
from ._ConvolutionBase import ConvolutionBase
from . import utils


class VolumetricConvolution(ConvolutionBase):

    def __init__(self, nInputPlane, nOutputPlane, kT, kW, kH, dT=1, dW=1, dH=1, padT=0,
                 padW=None, padH=None):
        super(VolumetricConvolution, self).__init__()
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
        self.padW = padW if padW is not None else self.padT
        self.padH = padH if padH is not None else self.padW
        self._makeParameters((nOutputPlane, nInputPlane, kT, kH, kW), (nOutputPlane,))

    def _window(self):
        return (self.kT, self.kW, self.kH, self.dT, self.dW, self.dH, self.padT, self.padW,
                self.padH)

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.VolumetricConvolutionMM_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, *self._window())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.VolumetricConvolutionMM_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, *self._window())
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.VolumetricConvolutionMM_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, *(self._window() + (scale,)))

    def __repr__(self):
        return (self._reprHead((self.kT, self.kW, self.kH)) +
                self._reprWindow((self.dT, self.dW, self.dH), (self.padT, self.padW, self.padH)) +
                self._reprTail())
