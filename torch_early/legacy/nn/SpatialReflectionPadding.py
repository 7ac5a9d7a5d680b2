"""legacy.nn.SpatialReflectionPadding: pads each plane of a 3D or 4D input by pad_l, pad_r
columns and pad_t, pad_b rows that mirror the border (without repeating it). Over THNN's
SpatialReflectionPadding kernels."""
from .Module import Module


class SpatialReflectionPadding(Module):

    def __init__(self, pad_l, pad_r=None, pad_t=None, pad_b=None):
        super(SpatialReflectionPadding, self).__init__()
        self.pad_l = pad_l
        self.pad_r = pad_r if pad_r is not None else pad_l
        self.pad_t = pad_t if pad_t is not None else pad_l
        self.pad_b = pad_b if pad_b is not None else pad_l

    def _pads(self):
        return self.pad_l, self.pad_r, self.pad_t, self.pad_b

    def updateOutput(self, input):
        self._backend.SpatialReflectionPadding_updateOutput(
            self._backend.library_state, input, self.output, *self._pads())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SpatialReflectionPadding_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, *self._pads())
        return self.gradInput

    def __repr__(self):
        return '{}(l={}, r={}, t={}, b={})'.format(
            super(SpatialReflectionPadding, self).__repr__(), *self._pads())
