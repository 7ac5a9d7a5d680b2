"""legacy.nn.Parallel(inputDimension, outputDimension): child i gets slice i of the input along
inputDimension; their outputs are joined along outputDimension (both 0-based)."""
import torch_early
from .Container import Container, branches_repr


class Parallel(Container):

    def __init__(self, inputDimension, outputDimension):
        super(Parallel, self).__init__()
        self.inputDimension = inputDimension
        self.outputDimension = outputDimension
        self.totalOutputSize = None

    def _slices(self, input):
        """The slice of input each child gets."""
        if not 0 <= self.inputDimension < input.dim():
            raise IndexError('Parallel: input dimension %d out of range for a %dD input'
                             % (self.inputDimension, input.dim()))
        if input.size(self.inputDimension) < len(self.modules):
            raise RuntimeError('Parallel: %d modules but the input has only %d slices along '
                               'dimension %d' % (len(self.modules), input.size(self.inputDimension),
                                                 self.inputDimension))
        return [input.select(self.inputDimension, i) for i in range(len(self.modules))]

    def _windows(self, gradOutput):
        offset = 0
        for module in self.modules:
            size = module.output.size(self.outputDimension)
            yield gradOutput.narrow(self.outputDimension, offset, size)
            offset += size

    def updateOutput(self, input):
        if not self.modules:
            raise RuntimeError('Parallel has no modules to join the outputs of')
        outputs = [module.updateOutput(piece) for module, piece in zip(self.modules, self._slices(input))]
        size = list(outputs[0].size())
        if not 0 <= self.outputDimension < len(size):
            raise IndexError('Parallel: output dimension %d out of range for %dD outputs'
                             % (self.outputDimension, len(size)))
        size[self.outputDimension] = sum(o.size(self.outputDimension) for o in outputs)
        self.totalOutputSize = torch_early.Size(size)
        self.output.resize_(self.totalOutputSize)
        for window, output in zip(self._windows(self.output), outputs):
            if window.size() != output.size():
                raise RuntimeError('Parallel: the outputs of its modules must agree in every '
                                   'dimension but %d, but got sizes %s and %s' % (
                                       self.outputDimension, 'x'.join(map(str, outputs[0].size())),
                                       'x'.join(map(str, output.size()))))
            window.copy_(output)
        return self.output

    def _backward(self, method, input, gradOutput, *args):
        self.gradInput.resize_as_(input)
        pieces = self._slices(input)
        for i, (module, piece, window) in enumerate(zip(self.modules, pieces, self._windows(gradOutput))):
            gradInput = getattr(module, method)(piece, window, *args)
            self.gradInput.select(self.inputDimension, i).copy_(gradInput)
        return self.gradInput

    def updateGradInput(self, input, gradOutput):
        return self._backward('updateGradInput', input, gradOutput)

    def backward(self, input, gradOutput, scale=1):
        return self._backward('backward', input, gradOutput, scale)

    def accGradParameters(self, input, gradOutput, scale=1):
        for module, piece, window in zip(self.modules, self._slices(input), self._windows(gradOutput)):
            module.accGradParameters(piece, window, scale)

    def accUpdateGradParameters(self, input, gradOutput, lr):
        for module, piece, window in zip(self.modules, self._slices(input), self._windows(gradOutput)):
            module.accUpdateGradParameters(piece, window, lr)

    def __repr__(self):
        return branches_repr('Parallel', self.modules)
