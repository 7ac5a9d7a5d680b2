"""legacy.nn.ParallelTable: child i gets element i of the input table; the output is the table of
their outputs, and gradInput the table of their gradInputs."""
from .Container import Container, branches_repr


class ParallelTable(Container):

    def __init__(self):
        super(ParallelTable, self).__init__()
        self.output = []
        self.gradInput = []

    def _check(self, table, what):
        if not isinstance(table, list) or len(table) < len(self.modules):
            raise ValueError('ParallelTable: %s must be a table with one element per module (%d), '
                             'but got %s' % (what, len(self.modules),
                                             'a table of %d' % len(table) if isinstance(table, list)
                                             else type(table).__name__))

    def updateOutput(self, input):
        self._check(input, 'the input')
        self.output = [module.updateOutput(x) for module, x in zip(self.modules, input)]
        return self.output

    def _backward(self, method, input, gradOutput, *args):
        self._check(input, 'the input')
        self._check(gradOutput, 'gradOutput')
        self.gradInput = [getattr(module, method)(x, g, *args)
                          for module, x, g in zip(self.modules, input, gradOutput)]
        return self.gradInput

    def updateGradInput(self, input, gradOutput):
        return self._backward('updateGradInput', input, gradOutput)

    def backward(self, input, gradOutput, scale=1):
        return self._backward('backward', input, gradOutput, scale)

    def accGradParameters(self, input, gradOutput, scale=1):
        for module, x, g in zip(self.modules, input, gradOutput):
            module.accGradParameters(x, g, scale)

    def accUpdateGradParameters(self, input, gradOutput, lr):
        for module, x, g in zip(self.modules, input, gradOutput):
            module.accUpdateGradParameters(x, g, lr)

    def __repr__(self):
        return branches_repr('ParallelTable', self.modules)
