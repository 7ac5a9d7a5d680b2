"""legacy.nn.VolumetricMaxPooling: the maximum of each kT x kH x kW window (stride dT, dW, dH,
padding padT, padW, padH) of every volume of a 4D or 5D input; indices keeps where each maximum
was. The output size rounds down, or up after ceil(). Over THNN's VolumetricMaxPooling kernels.
The input sizes of the last forward are kept (itime, iheight, iwidth) for
VolumetricMaxUnpooling."""
import torch_early
from .Module import Module
from .utils import clear


class VolumetricMaxPooling(Module):

    def __init__(self, kT, kW, kH, dT=None, dW=None, dH=None, padT=0, padW=0, padH=0):
        super(VolumetricMaxPooling, self).__init__()
        self.kT = kT
        self.kH = kH
        self.kW = kW
        self.dT = dT or kT
        self.dW = dW or kW
        self.dH = dH or kH
        self.padT = padT
        self.padW = padW
        self.padH = padH
        self.ceil_mode = False
        self.indices = torch_early.LongTensor()
        self.itime = self.iheight = self.iwidth = None

    def ceil(self):
        self.ceil_mode = True
        return self

    def floor(self):
        self.ceil_mode = False
        return self

    def _remember_size(self, input):
        if input.dim() in (4, 5):
            self.itime, self.iheight, self.iwidth = input.size()[-3:]

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._backend.VolumetricMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.kT, self.kW,
            self.kH, self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.ceil_mode)
        self._remember_size(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.VolumetricMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices,
            self.dT, self.dW, self.dH, self.padT, self.padW, self.padH)
        return self.gradInput

    def clearState(self):
        clear(self, 'indices')
        return super(VolumetricMaxPooling, self).clearState()

    def __repr__(self):
        s = '{}({}x{}x{}, {},{},{}'.format(super(VolumetricMaxPooling, self).__repr__(),
                                           self.kT, self.kW, self.kH, self.dT, self.dW, self.dH)
        if (self.padT, self.padW, self.padH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.padT, self.padW, self.padH)
        return s + ')'
