"""SpatialClassNLLCriterion: ClassNLLCriterion at every pixel: input batch x classes x h x w of
log-probabilities, target batch x h x w of class indices (0-based); sizeAverage divides by the
sum of the weights of the targets. THNN computes the loss and its gradient."""
import torch_early as torch
from .Criterion import Criterion
from .ClassNLLCriterion import _classIndices


class SpatialClassNLLCriterion(Criterion):

    def __init__(self, weights=None, sizeAverage=True):
        super(SpatialClassNLLCriterion, self).__init__()
        if weights is not None and weights.dim() != 1:
            raise ValueError("SpatialClassNLLCriterion: weights should be a 1D tensor (one "
                             "weight per class), but got a {}D one".format(weights.dim()))
        self.weights = weights
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.zeros(1)
        self.total_weight_tensor = torch.ones(1)

    def updateOutput(self, input, target):
        self._backend.SpatialClassNLLCriterion_updateOutput(
            self._backend.library_state, input, _classIndices(target), self.output_tensor,
            self.sizeAverage, self.weights, self.total_weight_tensor)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput.resize_as_(input).zero_()
        self._backend.SpatialClassNLLCriterion_updateGradInput(
            self._backend.library_state, input, _classIndices(target), self.gradInput,
            self.sizeAverage, self.weights, self.total_weight_tensor)
        return self.gradInput
