"""legacy.nn.SpatialFullConvolutionMap: the transposed (full) convolution with a connection
table, the adjoint of SpatialConvolutionMap: each kernel spreads an input plane over its output
plane, whose size is (H - 1) * dH + kH. Over THNN's SpatialFullConvolutionMap kernels."""
from .SpatialConvolutionMap import SpatialConvolutionMap


class SpatialFullConvolutionMap(SpatialConvolutionMap):

    def updateOutput(self, input):
        self._backend.SpatialFullConvolutionMap_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SpatialFullConvolutionMap_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.bias, self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._backend.SpatialFullConvolutionMap_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH, scale)
