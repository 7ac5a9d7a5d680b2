"""legacy.nn.SpatialDropout: dropout of whole feature maps: while training, each plane of a
(batch x) planes x height x width input is zeroed with probability p, as a whole (neighbouring
pixels are correlated, so dropping single pixels regularises little). As Lua's, it does not rescale
while training; while evaluating it multiplies by 1 - p instead."""
import torch_early
from .Module import Module
from .Dropout import _check_probability
from . import utils


class SpatialDropout(Module):

    # the number of dimensions of one feature plane (VolumetricDropout's are 3-D)
    _plane_dims = 2

    def __init__(self, p=0.5):
        super(SpatialDropout, self).__init__()
        _check_probability(type(self).__name__, p)
        self.p = p
        self.noise = torch_early.Tensor()   # 0 or 1 per plane, of size (batch x) planes x 1 x 1

    def setp(self, p):
        _check_probability(type(self).__name__, p)
        self.p = p

    def _noise_size(self, input):
        dims = self._plane_dims
        if input.dim() not in (dims + 1, dims + 2):
            raise RuntimeError('%s: expected a %dD or %dD input (planes x %s, with or without a '
                               'batch dimension), but got one of size %s'
                               % (type(self).__name__, dims + 1, dims + 2,
                                  ' x '.join(['size'] * dims), tuple(input.size())))
        planes = input.dim() - dims
        return tuple(input.size())[:planes] + (1,) * dims

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input)
        if self.train:
            self.noise.resize_(*self._noise_size(input)).bernoulli_(1 - self.p)
            self.output.mul_(self.noise.expand_as(input))
        else:
            self.output.mul_(1 - self.p)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        if self.train:
            self.gradInput.mul_(self.noise.expand_as(input))
        else:
            self.gradInput.mul_(1 - self.p)
        return self.gradInput

    def clearState(self):
        utils.clear(self, 'noise')
        return super(SpatialDropout, self).clearState()

    def __repr__(self):
        return super(SpatialDropout, self).__repr__() + '(%.4f)' % self.p
