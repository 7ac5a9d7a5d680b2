"""The THNN losses that need Python around the generated Function: BCELoss checks that the
target matches the input's size and spreads a per-class weight over the batch before THNN sees
them."""

from .auto import _BCELoss


class BCELoss(_BCELoss):
    """BCELoss(size_average, weight=None)(input, target): binary cross entropy of probabilities
    `input` against 0/1 `target` of the same size; `weight` rescales each element's loss."""

    def _check_sizes(self, input, target):
        if input.nelement() != target.nelement():
            raise ValueError("BCELoss: the target has {} elements, the input {} (they must "
                             "have the same size)".format(target.nelement(), input.nelement()))
        if self.weight is not None and self.weight.nelement() != input.nelement():
            raise ValueError("BCELoss: the weight has {} elements, the input {} (they must "
                             "have the same size)".format(self.weight.nelement(),
                                                          input.nelement()))

    def _spread_weight(self, input):
        if (self.weight is not None and input.dim() == 2 and self.weight.dim() == 1
                and self.weight.size(0) == input.size(1)):
            self.weight = self.weight.view(1, input.size(1)).expand_as(input)

    def forward(self, input, target):
        self._spread_weight(input)
        self._check_sizes(input, target)
        return super(BCELoss, self).forward(input, target)
