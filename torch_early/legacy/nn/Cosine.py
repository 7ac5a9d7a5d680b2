"""legacy.nn.Cosine: y_j = <w_j, x> / (|w_j| |x|), the cosine of the angle between the input and
each of outputSize learnt vectors w_j (the rows of the outputSize x inputSize weight). Takes one
example (inputSize) or a batch (n x inputSize)."""
import math

import torch_early
from .Module import Module
from . import utils

# added to the norms so that a zero vector gives a cosine of 0 rather than a division by zero
_EPS = 1e-12


class Cosine(Module):

    def __init__(self, inputSize, outputSize):
        super(Cosine, self).__init__()
        utils.checkSizes(self, inputSize=inputSize, outputSize=outputSize)
        self.weight = torch_early.Tensor(outputSize, inputSize)
        self.gradWeight = torch_early.Tensor(outputSize, inputSize)
        self._inputNorm = None    # |x|: n x 1
        self._weightNorm = None   # |w_j|: outputSize x 1
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.weight.size(0))
        self.weight.uniform_(-stdv, stdv)

    def _as_batch(self, input):
        inputSize = self.weight.size(1)
        if input.dim() == 1 and input.size(0) == inputSize:
            return input.contiguous().view(1, inputSize)
        if input.dim() == 2 and input.size(1) == inputSize:
            return input.contiguous()
        raise RuntimeError('Cosine: expected an input of size %d or n x %d, but got %s'
                           % (inputSize, inputSize, tuple(input.size())))

    def updateOutput(self, input):
        x = self._as_batch(input)
        self._inputNorm = x.norm(2, 1).add_(_EPS)
        self._weightNorm = self.weight.norm(2, 1).add_(_EPS)
        cosines = torch_early.mm(x, self.weight.t())
        cosines.div_(self._inputNorm.expand_as(cosines))
        cosines.div_(self._weightNorm.t().expand_as(cosines))
        if input.dim() == 1:
            cosines = cosines.view(-1)
        self.output.resize_as_(cosines).copy_(cosines)
        return self.output

    def _scaled_gradient(self, gradOutput):
        """gradOutput_j / (|w_j| |x|), as n x outputSize, and sum_j gradOutput_j y_j."""
        n, outputSize = self._inputNorm.size(0), self.weight.size(0)
        gradOutput = gradOutput.contiguous().view(n, outputSize)
        scaled = gradOutput.clone()
        scaled.div_(self._inputNorm.expand_as(scaled))
        scaled.div_(self._weightNorm.t().expand_as(scaled))
        weighted = gradOutput * self.output.contiguous().view(n, outputSize)
        return scaled, weighted

    def updateGradInput(self, input, gradOutput):
        # dy_j/dx = w_j / (|w_j| |x|) - y_j x / |x|^2
        x = self._as_batch(input)
        scaled, weighted = self._scaled_gradient(gradOutput)
        gradient = torch_early.mm(scaled, self.weight)
        along_x = weighted.sum(1).div_(self._inputNorm).div_(self._inputNorm)
        gradient.add_(-1, x * along_x.expand_as(x))
        self.gradInput.resize_as_(input).copy_(gradient.view_as(input))
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        # dy_j/dw_j = x / (|w_j| |x|) - y_j w_j / |w_j|^2
        x = self._as_batch(input)
        scaled, weighted = self._scaled_gradient(gradOutput)
        self.gradWeight.addmm_(1, scale, scaled.t(), x)
        along_w = weighted.sum(0).t().div_(self._weightNorm).div_(self._weightNorm)
        self.gradWeight.add_(-scale, self.weight * along_w.expand_as(self.weight))

    def clearState(self):
        utils.clear(self, '_inputNorm', '_weightNorm')
        return super(Cosine, self).clearState()

    def __repr__(self):
        return super(Cosine, self).__repr__() + '(%d -> %d)' % (self.weight.size(1),
                                                                 self.weight.size(0))
