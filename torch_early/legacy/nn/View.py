"""legacy.nn.View: the input seen with another shape (a view, no copy, when the input is
contiguous). One size may be -1, inferred from the others. When the input holds a whole number of
times the elements the sizes ask for, and no size is -1, the extra factor is a batch dimension put
first; setNumInputDims(n) says that an input of more than n dimensions is a batch."""
import torch_early
from .Module import Module


class View(Module):

    def __init__(self, *args):
        super(View, self).__init__()
        if len(args) == 1 and isinstance(args[0], torch_early.Size):
            args = tuple(args[0])
        if args.count(-1) > 1:
            raise ValueError('View: at most one size may be -1, but got %s' % (args,))
        if any(size == 0 or size < -1 for size in args
               if isinstance(size, int) and not isinstance(size, bool)):
            raise ValueError('View: each size must be at least 1 (or -1, inferred), but got %s'
                             % (args,))
        self.size = torch_early.Size(args)
        self.numElements = 1
        for size in self.size:
            if size != -1:
                self.numElements *= size
        self.numInputDims = None

    def setNumInputDims(self, numInputDims):
        self.numInputDims = numInputDims
        return self

    def _batch_size(self, input):
        """The batch size to put in front of self.size, or None when the input is one example."""
        example_dims = self.numInputDims if self.numInputDims is not None else input.dim()
        example_dims = min(example_dims, input.dim())
        elements = 1
        for size in input.size()[input.dim() - example_dims:]:
            elements *= size
        if elements % self.numElements != 0:
            raise RuntimeError('View: the input of size %s cannot be viewed as %s'
                               % (tuple(input.size()), tuple(self.size)))
        batch = 1 if -1 in self.size else elements // self.numElements
        for size in input.size()[:input.dim() - example_dims]:
            batch *= size
        if batch == 1 and (self.numInputDims is None or input.dim() <= self.numInputDims):
            return None
        return batch

    def updateOutput(self, input):
        batch = self._batch_size(input)
        size = self.size if batch is None else (batch,) + tuple(self.size)
        self.output = input.contiguous().view(*size)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput = gradOutput.contiguous().view_as(input)
        return self.gradInput

    def __repr__(self):
        return super(View, self).__repr__() + '(%s)' % ', '.join(str(s) for s in self.size)
