"""legacy.nn.Concat: every child gets the same input; their outputs are joined along one dimension
(0-based). backward hands each child its slice of gradOutput and sums their gradInputs."""
import torch_early
from .Container import Container, branches_repr


class Concat(Container):

    def __init__(self, dimension):
        super(Concat, self).__init__()
        self.dimension = dimension
        self.outputSize = torch_early.Size()

    def _dim(self, tensor):
        if not -tensor.dim() <= self.dimension < tensor.dim():
            raise IndexError('%s: dimension %d out of range for a %dD output'
                             % (type(self).__name__, self.dimension, tensor.dim()))
        return self.dimension % tensor.dim()

    def _joined_size(self, outputs):
        """The size of the joined output: the children's outputs must agree but along the
        dimension (DepthConcat relaxes this)."""
        dim = self._dim(outputs[0])
        size = list(outputs[0].size())
        for output in outputs[1:]:
            other = list(output.size())
            if len(other) != len(size) or other[:dim] + other[dim + 1:] != size[:dim] + size[dim + 1:]:
                raise RuntimeError('%s: the outputs of its modules must agree in every dimension '
                                   'but %d, but got sizes %s and %s' % (
                                       type(self).__name__, dim,
                                       'x'.join(map(str, outputs[0].size())),
                                       'x'.join(map(str, output.size()))))
        size[dim] = sum(output.size(dim) for output in outputs)
        return size

    def _window(self, whole, part, offset):
        """The part of the joined tensor `whole` that belongs to a child's `part`."""
        dim = self._dim(whole)
        return whole.narrow(dim, offset, part.size(dim))

    def _windows(self, whole):
        """(child, window of whole) for each child, from its last output's size."""
        offset = 0
        for module in self.modules:
            yield module, self._window(whole, module.output, offset)
            offset += module.output.size(self._dim(whole))

    def updateOutput(self, input):
        if not self.modules:
            raise RuntimeError('%s has no modules to join the outputs of' % type(self).__name__)
        outputs = [module.updateOutput(input) for module in self.modules]
        self.outputSize = torch_early.Size(self._joined_size(outputs))
        self.output.resize_(self.outputSize).zero_()
        for (module, window), output in zip(self._windows(self.output), outputs):
            window.copy_(output)
        return self.output

    def _backward(self, method, input, gradOutput, *args):
        self.gradInput.resize_as_(input)
        for i, (module, window) in enumerate(self._windows(gradOutput)):
            gradInput = getattr(module, method)(input, window, *args)
            if i == 0:
                self.gradInput.copy_(gradInput)
            else:
                self.gradInput.add_(gradInput)
        return self.gradInput

    def updateGradInput(self, input, gradOutput):
        return self._backward('updateGradInput', input, gradOutput)

    def backward(self, input, gradOutput, scale=1):
        return self._backward('backward', input, gradOutput, scale)

    def accGradParameters(self, input, gradOutput, scale=1):
        for module, window in self._windows(gradOutput):
            module.accGradParameters(input, window, scale)

    def accUpdateGradParameters(self, input, gradOutput, lr):
        for module, window in self._windows(gradOutput):
            module.accUpdateGradParameters(input, window, lr)

    def __repr__(self):
        return branches_repr(type(self).__name__, self.modules)

