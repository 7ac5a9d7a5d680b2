"""MarginCriterion: the two-class hinge loss max(0, margin - target * input) for targets of 1 or
-1, summed over the elements and divided by their number when sizeAverage is true; THNN computes
the loss and its gradient."""
import torch_early as torch
from .Criterion import Criterion


class MarginCriterion(Criterion):

    def __init__(self, margin=1, sizeAverage=True):
        super(MarginCriterion, self).__init__()
        self.margin = margin
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target):
        self._backend.MarginCriterion_updateOutput(self._backend.library_state, input, target,
                                                   self.output_tensor, self.sizeAverage,
                                                   self.margin)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.MarginCriterion_updateGradInput(self._backend.library_state, input, target,
                                                      self.gradInput, self.sizeAverage,
                                                      self.margin)
        return self.gradInput
