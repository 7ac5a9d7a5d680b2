"""legacy.nn.RReLU: the randomized leaky ReLU. In training each negative element is multiplied by
a slope drawn uniformly from [lower, upper] (kept in noise for the backward); in evaluation by
the mean slope (lower + upper) / 2. Over THNN's RReLU kernels; in place when asked."""
import torch_early
from .Module import Module
from .utils import clear


class RReLU(Module):

    def __init__(self, lower=1 / 8, upper=1 / 3, inplace=False):
        super(RReLU, self).__init__()
        if not 0 <= lower <= upper <= 1:
            raise ValueError('RReLU: expected 0 <= lower <= upper <= 1, but got lower={} and '
                             'upper={}'.format(lower, upper))
        self.lower = lower
        self.upper = upper
        self.inplace = inplace
        self.noise = torch_early.Tensor()

    def updateOutput(self, input):
        self._backend.RReLU_updateOutput(self._backend.library_state, input, self.output,
                                         self.noise, self.lower, self.upper, self.train,
                                         self.inplace, torch_early.default_generator)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.RReLU_updateGradInput(self._backend.library_state, input, gradOutput,
                                            self.gradInput, self.noise, self.lower, self.upper,
                                            self.train, self.inplace)
        return self.gradInput

    def __repr__(self):
        return '{} ({:.4f}, {:.4f})'.format(super(RReLU, self).__repr__(), self.lower,
                                            self.upper)

    def clearState(self):
        clear(self, 'noise')
        return super(RReLU, self).clearState()
