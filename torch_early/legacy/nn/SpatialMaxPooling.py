"""legacy.nn.SpatialMaxPooling: the maximum of each kW x kH window (stride dW, dH, padding padW,
padH) of every plane of a 3D or 4D input; indices keeps where each maximum was, for the backward.
The output size rounds down, or up after ceil(). Over THNN's SpatialMaxPooling kernels. The input
height and width of the last forward are kept (iheight, iwidth) for SpatialMaxUnpooling."""
import torch_early
from .Module import Module
from .utils import clear


class SpatialMaxPooling(Module):

    def __init__(self, kW, kH, dW=None, dH=None, padW=0, padH=0):
        super(SpatialMaxPooling, self).__init__()
        self.kW = kW
        self.kH = kH
        self.dW = dW or kW
        self.dH = dH or kH
        self.padW = padW
        self.padH = padH
        self.ceil_mode = False
        self.indices = torch_early.LongTensor()
        self.iheight = None
        self.iwidth = None

    def ceil(self):
        self.ceil_mode = True
        return self

    def floor(self):
        self.ceil_mode = False
        return self

    def _remember_size(self, input):
        if input.dim() in (3, 4):
            self.iheight = input.size(input.dim() - 2)
            self.iwidth = input.size(input.dim() - 1)

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._backend.SpatialMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.kW, self.kH,
            self.dW, self.dH, self.padW, self.padH, self.ceil_mode)
        self._remember_size(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SpatialMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices,
            self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, self.ceil_mode)
        return self.gradInput

    def clearState(self):
        clear(self, 'indices')
        return super(SpatialMaxPooling, self).clearState()

    def __repr__(self):
        s = '{}({}x{}, {},{}'.format(super(SpatialMaxPooling, self).__repr__(), self.kW,
                                     self.kH, self.dW, self.dH)
        if self.padW != 0 or self.padH != 0:
            s += ', {},{}'.format(self.padW, self.padH)
        return s + ')'
