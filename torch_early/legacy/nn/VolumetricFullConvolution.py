"""legacy.nn.VolumetricFullConvolution: the transposed 3-D convolution, the adjoint of
VolumetricConvolution: weight is nInputPlane x nOutputPlane x kT x kH x kW and the output is
(T - 1) * dT - 2 * padT + kT + adjT deep (likewise high and wide). Over THNN's
VolumetricFullConvolution kernels."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear


class VolumetricFullConvolution(Module):

    def __init__(self, nInputPlane, nOutputPlane, kT, kW, kH, dT=1, dW=1, dH=1, padT=0,
                 padW=0, padH=0, adjT=0, adjW=0, adjH=0):
        super(VolumetricFullConvolution, self).__init__()
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
        self.padW = padW
        self.padH = padH
        self.adjT = adjT
        self.adjW = adjW
        self.adjH = adjH
        if adjT > dT - 1 or adjW > dW - 1 or adjH > dH - 1:
            raise ValueError('adjT, adjW and adjH must be smaller than dT - 1, dW - 1 and dH - 1 '
                             'respectively')
        self.weight = torch_early.Tensor(nInputPlane, nOutputPlane, kT, kH, kW)
        self.gradWeight = torch_early.Tensor(nInputPlane, nOutputPlane, kT, kH, kW)
        self.bias = torch_early.Tensor(nOutputPlane)
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
        return (self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.adjT,
                self.adjW, self.adjH)

    def updateOutput(self, input):
        self._buffers(input)
        self._backend.VolumetricFullConvolution_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, *self._window())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self._backend.VolumetricFullConvolution_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.finput, self.fgradInput, *self._window())
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._buffers(input)
        self._backend.VolumetricFullConvolution_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, *(self._window() + (scale,)))

    def clearState(self):
        clear(self, 'finput', 'fgradInput')
        return super(VolumetricFullConvolution, self).clearState()

    def __repr__(self):
        s = '{}({} -> {}, {}x{}x{}'.format(super(VolumetricFullConvolution, self).__repr__(),
                                           self.nInputPlane, self.nOutputPlane, self.kT,
                                           self.kW, self.kH)
        if (self.dT, self.dW, self.dH) != (1, 1, 1) or (self.padT, self.padW, self.padH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.dT, self.dW, self.dH)
        if (self.padT, self.padW, self.padH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.padT, self.padW, self.padH)
        if (self.adjT, self.adjW, self.adjH) != (0, 0, 0):
            s += ', {},{},{}'.format(self.adjT, self.adjW, self.adjH)
        return s + (') without bias' if self.bias is None else ')')
