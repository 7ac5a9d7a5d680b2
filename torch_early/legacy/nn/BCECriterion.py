"""BCECriterion: the binary cross entropy -(target * log(input) + (1 - target) * log(1 - input))
of probabilities input against 0/1 targets, each element's term scaled by its class weight when
weights are given, averaged over the elements when sizeAverage is true; over THNN."""
import torch_early as torch
from .Criterion import Criterion


class BCECriterion(Criterion):

    def __init__(self, weights=None, sizeAverage=True):
        super(BCECriterion, self).__init__()
        if weights is not None and weights.dim() != 1:
            raise ValueError("BCECriterion: weights should be a 1D tensor (one weight per "
                             "class), but got a {}D one".format(weights.dim()))
        self.weights = weights
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.Tensor(1)

    def _elementWeights(self, input):
        """The weights for each element of input: a batch (2D input) repeats the per-class
        weights along its first dimension; THNN checks that they match input's elements."""
        if self.weights is not None and input.dim() == 2:
            if self.weights.size(0) != input.size(1):
                raise RuntimeError("BCECriterion: there are {} weights for {} classes (the input "
                                   "has size {})".format(self.weights.size(0), input.size(1),
                                                         tuple(input.size())))
            return self.weights.view(1, input.size(1)).expand_as(input)
        return self.weights

    def updateOutput(self, input, target):
        self._backend.BCECriterion_updateOutput(self._backend.library_state, input, target,
                                                self.output_tensor, self.sizeAverage,
                                                self._elementWeights(input))
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.BCECriterion_updateGradInput(self._backend.library_state, input, target,
                                                   self.gradInput, self.sizeAverage,
                                                   self._elementWeights(input))
        return self.gradInput
