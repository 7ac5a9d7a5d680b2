"""legacy.nn.LeakyReLU: input above 0, negval * input below, over THNN's LeakyReLU kernels;
with inplace=True the input itself is overwritten."""
from .Module import Module


class LeakyReLU(Module):

    def __init__(self, negval=1 / 100, inplace=False):
        super(LeakyReLU, self).__init__()
        if isinstance(negval, bool):
            # Lua's LeakyReLU(ip) form: a lone boolean is the in-place flag
            inplace, negval = negval, 1 / 100
        self.negval = negval
        self.inplace = inplace
        if self.negval < 0:
            # in place, a negative slope would flip signs, and the backward could not tell
            # which elements were negative
            self.inplace = False

    def updateOutput(self, input):
        self._backend.LeakyReLU_updateOutput(self._backend.library_state, input, self.output,
                                             self.negval, self.inplace)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.LeakyReLU_updateGradInput(self._backend.library_state, input, gradOutput,
                                                self.gradInput, self.negval, self.inplace)
        return self.gradInput

    def __repr__(self):
        return '{}({:.3f})'.format(super(LeakyReLU, self).__repr__(), self.negval)
