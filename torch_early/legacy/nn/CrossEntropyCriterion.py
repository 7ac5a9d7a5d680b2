"""CrossEntropyCriterion: LogSoftMax followed by ClassNLLCriterion, the loss of a classifier's
raw scores (one vector, or a batch of them as rows) against 0-based class indices, with optional
per-class weights; averaged over the samples (by the sum of their weights). Singleton dimensions
of input and target are squeezed first, as Lua nn did. Over THNN."""
import torch_early as torch
from .Criterion import Criterion
from . import utils
from .ClassNLLCriterion import ClassNLLCriterion, _classIndices


class CrossEntropyCriterion(Criterion):

    def __init__(self, weights=None):
        super(CrossEntropyCriterion, self).__init__()
        self.nll = ClassNLLCriterion(weights)
        self.logProbabilities = torch.Tensor()

    def _squeezed(self, input, target):
        """input and the class indices without their singleton dimensions (1 x n is n)."""
        return input.squeeze(), _classIndices(target).squeeze()

    def updateOutput(self, input, target):
        input, target = self._squeezed(input, target)
        self._backend.LogSoftMax_updateOutput(self._backend.library_state, input,
                                              self.logProbabilities)
        self.output = self.nll.updateOutput(self.logProbabilities, target)
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput.resize_as_(input)
        input, target = self._squeezed(input, target)
        # the log-probabilities again, so that backward needs no forward of the same input first
        self._backend.LogSoftMax_updateOutput(self._backend.library_state, input,
                                              self.logProbabilities)
        gradLogProbabilities = self.nll.updateGradInput(self.logProbabilities, target)
        # THNN fills gradInput through a view of the squeezed size: gradInput keeps input's size
        self._backend.LogSoftMax_updateGradInput(self._backend.library_state, input,
                                                 gradLogProbabilities,
                                                 self.gradInput.view_as(input),
                                                 self.logProbabilities)
        return self.gradInput

    def clearState(self):
        self.nll.clearState()
        utils.clear(self, 'logProbabilities')
        return super(CrossEntropyCriterion, self).clearState()
