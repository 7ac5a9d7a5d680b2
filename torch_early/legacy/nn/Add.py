"""legacy.nn.Add: y = x + b with a learnt bias b, of the input's size (a batch of inputs, one per
row of the first dimension, shares it) or, with scalar=True, a single number."""
import math

import torch_early
from .Module import Module
from . import utils


class Add(Module):

    def __init__(self, inputSize, scalar=False):
        super(Add, self).__init__()
        utils.checkSizes(self, inputSize=inputSize)
        size = inputSize
        if scalar:
            size = 1
        self.scalar = scalar
        self.bias = torch_early.Tensor(size)
        self.gradBias = torch_early.Tensor(size)
        self._ones = None     # a column of ones, one per example of a batch
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.bias.size(0))
        self.bias.uniform_(-stdv, stdv)

    def _batch_size(self, input):
        """The number of examples in input: 0 when input is one example of the bias's size."""
        if input.is_same_size(self.bias):
            return 0
        if input.dim() < 1 or input.nelement() != input.size(0) * self.bias.nelement():
            raise RuntimeError('Add: input of size %s is neither the bias\'s size %s nor a batch '
                               'of it' % (tuple(input.size()), tuple(self.bias.size())))
        return input.size(0)

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input)
        if self.scalar:
            self.output.add_(self.bias[0])
            return self.output
        batch = self._batch_size(input)
        if batch == 0:
            self.output.add_(self.bias)
        else:
            self._ones = self._ones if self._ones is not None else input.new()
            self._ones.resize_(batch).fill_(1)
            self.output.view(batch, -1).addr_(self._ones, self.bias.view(-1))
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        if self.scalar:
            self.gradBias[0] += scale * gradOutput.sum()
            return
        batch = self._batch_size(input)
        if batch == 0:
            self.gradBias.add_(scale, gradOutput)
        else:
            gradOutput = gradOutput.contiguous().view(batch, -1)
            self._ones.resize_(batch).fill_(1)
            self.gradBias.view(-1).addmv_(1, scale, gradOutput.t(), self._ones)

    def clearState(self):
        utils.clear(self, '_ones')
        return super(Add, self).clearState()

    def __repr__(self):
        return super(Add, self).__repr__() + '(%s)' % 'x'.join(str(s) for s in self.bias.size())
