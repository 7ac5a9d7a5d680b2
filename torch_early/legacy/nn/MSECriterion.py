"""MSECriterion: the squared difference (input - target)^2, summed over the elements and divided
by their number when sizeAverage is true; THNN computes the loss and its gradient."""
import torch_early as torch
from .Criterion import Criterion


class MSECriterion(Criterion):

    def __init__(self, sizeAverage=True):
        super(MSECriterion, self).__init__()
        self.sizeAverage = sizeAverage
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target):
        self._backend.MSECriterion_updateOutput(self._backend.library_state, input, target,
                                                self.output_tensor, self.sizeAverage)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.MSECriterion_updateGradInput(self._backend.library_state, input, target,
                                                   self.gradInput, self.sizeAverage)
        return self.gradInput
