"""Dropout(p=0.5, inplace=False) zeroes elements at random while training; Dropout2d and
Dropout3d zero whole channels of (N, C, H, W) and (N, C, D, H, W) inputs. In eval mode all three
pass the input through."""

from .module import Module
from .. import functional as F
from .._functions.dropout import FeatureDropout, _check_probability


class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super(Dropout, self).__init__()
        _check_probability(p)
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)

    def __repr__(self):
        return '{} (p = {}{})'.format(type(self).__name__, self.p,
                                      ', inplace' if self.inplace else '')


class Dropout2d(Dropout):
    def forward(self, input):
        return FeatureDropout(self.p, self.training, self.inplace)(input)

    def __repr__(self):
        # v0.1.12 printed the channel dropouts' p without Dropout's spaces around '='
        return '{} (p={}{})'.format(type(self).__name__, self.p,
                                    ', inplace' if self.inplace else '')


class Dropout3d(Dropout2d):
    pass
