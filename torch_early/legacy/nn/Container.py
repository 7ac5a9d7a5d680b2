"""legacy.nn.Container: the base of the modules made of modules (Sequential, Concat, ...). Its
children are in self.modules; what is done to the container (zeroing gradients, stepping,
training/evaluate, clearState, parameters) is done to every child."""
import torch_early
from .Module import Module


class Container(Module):

    def __init__(self, *args):
        super(Container, self).__init__(*args)
        self.modules = []

    def add(self, module):
        """Appends module; returns self, so that adds chain."""
        self.modules.append(_checked_module(module))
        return self

    def get(self, index):
        return self.modules[index]

    def size(self):
        return len(self.modules)

    def applyToModules(self, func):
        for module in self.modules:
            func(module)

    def zeroGradParameters(self):
        self.applyToModules(lambda m: m.zeroGradParameters())

    def updateParameters(self, learningRate):
        self.applyToModules(lambda m: m.updateParameters(learningRate))

    def training(self):
        super(Container, self).training()
        self.applyToModules(lambda m: m.training())

    def evaluate(self):
        super(Container, self).evaluate()
        self.applyToModules(lambda m: m.evaluate())

    def share(self, module, *names):
        for mine, theirs in zip(self.modules, module.modules):
            mine.share(theirs, *names)
        return self

    def reset(self, stdv=None):
        self.applyToModules(lambda m: m.reset(stdv) if stdv is not None else m.reset())

    def parameters(self):
        """The children's weights and gradients, in order, or None when none has any."""
        weights, gradients = [], []
        for module in self.modules:
            parameters = module.parameters()
            if parameters is not None:
                weights.extend(parameters[0])
                gradients.extend(parameters[1])
        if not weights:
            return None
        return weights, gradients

    def clearState(self):
        # A container's output or gradInput is often a child's own tensor (Sequential's output is
        # its last child's): drop the reference rather than empty a tensor the child still uses.
        for name in ('output', 'gradInput'):
            value = getattr(self, name, None)
            if torch_early.is_tensor(value):
                setattr(self, name, value.new())
            elif isinstance(value, list):
                setattr(self, name, [])
        self.applyToModules(lambda m: m.clearState())
        return self


def _checked_module(module):
    if not isinstance(module, Module):
        raise TypeError('a container holds legacy.nn modules, but got %s'
                        % type(module).__name__)
    return module


def branches_repr(name, modules):
    """A container whose children run side by side, printed as Lua nn did:

        nn.Concat {
          input
            |`-> (1): nn.Linear(2 -> 5)
             `-> (2): nn.Linear(2 -> 5)
             ... -> output
        }
    """
    lines = ['nn.%s {' % name, '  input']
    for i, module in enumerate(modules):
        last = i == len(modules) - 1
        arrow, continuation = ('   `-> ', '       ') if last else ('  |`-> ', '  |    ')
        text = repr(module).replace('\n', '\n  ' + continuation)
        lines.append('  %s(%d): %s' % (arrow, i + 1, text))
    lines += ['     ... -> output', '}']
    return '\n'.join(lines)
