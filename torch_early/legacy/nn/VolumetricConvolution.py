"""legacy.nn.VolumetricConvolution: the 3-D convolution of nInputPlane volumes (T x H x W) by
nOutputPlane x nInputPlane kernels of kT x kH x kW, with stride (dT, dW, dH) and zero padding
(padT, padW, padH), on a 4D input or a 5D batch. Over THNN's VolumetricConvolutionMM kernels
(vol2col into finput, then a matrix product)."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear


class VolumetricConvolution(Module):

    def __init__(self, nInputPlane, nOutputPlane, kT, kW, kH, dT=1, dW=1, dH=1, padT=0,
                 padW=None, padH=None):
        super(VolumetricConvolution, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane, nOutputPlane=nOutputPlane, kT=kT, kW=kW,
                         kH=kH, dT=dT, dW=dW, dH=dH)
        self.nInputPlane = nInputPlane
        self.nOutputPlane = nOutputPlane
        self.kT = kT
        self.kW = kW
        self.kH = kH
        self.dT = dT
        self.dW = dW
        self.dH = dH
        self.padT = padT
        self.padW = padW if padW is not None else self.padT
        self.padH = padH if padH is not None else self.padW
        self.weight = torch_early.Tensor(nOutputPlane, nInputPlane, kT, kH, kW)
        self.bias = torch_early.Tensor(nOutputPlane)
        self.gradWeight = torch_early.Tensor(nOutputPlane, nInputPlane, kT, kH, kW)
        self.gradBias = torch_early.Tensor(nOutputPlane)
        self.finput = None
        self.fgradInput = None
        self.reset()

    def noBias(self):
        self.bias = None
        self.gradBias = None
        return self

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.kT * self.kW * self.kH * self.nInputPlane)
        self.weight.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.uniform_(-stdv, stdv)
        return self

    def _buffers(self, input):
        if self.finput is None:
            self.finput = input.new()
        if self.fgradInput is None:
            self.fgradInput = input.new()

    def _window(self):
        return (self.kT, self.kW, self.kH, self.dT, self.dW, self.dH, self.padT, self.padW,
                self.padH)

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.VolumetricConvolutionMM_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, *self._window())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.VolumetricConvolutionMM_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, *self._window())
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.VolumetricConvolutionMM_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, *(self._window() + (scale,)))

    def clearState(self):
        clear(self, 'finput', 'fgradInput')
        return super(VolumetricConvolution, self).clearState()

    def __repr__(self):
        s = '{}({} -> {}, {}x{}x{}'.format(super(VolumetricConvolution, self).__repr__(),
                                           self.nInputPlane, self.nOutputPlane, self.kT,
                                           self.kW, self.kH)
        if (self.dT, self.dW, self.dH) != (1, 1, 1) or (self.padT, self.padW, self.padH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.dT, self.dW, self.dH)
        if (self.padT, self.padW, self.padH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.padT, self.padW, self.padH)
        return s + (') without bias' if self.bias is None else ')')
