"""legacy.nn.SparseLinear: a Linear (inputSize -> outputSize) on sparse inputs, each sample given
by its nonzero entries only, as an nnz x 2 tensor of (feature index from 0, value) rows. The
input is one such tensor (one sample: the output is a vector), a table (list) of them (a batch),
or Lua's legacy batch x nnz x 2 tensor. After one forward/backward, zeroGradParameters and
updateParameters touch only the weight columns of the features that input used (Lua's sparse
update). Over THNN's SparseLinear kernels."""
import math

import torch_early
from .Module import Module
from . import utils
from .utils import clear

# what the last accGradParameters left for a sparse update: nothing yet, one input (lastInput),
# or the gradients of several, which only a dense update covers
NO_LAST_INPUT, ONE_LAST_INPUT, ACC_MULTIPLE_TIMES = 0, 1, 2


class SparseLinear(Module):

    def __init__(self, inputSize, outputSize, doGradInput=False):
        super(SparseLinear, self).__init__()
        utils.checkSizes(self, inputSize=inputSize, outputSize=outputSize)
        if not isinstance(doGradInput, bool):
            raise TypeError('SparseLinear: doGradInput must be a bool, but got {}'
                            .format(type(doGradInput).__name__))
        self.weightDecay = 0
        self.doGradInput = doGradInput
        self.weight = torch_early.Tensor(outputSize, inputSize).zero_()
        self.bias = torch_early.Tensor(outputSize).zero_()
        self.gradWeight = torch_early.Tensor(outputSize, inputSize).zero_()
        self.gradBias = torch_early.Tensor(outputSize).zero_()
        self.lastInput = None
        self.sparseUpdate = NO_LAST_INPUT
        self.formatted_input = None
        self.legacyMode = False
        self.gradInput = None
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.weight.size(1))
        self.weight.uniform_(-stdv, stdv)
        self.bias.uniform_(-stdv, stdv).mul_(1e-6)
        return self

    def _reshapeInput(self, input):
        """(list of per-sample nnz x 2 tensors or the legacy tensor, batch mode, legacy mode)."""
        if isinstance(input, list):
            return input, True, False
        if not torch_early.is_tensor(input):
            raise TypeError('SparseLinear: input must be a tensor or a table (list) of tensors, '
                            'but got {}'.format(type(input).__name__))
        if input.dim() == 2:
            return [input], False, False
        return input, True, True

    def _format(self, samples):
        """The samples as one nnz x 3 tensor of (sample, feature, value) rows, as THNN reads it."""
        for sample in samples:
            if not torch_early.is_tensor(sample) or sample.dim() != 2 or sample.size(1) != 2:
                raise RuntimeError('SparseLinear: each sample must be an nnz x 2 tensor of '
                                   '(feature, value) rows')
        if self.formatted_input is None:
            self.formatted_input = samples[0].new()
        total = sum(sample.size(0) for sample in samples)
        self.formatted_input.resize_(total, 3)
        row = 0
        for i, sample in enumerate(samples):
            if sample.size(0) == 0:
                continue
            rows = self.formatted_input.narrow(0, row, sample.size(0))
            rows.narrow(1, 1, 2).copy_(sample)
            rows.select(1, 0).fill_(i)
            row += sample.size(0)
        return self.formatted_input

    def updateOutput(self, input):
        if self.sparseUpdate == ONE_LAST_INPUT:
            self.sparseUpdate = ACC_MULTIPLE_TIMES
        samples, batchMode, self.legacyMode = self._reshapeInput(input)
        if self.legacyMode:
            self._backend.SparseLinear_legacyUpdateOutput(
                self._backend.library_state, samples, self.output, self.weight, self.bias)
            return self.output
        if not samples:
            self.output.resize_as_(self.bias).copy_(self.bias)
            return self.output
        formatted = self._format(samples)
        self.output.resize_(len(samples), self.weight.size(0))
        self._backend.SparseLinear_updateOutput(self._backend.library_state, formatted,
                                                self.output, self.weight, self.bias)
        if not batchMode:
            self.output = self.output[0]
        return self.output

    def accGradParameters(self, input, gradOutput, scale=1):
        samples, batchMode, self.legacyMode = self._reshapeInput(input)
        if self.lastInput is None:
            self.lastInput = gradOutput.new()
        used = samples if self.legacyMode else self._format(samples)
        if self.sparseUpdate == NO_LAST_INPUT:
            self.lastInput.resize_as_(used).copy_(used)
            self.sparseUpdate = ONE_LAST_INPUT
        elif self.sparseUpdate == ONE_LAST_INPUT:
            self.sparseUpdate = ACC_MULTIPLE_TIMES
        if self.legacyMode:
            self._backend.SparseLinear_legacyAccGradParameters(
                self._backend.library_state, used, gradOutput, self.gradWeight, self.gradBias,
                self.weight, self.bias, self.weightDecay, scale)
        else:
            if not batchMode:
                gradOutput = gradOutput.contiguous().view(1, -1)
            self._backend.SparseLinear_accGradParameters(
                self._backend.library_state, used, gradOutput, self.gradWeight, self.gradBias,
                self.weight, self.bias, self.weightDecay, scale)

    def updateGradInput(self, input, gradOutput):
        """With doGradInput, the gradient for each value of the input, in the input's sparse
        form: (feature, d output / d value) rows; else nothing (None)."""
        if not self.doGradInput:
            return self.gradInput
        samples, batchMode, legacyMode = self._reshapeInput(input)
        if legacyMode:
            samples = [samples[i] for i in range(samples.size(0))]
        gradOutput = gradOutput.contiguous().view(-1, self.weight.size(0))
        gradInput = []
        for i, sample in enumerate(samples):
            grad = sample.clone()
            if sample.size(0) > 0:
                features = sample.select(1, 0).long()
                columns = self.weight.index_select(1, features)
                grad.select(1, 1).copy_(torch_early.mv(columns.t(), gradOutput[i]))
            gradInput.append(grad)
        self.gradInput = gradInput if batchMode else gradInput[0]
        return self.gradInput

    def zeroGradParameters(self):
        if self.sparseUpdate == ONE_LAST_INPUT:
            zero = (self._backend.SparseLinear_legacyZeroGradParameters if self.legacyMode
                    else self._backend.SparseLinear_zeroGradParameters)
            zero(self._backend.library_state, self.gradWeight, self.gradBias, self.lastInput)
        else:
            super(SparseLinear, self).zeroGradParameters()
        self.sparseUpdate = NO_LAST_INPUT

    def updateParameters(self, learningRate):
        if self.lastInput is not None and self.sparseUpdate == ONE_LAST_INPUT:
            update = (self._backend.SparseLinear_legacyUpdateParameters if self.legacyMode
                      else self._backend.SparseLinear_updateParameters)
            update(self._backend.library_state, self.weight, self.bias, self.gradWeight,
                   self.gradBias, self.lastInput, learningRate)
        else:
            super(SparseLinear, self).updateParameters(learningRate)

    def clearState(self):
        clear(self, 'lastInput', 'formatted_input')
        self.lastInput = None
        self.sparseUpdate = NO_LAST_INPUT
        return super(SparseLinear, self).clearState()

    def __repr__(self):
        return '{}({} -> {})'.format(super(SparseLinear, self).__repr__(), self.weight.size(1),
                                     self.weight.size(0))
