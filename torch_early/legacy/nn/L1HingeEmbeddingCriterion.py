"""L1HingeEmbeddingCriterion: for a pair input [x1, x2] and a target y of 1 (similar) or -1
(dissimilar), the L1 distance d = ||x1 - x2||_1 where y = 1 and max(0, margin - d) where y = -1.
The gradient is the pair [g, -g]. Written over tensor ops."""
from numbers import Number

import torch_early as torch
from .Criterion import Criterion


class L1HingeEmbeddingCriterion(Criterion):

    def __init__(self, margin=1):
        super(L1HingeEmbeddingCriterion, self).__init__()
        self.margin = margin
        self.gradInput = [torch.Tensor(), torch.Tensor()]

    def _check(self, input, y):
        """input's pair (x2 shaped like x1) and the target as a number, 1 or -1."""
        if not isinstance(input, (list, tuple)) or len(input) != 2:
            raise TypeError("L1HingeEmbeddingCriterion: input should be a pair of tensors "
                            "[x1, x2]")
        x1, x2 = input
        if x1.nelement() != x2.nelement():
            raise RuntimeError("L1HingeEmbeddingCriterion: the two inputs have {} and {} "
                               "elements".format(x1.nelement(), x2.nelement()))
        if not isinstance(y, Number):
            if y.nelement() != 1:
                raise RuntimeError("L1HingeEmbeddingCriterion: the target should be one number, "
                                   "but has {} elements".format(y.nelement()))
            y = y.view(1)[0]
        if y != 1 and y != -1:
            raise ValueError("L1HingeEmbeddingCriterion: the target should be 1 or -1, but got "
                             "{}".format(y))
        return x1, x2.contiguous().view_as(x1), y

    def updateOutput(self, input, y):
        x1, x2, y = self._check(input, y)
        distance = x1.dist(x2, 1)
        self.output = distance if y == 1 else max(0.0, self.margin - distance)
        return self.output

    def updateGradInput(self, input, y):
        x1, x2, y = self._check(input, y)
        gradFirst, gradSecond = self.gradInput
        gradFirst.resize_as_(x1).copy_(x1).add_(-1, x2)
        distance = gradFirst.norm(1)
        gradFirst.sign_()
        if y == -1:
            # a dissimilar pair pushes apart only while it is closer than the margin
            if distance > self.margin:
                gradFirst.zero_()
            else:
                gradFirst.mul_(-1)
        gradSecond.resize_as_(input[1]).copy_(gradFirst.view_as(input[1])).mul_(-1)
        return self.gradInput

    def clearState(self):
        """Empties the two gradients (the pair itself stays)."""
        for gradient in self.gradInput:
            gradient.set_()
        return self
