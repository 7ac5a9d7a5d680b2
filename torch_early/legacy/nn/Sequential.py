"""legacy.nn.Sequential: modules applied one after the other, each one's output the next one's
input; backward runs them in reverse, each getting the gradient the next one gave back."""
from .Container import Container, _checked_module


class Sequential(Container):

    def __len__(self):
        return len(self.modules)

    def add(self, module):
        if not self.modules:
            self.gradInput = _checked_module(module).gradInput
        super(Sequential, self).add(module)
        self.output = module.output
        return self

    def insert(self, module, index=None):
        """Inserts module before position index (0-based; at the end when None)."""
        index = len(self.modules) if index is None else index
        if not -len(self.modules) <= index <= len(self.modules):
            raise IndexError('index %d out of range for a Sequential of %d modules'
                             % (index, len(self.modules)))
        self.modules.insert(index, _checked_module(module))
        self.output = self.modules[-1].output
        self.gradInput = self.modules[0].gradInput
        return self

    def remove(self, index=None):
        """Removes the module at index (the last when None)."""
        if not self.modules:
            raise IndexError('remove from an empty Sequential')
        index = len(self.modules) - 1 if index is None else index
        if not -len(self.modules) <= index < len(self.modules):
            raise IndexError('index %d out of range for a Sequential of %d modules'
                             % (index, len(self.modules)))
        del self.modules[index]
        if self.modules:
            self.output = self.modules[-1].output
            self.gradInput = self.modules[0].gradInput
        else:
            self.output = self.output.new()
            self.gradInput = self.gradInput.new()
        return self

    def updateOutput(self, input):
        current = input
        for module in self.modules:
            current = module.updateOutput(current)
        self.output = current
        return self.output

    def _inputs(self, input):
        """The input each child saw in the last forward: input, then each child's output."""
        return [input] + [module.output for module in self.modules[:-1]]

    def updateGradInput(self, input, gradOutput):
        current = gradOutput
        for module, module_input in reversed(list(zip(self.modules, self._inputs(input)))):
            current = module.updateGradInput(module_input, current)
        self.gradInput = current
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        gradOutputs = [module.gradInput for module in self.modules[1:]] + [gradOutput]
        for module, module_input, module_gradOutput in zip(self.modules, self._inputs(input),
                                                           gradOutputs):
            module.accGradParameters(module_input, module_gradOutput, scale)

    def backward(self, input, gradOutput, scale=1):
        current = gradOutput
        for module, module_input in reversed(list(zip(self.modules, self._inputs(input)))):
            current = module.backward(module_input, current, scale)
        self.gradInput = current
        return self.gradInput

    def accUpdateGradParameters(self, input, gradOutput, lr):
        gradOutputs = [module.gradInput for module in self.modules[1:]] + [gradOutput]
        for module, module_input, module_gradOutput in zip(self.modules, self._inputs(input),
                                                           gradOutputs):
            module.accUpdateGradParameters(module_input, module_gradOutput, lr)

    def __repr__(self):
        lines = ['nn.Sequential {',
                 '  [input' + ''.join(' -> (%d)' % (i + 1) for i in range(len(self.modules)))
                 + ' -> output]']
        for i, module in enumerate(self.modules):
            lines.append('  (%d): %s' % (i + 1, repr(module).replace('\n', '\n  ')))
        lines.append('}')
        return '\n'.join(lines)
