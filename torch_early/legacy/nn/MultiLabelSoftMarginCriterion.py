"""MultiLabelSoftMarginCriterion: the binary cross entropy of sigmoid(input) against 0/1 targets,
each class an independent yes/no, summed over all elements and divided by their number when
sizeAverage is true, each term scaled by its class's weight when weights are given. Written over tensor ops in the stable form
log(1 + exp(-|x|)) + max(x, 0) - x * t, which never takes the log of a saturated sigmoid."""
import torch_early as torch
from .Criterion import Criterion
from . import utils


class MultiLabelSoftMarginCriterion(Criterion):

    def __init__(self, weights=None, sizeAverage=True):
        super(MultiLabelSoftMarginCriterion, self).__init__()
        if weights is not None and weights.dim() != 1:
            raise ValueError("MultiLabelSoftMarginCriterion: weights should be a 1D tensor (one "
                             "weight per class), but got a {}D one".format(weights.dim()))
        self.weights = weights
        self.sizeAverage = sizeAverage

    def _check(self, input, target):
        """target as a tensor of input's type and size, and the weight of each element."""
        if target.nelement() != input.nelement():
            raise RuntimeError("MultiLabelSoftMarginCriterion: the target has {} elements, the "
                               "input {}".format(target.nelement(), input.nelement()))
        target = target.type_as(input).contiguous().view_as(input)
        weights = self.weights
        if weights is not None:
            classes = input.size(input.dim() - 1)
            if weights.nelement() != classes:
                raise RuntimeError("MultiLabelSoftMarginCriterion: there are {} weights for {} "
                                   "classes".format(weights.nelement(), classes))
            weights = weights.view(*([1] * (input.dim() - 1) + [classes])).expand_as(input)
        return target, weights

    def updateOutput(self, input, target):
        target, weights = self._check(input, target)
        losses = input.abs().mul_(-1).exp_().add_(1).log_()
        losses.add_(input.clamp(min=0)).add_(-1, input.cmul(target))
        if weights is not None:
            losses.cmul_(weights)
        self.output = losses.sum()
        if self.sizeAverage:
            self.output = utils.averageOf(self, self.output, input.nelement())
        return self.output

    def updateGradInput(self, input, target):
        target, weights = self._check(input, target)
        self.gradInput.resize_as_(input).copy_(input).sigmoid_().add_(-1, target)
        if weights is not None:
            self.gradInput.cmul_(weights)
        if self.sizeAverage:
            self.gradInput.div_(input.nelement())
        return self.gradInput
