"""legacy.nn.SpatialFractionalMaxPooling: fractional max pooling (Graham, 2015): poolSizeW x
poolSizeH windows at pseudo-random positions, chosen from randomSamples (one pair of uniform
numbers per image and plane), that shrink the input to a given size (outW, outH, when the last two
arguments are at least 1) or by a given ratio (when they are in (0, 1)). New positions are drawn
at each forward, unless fixPoolingRegions(). Over THNN's SpatialFractionalMaxPooling kernels."""
import torch_early
from .Module import Module
from .utils import clear


class SpatialFractionalMaxPooling(Module):

    def __init__(self, poolSizeW, poolSizeH, arg1, arg2):
        super(SpatialFractionalMaxPooling, self).__init__()
        if poolSizeW < 2 or poolSizeH < 2:
            raise ValueError('SpatialFractionalMaxPooling: the pool size must be 2 or more, but '
                             'got {}x{}'.format(poolSizeW, poolSizeH))
        self.poolSizeW = poolSizeW
        self.poolSizeH = poolSizeH
        self.outW = self.outH = None
        self.ratioW = self.ratioH = None
        if arg1 >= 1 and arg2 >= 1:
            self.outW = int(arg1)
            self.outH = int(arg2)
        elif 0 < arg1 < 1 and 0 < arg2 < 1:
            self.ratioW = arg1
            self.ratioH = arg2
        else:
            raise ValueError('SpatialFractionalMaxPooling: give an output size (two numbers '
                             '>= 1) or a ratio (two numbers in (0, 1)), but got {} and {}'
                             .format(arg1, arg2))
        self.newRandomPool = False
        self.randomSamples = None
        self.indices = None

    def fixPoolingRegions(self, val=True):
        """Keeps the pooling regions from forward to forward (or draws new ones each time again,
        with val=False)."""
        self.newRandomPool = not val
        return self

    def _initSampleBuffer(self, input):
        if input.dim() not in (3, 4):
            raise RuntimeError('SpatialFractionalMaxPooling: expected a 3D or 4D input, but got '
                               'a {}D tensor'.format(input.dim()))
        batchSize = 1 if input.dim() == 3 else input.size(0)
        planeSize = input.size(input.dim() - 3)
        if self.randomSamples is None:
            self.randomSamples = input.new().resize_(batchSize, planeSize, 2).uniform_()
        elif (self.randomSamples.size(0) != batchSize or
              self.randomSamples.size(1) != planeSize):
            self.randomSamples.resize_(batchSize, planeSize, 2).uniform_()
        elif self.newRandomPool:
            self.randomSamples.uniform_()

    def _outputSize(self, input):
        if self.outW is not None:
            return self.outW, self.outH
        inputW = input.size(input.dim() - 1)
        inputH = input.size(input.dim() - 2)
        return int(self.ratioW * inputW), int(self.ratioH * inputH)

    def updateOutput(self, input):
        if self.indices is None:
            self.indices = torch_early.LongTensor()
        self._initSampleBuffer(input)
        outW, outH = self._outputSize(input)
        self._backend.SpatialFractionalMaxPooling_updateOutput(
            self._backend.library_state, input, self.output, outW, outH, self.poolSizeW,
            self.poolSizeH, self.indices, self.randomSamples)
        return self.output

    def updateGradInput(self, input, gradOutput):
        if self.randomSamples is None or self.indices is None:
            raise RuntimeError('SpatialFractionalMaxPooling: must call updateOutput/forward '
                               'first')
        outW, outH = self._outputSize(input)
        self._backend.SpatialFractionalMaxPooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, outW, outH,
            self.poolSizeW, self.poolSizeH, self.indices)
        return self.gradInput

    def clearState(self):
        # randomSamples stays: regions fixed by fixPoolingRegions stay fixed
        clear(self, 'indices')
        return super(SpatialFractionalMaxPooling, self).clearState()

    def __repr__(self):
        s = '{}({}x{}, '.format(super(SpatialFractionalMaxPooling, self).__repr__(),
                                self.poolSizeW, self.poolSizeH)
        if self.outW is not None:
            return s + '{},{})'.format(self.outW, self.outH)
        return s + '{},{})'.format(self.ratioW, self.ratioH)
