"""CrossEntropyCriterion: LogSoftMax followed by ClassNLLCriterion, the loss of a classifier's
raw scores (one vector, or a batch of them as rows) against 0-based class indices, with optional
per-class weights; averaged over the samples (by the sum of their weights). Singleton dimensions
of input and target are squeezed first, as Lua nn did; gradInput has input's size."""
from .Criterion import Criterion
from .ClassNLLCriterion import ClassNLLCriterion, _classIndices
from .LogSoftMax import LogSoftMax


class CrossEntropyCriterion(Criterion):

    def __init__(self, weights=None):
        super(CrossEntropyCriterion, self).__init__()
        self.lsm = LogSoftMax()
        self.nll = ClassNLLCriterion(weights)

    def _squeezed(self, input, target):
        """input and the class indices without their singleton dimensions (1 x n is n)."""
        return input.squeeze(), _classIndices(target).squeeze()

    def updateOutput(self, input, target):
        input, target = self._squeezed(input, target)
        self.lsm.updateOutput(input)
        self.output = self.nll.updateOutput(self.lsm.output, target)
        return self.output

    def updateGradInput(self, input, target):
        size = input.size()
        input, target = self._squeezed(input, target)
        # the log-probabilities again, so that backward needs no forward of the same input first
        self.lsm.updateOutput(input)
        self.nll.updateGradInput(self.lsm.output, target)
        self.lsm.updateGradInput(input, self.nll.gradInput)
        self.gradInput = self.lsm.gradInput.view(size)
        return self.gradInput

    def clearState(self):
        self.lsm.clearState()
        self.nll.clearState()
        return super(CrossEntropyCriterion, self).clearState()
