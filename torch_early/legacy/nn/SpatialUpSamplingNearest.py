"""legacy.nn.SpatialUpSamplingNearest: each pixel of every plane of a 3D or 4D input repeated
into a scale x scale block (the gradient sums each block back). Over THNN's
SpatialUpSamplingNearest kernels."""
from .Module import Module


class SpatialUpSamplingNearest(Module):

    def __init__(self, scale):
        super(SpatialUpSamplingNearest, self).__init__()
        if int(scale) != scale or scale < 1:
            raise ValueError('SpatialUpSamplingNearest: the scale must be a whole number of at '
                             'least 1, but got {}'.format(scale))
        self.scale_factor = int(scale)

    def updateOutput(self, input):
        self._backend.SpatialUpSamplingNearest_updateOutput(
            self._backend.library_state, input, self.output, self.scale_factor)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SpatialUpSamplingNearest_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.scale_factor)
        return self.gradInput

    def __repr__(self):
        return '{}({})'.format(super(SpatialUpSamplingNearest, self).__repr__(),
                               self.scale_factor)
