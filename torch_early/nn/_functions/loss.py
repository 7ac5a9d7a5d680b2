"""The hand-written losses on pairs and signs: HingeEmbeddingLoss, MarginRankingLoss and
CosineEmbeddingLoss, computed with tensor operations. Each returns a 1-element tensor: the sum of
the per-sample losses, divided by their number when size_average."""

from ...autograd.function import Function


def _one_element(input, value):
    return input.new(1).fill_(value)


class _SignedLoss(Function):
    def __init__(self, margin, size_average=True):
        super(_SignedLoss, self).__init__()
        self.margin = margin
        self.size_average = size_average

    def _total(self, total, count, what):
        """The loss: total, or total / count when size_average. No losses (an empty input) have
        no average: a RuntimeError naming the input (their sum, size_average=False, is 0)."""
        if not self.size_average:
            return total
        if count == 0:
            raise RuntimeError('{}: {} is empty, and the average of no losses is undefined '
                               '(size_average=False sums them: 0)'
                               .format(type(self).__name__, what))
        return total / count

    def _scale(self, grad_output, count):
        return grad_output[0] / count if self.size_average else grad_output[0]


class HingeEmbeddingLoss(_SignedLoss):
    """(input, y), y of 1s and -1s: x where y = 1, max(0, margin - x) where y = -1."""

    def __init__(self, margin=1, size_average=True):
        super(HingeEmbeddingLoss, self).__init__(margin, size_average)

    def forward(self, input, target):
        self.save_for_backward(input, target)
        positive = target.eq(1).type_as(input)
        hinge = input.neg().add_(self.margin).clamp_(min=0)
        negative = target.eq(-1).type_as(input)
        total = input.mul(positive).sum() + hinge.mul_(negative).sum()
        return _one_element(input, self._total(total, input.nelement(), 'input'))

    def backward(self, grad_output):
        input, target = self.saved_tensors
        positive = target.eq(1).type_as(input)
        inside = input.lt(self.margin).type_as(input).mul_(target.eq(-1).type_as(input))
        grad_input = positive.sub_(inside).mul_(self._scale(grad_output, input.nelement()))
        return grad_input, None


class MarginRankingLoss(_SignedLoss):
    """(x1, x2, y): max(0, -y * (x1 - x2) + margin); y = 1 asks for x1 above x2."""

    def __init__(self, margin=0, size_average=True):
        super(MarginRankingLoss, self).__init__(margin, size_average)

    def forward(self, input1, input2, y):
        self.save_for_backward(input1, input2, y)
        losses = input2.sub(input1).mul_(y).add_(self.margin).clamp_(min=0)
        total = losses.sum()
        return _one_element(input1, self._total(total, y.nelement(), 'the target'))

    def backward(self, grad_output):
        input1, input2, y = self.saved_tensors
        active = input2.sub(input1).mul_(y).add_(self.margin).gt(0).type_as(input1)
        grad_input2 = active.mul_(y).mul_(self._scale(grad_output, y.nelement()))
        return grad_input2.neg(), grad_input2, None


class CosineEmbeddingLoss(_SignedLoss):
    """(x1, x2, y) with x1, x2 (batch, features): 1 - cos(x1, x2) where y = 1,
    max(0, cos(x1, x2) - margin) where y = -1."""

    EPS = 1e-12   # keeps the cosine of a zero row finite

    def __init__(self, margin=0, size_average=True):
        super(CosineEmbeddingLoss, self).__init__(margin, size_average)

    def _cosines(self, input1, input2):
        norm1 = input1.pow(2).sum(1).add_(self.EPS).sqrt_()
        norm2 = input2.pow(2).sum(1).add_(self.EPS).sqrt_()
        return input1.mul(input2).sum(1).div_(norm1).div_(norm2), norm1, norm2

    def forward(self, input1, input2, y):
        if input1.dim() != 2 or input1.size() != input2.size():
            raise RuntimeError("CosineEmbeddingLoss expects two inputs of the same size "
                               "(batch x features), but got {} and {}".format(
                                   tuple(input1.size()), tuple(input2.size())))
        self.save_for_backward(input1, input2, y)
        cos = self._cosines(input1, input2)[0].view(-1)
        positive = y.eq(1).type_as(input1)
        negative = y.eq(-1).type_as(input1)
        losses = cos.neg().add_(1).mul_(positive).add_(
            cos.sub(self.margin).clamp_(min=0).mul_(negative))
        total = losses.sum()
        return _one_element(input1, self._total(total, y.nelement(), 'the target'))

    def backward(self, grad_output):
        input1, input2, y = self.saved_tensors
        cos, norm1, norm2 = self._cosines(input1, input2)
        # d cos / d x1 = x2 / (|x1| |x2|) - cos x1 / |x1|^2, and the same with 1 and 2 swapped
        product = norm1.mul(norm2)
        dcos1 = input2.div(product.expand_as(input2)).sub_(
            input1.mul(cos.div(norm1.pow(2)).expand_as(input1)))
        dcos2 = input1.div(product.expand_as(input1)).sub_(
            input2.mul(cos.div(norm2.pow(2)).expand_as(input2)))
        # the loss's derivative in cos: -1 where y = 1, 1 where y = -1 and cos > margin
        slope = y.eq(-1).type_as(input1).mul_(cos.view(-1).gt(self.margin).type_as(input1))
        slope.sub_(y.eq(1).type_as(input1)).mul_(self._scale(grad_output, y.nelement()))
        slope = slope.view(-1, 1).expand_as(input1)
        return dcos1.mul_(slope), dcos2.mul_(slope), None
