"""legacy.nn.WeightedEuclidean: y_j = || c_j * (x - w_j) ||, the distance of the input to each of
outputSize learnt templates w_j, each dimension weighted by a learnt diagonal covariance c_j
(diagCov, the same inputSize x outputSize shape as the weight). Takes one example or a batch."""
import torch_early
from .Euclidean import Euclidean
from . import utils


class WeightedEuclidean(Euclidean):

    def __init__(self, inputSize, outputSize):
        utils.checkSizes(self, inputSize=inputSize, outputSize=outputSize)
        self.diagCov = torch_early.Tensor(inputSize, outputSize)
        self.gradDiagCov = torch_early.Tensor(inputSize, outputSize)
        self._weighted = None   # c_j * (x - w_j): n x inputSize x outputSize
        super(WeightedEuclidean, self).__init__(inputSize, outputSize)

    def reset(self, stdv=None):
        super(WeightedEuclidean, self).reset(stdv)
        self.diagCov.fill_(1)

    def _weighted_differences(self):
        self._weighted = self._weighted if self._weighted is not None else self._diff.new()
        self._weighted.resize_as_(self._diff).copy_(self._diff)
        self._weighted.mul_(self.diagCov.view(1, *self.diagCov.size()).expand_as(self._diff))
        return self._weighted

    def updateOutput(self, input):
        self._differences(input)
        weighted = self._weighted_differences()
        n, outputSize = weighted.size(0), weighted.size(2)
        self.output.resize_(*self._output_size(input))
        self.output.view(n, outputSize).copy_(weighted.norm(2, 1).view(n, outputSize))
        return self.output

    def updateGradInput(self, input, gradOutput):
        # dy_j/dx = c_j^2 (x - w_j) / y_j
        ratio = self._gradient_ratio(gradOutput)
        diagCov = self.diagCov.view(1, *self.diagCov.size()).expand_as(self._diff)
        summed = (self._weighted * diagCov * ratio).sum(2)
        self.gradInput.resize_as_(input).copy_(summed.view_as(input))
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        # dy_j/dw_j = -c_j^2 (x - w_j) / y_j;  dy_j/dc_j = c_j (x - w_j)^2 / y_j
        ratio = self._gradient_ratio(gradOutput)
        diagCov = self.diagCov.view(1, *self.diagCov.size()).expand_as(self._diff)
        self.gradWeight.add_(-scale, (self._weighted * diagCov * ratio).sum(0).view_as(
            self.gradWeight))
        self.gradDiagCov.add_(scale, (self._weighted * self._diff * ratio).sum(0).view_as(
            self.gradDiagCov))

    def parameters(self):
        return [self.weight, self.diagCov], [self.gradWeight, self.gradDiagCov]

    def clearState(self):
        utils.clear(self, '_weighted')
        return super(WeightedEuclidean, self).clearState()
