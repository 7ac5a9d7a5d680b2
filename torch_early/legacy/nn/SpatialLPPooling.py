"""legacy.nn.SpatialLPPooling: the p-norm of each kW x kH window (stride dW, dH) of every plane:
output = (sum over the window of |x|^p)^(1/p). Lua nn chained Power (or Square), a
SpatialAveragePooling times kW * kH, and Power(1/p) (or Sqrt); this module runs the same chain
itself, with THNN's SpatialAveragePooling kernels for the window sums."""
from .Module import Module
from .utils import clear


class SpatialLPPooling(Module):

    def __init__(self, nInputPlane, pnorm, kW, kH, dW=None, dH=None):
        super(SpatialLPPooling, self).__init__()
        if pnorm <= 0:
            raise ValueError('SpatialLPPooling: the norm must be positive, but got {}'
                             .format(pnorm))
        self.nInputPlane = nInputPlane
        self.pnorm = pnorm
        self.kW = kW
        self.kH = kH
        self.dW = dW or kW
        self.dH = dH or kH
        self.powered = None     # |input|^p
        self.sums = None        # the window sums of |input|^p
        self.gradSums = None

    def _pool(self, input, output):
        self._backend.SpatialAveragePooling_updateOutput(
            self._backend.library_state, input, output, self.kW, self.kH, self.dW, self.dH, 0, 0,
            False, True)
        output.mul_(self.kW * self.kH)

    def _buffers(self, input):
        for name in ('powered', 'sums', 'gradSums'):
            if getattr(self, name) is None:
                setattr(self, name, input.new())

    def updateOutput(self, input):
        self._buffers(input)
        self.powered.resize_as_(input).copy_(input).abs_().pow_(self.pnorm)
        self._pool(self.powered, self.sums)
        self.output.resize_as_(self.sums).copy_(self.sums).pow_(1. / self.pnorm)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self._buffers(input)
        self.updateOutput(input)
        # d out / d sums = out / (p * sums), taken as 0 where a window is all zeros
        self.gradSums.resize_as_(self.sums).copy_(self.sums).mul_(self.pnorm)
        zero = self.gradSums.eq(0)
        self.gradSums.masked_fill_(zero, 1)
        self.gradSums.copy_(self.output.clone().div_(self.gradSums).masked_fill_(zero, 0))
        self.gradSums.mul_(gradOutput).mul_(self.kW * self.kH)
        self._backend.SpatialAveragePooling_updateGradInput(
            self._backend.library_state, self.powered, self.gradSums, self.gradInput, self.kW,
            self.kH, self.dW, self.dH, 0, 0, False, True)
        # d |x|^p / dx = p |x|^(p-1) sign(x)
        derivative = input.clone().abs_().pow_(self.pnorm - 1).mul_(self.pnorm)
        derivative.mul_(input.clone().sign_())
        self.gradInput.mul_(derivative)
        return self.gradInput

    def clearState(self):
        clear(self, 'powered', 'sums', 'gradSums')
        return super(SpatialLPPooling, self).clearState()

    def __repr__(self):
        return '{}({}, {}, {}x{}, {},{})'.format(super(SpatialLPPooling, self).__repr__(),
                                                 self.nInputPlane, self.pnorm, self.kW, self.kH,
                                                 self.dW, self.dH)
