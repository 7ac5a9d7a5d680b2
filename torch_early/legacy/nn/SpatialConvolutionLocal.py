"""legacy.nn.SpatialConvolutionLocal: a 2-D convolution with unshared weights: every output
position has its own kernels (weight: oH x oW x nOutputPlane x nInputPlane x kH x kW) and its own
bias (nOutputPlane x oH x oW), so the input size (iW x iH) is fixed when the module is made.
Over THNN's SpatialConvolutionLocal kernels."""
from ._ConvolutionBase import ConvolutionBase
from . import utils


class SpatialConvolutionLocal(ConvolutionBase):

    def __init__(self, nInputPlane, nOutputPlane, iW, iH, kW, kH, dW=1, dH=1, padW=0,
                 padH=None):
        super(SpatialConvolutionLocal, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane, nOutputPlane=nOutputPlane, iW=iW, iH=iH,
                         kW=kW, kH=kH, dW=dW, dH=dH)
        self.nInputPlane = nInputPlane
        self.nOutputPlane = nOutputPlane
        self.kW = kW
        self.kH = kH
        self.iW = iW
        self.iH = iH
        self.dW = dW
        self.dH = dH
        self.padW = padW
        self.padH = padH if padH is not None else padW
        self.oW = (self.padW * 2 + iW - kW) // dW + 1
        self.oH = (self.padH * 2 + iH - kH) // dH + 1
        if self.oW < 1 or self.oH < 1:
            raise ValueError('SpatialConvolutionLocal: a {}x{} kernel does not fit a {}x{} input '
                             'padded by {},{}'.format(kW, kH, iW, iH, self.padW, self.padH))
        self._makeParameters((self.oH, self.oW, nOutputPlane, nInputPlane, kH, kW),
                             (nOutputPlane, self.oH, self.oW))

    def _sizes(self):
        return (self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, self.iW, self.iH,
                self.oW, self.oH)

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.SpatialConvolutionLocal_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, *self._sizes())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.SpatialConvolutionLocal_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, *self._sizes())
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.SpatialConvolutionLocal_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, *(self._sizes() + (scale,)))

    def __repr__(self):
        # the input's size is part of the module; the bias is always there
        return (self._reprHead((self.iW, self.iH), (self.kW, self.kH)) +
                self._reprWindow((self.dW, self.dH), (self.padW, self.padH)) + ')')
