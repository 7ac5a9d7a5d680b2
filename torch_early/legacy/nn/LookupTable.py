"""legacy.nn.LookupTable: the embedding. weight holds nIndex rows of nOutput numbers; the input is
a vector of indices (0-based) or a batch of them (a matrix), and the output the rows they select.
The forward is index_select; THNN's LookupTable kernels add the gradients back into the selected
rows (skipping paddingValue) and shrink the rows an input selects to maxNorm when one is set."""
import torch_early
from .Module import Module
from . import utils
from .utils import clear


class LookupTable(Module):

    def __init__(self, nIndex, nOutput, paddingValue=-1, maxNorm=None, normType=None):
        super(LookupTable, self).__init__()
        utils.checkSizes(self, nIndex=nIndex, nOutput=nOutput)
        self.weight = torch_early.Tensor(nIndex, nOutput)
        self.gradWeight = torch_early.Tensor(nIndex, nOutput).zero_()
        self.paddingValue = paddingValue
        self.maxNorm = maxNorm
        self.normType = normType
        self.shouldScaleGradByFreq = False
        self._count = torch_early.IntTensor()
        self._input = torch_early.LongTensor()    # the input as indices, when it was not already
        self._sorted = None
        self._indices = None
        self.reset()

    def accUpdateOnly(self):
        self.gradWeight = None
        return self

    def setPadding(self, paddingValue):
        self.paddingValue = paddingValue
        return self

    def setMaxNorm(self, maxNorm):
        self.maxNorm = maxNorm
        return self

    def setNormType(self, normType):
        self.normType = normType
        return self

    def scaleGradByFreq(self):
        self.shouldScaleGradByFreq = True
        return self

    def reset(self, stdv=1):
        """Weights drawn from the normal law N(0, stdv^2)."""
        self.weight.normal_(0, stdv)
        return self

    def _indices_of(self, input):
        """input as a contiguous LongTensor of indices (copied into _input when it is not one)."""
        if not torch_early.is_tensor(input):
            raise TypeError('LookupTable: input must be a tensor of indices, but got {}'
                            .format(type(input).__name__))
        if input.dim() not in (1, 2):
            raise RuntimeError('LookupTable: input must be a vector or a matrix of indices, but '
                               'got a {}D tensor'.format(input.dim()))
        if input.type() != 'torch_early.LongTensor' or not input.is_contiguous():
            self._input = self._input if self._input is not None else torch_early.LongTensor()
            self._input.resize_(input.size()).copy_(input)
            return self._input
        return input

    def renorm(self, input):
        if self.maxNorm is None:
            return
        # the kernel sorts and deduplicates the indices it is given: give it a copy
        indices = self._indices_of(input).clone().view(-1)
        self._backend.LookupTable_renorm(self._backend.library_state, indices, self.weight,
                                         self.maxNorm, self.normType or 2)

    def updateOutput(self, input):
        self.renorm(input)
        indices = self._indices_of(input)
        if indices.dim() == 1:
            torch_early.index_select(self.weight, 0, indices, out=self.output)
        else:
            torch_early.index_select(self.weight, 0, indices.view(-1), out=self.output)
            self.output = self.output.view(indices.size(0), indices.size(1), self.weight.size(1))
        return self.output

    def updateGradInput(self, input, gradOutput):
        # the input holds indices: it has no gradient. gradInput is zeros of its shape and
        # type (made anew when the input's type changes).
        if type(self.gradInput) != type(input):
            self.gradInput = input.new()
        if not self.gradInput.is_same_size(input):
            self.gradInput.resize_as_(input).zero_()
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        indices = self._indices_of(input)
        if self._sorted is None:
            self._sorted = torch_early.LongTensor()
        if self._indices is None:
            self._indices = torch_early.LongTensor()
        self._backend.LookupTable_accGradParameters(
            self._backend.library_state, indices, gradOutput, self.gradWeight, self._count,
            self._sorted, self._indices, self.shouldScaleGradByFreq, self.paddingValue, scale)

    def clearState(self):
        clear(self, '_count', '_input', '_sorted', '_indices')
        return super(LookupTable, self).clearState()

    def __repr__(self):
        return '{}({}, {})'.format(super(LookupTable, self).__repr__(), self.weight.size(0),
                                   self.weight.size(1))
