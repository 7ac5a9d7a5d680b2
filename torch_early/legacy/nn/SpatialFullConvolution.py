"""legacy.nn.SpatialFullConvolution: the transposed convolution ("deconvolution"), the adjoint
of SpatialConvolution: weight is nInputPlane x nOutputPlane x kH x kW and the output is
(H - 1) * dH - 2 * padH + kH + adjH high (likewise wide). The input may also be a table
[input, target]: adj is then chosen so that the output has target's last two sizes. Over THNN's
SpatialFullConvolution kernels."""
from ._ConvolutionBase import ConvolutionBase
from . import utils


class SpatialFullConvolution(ConvolutionBase):

    def __init__(self, nInputPlane, nOutputPlane, kW, kH, dW=1, dH=1, padW=0, padH=None,
                 adjW=0, adjH=0):
        super(SpatialFullConvolution, self).__init__()
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
        self.adjW = adjW
        self.adjH = adjH
        if self.adjW > self.dW - 1 or self.adjH > self.dH - 1:
            raise ValueError('adjW and adjH must be smaller than dW - 1 and dH - 1 respectively')
        self._makeParameters((nInputPlane, nOutputPlane, kH, kW), (nOutputPlane,))

    @staticmethod
    def _adjustment(targetSize, ker, pad, stride):
        return (targetSize + 2 * pad - ker) % stride

    def _split(self, input):
        """(input tensor, adjW, adjH): from a table [input, target] the adjustments that give
        the output target's size."""
        if not isinstance(input, list):
            return input, self.adjW, self.adjH
        if len(input) != 2:
            raise TypeError('SpatialFullConvolution: a table input must be [input, target]')
        tensor, target = input
        w_dim, h_dim = target.dim() - 1, target.dim() - 2
        adjW = self._adjustment(target.size(w_dim), self.kW, self.padW, self.dW)
        adjH = self._adjustment(target.size(h_dim), self.kH, self.padH, self.dH)
        return tensor, adjW, adjH

    def updateOutput(self, input):
        tensor, adjW, adjH = self._split(input)
        self._buffers(tensor)
        self._backend.SpatialFullConvolution_updateOutput(
            self._backend.library_state, tensor, self.output, self.weight, self.bias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH, adjW, adjH)
        return self.output

    def updateGradInput(self, input, gradOutput):
        tensor, adjW, adjH = self._split(input)
        self._buffers(tensor)
        if isinstance(input, list):
            # the target gets a zero gradient: it only gives the output its size
            if not isinstance(self.gradInput, list):
                self.gradInput = [tensor.new(), tensor.new()]
            gradTensor = self.gradInput[0]
            self.gradInput[1].resize_as_(input[1]).zero_()
        else:
            if isinstance(self.gradInput, list):
                self.gradInput = tensor.new()
            gradTensor = self.gradInput
        self._backend.SpatialFullConvolution_updateGradInput(
            self._backend.library_state, tensor, gradOutput, gradTensor, self.weight,
            self.finput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, adjW, adjH)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        tensor, adjW, adjH = self._split(input)
        self._buffers(tensor)
        self._backend.SpatialFullConvolution_accGradParameters(
            self._backend.library_state, tensor, gradOutput, self.gradWeight, self.gradBias,
            self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW,
            self.padH, adjW, adjH, scale)

    def __repr__(self):
        adjusted = self.adjW != 0 or self.adjH != 0
        s = self._reprHead((self.kW, self.kH)) + self._reprWindow(
            (self.dW, self.dH), (self.padW, self.padH), padShown=adjusted)
        if adjusted:
            s += ', {},{}'.format(self.adjW, self.adjH)
        return s + self._reprTail()
