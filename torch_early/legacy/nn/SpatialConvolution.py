"""legacy.nn.SpatialConvolution: the 2-D convolution (cross-correlation) of nInputPlane images by
nOutputPlane x nInputPlane kernels of kH x kW, with stride (dW, dH) and zero padding (padW, padH),
on a 3D input (planes x H x W) or a 4D batch. Over THNN's SpatialConvolutionMM kernels, which
unfold the input into finput (im2col) and multiply it by the weight."""
from ._ConvolutionBase import ConvolutionBase
from . import utils


class SpatialConvolution(ConvolutionBase):

    def __init__(self, nInputPlane, nOutputPlane, kW, kH, dW=1, dH=1, padW=0, padH=None):
        super(SpatialConvolution, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane, nOutputPlane=nOutputPlane, kW=kW, kH=kH,
                         dW=dW, dH=dH)
        self.nInputPlane = nInputPlane
        self.nOutputPlane = nOutputPlane
        self.kW = kW
        self.kH = kH
        self.dW = dW
        self.dH = dH
        self.padW = padW
        self.padH = padH if padH is not None else padW
        self._makeParameters((nOutputPlane, nInputPlane, kH, kW), (nOutputPlane,))

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.SpatialConvolutionMM_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.SpatialConvolutionMM_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.SpatialConvolutionMM_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH, scale)

    def __repr__(self):
        return (self._reprHead((self.kW, self.kH)) +
                self._reprWindow((self.dW, self.dH), (self.padW, self.padH)) + self._reprTail())
