"""legacy.nn.Threshold: input where input > threshold, value elsewhere, over THNN's Threshold
kernels; with inplace=True the output is the input itself, overwritten."""
from .Module import Module


class Threshold(Module):

    # v0.1.12's default threshold is 0 (Lua nn's is 1e-6)
    def __init__(self, threshold=0, value=0, inplace=False):
        super(Threshold, self).__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace
        self.validateParameters()

    def validateParameters(self):
        # in place, a value above the threshold would hide which elements were replaced
        if self.inplace and self.value > self.threshold:
            raise RuntimeError('in-place processing requires value ({}) to not exceed '
                               'threshold ({})'.format(self.value, self.threshold))

    def updateOutput(self, input):
        self.validateParameters()
        self._backend.Threshold_updateOutput(self._backend.library_state, input, self.output,
                                             self.threshold, self.value, self.inplace)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.validateParameters()
        self._backend.Threshold_updateGradInput(self._backend.library_state, input, gradOutput,
                                                self.gradInput, self.threshold, self.value,
                                                self.inplace)
        return self.gradInput
