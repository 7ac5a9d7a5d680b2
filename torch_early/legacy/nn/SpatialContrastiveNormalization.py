"""legacy.nn.SpatialContrastiveNormalization: local contrast normalisation of a (batch x) planes x
height x width input: SpatialSubtractiveNormalization (remove the local mean) followed by
SpatialDivisiveNormalization (divide by the local deviation), with one kernel for both."""
import torch_early
from .Module import Module
from . import utils
from .Sequential import Sequential
from .SpatialDivisiveNormalization import SpatialDivisiveNormalization
from .SpatialSubtractiveNormalization import SpatialSubtractiveNormalization, checked_kernel


class SpatialContrastiveNormalization(Module):

    # v0.1.12's thresval defaults to 1e-4 whatever the threshold (Lua nn's follows the threshold);
    # None still means the threshold
    def __init__(self, nInputPlane=1, kernel=None, threshold=1e-4, thresval=1e-4):
        super(SpatialContrastiveNormalization, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane)
        self.nInputPlane = nInputPlane
        self.kernel = checked_kernel(type(self).__name__, kernel)
        self.threshold = threshold
        self.thresval = thresval if thresval is not None else threshold
        self.normalizer = Sequential()
        self.normalizer.add(SpatialSubtractiveNormalization(nInputPlane, self.kernel))
        self.normalizer.add(SpatialDivisiveNormalization(nInputPlane, self.kernel, threshold,
                                                         self.thresval))

    def updateOutput(self, input):
        self.output = self.normalizer.updateOutput(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput = self.normalizer.updateGradInput(input, gradOutput)
        return self.gradInput

    def clearState(self):
        self.normalizer.clearState()
        self.output = torch_early.Tensor().type(self._type)
        self.gradInput = torch_early.Tensor().type(self._type)
        return self
