"""legacy.nn.VolumetricAveragePooling: the mean of each kT x kH x kW window (stride dT, dW, dH)
of every volume of a 4D or 5D input. Over THNN's VolumetricAveragePooling kernels."""
from .Module import Module


class VolumetricAveragePooling(Module):

    def __init__(self, kT, kW, kH, dT=None, dW=None, dH=None):
        super(VolumetricAveragePooling, self).__init__()
        self.kT = kT
        self.kH = kH
        self.kW = kW
        self.dT = dT or kT
        self.dW = dW or kW
        self.dH = dH or kH

    def _window(self):
        return self.kT, self.kW, self.kH, self.dT, self.dW, self.dH

    def updateOutput(self, input):
        self._backend.VolumetricAveragePooling_updateOutput(
            self._backend.library_state, input, self.output, *self._window())
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._backend.VolumetricAveragePooling_updateGradInput(
            self._backend.library_state, input, gradOutput, self.gradInput, *self._window())
        return self.gradInput

    def __repr__(self):
        return '{}({}x{}x{}, {},{},{})'.format(super(VolumetricAveragePooling, self).__repr__(),
                                               *self._window())
