"""legacy.nn.Bilinear: output[n][k] = x1[n]^T weight[k] x2[n] + bias[k] for a table (list) of two
batches x1 (N x inputSize1) and x2 (N x inputSize2); weight is outputSize x inputSize1 x
inputSize2. Written over matrix products, one output feature at a time, as Lua nn did."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear


class Bilinear(Module):

    def __init__(self, inputSize1, inputSize2, outputSize, bias=True):
        super(Bilinear, self).__init__()
        utils.checkSizes(self, inputSize1=inputSize1, inputSize2=inputSize2, outputSize=outputSize)
        self.weight = torch_early.Tensor(outputSize, inputSize1, inputSize2)
        self.gradWeight = torch_early.Tensor(outputSize, inputSize1, inputSize2)
        self.bias = torch_early.Tensor(outputSize) if bias else None
        self.gradBias = torch_early.Tensor(outputSize) if bias else None
        self.gradInput = [torch_early.Tensor(), torch_early.Tensor()]
        self.buff1 = None
        self.buff2 = None
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.weight.size(1))
        self.weight.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.uniform_(-stdv, stdv)
        return self

    def _check_input(self, input):
        if not (isinstance(input, list) and len(input) == 2 and
                all(torch_early.is_tensor(x) for x in input)):
            raise TypeError('Bilinear: input must be a table (list) of two tensors')
        x1, x2 = input
        if x1.dim() != 2 or x2.dim() != 2:
            raise RuntimeError('Bilinear: the two inputs must be matrices, but got {}D and {}D'
                               .format(x1.dim(), x2.dim()))
        if x1.size(0) != x2.size(0):
            raise RuntimeError('Bilinear: the two inputs must have the same number of rows, '
                               'but got {} and {}'.format(x1.size(0), x2.size(0)))
        if x1.size(1) != self.weight.size(1) or x2.size(1) != self.weight.size(2):
            raise RuntimeError('Bilinear: expected inputs of {} and {} columns, but got {} and {}'
                               .format(self.weight.size(1), self.weight.size(2), x1.size(1),
                                       x2.size(1)))

    def _buffers(self, x1):
        if self.buff1 is None:
            self.buff1 = x1.new()
        if self.buff2 is None:
            self.buff2 = x1.new()

    def updateOutput(self, input):
        self._check_input(input)
        x1, x2 = input
        self._buffers(x1)
        self.output.resize_(x1.size(0), self.weight.size(0))
        # output[:, k] = rowwise sum of (x1 * weight[k]) .* x2
        self.buff2.resize_as_(x2)
        for k in range(self.weight.size(0)):
            self.buff2.zero_().addmm_(0, 1, x1, self.weight[k])
            self.buff2.mul_(x2)
            self.output.narrow(1, k, 1).copy_(self.buff2.sum(1))
        if self.bias is not None:
            self.output.add_(self.bias.view(1, -1).expand_as(self.output))
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._check_input(input)
        x1, x2 = input
        self._buffers(x1)
        if not (torch_early.is_tensor(self.gradInput[0]) and
                self.gradInput[0].type() == x1.type()):
            self.gradInput = [x1.new(), x1.new()]
        g1, g2 = self.gradInput
        g1.resize_as_(x1).zero_()
        g2.resize_as_(x2).zero_()
        # d/dx1 = sum_k go[:, k] * (x2 weight[k]^T); d/dx2 = sum_k go[:, k] * (x1 weight[k])
        for k in range(self.weight.size(0)):
            column = gradOutput.narrow(1, k, 1)
            self.buff1.resize_as_(x1)
            self.buff1.zero_().addmm_(0, 1, x2, self.weight[k].t())
            g1.addcmul_(1, self.buff1, column.expand_as(x1))
            self.buff2.resize_as_(x2)
            self.buff2.zero_().addmm_(0, 1, x1, self.weight[k])
            g2.addcmul_(1, self.buff2, column.expand_as(x2))
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._check_input(input)
        x1, x2 = input
        self._buffers(x1)
        # gradWeight[k] += scale * x1^T diag(go[:, k]) x2
        self.buff1.resize_as_(x1)
        for k in range(self.weight.size(0)):
            self.buff1.copy_(x1).mul_(gradOutput.narrow(1, k, 1).expand_as(x1))
            self.gradWeight[k].addmm_(1, scale, self.buff1.t(), x2)
        if self.bias is not None:
            self.gradBias.add_(scale, gradOutput.sum(0).view(-1))

    def clearState(self):
        clear(self, 'buff1', 'buff2')
        return super(Bilinear, self).clearState()

    def __repr__(self):
        return '{}({}x{} -> {}){}'.format(super(Bilinear, self).__repr__(), self.weight.size(1),
                                          self.weight.size(2), self.weight.size(0),
                                          ' without bias' if self.bias is None else '')
