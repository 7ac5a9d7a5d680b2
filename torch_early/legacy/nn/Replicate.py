"""legacy.nn.Replicate: nFeatures copies of the input stacked along a new dimension dim, without
copying: the output is an expanded view of the input (stride 0 along dim). With ndim given, an input
of ndim + 1 dimensions is a batch and the new dimension goes after the batch dimension. Backward
sums gradOutput over the copies."""
import torch_early
from .Module import Module
from . import utils


class Replicate(Module):

    def __init__(self, nf, dim=0, ndim=None):
        super(Replicate, self).__init__()
        utils.checkSizes(self, nf=nf)
        self.nfeatures = nf
        self.dim = dim
        self.ndim = ndim

    def _position(self, input):
        position = self.dim
        if self.ndim is not None and input.dim() == self.ndim + 1:
            position += 1
        if not 0 <= position <= input.dim():
            raise IndexError('Replicate: position %d out of range for a %dD input'
                             % (position, input.dim()))
        return position

    def updateOutput(self, input):
        position = self._position(input)
        size = list(input.size())
        size.insert(position, self.nfeatures)
        stride = list(input.stride())
        stride.insert(position, 0)
        self.output = input.new().set_(input.storage(), input.storage_offset(),
                                       torch_early.Size(size), tuple(stride))
        return self.output

    def updateGradInput(self, input, gradOutput):
        summed = gradOutput.sum(self._position(input))
        self.gradInput.resize_as_(input).copy_(summed.view_as(input))
        return self.gradInput

    def __repr__(self):
        return super(Replicate, self).__repr__() + '(%d, %d)' % (self.nfeatures, self.dim)
