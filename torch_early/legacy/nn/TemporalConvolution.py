"""legacy.nn.TemporalConvolution: the 1-D convolution of a sequence of frames (nInputFrame x
inputFrameSize, or a batch of them): each output frame is weight times the kW input frames of
its window (stride dW) laid end to end, plus bias; weight is outputFrameSize x
(kW * inputFrameSize). Over THNN's TemporalConvolution kernels."""
import math

import torch_early
from .Module import Module
from . import utils


class TemporalConvolution(Module):

    def __init__(self, inputFrameSize, outputFrameSize, kW, dW=1):
        super(TemporalConvolution, self).__init__()
        utils.checkSizes(self, inputFrameSize=inputFrameSize, outputFrameSize=outputFrameSize,
                         kW=kW, dW=dW)
        self.inputFrameSize = inputFrameSize
        self.outputFrameSize = outputFrameSize
        self.kW = kW
        self.dW = dW
        self.weight = torch_early.Tensor(outputFrameSize, inputFrameSize * kW)
        self.bias = torch_early.Tensor(outputFrameSize)
        self.gradWeight = torch_early.Tensor(outputFrameSize, inputFrameSize * kW)
        self.gradBias = torch_early.Tensor(outputFrameSize)
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.kW * self.inputFrameSize)
        self.weight.uniform_(-stdv, stdv)
        self.bias.uniform_(-stdv, stdv)
        return self

    def updateOutput(self, input):
        self._backend.TemporalConvolution_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias, self.kW,
            self.dW, self.inputFrameSize, self.outputFrameSize)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.TemporalConvolution_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, self.weight,
            self.kW, self.dW)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self._backend.TemporalConvolution_accGradParameters(
            self._backend.library_state, input, gradOutput, self.gradWeight, self.gradBias,
            self.kW, self.dW, scale)
