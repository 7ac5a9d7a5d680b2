"""legacy.nn.SpatialConvolution: the 2-D convolution (cross-correlation) of nInputPlane images by
nOutputPlane x nInputPlane kernels of kH x kW, with stride (dW, dH) and zero padding (padW, padH),
on a 3D input (planes x H x W) or a 4D batch. Over THNN's SpatialConvolutionMM kernels, which
unfold the input into finput (im2col) and multiply it by the weight."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear


class SpatialConvolution(Module):

    def __init__(self, nInputPlane, nOutputPlane, kW, kH, dW=1, dH=1, padW=0, padH=None):
        super(SpatialConvolution, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane, nOutputPlane=nOutputPlane, kW=kW, kH=kH,
                         dW=dW, dH=dH)
        self.nInputPlane = nInputPlane
        self.nOutputPlane = nOutputPlane
        self.kW = kW
        self.kH = kH
        self.dW = dW
        self.dH = dH
        self.padW = padW
        self.padH = padH if padH is not None else padW
        self.weight = torch_early.Tensor(nOutputPlane, nInputPlane, kH, kW)
        self.bias = torch_early.Tensor(nOutputPlane)
        self.gradWeight = torch_early.Tensor(nOutputPlane, nInputPlane, kH, kW)
        self.gradBias = torch_early.Tensor(nOutputPlane)
        self.finput = None
        self.fgradInput = None
        self.reset()

    def noBias(self):
        self.bias = None
        self.gradBias = None
        return self

    def reset(self, stdv=None):
        """Uniform weights in [-stdv, stdv], stdv = 1/sqrt(kW * kH * nInputPlane) (the fan-in),
        or sqrt(3) * stdv when given."""
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.kW * self.kH * self.nInputPlane)
        self.weight.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.uniform_(-stdv, stdv)
        return self

    def _buffers(self, input):
        if self.finput is None:
            self.finput = input.new()
        if self.fgradInput is None:
            self.fgradInput = input.new()

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.SpatialConvolutionMM_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.SpatialConvolutionMM_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.SpatialConvolutionMM_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH, scale)

    def clearState(self):
        clear(self, 'finput', 'fgradInput')
        return super(SpatialConvolution, self).clearState()

    def __repr__(self):
        s = '{}({} -> {}, {}x{}'.format(super(SpatialConvolution, self).__repr__(),
                                        self.nInputPlane, self.nOutputPlane, self.kW, self.kH)
        if self.dW != 1 or self.dH != 1 or self.padW != 0 or self.padH != 0:
            s += ', {},{}'.format(self.dW, self.dH)
        if self.padW != 0 or self.padH != 0:
            s += ', {},{}'.format(self.padW, self.padH)
        return s + (') without bias' if self.bias is None else ')')
