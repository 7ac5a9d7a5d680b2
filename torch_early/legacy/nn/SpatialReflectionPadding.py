"""legacy.nn.SpatialReflectionPadding: pads each plane of a 3D or 4D input by pad_l, pad_r
columns and pad_t, pad_b rows that mirror the border (without repeating it). Over THNN's
SpatialReflectionPadding kernels."""
from .Module import Module


class _SpatialPadding(Module):
    """The body of SpatialReflectionPadding and SpatialReplicationPadding; `_kernel` names the
    THNN functions that do the work."""

    def __init__(self, pad_l, pad_r=None, pad_t=None, pad_b=None):
        super(_SpatialPadding, self).__init__()
        self.pad_l = pad_l
        self.pad_r = pad_r if pad_r is not None else pad_l
        self.pad_t = pad_t if pad_t is not None else pad_l
        self.pad_b = pad_b if pad_b is not None else pad_l

    def _pads(self):
        return self.pad_l, self.pad_r, self.pad_t, self.pad_b

    def updateOutput(self, input):
        getattr(self._backend, self._kernel + '_updateOutput')(
            self._backend.library_state, input, self.output, *self._pads())
        return self.output

    def updateGradInput(self, input, gradOutput):
        getattr(self._backend, self._kernel + '_updateGradInput')(
            self._backend.library_state, input, gradOutput, self.gradInput, *self._pads())
        return self.gradInput

    def __repr__(self):
        return '{}(l={}, r={}, t={}, b={})'.format(
            super(_SpatialPadding, self).__repr__(), *self._pads())


class SpatialReflectionPadding(_SpatialPadding):
    _kernel = 'SpatialReflectionPadding'
