"""legacy.nn.PartialLinear: a Linear (inputSize -> outputSize) that computes only the output
columns named in its partition (a tensor of 0-based output indices; all of them until
setPartition): output = input * weight[partition]^T + bias[partition]. Lua nn built it from a
LookupTable of weight rows; here the rows are gathered with index_select."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear


class PartialLinear(Module):

    def __init__(self, inputsize, outputsize, bias=True):
        super(PartialLinear, self).__init__()
        utils.checkSizes(self, inputsize=inputsize, outputsize=outputsize)
        self.inputsize = inputsize
        self.outputsize = outputsize
        self.weight = torch_early.Tensor(outputsize, inputsize)
        self.gradWeight = torch_early.Tensor(outputsize, inputsize).zero_()
        self.bias = torch_early.Tensor(1, outputsize).zero_() if bias else None
        self.gradBias = torch_early.Tensor(1, outputsize).zero_() if bias else None
        self.allcolumns = torch_early.range(0, outputsize - 1).long()
        self.partition = self.allcolumns
        self.rows = None        # weight[partition], the rows the partition uses
        self.gradRows = None
        self.reset()

    def setPartition(self, indices):
        partition = indices.long()
        if partition.dim() != 1:
            raise RuntimeError('PartialLinear: the partition must be a vector of output indices')
        if partition.nelement() > 0 and (partition.min() < 0 or
                                         partition.max() >= self.outputsize):
            raise IndexError('PartialLinear: partition indices must be in [0, {}), but got {}'
                             .format(self.outputsize, partition.tolist()))
        self.partition = partition
        return self

    def resetPartition(self):
        self.partition = self.allcolumns
        return self

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
        if input.dim() != 2 or input.size(1) != self.inputsize:
            raise RuntimeError('PartialLinear: expected a batch x {} matrix, but got size {}'
                               .format(self.inputsize, 'x'.join(map(str, input.size()))))

    def updateOutput(self, input):
        self._check_input(input)
        if self.rows is None:
            self.rows = input.new()
        torch_early.index_select(self.weight, 0, self.partition, out=self.rows)
        self.output.resize_(input.size(0), self.partition.nelement())
        self.output.zero_().addmm_(0, 1, input, self.rows.t())
        if self.bias is not None:
            chosen = self.bias.index_select(1, self.partition)
            self.output.add_(chosen.expand_as(self.output))
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._check_input(input)
        if self.rows is None:
            self.rows = input.new()
        torch_early.index_select(self.weight, 0, self.partition, out=self.rows)
        self.gradInput.resize_as_(input)
        self.gradInput.zero_().addmm_(0, 1, gradOutput, self.rows)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._check_input(input)
        if self.gradRows is None:
            self.gradRows = input.new()
        self.gradRows.resize_(self.partition.nelement(), self.inputsize)
        self.gradRows.zero_().addmm_(0, scale, gradOutput.t(), input)
        self.gradWeight.index_add_(0, self.partition, self.gradRows)
        if self.bias is not None:
            self.gradBias.index_add_(1, self.partition, gradOutput.sum(0).mul_(scale))

    def clearState(self):
        clear(self, 'rows', 'gradRows')
        return super(PartialLinear, self).clearState()

    def __repr__(self):
        return '{}({} -> {}){}'.format(super(PartialLinear, self).__repr__(), self.inputsize,
                                       self.outputsize,
                                       ' without bias' if self.bias is None else '')
