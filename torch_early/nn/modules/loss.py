"""The loss Modules: each takes (input, target) (or two inputs and a target), averages over the
elements or samples when size_average, and returns a 1-element Variable. Targets are data: a
target that requires a gradient is refused."""

from .module import Module
from .. import functional as F


def _assert_no_grad(variable):
    if variable.requires_grad:
        raise RuntimeError("nn criterions don't compute the gradient w.r.t. targets - please "
                           "mark these variables as volatile or not requiring gradients")


class _Loss(Module):
    def __init__(self, size_average=True):
        super(_Loss, self).__init__()
        self.size_average = size_average


class _WeightedLoss(_Loss):
    """A loss with a per-class (or per-element) `weight` tensor, kept as a buffer."""

    def __init__(self, weight=None, size_average=True):
        super(_WeightedLoss, self).__init__(size_average)
        self.register_buffer('weight', weight)


class L1Loss(_Loss):
    """mean (or sum) of |input - target|."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.l1_loss(input, target, self.size_average)


class MSELoss(_Loss):
    """mean (or sum) of (input - target)^2."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.mse_loss(input, target, self.size_average)


class NLLLoss(_WeightedLoss):
    """NLLLoss(weight=None, size_average=True): input (batch, classes) of log-probabilities,
    target (batch) a LongTensor of class indices."""

    def forward(self, input, target):
        _assert_no_grad(target)
        if input.dim() != 2:
            raise ValueError("NLLLoss expects a 2-D input (batch x classes), but got {}-D; "
                             "NLLLoss2d takes 4-D ones".format(input.dim()))
        return F.nll_loss(input, target, self.weight, self.size_average)


class NLLLoss2d(_WeightedLoss):
    """NLLLoss2d(weight=None, size_average=True): input (batch, classes, h, w), target
    (batch, h, w) of class indices."""

    def forward(self, input, target):
        _assert_no_grad(target)
        if input.dim() != 4:
            raise ValueError("NLLLoss2d expects a 4-D input (batch x classes x height x width), "
                             "but got {}-D".format(input.dim()))
        return F.nll_loss(input, target, self.weight, self.size_average)


class KLDivLoss(_WeightedLoss):
    """KLDivLoss(weight=None, size_average=True): input log-probabilities, target
    probabilities. (The era took `weight` and did not use it.)"""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.kl_div(input, target, self.size_average)


class BCELoss(_WeightedLoss):
    """BCELoss(weight=None, size_average=True): input probabilities, target 0s and 1s."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.binary_cross_entropy(input, target, self.weight, self.size_average)


class CrossEntropyLoss(_WeightedLoss):
    """CrossEntropyLoss(weight=None, size_average=True): LogSoftmax then NLLLoss, on raw scores
    (batch, classes) and class indices (batch)."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.cross_entropy(input, target, self.weight, self.size_average)


class HingeEmbeddingLoss(_Loss):
    """HingeEmbeddingLoss(margin=1, size_average=True): x where y = 1, max(0, margin - x) where
    y = -1."""

    def __init__(self, margin=1.0, size_average=True):
        super(HingeEmbeddingLoss, self).__init__(size_average)
        self.margin = margin

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.hinge_embedding_loss(input, target, self.margin, self.size_average)


class MultiLabelMarginLoss(_Loss):
    """Multi-class multi-label hinge loss: target (batch, classes) holds each sample's class
    indices, ended by the first -1 (a LongTensor)."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.multilabel_margin_loss(input, target, self.size_average)


class SmoothL1Loss(_Loss):
    """0.5 (input - target)^2 where |input - target| < 1, else |input - target| - 0.5."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.smooth_l1_loss(input, target, self.size_average)


class SoftMarginLoss(_Loss):
    """log(1 + exp(-y x)) for targets y of 1s and -1s."""

    def forward(self, input, target):
        _assert_no_grad(target)
        return F.soft_margin_loss(input, target, self.size_average)


class CosineEmbeddingLoss(Module):
    """CosineEmbeddingLoss(margin=0, size_average=True): 1 - cos(x1, x2) where y = 1,
    max(0, cos(x1, x2) - margin) where y = -1."""

    def __init__(self, margin=0, size_average=True):
        super(CosineEmbeddingLoss, self).__init__()
        self.margin = margin
        self.size_average = size_average

    def forward(self, input1, input2, target):
        return F.cosine_embedding_loss(input1, input2, target, self.margin, self.size_average)


class MarginRankingLoss(Module):
    """MarginRankingLoss(margin=0, size_average=True): max(0, -y (x1 - x2) + margin)."""

    def __init__(self, margin=0, size_average=True):
        super(MarginRankingLoss, self).__init__()
        self.margin = margin
        self.size_average = size_average

    def forward(self, input1, input2, target):
        return F.margin_ranking_loss(input1, input2, target, self.margin, self.size_average)


class MultiLabelSoftMarginLoss(_WeightedLoss):
    """BCELoss of sigmoid(input) against 0/1 targets (batch, classes)."""

    def forward(self, input, target):
        return F.multilabel_soft_margin_loss(input, target, self.weight, self.size_average)


class MultiMarginLoss(Module):
    """MultiMarginLoss(p=1, margin=1, weight=None, size_average=True): the multi-class hinge
    loss sum_j max(0, margin - x[y] + x[j])^p over j != y, class indices y (a LongTensor)."""

    def __init__(self, p=1, margin=1, weight=None, size_average=True):
        super(MultiMarginLoss, self).__init__()
        if p not in (1, 2):
            raise ValueError("only p == 1 and p == 2 supported, but got p = {}".format(p))
        if weight is not None and weight.dim() != 1:
            raise ValueError("MultiMarginLoss: weight must be 1-D (one per class), but is "
                             "{}-D".format(weight.dim()))
        self.p = p
        self.margin = margin
        self.size_average = size_average
        self.register_buffer('weight', weight)

    def forward(self, input, target):
        return F.multi_margin_loss(input, target, self.p, self.margin, self.weight,
                                   self.size_average)


class TripletMarginLoss(Module):
    """TripletMarginLoss(margin=1.0, p=2, eps=1e-6, swap=False): the mean over the batch of
    max(0, margin + d(anchor, positive) - d(anchor, negative)), d the p-norm pairwise distance;
    swap uses the smaller of d(anchor, negative) and d(positive, negative)."""

    def __init__(self, margin=1.0, p=2, eps=1e-6, swap=False):
        super(TripletMarginLoss, self).__init__()
        if margin <= 0:
            raise ValueError("TripletMarginLoss: margin must be positive, but got {}"
                             .format(margin))
        self.margin = margin
        self.p = p
        self.eps = eps
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return F.triplet_margin_loss(anchor, positive, negative, self.margin, self.p, self.eps,
                                     self.swap)
