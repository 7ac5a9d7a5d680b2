"""MultiLabelMarginCriterion: the multi-class multi-label hinge loss. target lists each sample's
classes (0-based), ended by the first -1; every pair of a listed class y and an unlisted class j
adds max(0, 1 - (input[y] - input[j])) / nClasses. sizeAverage divides by the number of samples.
THNN computes the loss and its gradient; isTarget (1 at each listed class) is its buffer."""
import torch_early as torch
from .Criterion import Criterion
from . import utils
from .ClassNLLCriterion import _classIndices


class MultiLabelMarginCriterion(Criterion):

    def __init__(self, sizeAverage=True):
        super(MultiLabelMarginCriterion, self).__init__()
        self.sizeAverage = sizeAverage
        self.isTarget = torch.Tensor()
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target):
        self._backend.MultiLabelMarginCriterion_updateOutput(
            self._backend.library_state, input, _classIndices(target), self.output_tensor,
            self.isTarget, self.sizeAverage)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target):
        self._backend.MultiLabelMarginCriterion_updateGradInput(
            self._backend.library_state, input, _classIndices(target), self.gradInput,
            self.isTarget, self.sizeAverage)
        return self.gradInput

    def clearState(self):
        utils.clear(self, 'isTarget')
        return super(MultiLabelMarginCriterion, self).clearState()
