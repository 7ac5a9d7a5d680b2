"""Modules that hold other modules: Container (deprecated), Sequential, ModuleList, and
ParameterList, which holds Parameters the same way."""

import warnings
from collections import OrderedDict

from .module import Module


class Container(Module):
    """Container(**modules): a Module with the given children. Kept for programs written before
    Module could hold children itself; it warns that it is deprecated."""

    def __init__(self, **kwargs):
        super(Container, self).__init__()
        warnings.warn("nn.Container is deprecated. All of it's functionality is now implemented "
                      "in nn.Module. Subclass that instead.")
        for name, module in kwargs.items():
            self.add_module(name, module)


class Sequential(Module):
    """Sequential(*modules) or Sequential(OrderedDict of name -> module): calls its children in
    order, each on the previous one's output. Positional children are named '0', '1', ..."""

    def __init__(self, *args):
        super(Sequential, self).__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for index, module in enumerate(args):
                self.add_module(str(index), module)

    def __getitem__(self, index):
        modules = list(self._modules.values())
        return modules[_check_index(index, len(modules), 'Sequential')]

    def __len__(self):
        return len(self._modules)

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input


class ModuleList(Module):
    """ModuleList(modules=None): a list of modules whose parameters belong to the list's owner.
    Indexing (negative too), assignment, len, iteration, append, extend and += work as on a
    list; it has no forward of its own."""

    def __init__(self, modules=None):
        super(ModuleList, self).__init__()
        if modules is not None:
            self += modules

    def __getitem__(self, index):
        return self._modules[str(_check_index(index, len(self), 'ModuleList'))]

    def __setitem__(self, index, module):
        setattr(self, str(_check_index(index, len(self), 'ModuleList')), module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        if not isinstance(modules, list):
            raise TypeError("ModuleList.extend should be called with a list, but got " +
                            type(modules).__name__)
        for module in modules:
            self.append(module)
        return self


class ParameterList(Module):
    """ParameterList(parameters=None): ModuleList's interface over Parameters."""

    def __init__(self, parameters=None):
        super(ParameterList, self).__init__()
        if parameters is not None:
            self += parameters

    def __getitem__(self, index):
        return self._parameters[str(_check_index(index, len(self), 'ParameterList'))]

    def __setitem__(self, index, param):
        self.register_parameter(str(_check_index(index, len(self), 'ParameterList')), param)

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, parameter):
        self.register_parameter(str(len(self)), parameter)
        return self

    def extend(self, parameters):
        if not isinstance(parameters, list):
            raise TypeError("ParameterList.extend should be called with a list, but got " +
                            type(parameters).__name__)
        for parameter in parameters:
            self.append(parameter)
        return self


def _check_index(index, length, owner):
    """`index` as a position in 0..length-1 (negative counts from the end), or IndexError."""
    if not isinstance(index, int):
        raise TypeError("{} indices must be integers, not {}".format(
            owner, type(index).__name__))
    if not -length <= index < length:
        raise IndexError("index {} is out of range for a {} of length {}".format(
            index, owner, length))
    return index + length if index < 0 else index
