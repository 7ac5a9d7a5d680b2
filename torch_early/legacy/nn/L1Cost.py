"""L1Cost: the L1 norm sum(|input|) as a criterion without a target (forward(input, None)), a
penalty pulling every element towards zero; its gradient is sign(input). Over THNN."""
import torch_early as torch
from .Criterion import Criterion


class L1Cost(Criterion):

    def __init__(self):
        super(L1Cost, self).__init__()
        self.output_tensor = torch.Tensor(1)

    def updateOutput(self, input, target=None):
        self._backend.L1Cost_updateOutput(self._backend.library_state, input, self.output_tensor)
        self.output = self.output_tensor[0]
        return self.output

    def updateGradInput(self, input, target=None):
        self._backend.L1Cost_updateGradInput(self._backend.library_state, input, None,
                                             self.gradInput)
        return self.gradInput
