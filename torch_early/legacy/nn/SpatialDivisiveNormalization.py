"""legacy.nn.SpatialDivisiveNormalization: divides each pixel of a (batch x) planes x height x width
input by the local standard deviation around it: sqrt of the kernel-weighted sum, over all planes,
of the squares in its neighbourhood, divided by the kernel weight inside the image (as Lua's), and
raised to thresval wherever it is not above threshold (so flat regions are not blown up). Built from
legacy modules: Square, zero padding, convolutions, Sqrt and Threshold."""
from .Module import Module
from . import utils
from .Sqrt import Sqrt
from .Square import Square
from .Threshold import Threshold
from .SpatialSubtractiveNormalization import (border_coefficients, check_planes, checked_kernel,
                                              local_sum_network, plane_dim)


class SpatialDivisiveNormalization(Module):

    def __init__(self, nInputPlane=1, kernel=None, threshold=1e-4, thresval=None):
        super(SpatialDivisiveNormalization, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane)
        self.nInputPlane = nInputPlane
        self.kernel = checked_kernel(type(self).__name__, kernel)
        self.kernel = self.kernel.div(self.kernel.sum() * nInputPlane)
        self.threshold = threshold
        self.thresval = thresval if thresval is not None else threshold
        self.meanestimator = local_sum_network(nInputPlane, self.kernel)
        self.stdestimator = local_sum_network(nInputPlane, self.kernel)
        self.stdestimator.insert(Square(), 0)
        self.stdestimator.add(Sqrt())
        self.thresholder = Threshold(self.threshold, self.thresval)
        self.coef = None             # the kernel weight inside the image at each pixel
        self.adjustedstds = None     # sqrt of the local sums of squares, / coef
        self.thresholdedstds = None  # what the input is divided by

    def updateOutput(self, input):
        check_planes(type(self).__name__, input, self.nInputPlane)
        coef = border_coefficients(self, input)
        self.adjustedstds = self.stdestimator.updateOutput(input) / coef
        self.thresholdedstds = self.thresholder.updateOutput(self.adjustedstds).clone()
        self.output.resize_as_(input).copy_(input).div_(self.thresholdedstds.expand_as(input))
        return self.output

    def updateGradInput(self, input, gradOutput):
        # output = x / t, t = threshold(sqrt(local sums of x^2) / coef), shared by every plane
        coef = border_coefficients(self, input)
        stds = self.thresholdedstds.expand_as(input)
        gradStds = (gradOutput * input).div_(stds).div_(stds).sum(plane_dim(input)).neg_()
        gradAdjusted = self.thresholder.updateGradInput(self.adjustedstds, gradStds)
        gradLocal = gradAdjusted / coef
        self.gradInput.resize_as_(input).copy_(gradOutput).div_(stds)
        self.gradInput.add_(self.stdestimator.updateGradInput(input, gradLocal))
        return self.gradInput

    def clearState(self):
        self.coef = self.adjustedstds = self.thresholdedstds = None
        self.meanestimator.clearState()
        self.stdestimator.clearState()
        self.thresholder.clearState()
        return super(SpatialDivisiveNormalization, self).clearState()
