"""ClassNLLCriterion: the negative log-likelihood -input[target] of log-probabilities, one class
index (0-based) per sample, each term scaled by its class's weight; sizeAverage divides by the
sum of the weights of the targets. THNN computes the loss and its gradient."""
from numbers import Integral

import torch_early as torch
from .Criterion import Criterion


def _classIndices(target):
    """target as THNN's class indices: a LongTensor (a single index may be a Python int)."""
    if isinstance(target, Integral):
        return torch.LongTensor([target])
    if not torch.is_tensor(target):
        raise TypeError("target should be a tensor of class indices or an int, but got {}"
                        .format(type(target).__name__))
    return target.long()


class _WeightedNLLCriterion(Criterion):
    """The body of ClassNLLCriterion and SpatialClassNLLCriterion; `_kernel` names the THNN
    functions that do the work."""

    def __init__(self, weights=None, sizeAverage=True):
        super(_WeightedNLLCriterion, self).__init__()
        if weights is not None and weights.dim() != 1:
            raise ValueError("{}: weights should be a 1D tensor (one weight per class), but got "
                             "a {}D one".format(type(self).__name__, weights.dim()))
        self.weights = weights
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.zeros(1)
        self.total_weight_tensor = torch.ones(1)

    def updateOutput(self, input, target):
        getattr(self._backend, self._kernel + '_updateOutput')(
            self._backend.library_state, input, _classIndices(target), self.output_tensor,
            self.sizeAverage, self.weights, self.total_weight_tensor)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput.resize_as_(input).zero_()
        getattr(self._backend, self._kernel + '_updateGradInput')(
            self._backend.library_state, input, _classIndices(target), self.gradInput,
            self.sizeAverage, self.weights, self.total_weight_tensor)
        return self.gradInput


class ClassNLLCriterion(_WeightedNLLCriterion):
    _kernel = 'ClassNLLCriterion'
