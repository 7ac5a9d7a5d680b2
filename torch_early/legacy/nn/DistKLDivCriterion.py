"""DistKLDivCriterion: the Kullback-Leibler divergence target * (log(target) - input) of the
log-probabilities input from the probabilities target, summed over the elements and divided by
their number when sizeAverage is true; THNN computes the loss and its gradient."""
import torch_early as torch
from .Criterion import Criterion


class DistKLDivCriterion(Criterion):

    def __init__(self, sizeAverage=True):
        super(DistKLDivCriterion, self).__init__()
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target):
        self._backend.DistKLDivCriterion_updateOutput(self._backend.library_state, input, target,
                                                self.output_tensor, self.sizeAverage)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.DistKLDivCriterion_updateGradInput(self._backend.library_state, input, target,
                                                   self.gradInput, self.sizeAverage)
        return self.gradInput
