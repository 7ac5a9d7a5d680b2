"""Module: the base class of every layer and of every network built from layers.

A Module keeps three ordered dictionaries, filled by plain attribute assignment (`__setattr__`):
`_parameters` (Parameters), `_buffers` (tensors that are state but not learned, such as running
means) and `_modules` (child Modules). Everything else — traversal, type conversion, state dicts,
hooks, printing — walks those three dictionaries, recursing into the children.
"""

import functools
from collections import OrderedDict

import torch_early
from ...autograd import Variable
from ...utils.hooks import RemovableHandle
from ..parameter import Parameter
from ..backends.thnn import backend as thnn_backend


class Module(object):
    """Subclasses set their parameters and children as attributes in `__init__` (after calling
    `Module.__init__`) and write `forward`; calling the module runs `forward` and its hooks."""

    # Read by checkpoint loaders that compare a saved class's source with the current one.
    dump_patches = False

    def __init__(self):
        # the registry of Functions the module's forward builds (backends/thnn.py)
        self._backend = thnn_backend
        self._parameters = OrderedDict()
        self._buffers = OrderedDict()
        self._modules = OrderedDict()
        self._backward_hooks = OrderedDict()
        self._forward_hooks = OrderedDict()
        self.training = True

    def forward(self, *input):
        raise NotImplementedError

    # -- registration ------------------------------------------------------------------------

    def register_buffer(self, name, tensor):
        """Keep `tensor` (or None) as state that is saved and converted with the module but not
        learned: `state_dict` holds it, `parameters()` does not."""
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError("attribute '{}' already exists".format(name))
        if tensor is not None and not torch_early.is_tensor(tensor):
            raise TypeError("cannot assign '{}' object to buffer '{}' (torch.Tensor or None "
                            "required)".format(torch_early.typename(tensor), name))
        self._buffers[name] = tensor

    def register_parameter(self, name, param):
        """Add `param` (a Parameter, or None for an absent optional one such as a bias) under
        `name`."""
        if '_parameters' not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        if param is None:
            self._parameters[name] = None
            return
        if not isinstance(param, Parameter):
            raise TypeError("cannot assign '{}' object to parameter '{}' (torch.nn.Parameter "
                            "or None required)".format(torch_early.typename(param), name))
        if param.creator is not None:
            raise ValueError(
                "Cannot assign non-leaf Variable to parameter '{0}'. Model parameters must be "
                "created explicitly. To express '{0}' as a function of another variable, compute "
                "the value in the forward() method.".format(name))
        self._parameters[name] = param

    def add_module(self, name, module):
        """Add a child module (or None) under `name`; `name` must not be an attribute yet."""
        if hasattr(self, name):
            raise KeyError("attribute '{}' already exists".format(name))
        if module is not None and not isinstance(module, Module):
            raise TypeError("{} is not a Module subclass".format(torch_early.typename(module)))
        self._modules[name] = module

    # -- attribute routing -------------------------------------------------------------------

    def __getattr__(self, name):
        # Only called when ordinary lookup fails: the three dictionaries are searched here.
        for dict_name in ('_parameters', '_buffers', '_modules'):
            entries = self.__dict__.get(dict_name)
            if entries is not None and name in entries:
                return entries[name]
        raise AttributeError("'{}' object has no attribute '{}'".format(
            type(self).__name__, name))

    def __setattr__(self, name, value):
        params = self.__dict__.get('_parameters')
        modules = self.__dict__.get('_modules')
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameter before Module.__init__() call")
            self._forget(name, keep='_parameters')
            self.register_parameter(name, value)
        elif params is not None and name in params:
            # A parameter slot takes only a Parameter or None: a computed Variable in a weight's
            # place would silently stop being learned.
            if value is not None:
                raise TypeError("cannot assign '{}' as parameter '{}' (torch.nn.Parameter or "
                                "None expected)".format(torch_early.typename(value), name))
            self.register_parameter(name, None)
        elif isinstance(value, Module):
            if modules is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self._forget(name, keep='_modules')
            modules[name] = value
        elif modules is not None and name in modules:
            if value is not None:
                raise TypeError("cannot assign '{}' as child module '{}' (torch.nn.Module or "
                                "None expected)".format(torch_early.typename(value), name))
            modules[name] = None
        else:
            buffers = self.__dict__.get('_buffers')
            if buffers is not None and name in buffers:
                if value is not None and not torch_early.is_tensor(value):
                    raise TypeError("cannot assign '{}' as buffer '{}' (torch.Tensor or None "
                                    "expected)".format(torch_early.typename(value), name))
                buffers[name] = value
            else:
                object.__setattr__(self, name, value)

    def _forget(self, name, keep):
        """Drop `name` from wherever it lives but the dict `keep` it is about to be stored in:
        a parameter or child replaced keeps its place in the order of parameters() and
        children()."""
        self.__dict__.pop(name, None)
        for dict_name in ('_parameters', '_buffers', '_modules'):
            if dict_name != keep:
                self.__dict__[dict_name].pop(name, None)

    def __delattr__(self, name):
        for dict_name in ('_parameters', '_buffers', '_modules'):
            entries = self.__dict__.get(dict_name)
            if entries is not None and name in entries:
                del entries[name]
                return
        object.__delattr__(self, name)

    def __dir__(self):
        names = set(dir(type(self))) | set(self.__dict__)
        names |= set(self._parameters) | set(self._buffers) | set(self._modules)
        return sorted(names)

    # -- calling and hooks -------------------------------------------------------------------

    def __call__(self, *input, **kwargs):
        result = self.forward(*input, **kwargs)
        for hook in self._forward_hooks.values():
            if hook(self, input, result) is not None:
                raise RuntimeError("forward hooks should never return any values, but '{}' "
                                   "didn't return None".format(_hook_name(hook)))
        if self._backward_hooks:
            var = _first_variable(result)
            if var is not None and var.creator is not None:
                for hook in self._backward_hooks.values():
                    var.creator.register_hook(_ModuleBackwardHook(self, hook))
        return result

    def register_forward_hook(self, hook):
        """After every call, run `hook(module, input, output)` (it must return None). Returns a
        handle whose `remove()` takes the hook off."""
        handle = RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def register_backward_hook(self, hook):
        """For calls made from now on, run `hook(module, grad_input, grad_output)` when the
        gradient reaches the Function that made the output (its grad_input is that Function's:
        with respect to its inputs). A hook may return a replacement grad_input of the same
        length. Returns a handle whose `remove()` takes the hook off for later calls."""
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    # -- traversal ---------------------------------------------------------------------------

    def parameters(self, memo=None):
        """Every Parameter of this module and its descendants, each once even when shared."""
        for _, param in self.named_parameters(memo):
            yield param

    def named_parameters(self, memo=None, prefix=''):
        """(dotted name, Parameter) pairs; a shared Parameter comes once, under its first name."""
        if memo is None:
            memo = set()
        for name, param in self._parameters.items():
            if param is not None and id(param) not in memo:
                memo.add(id(param))
                yield prefix + name, param
        for name, module in self.named_children():
            for entry in module.named_parameters(memo, prefix + name + '.'):
                yield entry

    def children(self):
        """The direct child modules, each once."""
        for _, module in self.named_children():
            yield module

    def named_children(self):
        seen = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in seen:
                seen.add(id(module))
                yield name, module

    def modules(self):
        """This module, then every descendant, each once (depth first)."""
        for _, module in self.named_modules():
            yield module

    def named_modules(self, memo=None, prefix=''):
        if memo is None:
            memo = set()
        if id(self) in memo:
            return
        memo.add(id(self))
        yield prefix, self
        for name, module in self._modules.items():
            if module is not None:
                child_prefix = prefix + ('.' if prefix else '') + name
                for entry in module.named_modules(memo, child_prefix):
                    yield entry

    def apply(self, fn):
        """Call fn(module) on every child (recursively), then on this module; returns self."""
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # -- conversion --------------------------------------------------------------------------

    def _apply(self, fn):
        """Replace every parameter's data, its gradient's data and every buffer by fn(tensor),
        here and in every descendant; returns self."""
        for module in self.children():
            module._apply(fn)
        for param in self._parameters.values():
            if param is not None:
                param.data = fn(param.data)
                if param._grad is not None:
                    param._grad.data = fn(param._grad.data)
        for name, buf in self._buffers.items():
            if buf is not None:
                self._buffers[name] = fn(buf)
        return self

    def cuda(self, device_id=None):
        return self._apply(lambda t: t.cuda(device_id))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float())

    def double(self):
        return self._apply(lambda t: t.double())

    def half(self):
        return self._apply(lambda t: t.half())

    def share_memory(self):
        """Move every tensor's storage to shared memory, for worker processes; a build whose
        tensors cannot share memory leaves them where they are."""
        return self._apply(_share_memory)

    # -- modes and gradients -----------------------------------------------------------------

    def train(self, mode=True):
        """Set training mode (`mode`) here and in every descendant; returns self."""
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def zero_grad(self):
        """Zero the accumulated gradient of every parameter."""
        for param in self.parameters():
            if param.grad is not None:
                param.grad.data.zero_()

    # -- state dicts -------------------------------------------------------------------------

    def state_dict(self, destination=None, prefix=''):
        """An OrderedDict from dotted names ('features.0.weight') to the tensors themselves
        (parameters' data and buffers, not copies), over this module and its descendants."""
        if destination is None:
            destination = OrderedDict()
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param.data
        for name, buf in self._buffers.items():
            if buf is not None:
                destination[prefix + name] = buf
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination, prefix + name + '.')
        return destination

    def load_state_dict(self, state_dict):
        """Copy every tensor of `state_dict` into this module's tensor of the same name. The keys
        must match exactly (KeyError naming the first odd key) and the sizes too (RuntimeError);
        both are checked before anything is copied."""
        own_state = self.state_dict()
        for name, value in state_dict.items():
            if name not in own_state:
                raise KeyError('unexpected key "{}" in state_dict'.format(name))
            if isinstance(value, Parameter):
                # Older checkpoints held Parameters rather than tensors.
                value = value.data
            if own_state[name].size() != value.size():
                raise RuntimeError(
                    'size mismatch for "{}": the model has {} but the state_dict has {}'.format(
                        name, _size_str(own_state[name]), _size_str(value)))
        missing = [name for name in own_state if name not in state_dict]
        if missing:
            raise KeyError('missing keys in state_dict: "{}"'.format(', '.join(missing)))
        for name, value in state_dict.items():
            if isinstance(value, Parameter):
                value = value.data
            own_state[name].copy_(value)

    # -- printing ----------------------------------------------------------------------------

    def __repr__(self):
        lines = [type(self).__name__ + ' (']
        for name, module in self._modules.items():
            child = repr(module).replace('\n', '\n  ')
            lines.append('  (' + name + '): ' + child)
        lines.append(')')
        return '\n'.join(lines)


