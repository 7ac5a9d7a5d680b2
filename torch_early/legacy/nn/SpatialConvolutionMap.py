"""legacy.nn.SpatialConvolutionMap: a 2-D convolution (no padding) whose connection table says
which input plane each kernel reads and which output plane it feeds: connTable is nConnections
x 2, rows of (input plane, output plane) counted from 0; weight is nConnections x kH x kW.
SpatialConvolutionMap.maps (also nn.tables) builds the usual tables. Over THNN's
SpatialConvolutionMap kernels."""
import math

import torch_early
from .Module import Module
from . import utils


class maps(object):
    """Connection tables, rows of (input plane, output plane) counted from 0."""

    @staticmethod
    def full(nin, nout):
        """Every input plane to every output plane."""
        table = torch_early.Tensor(nin * nout, 2)
        row = 0
        for j in range(nout):
            for i in range(nin):
                table[row][0] = i
                table[row][1] = j
                row += 1
        return table

    @staticmethod
    def oneToOne(nfeat):
        """Input plane i to output plane i."""
        table = torch_early.Tensor(nfeat, 2)
        for i in range(nfeat):
            table[i][0] = i
            table[i][1] = i
        return table

    @staticmethod
    def random(nin, nout, nto):
        """Each output plane fed by nto distinct input planes drawn at random; the inputs are
        drawn from a shuffled list of them all, reshuffled once used up, so that they are used
        about equally often."""
        if not 0 < nto <= nin:
            raise ValueError('maps.random: nto must be in [1, nin = {}], but got {}'
                             .format(nin, nto))
        table = torch_early.Tensor(nout * nto, 2)
        pool = []
        row = 0
        for j in range(nout):
            if len(pool) < nto:
                pool = torch_early.randperm(nin).tolist()
            for i in pool[:nto]:
                table[row][0] = i
                table[row][1] = j
                row += 1
            del pool[:nto]
        return table


class SpatialConvolutionMap(Module):

    maps = maps

    def __init__(self, conMatrix, kW, kH, dW=1, dH=1):
        super(SpatialConvolutionMap, self).__init__()
        utils.checkSizes(self, kW=kW, kH=kH, dW=dW, dH=dH)
        if not (torch_early.is_tensor(conMatrix) and conMatrix.dim() == 2 and
                conMatrix.size(1) == 2 and conMatrix.size(0) > 0):
            raise ValueError('{}: the connection table must be an nConnections x 2 tensor'
                             .format(type(self).__name__))
        self.kW = kW
        self.kH = kH
        self.dW = dW
        self.dH = dH
        self.connTable = conMatrix.double().type(self.output.type())
        self.nInputPlane = int(self.connTable.select(1, 0).max()) + 1
        self.nOutputPlane = int(self.connTable.select(1, 1).max()) + 1
        self.weight = torch_early.Tensor(self.connTable.size(0), kH, kW)
        self.bias = torch_early.Tensor(self.nOutputPlane)
        self.gradWeight = torch_early.Tensor(self.connTable.size(0), kH, kW)
        self.gradBias = torch_early.Tensor(self.nOutputPlane)
        self.reset()

    def reset(self, stdv=None):
        """Uniform weights; by default each kernel's bound is 1/sqrt(kW * kH * the number of
        kernels feeding its output plane), that output plane's fan-in."""
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
            self.weight.uniform_(-stdv, stdv)
            self.bias.uniform_(-stdv, stdv)
            return self
        fan_in = [0] * self.nOutputPlane
        outputs = [int(o) for o in self.connTable.select(1, 1).tolist()]
        for o in outputs:
            fan_in[o] += 1
        for k, o in enumerate(outputs):
            bound = 1. / math.sqrt(self.kW * self.kH * fan_in[o])
            self.weight[k].uniform_(-bound, bound)
        for o in range(self.nOutputPlane):
            bound = 1. / math.sqrt(self.kW * self.kH * max(fan_in[o], 1))
            self.bias[o] = torch_early.Tensor(1).uniform_(-bound, bound)[0]
        return self

    def updateOutput(self, input):
        self._backend.SpatialConvolutionMap_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.SpatialConvolutionMap_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.bias, self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._backend.SpatialConvolutionMap_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH, scale)

    def __repr__(self):
        return '{}({} -> {}, {}x{}, {},{})'.format(
            super(SpatialConvolutionMap, self).__repr__(), self.nInputPlane, self.nOutputPlane,
            self.kW, self.kH, self.dW, self.dH)
