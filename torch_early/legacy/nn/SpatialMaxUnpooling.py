"""legacy.nn.SpatialMaxUnpooling: the partial inverse of a SpatialMaxPooling module it is built
with: each value goes back to where its pooling window's maximum was (read from the pooling's
indices), zeros elsewhere, in an output the size of the pooling's last input. The pooling must
use non-overlapping windows (kW == dW, kH == dH). Over THNN's SpatialMaxUnpooling kernels."""
from .Module import Module
from .SpatialMaxPooling import SpatialMaxPooling


class SpatialMaxUnpooling(Module):

    def __init__(self, poolingModule):
        super(SpatialMaxUnpooling, self).__init__()
        if not isinstance(poolingModule, SpatialMaxPooling):
            raise TypeError('SpatialMaxUnpooling: expected a SpatialMaxPooling module, but got '
                            '{}'.format(type(poolingModule).__name__))
        if poolingModule.kH != poolingModule.dH or poolingModule.kW != poolingModule.dW:
            raise ValueError('SpatialMaxUnpooling: the pooling must use non-overlapping windows '
                             '(kW == dW and kH == dH)')
        self.pooling = poolingModule

    def _setParams(self):
        if self.pooling.iheight is None:
            raise RuntimeError('SpatialMaxUnpooling: its SpatialMaxPooling module must run '
                               'forward first')
        self.indices = self.pooling.indices
        self.oheight = self.pooling.iheight
        self.owidth = self.pooling.iwidth

    def updateOutput(self, input):
        self._setParams()
        self._backend.SpatialMaxUnpooling_updateOutput(
            self._backend.library_state, input, self.output, self.indices, self.owidth,
            self.oheight)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._setParams()
        self._backend.SpatialMaxUnpooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.indices,
            self.owidth, self.oheight)
        return self.gradInput

    def __repr__(self):
        return 'nn.SpatialMaxUnpooling associated to ' + repr(self.pooling)
