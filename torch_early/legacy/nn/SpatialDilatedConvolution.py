"""legacy.nn.SpatialDilatedConvolution: SpatialConvolution whose kernel taps are dilationH x
dilationW pixels apart (a kH x kW kernel covering (kH - 1) * dilationH + 1 rows). Over THNN's
SpatialDilatedConvolution kernels."""
from .SpatialConvolution import SpatialConvolution
from . import utils


class SpatialDilatedConvolution(SpatialConvolution):

    def __init__(self, nInputPlane, nOutputPlane, kW, kH, dW=1, dH=1, padW=0, padH=None,
                 dilationH=1, dilationW=None):
        # v0.1.12's order: the height's dilation before the width's, which defaults to it
        # (Lua's nn has dilationW, dilationH); padH defaults to padW as in SpatialConvolution
        super(SpatialDilatedConvolution, self).__init__(nInputPlane, nOutputPlane, kW, kH,
                                                        dW, dH, padW, padH)
        if dilationW is None:
            dilationW = dilationH
        utils.checkSizes(self, dilationW=dilationW, dilationH=dilationH)
        self.dilationW = dilationW
        self.dilationH = dilationH

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.SpatialDilatedConvolution_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH, self.dilationW, self.dilationH)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.SpatialDilatedConvolution_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH,
            self.dilationW, self.dilationH)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.SpatialDilatedConvolution_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH, self.dilationW, self.dilationH, scale)

    def __repr__(self):
        return (self._reprHead((self.kW, self.kH)) +
                self._reprWindow((self.dW, self.dH), (self.padW, self.padH)) +
                ', {},{}'.format(self.dilationW, self.dilationH) + self._reprTail())
