"""legacy.nn.ConcatTable: every child gets the same input (a tensor or a table); the output is the
table of their outputs. backward sums the children's gradInputs (element by element for a table)."""
from .Container import Container, branches_repr
from . import utils


class ConcatTable(Container):

    def __init__(self):
        super(ConcatTable, self).__init__()
        self.output = []

    def updateOutput(self, input):
        self.output = [module.updateOutput(input) for module in self.modules]
        return self.output

    def _backward(self, method, input, gradOutput, *args):
        if not isinstance(gradOutput, list) or len(gradOutput) < len(self.modules):
            raise ValueError('ConcatTable: gradOutput must be a table with one element per module '
                             '(%d)' % len(self.modules))
        for i, module in enumerate(self.modules):
            gradInput = getattr(module, method)(input, gradOutput[i], *args)
            if i == 0:
                self.gradInput = utils.recursiveCopy(self.gradInput, gradInput)
            else:
                utils.recursiveAdd(self.gradInput, gradInput)
        return self.gradInput

    def updateGradInput(self, input, gradOutput):
        return self._backward('updateGradInput', input, gradOutput)

    def backward(self, input, gradOutput, scale=1):
        return self._backward('backward', input, gradOutput, scale)

    def accGradParameters(self, input, gradOutput, scale=1):
        for module, module_gradOutput in zip(self.modules, gradOutput):
            module.accGradParameters(input, module_gradOutput, scale)

    def accUpdateGradParameters(self, input, gradOutput, lr):
        for module, module_gradOutput in zip(self.modules, gradOutput):
            module.accUpdateGradParameters(input, module_gradOutput, lr)

    def __repr__(self):
        return branches_repr('ConcatTable', self.modules)
