"""legacy.nn.VolumetricReplicationPadding: pads each volume of a 4D or 5D input by pleft,
pright columns, ptop, pbottom rows and pfront, pback frames that repeat the border voxels. Over
THNN's VolumetricReplicationPadding kernels."""
from .Module import Module


class VolumetricReplicationPadding(Module):

    def __init__(self, pleft, pright=None, ptop=None, pbottom=None, pfront=None, pback=None):
        super(VolumetricReplicationPadding, self).__init__()
        self.pleft = pleft
        self.pright = pright if pright is not None else pleft
        self.ptop = ptop if ptop is not None else pleft
        self.pbottom = pbottom if pbottom is not None else pleft
        self.pfront = pfront if pfront is not None else pleft
        self.pback = pback if pback is not None else pleft

    def _pads(self):
        return self.pleft, self.pright, self.ptop, self.pbottom, self.pfront, self.pback

    def updateOutput(self, input):
        self._backend.VolumetricReplicationPadding_updateOutput(
            self._backend.library_state, input, self.output, *self._pads())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.VolumetricReplicationPadding_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, *self._pads())
        return self.gradInput

    def __repr__(self):
        return '{}(left={}, right={}, top={}, bottom={}, front={}, back={})'.format(
            super(VolumetricReplicationPadding, self).__repr__(), *self._pads())
