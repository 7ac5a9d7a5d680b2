"""SoftMarginCriterion: the two-class logistic loss log(1 + exp(-target * input)) for targets
of 1 or -1, summed over the elements and divided by their number when sizeAverage is true; THNN
computes the loss and its gradient."""
import torch_early as torch
from .Criterion import Criterion


class SoftMarginCriterion(Criterion):

    def __init__(self):
        super(SoftMarginCriterion, self).__init__()
        self.sizeAverage = True   # an attribute only: the constructor takes no argument
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target):
        self._backend.SoftMarginCriterion_updateOutput(self._backend.library_state, input, target,
                                                self.output_tensor, self.sizeAverage)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.SoftMarginCriterion_updateGradInput(self._backend.library_state, input, target,
                                                   self.gradInput, self.sizeAverage)
        return self.gradInput
