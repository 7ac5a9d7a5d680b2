"""Dropout and FeatureDropout: multiply by a random mask of zeros and 1/(1-p)'s while training,
so that the expected output equals the input; pass the input through unchanged otherwise.
Dropout draws one mask entry per element, FeatureDropout one per (sample, channel) and zeroes
whole feature maps."""

from ...autograd.function import InplaceFunction


class Dropout(InplaceFunction):
    """Dropout(p=0.5, train=False, inplace=False): zero each element with probability p."""

    def __init__(self, p=0.5, train=False, inplace=False):
        super(Dropout, self).__init__(inplace)
        _check_probability(p)
        self.p = p
        self.train = train

    def _mask_size(self, input):
        return input.size()

    def forward(self, input):
        if self.inplace:
            self.mark_dirty(input)
            output = input
        else:
            output = input.clone()
        if self.train and self.p > 0:
            mask = input.new(*self._mask_size(input))
            if self.p == 1:
                mask.zero_()
            else:
                mask.bernoulli_(1 - self.p).div_(1 - self.p)
            # FeatureDropout's mask spreads over the spatial dimensions; Dropout's has the
            # input's size already (and an expand, a Python view, would cost a few us per call)
            self.mask = mask if mask.size() == input.size() else mask.expand_as(input)
            output.mul_(self.mask)
        return output

    def backward(self, grad_output):
        if self.train and self.p > 0:
            return grad_output.mul(self.mask)
        return grad_output


class FeatureDropout(Dropout):
    """Dropout of whole feature maps: input is (batch, channels, ...spatial); one mask value per
    (batch, channel) is drawn and spread over the spatial dimensions."""

    def _mask_size(self, input):
        if input.dim() < 2:
            raise RuntimeError("feature dropout expects an input of at least 2 dimensions "
                               "(batch x channels x ...), but got {}".format(input.dim()))
        return (input.size(0), input.size(1)) + (1,) * (input.dim() - 2)


def _check_probability(p):
    if p < 0 or p > 1:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