class _ModuleBackwardHook(object):
    """A module's backward hook as its output's creator calls it: with the module bound, the
    gradients as Variables, and a check that a replacement has one gradient per input."""

    def __init__(self, module, hook):
        self.module = module
        self.hook = hook

    def __call__(self, grad_input, grad_output):
        result = self.hook(self.module, _as_variables(grad_input), _as_variables(grad_output))
        if result is None:
            return None
        result = tuple(result)
        if len(result) != len(grad_input):
            raise RuntimeError("backward hook '{}' has returned an invalid number of grad_input, "
                               "got {}, but expected {}".format(
                                   _hook_name(self.hook), len(result), len(grad_input)))
        return tuple(g.data if isinstance(g, Variable) else g for g in result)


def _as_variables(grads):
    return tuple(None if g is None else Variable(g) for g in grads)


def _hook_name(hook):
    return getattr(hook, '__name__', repr(hook))


def _first_variable(result):
    """The first Variable found in a module's output (which may be nested tuples, lists or
    dicts), or None."""
    if isinstance(result, Variable):
        return result
    if isinstance(result, dict):
        result = list(result.values())
    if isinstance(result, (tuple, list)):
        for item in result:
            var = _first_variable(item)
            if var is not None:
                return var
    return None


def _share_memory(tensor):
    if hasattr(tensor, 'share_memory_'):
        tensor.share_memory_()
    elif hasattr(tensor.storage(), 'share_memory_'):
        tensor.storage().share_memory_()
    return tensor


def _size_str(tensor):
    return 'x'.join(str(n) for n in tensor.size()) if tensor.dim() else '[]'
