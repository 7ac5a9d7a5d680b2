"""legacy.nn.Linear: output = input * weight^T + bias, for one sample (a vector) or a batch (a
matrix, one sample per row), written over BLAS calls (addmv, addmm, addr) as Lua nn did.
weight is outputSize x inputSize."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear


class Linear(Module):

    def __init__(self, inputSize, outputSize, bias=True):
        super(Linear, self).__init__()
        utils.checkSizes(self, inputSize=inputSize, outputSize=outputSize)
        self.weight = torch_early.Tensor(outputSize, inputSize)
        self.gradWeight = torch_early.Tensor(outputSize, inputSize)
        self.bias = torch_early.Tensor(outputSize) if bias else None
        self.gradBias = torch_early.Tensor(outputSize) if bias else None
        self.addBuffer = None   # a column of ones, one per sample: adds the bias to every row
        self.reset()

    def noBias(self):
        self.bias = None
        self.gradBias = None
        return self

    def reset(self, stdv=None):
        """Uniform weights in [-stdv, stdv]: stdv = 1/sqrt(inputSize), or sqrt(3) * stdv when
        given (the uniform law with that standard deviation)."""
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.weight.size(1))
        self.weight.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.uniform_(-stdv, stdv)
        return self

    def _check_input(self, input):
        if input.dim() not in (1, 2):
            raise RuntimeError('Linear: input must be a vector or a matrix, but got a {}D '
                               'tensor'.format(input.dim()))
        if input.size(input.dim() - 1) != self.weight.size(1):
            raise RuntimeError('Linear: expected {} input features, but the input has size {}'
                               .format(self.weight.size(1), 'x'.join(map(str, input.size()))))

    def _ones(self, input):
        n = input.size(0)
        if self.addBuffer is None or self.addBuffer.nelement() != n:
            self.addBuffer = input.new(n).fill_(1)
        return self.addBuffer

    def updateOutput(self, input):
        self._check_input(input)
        if input.dim() == 1:
            self.output.resize_(self.weight.size(0))
            if self.bias is not None:
                self.output.copy_(self.bias)
            else:
                self.output.zero_()
            self.output.addmv_(1, 1, self.weight, input)
        else:
            self.output.resize_(input.size(0), self.weight.size(0))
            self.output.zero_().addmm_(0, 1, input, self.weight.t())
            if self.bias is not None:
                self.output.addr_(1, 1, self._ones(input), self.bias)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._check_input(input)
        self.gradInput.resize_as_(input)
        if input.dim() == 1:
            self.gradInput.zero_().addmv_(0, 1, self.weight.t(), gradOutput)
        else:
            self.gradInput.zero_().addmm_(0, 1, gradOutput, self.weight)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._check_input(input)
        if input.dim() == 1:
            self.gradWeight.addr_(1, scale, gradOutput, input)
            if self.bias is not None:
                self.gradBias.add_(scale, gradOutput)
        else:
            self.gradWeight.addmm_(1, scale, gradOutput.t(), input)
            if self.bias is not None:
                self.gradBias.addmv_(1, scale, gradOutput.t(), self._ones(input))

    def clearState(self):
        clear(self, 'addBuffer')
        return super(Linear, self).clearState()

    def __repr__(self):
        return '{}({} -> {}){}'.format(super(Linear, self).__repr__(), self.weight.size(1),
                                       self.weight.size(0),
                                       ' without bias' if self.bias is None else '')
