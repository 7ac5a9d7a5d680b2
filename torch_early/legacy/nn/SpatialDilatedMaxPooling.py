"""legacy.nn.SpatialDilatedMaxPooling: SpatialMaxPooling over windows whose taps are dilationH x
dilationW pixels apart. Over THNN's SpatialDilatedMaxPooling kernels."""
import torch_early
from .SpatialMaxPooling import SpatialMaxPooling


class SpatialDilatedMaxPooling(SpatialMaxPooling):

    def __init__(self, kW, kH, dW=None, dH=None, padW=0, padH=0, dilationW=1, dilationH=1):
        super(SpatialDilatedMaxPooling, self).__init__(kW, kH, dW, dH, padW, padH)
        self.dilationW = dilationW
        self.dilationH = dilationH

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._backend.SpatialDilatedMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.kW, self.kH,
            self.dW, self.dH, self.padW, self.padH, self.dilationW, self.dilationH,
            self.ceil_mode)
        self._remember_size(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SpatialDilatedMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices,
            self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, self.dilationW,
            self.dilationH, self.ceil_mode)
        return self.gradInput

    def __repr__(self):
        return '{}, {},{})'.format(super(SpatialDilatedMaxPooling, self).__repr__()[:-1],
                                   self.dilationW, self.dilationH)
