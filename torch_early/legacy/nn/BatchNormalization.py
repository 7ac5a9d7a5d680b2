"""legacy.nn.BatchNormalization: each feature (dimension 1) of a mini-batch normalised to zero
mean and unit variance, then scaled by weight and shifted by bias when affine. Training uses the
batch's statistics and moves running_mean/running_var towards them by momentum; evaluation uses
the running ones. Over THNN's BatchNormalization kernels. The input is N x C (nDim = 2);
SpatialBatchNormalization and VolumetricBatchNormalization are this with nDim 4 and 5."""
import torch_early
from .Module import Module
from .utils import clear


class BatchNormalization(Module):
    # the number of dimensions of an input (a mini-batch)
    nDim = 2

    def __init__(self, nOutput, eps=1e-5, momentum=0.1, affine=True):
        super(BatchNormalization, self).__init__()
        if nOutput <= 0:
            raise ValueError('{}: the number of features must be positive, but got {}'
                             .format(type(self).__name__, nOutput))
        self.affine = affine
        self.eps = eps
        self.momentum = momentum
        self.train = True
        self.running_mean = torch_early.zeros(nOutput)
        self.running_var = torch_early.ones(nOutput)
        self.save_mean = None
        self.save_std = None
        if self.affine:
            self.weight = torch_early.Tensor(nOutput)
            self.bias = torch_early.Tensor(nOutput)
            self.gradWeight = torch_early.Tensor(nOutput)
            self.gradBias = torch_early.Tensor(nOutput)
            self.reset()
        else:
            self.weight = None
            self.bias = None
            self.gradWeight = None
            self.gradBias = None

    def reset(self):
        """Weights uniform in [0, 1), biases 0, the running statistics back to mean 0, var 1."""
        if self.weight is not None:
            self.weight.uniform_()
        if self.bias is not None:
            self.bias.zero_()
        self.running_mean.zero_()
        self.running_var.fill_(1)
        return self

    def _checkInputDim(self, input):
        if input.dim() != self.nDim:
            raise RuntimeError('only mini-batch supported ({}D tensor), got {}D tensor instead'
                               .format(self.nDim, input.dim()))
        if input.size(1) != self.running_mean.nelement():
            raise RuntimeError('got {}-feature tensor, expected {}'
                               .format(input.size(1), self.running_mean.nelement()))

    def updateOutput(self, input):
        self._checkInputDim(input)
        if self.save_mean is None:
            self.save_mean = input.new()
        if self.save_std is None:
            self.save_std = input.new()
        self.output.resize_as_(input)
        self._backend.BatchNormalization_updateOutput(
            self._backend.library_state, input, self.output, self.weight, self.bias,
            self.running_mean, self.running_var, self.save_mean, self.save_std, self.train,
            self.momentum, self.eps)
        return self.output

    def _backward(self, input, gradOutput, scale, gradInput=None, gradWeight=None,
                  gradBias=None):
        """One kernel call for any of the three gradients (None: not wanted)."""
        self._checkInputDim(input)
        self._checkInputDim(gradOutput)
        if self.save_mean is None or self.save_std is None:
            raise RuntimeError('{}: backward called before forward'.format(type(self).__name__))
        if gradInput is not None:
            gradInput.resize_as_(gradOutput)
        self._backend.BatchNormalization_backward(
            self._backend.library_state, input, gradOutput, gradInput, gradWeight, gradBias,
            self.weight, self.running_mean, self.running_var, self.save_mean, self.save_std,
            self.train, scale, self.eps)
        return self.gradInput

    def backward(self, input, gradOutput, scale=1):
        return self._backward(input, gradOutput, scale, self.gradInput, self.gradWeight,
                              self.gradBias)

    def updateGradInput(self, input, gradOutput):
        return self._backward(input, gradOutput, 1, self.gradInput)

    def accGradParameters(self, input, gradOutput, scale=1):
        if self.affine:
            self._backward(input, gradOutput, scale, None, self.gradWeight, self.gradBias)

    def clearState(self):
        clear(self, 'save_mean', 'save_std')
        return super(BatchNormalization, self).clearState()

    def __repr__(self):
        return '{} ({}D) ({})'.format(super(BatchNormalization, self).__repr__(), self.nDim,
                                      self.running_mean.nelement())
