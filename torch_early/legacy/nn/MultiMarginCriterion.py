"""MultiMarginCriterion: the multi-class hinge loss. For a sample of class y (0-based), every
other class j adds weights[y] * max(0, margin - input[y] + input[j])^p / nClasses, p being 1 or 2;
sizeAverage divides by the number of samples. THNN computes the loss and its gradient."""
import torch_early as torch
from .Criterion import Criterion
from .ClassNLLCriterion import _classIndices


class MultiMarginCriterion(Criterion):

    def __init__(self, p=1, weights=None, margin=1, sizeAverage=True):
        super(MultiMarginCriterion, self).__init__()
        if p != 1 and p != 2:
            raise ValueError("MultiMarginCriterion: only p = 1 and p = 2 are supported, but "
                             "got p = {}".format(p))
        if weights is not None and weights.dim() != 1:
            raise ValueError("MultiMarginCriterion: weights should be a 1D tensor (one weight "
                             "per class), but got a {}D one".format(weights.dim()))
        self.p = p
        self.weights = weights
        self.margin = margin
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target):
        self._backend.MultiMarginCriterion_updateOutput(
            self._backend.library_state, input, _classIndices(target), self.output_tensor,
            self.sizeAverage, self.p, self.weights, self.margin)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.MultiMarginCriterion_updateGradInput(
            self._backend.library_state, input, _classIndices(target), self.gradInput,
            self.sizeAverage, self.p, self.weights, self.margin)
        return self.gradInput
