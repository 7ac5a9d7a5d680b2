"""legacy.nn.Euclidean: y_j = || x - w_j ||, the distance of the input to each of outputSize learnt
templates w_j (the columns of the inputSize x outputSize weight). Takes one example (inputSize) or a
batch (n x inputSize)."""
import math

import torch_early
from .Module import Module
from . import utils


class Euclidean(Module):

    def __init__(self, inputSize, outputSize):
        super(Euclidean, self).__init__()
        utils.checkSizes(self, inputSize=inputSize, outputSize=outputSize)
        self.weight = torch_early.Tensor(inputSize, outputSize)
        self.gradWeight = torch_early.Tensor(inputSize, outputSize)
        self._diff = None    # x - w_j for every example and template: n x inputSize x outputSize
        self._ratio = None   # gradOutput / y (0 where y = 0): n x outputSize
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.weight.size(0))
        self.weight.uniform_(-stdv, stdv)

    def _as_batch(self, input):
        """input as an n x inputSize matrix."""
        inputSize = self.weight.size(0)
        if input.dim() == 1 and input.size(0) == inputSize:
            return input.contiguous().view(1, inputSize)
        if input.dim() == 2 and input.size(1) == inputSize:
            return input.contiguous()
        raise RuntimeError('%s: expected an input of size %d or n x %d, but got %s'
                           % (type(self).__name__, inputSize, inputSize, tuple(input.size())))

    def _output_size(self, input):
        if input.dim() == 1:
            return (self.weight.size(1),)
        return (input.size(0), self.weight.size(1))

    def _differences(self, input):
        """self._diff = x - w_j, as n x inputSize x outputSize."""
        batch = self._as_batch(input)
        n, (inputSize, outputSize) = batch.size(0), self.weight.size()
        self._diff = self._diff if self._diff is not None else input.new()
        self._diff.resize_(n, inputSize, outputSize)
        self._diff.copy_(batch.view(n, inputSize, 1).expand(n, inputSize, outputSize))
        self._diff.add_(-1, self.weight.view(1, inputSize, outputSize).expand_as(self._diff))
        return self._diff

    def updateOutput(self, input):
        diff = self._differences(input)
        self.output.resize_(*self._output_size(input))
        self.output.view(diff.size(0), diff.size(2)).copy_(diff.norm(2, 1).view(
            diff.size(0), diff.size(2)))
        return self.output

    def _gradient_ratio(self, gradOutput):
        """gradOutput / y, with 0 where y = 0 (where the distance has no gradient we take 0)."""
        n, outputSize = self._diff.size(0), self._diff.size(2)
        distance = self.output.contiguous().view(n, outputSize)
        self._ratio = self._ratio if self._ratio is not None else distance.new()
        self._ratio.resize_(n, outputSize).copy_(gradOutput.contiguous().view(n, outputSize))
        self._ratio.div_(distance).masked_fill_(distance.eq(0), 0)
        return self._ratio.view(n, 1, outputSize).expand_as(self._diff)

    def updateGradInput(self, input, gradOutput):
        # dy_j/dx = (x - w_j) / y_j
        ratio = self._gradient_ratio(gradOutput)
        summed = (self._diff * ratio).sum(2)
        self.gradInput.resize_as_(input).copy_(summed.view_as(input))
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        # dy_j/dw_j = -(x - w_j) / y_j (self._diff is forward's)
        ratio = self._gradient_ratio(gradOutput)
        summed = (self._diff * ratio).sum(0).view_as(self.gradWeight)
        self.gradWeight.add_(-scale, summed)

    def clearState(self):
        utils.clear(self, '_diff', '_ratio')
        return super(Euclidean, self).clearState()

    def __repr__(self):
        return super(Euclidean, self).__repr__() + '(%d -> %d)' % tuple(self.weight.size())
