"""legacy.nn.VolumetricMaxUnpooling: the partial inverse of a VolumetricMaxPooling module it is
built with: each value goes back to where its window's maximum was (the pooling's indices), zeros
elsewhere, in an output the size of the pooling's last input. The pooling must use
non-overlapping windows. Over THNN's VolumetricMaxUnpooling kernels."""
from .Module import Module
from .VolumetricMaxPooling import VolumetricMaxPooling


class VolumetricMaxUnpooling(Module):

    def __init__(self, poolingModule):
        super(VolumetricMaxUnpooling, self).__init__()
        if not isinstance(poolingModule, VolumetricMaxPooling):
            raise TypeError('VolumetricMaxUnpooling: expected a VolumetricMaxPooling module, but '
                            'got {}'.format(type(poolingModule).__name__))
        p = poolingModule
        if p.kT != p.dT or p.kH != p.dH or p.kW != p.dW:
            raise ValueError('VolumetricMaxUnpooling: the pooling must use non-overlapping '
                             'windows (kT == dT, kW == dW and kH == dH)')
        self.pooling = poolingModule

    def _setParams(self):
        p = self.pooling
        if p.itime is None:
            raise RuntimeError('VolumetricMaxUnpooling: its VolumetricMaxPooling module must run '
                               'forward first')
        self.indices = p.indices
        self.otime, self.oheight, self.owidth = p.itime, p.iheight, p.iwidth
        return (self.indices, self.otime, self.owidth, self.oheight, p.dT, p.dW, p.dH, p.padT,
                p.padW, p.padH)

    def updateOutput(self, input):
        self._backend.VolumetricMaxUnpooling_updateOutput(
            self._backend.library_state, input, self.output, *self._setParams())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.VolumetricMaxUnpooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, *self._setParams())
        return self.gradInput

    def __repr__(self):
        return 'nn.VolumetricMaxUnpooling associated to ' + repr(self.pooling)
