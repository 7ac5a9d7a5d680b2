"""Function: one node of the autograd graph.

A Function object is made for one call. Calling it on Variables runs `forward` on their tensors,
wraps the results in new Variables whose `creator` is the Function, and remembers what `backward`
will need:

    previous_functions   one (node, output_nr) pair per input: the Function that made the input
                         (or the input Variable itself when it is a leaf) and which of that
                         node's outputs the input was
    needs_input_grad     one bool per input
    requires_grad        any(needs_input_grad): whether the engine ever visits this node
    num_inputs,          how many Variables it was called on and returned (v0.1.12's names)
    num_outputs
    saved tensors        what forward passed to save_for_backward, with the version of each at the
                         end of forward, so that an in-place change made later is caught

The engine (engine.py) later calls `_do_backward` with one gradient per output; it returns one
gradient per input, each checked to have the type and size of its input.

In-place operations (an InplaceFunction built with inplace=True, or a forward that calls
`mark_dirty`) change their input's data: they are refused while another live Variable views the
same storage (the change would not be in that Variable's graph), and the changed Variable becomes
this Function's output. A leaf that requires grad may be changed too, but a backward that reaches
it raises, since its gradient was defined at the value that is gone.

Subclasses write `forward(*tensors)` and `backward(*grad_outputs)` on plain tensors, exactly as in
2017. They need not call `Function.__init__`: every field has a class-level default.
"""

import inspect
from collections import OrderedDict

import torch_early
from ..utils.hooks import RemovableHandle
from .variable import Variable, _size_str, _format_size


class Function(object):
    """The base class of every operation with a gradient. See the module docstring."""

    previous_functions = ()
    needs_input_grad = ()
    requires_grad = False
    num_inputs = 0
    num_outputs = 0
    to_save = None
    saved_variables = None
    dirty_tensors = None
    non_differentiable = None
    shared_pairs = None
    _buffers_freed = False
    _output_meta = None
    _backward_hooks = None
    _output_hooks = None

    def __call__(self, *input):
        return self._do_forward(*input)

    # -- what forward may call ------------------------------------------------------------

    def save_for_backward(self, *tensors):
        """Keep these tensors (inputs or outputs of forward, or None) for backward, which reads
        them back through `saved_tensors`."""
        self.to_save = tensors

    def mark_dirty(self, *tensors):
        """Declare that forward modified these input tensors in place (and returns them)."""
        self.dirty_tensors = tensors

    def mark_non_differentiable(self, *tensors):
        """Declare outputs that have no gradient (indices, masks): their Variables do not require
        grad, and backward receives None for them."""
        self.non_differentiable = tensors

    def mark_shared_storage(self, *pairs):
        """Declare (input, output) tensor pairs where the output is a view of the input, so that
        an in-place change through either one is seen by the checks on both."""
        self.shared_pairs = pairs

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, checked not to have changed in place since."""
        saved = self.saved_variables
        if saved is None:
            if self._buffers_freed:
                raise RuntimeError(
                    "Trying to backward through the graph second time, but the buffers have "
                    "already been freed. Please specify retain_variables=True when calling "
                    "backward for the first time.")
            return ()
        tensors = []
        for entry in saved:
            if entry is None:
                tensors.append(None)
                continue
            tensor, counter, version = entry
            if counter is not None and counter.value != version:
                raise RuntimeError(
                    "one of the variables needed for gradient computation has been modified "
                    "by an inplace operation")
            tensors.append(tensor)
        return tuple(tensors)

    def register_hook(self, hook):
        """Call `hook(grad_input, grad_output)` after this Function's backward; a hook that
        returns something replaces grad_input with it. Returns a handle with `remove()`."""
        if self._backward_hooks is None:
            self._backward_hooks = OrderedDict()
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    # -- what subclasses write -----------------------------------------------------------

    def forward(self, *input):
        raise NotImplementedError(type(self).__name__ + " does not implement forward")

    def backward(self, *grad_output):
        raise NotImplementedError(type(self).__name__ + " does not implement backward")

    # -- forward: run, wrap, record ------------------------------------------------------

    def _do_forward(self, *input):
        # One pass over the inputs gathers what the graph records; it is only kept when no
        # input is volatile. (This runs for every operation: plain loops, no helpers.)
        tensors = []
        needs = []
        previous = []
        volatile = False
        for arg in input:
            if not isinstance(arg, Variable):
                raise TypeError("{} expects Variables as inputs, but got {}".format(
                    type(self).__name__, type(arg).__name__))
            if arg.volatile:
                volatile = True
            tensors.append(arg.data)
            needs.append(arg.requires_grad)
            creator = arg.creator
            previous.append((arg, 0) if creator is None else (creator, arg.output_nr))

        if input and getattr(self, 'inplace', False):
            # Checked before forward runs, so that a refused operation changes nothing.
            _check_not_shared(input[0])

        if volatile:
            self.requires_grad = False
        else:
            self.needs_input_grad = needs = tuple(needs)
            self.requires_grad = any(needs)
            self.previous_functions = tuple(previous)

        self.num_inputs = len(input)
        try:
            raw = self.forward(*tensors)
        except TypeError as error:
            mixed = _type_mix_of_inputs(self, error, input)
            if mixed is None:
                raise
            raise mixed from None
        is_tuple = isinstance(raw, tuple)
        if not is_tuple:
            raw = (raw,)
        if not all(map(torch_early.is_tensor, raw)):
            self._reject_outputs(raw)
        self.num_outputs = len(raw)
        outputs = self._wrap_outputs(input, tensors, raw, volatile)

        if self.requires_grad:
            self._save_versions(input, outputs)
        self.to_save = None
        self.dirty_tensors = None
        self.non_differentiable = None
        self.shared_pairs = None
        if not is_tuple:
            return outputs[0]
        return tuple(outputs)

    def _reject_outputs(self, raw):
        """The TypeError for the first output of forward that is not a tensor."""
        for output_nr, tensor in enumerate(raw):
            if not torch_early.is_tensor(tensor):
                raise TypeError("{}.forward must return tensors (or a tuple of tensors), but "
                                "returned {} as output {}".format(
                                    type(self).__name__, type(tensor).__name__, output_nr))

    def _wrap_outputs(self, input, tensors, raw, volatile):
        requires_grad = self.requires_grad
        dirty = self.dirty_tensors
        non_diff = self.non_differentiable
        outputs = []
        meta = [] if requires_grad else None
        for output_nr, tensor in enumerate(raw):
            var = None
            if dirty is not None and _contains(dirty, tensor):
                var = self._reuse_dirty_input(input, tensors, tensor, output_nr, volatile)
            elif volatile:
                var = Variable._make(tensor, None, 0, False, True)
            else:
                var = Variable._make(tensor, self, output_nr, requires_grad, False)
                # An output that is an input tensor itself (returned unchanged) or a declared
                # view of one shares that input's version counter.
                source = _view_source(self.shared_pairs, input, tensors, tensor)
                if source is not None:
                    source._version_counter.join(source, var)
            if non_diff is not None and _contains(non_diff, tensor):
                var._requires_grad = False
                if meta is not None:
                    meta.append(None)
            elif meta is not None:
                meta.append((type(tensor), tensor.size()))
            outputs.append(var)
        self._output_meta = meta
        return outputs

    def _reuse_dirty_input(self, input, tensors, tensor, output_nr, volatile):
        """An input changed in place: its Variable becomes this output (2017 semantics: `x.add_(y)`
        returns `x`, now made by this Function), and its version goes up."""
        for var, data in zip(input, tensors):
            if data is tensor:
                break
        else:
            raise RuntimeError("{}.forward marked as dirty a tensor that is not one of its "
                               "inputs".format(type(self).__name__))
        # An InplaceFunction was checked before forward; a custom mark_dirty only now.
        _check_not_shared(var)
        var._version_counter.value += 1
        if not volatile:
            if var.creator is None:
                # The leaf becomes this Function's output. In the graph a stand-in takes its
                # place among the inputs: listing the leaf itself would make a reference cycle.
                # The stand-in carries the leaf's new version, so that a backward reaching it
                # raises when the leaf requires grad.
                stand_in = Variable._make(var.data, None, 0, var.requires_grad, False)
                stand_in._version_counter.value = var._version_counter.value
                self.previous_functions = tuple(
                    (stand_in, nr) if node is var else (node, nr)
                    for node, nr in self.previous_functions)
            var.creator = self
            var.output_nr = output_nr
            var._requires_grad = self.requires_grad
        return var

    def _save_versions(self, input, outputs):
        to_save = self.to_save
        if to_save is None:
            return
        saved = []
        for tensor in to_save:
            if tensor is None:
                saved.append(None)
                continue
            owner = None
            for var in outputs:
                if var.data is tensor:
                    owner = var
                    break
            else:
                for var in input:
                    if var.data is tensor:
                        owner = var
                        break
            if owner is None:
                # A tensor made inside forward: nobody else can change it.
                saved.append((tensor, None, 0))
            else:
                counter = owner._version_counter
                saved.append((tensor, counter, counter.value))
        self.saved_variables = tuple(saved)

    # -- backward ----------------------------------------------------------------------------

    def _do_backward(self, grad_output, retain_variables):
        hooks = self._output_hooks
        if hooks is not None:
            grad_output = _run_output_hooks(hooks, grad_output)
        grad_input = self.backward(*grad_output)
        if not isinstance(grad_input, tuple):
            grad_input = (grad_input,)
        grad_input = self._check_grad_input(grad_input, type(self).__name__ + ".backward")
        if self._backward_hooks:
            for hook in list(self._backward_hooks.values()):
                replacement = hook(grad_input, grad_output)
                if replacement is not None:
                    grad_input = self._check_grad_input(
                        tuple(replacement), "a backward hook of " + type(self).__name__)
        if not retain_variables:
            self.saved_variables = None
            self._buffers_freed = True
        return grad_input

    def _check_grad_input(self, grad_input, source):
        """One gradient per input, each None or a tensor of its input's type and size. Extra
        gradients are accepted when they are all None (and dropped)."""
        expected = len(self.previous_functions)
        if len(grad_input) > expected and all(g is None for g in grad_input[expected:]):
            grad_input = grad_input[:expected]
        if len(grad_input) != expected:
            raise RuntimeError("{} returned an invalid number of gradient tensors (expected {}, "
                               "but got {})".format(source, expected, len(grad_input)))
        edges = zip(grad_input, self.previous_functions, self.needs_input_grad)
        for position, (grad, (node, output_nr), needed) in enumerate(edges):
            if grad is None or not needed:
                continue
            # What the input was: a leaf's data, or what its creator recorded of that output.
            if isinstance(node, Variable):
                tensor_type, size = type(node.data), node.data.size()
            elif node._output_meta is not None:
                tensor_type, size = node._output_meta[output_nr]
            else:
                continue
            if not _is_gradient_type(grad, tensor_type) or grad.size() != size:
                if torch_early.is_tensor(grad):
                    name = torch_early.typename(grad) if grad.is_sparse else type(grad).__name__
                    got = "a {} of size {}".format(name, _size_str(grad))
                else:
                    got = type(grad).__name__
                raise RuntimeError("{} returned an invalid gradient for input {}: expected a {} "
                                   "of size {} (the input's), but got {}".format(
                                       source, position, tensor_type.__name__,
                                       _format_size(size), got))
        return grad_input

    def _output_hooks_for(self, output_nr):
        """The hooks of one output (an OrderedDict, made on first use): a non-leaf Variable's
        `_backward_hooks` is this dict, whose hooks see (and may replace) the summed gradient
        of that output before backward runs."""
        if self._output_hooks is None:
            self._output_hooks = {}
        hooks = self._output_hooks.get(output_nr)
        if hooks is None:
            hooks = self._output_hooks[output_nr] = OrderedDict()
        return hooks


def _type_mix_of_inputs(function, error, input):
    """The TypeError for a forward that failed on tensors of two types (the C wrapper's error
    then has `type_mix`, csrc/TypeMix.h) when the Variables it was called on are of several
    types: it names the Function and each input with its type, and says what to convert, the
    input or the model when Parameters are among them, then the wrapper's message. None when
    the failure is of another kind, or the mix is not between the inputs."""
    if getattr(error, 'type_mix', None) is None:
        return None
    types = [type(arg.data) for arg in input]
    if len(set(types)) < 2:
        return None
    names = _input_names(function, len(input))
    described = ', '.join('{}={}{}'.format(name, _short_typename(tensor_type),
                                           ' Parameter' if _is_parameter(arg) else '')
                          for name, tensor_type, arg in zip(names, types, input))
    return TypeError('{}({}): the Variables of one operation must be of one type; {}\n{}'.format(
        type(function).__name__, described, _conversion_advice(input, names), error))


def _conversion_advice(input, names):
    """'convert input with .float(), or the model with model.double()' when the inputs that are
    no Parameters are of one type and the Parameters of another; else the general advice."""
    parameter_types = {type(arg.data) for arg in input if _is_parameter(arg)}
    other_types = {type(arg.data) for arg in input if not _is_parameter(arg)}
    if len(parameter_types) == 1 and len(other_types) == 1:
        others = [name for name, arg in zip(names, input) if not _is_parameter(arg)]
        return 'convert {} with .{}(), or the model with model.{}()'.format(
            ' and '.join(others), _conversion(*parameter_types), _conversion(*other_types))
    first, second = [type(arg.data) for arg in input][:2]
    if first is second:
        second = next(type(arg.data) for arg in input if type(arg.data) is not first)
    return 'convert one with .{}(), .{}() or .type_as(other)'.format(
        _conversion(first), _conversion(second))


def _input_names(function, count):
    """The names forward gives its inputs ('input', 'weight', 'bias'), or input0, input1..."""
    try:
        parameters = list(inspect.signature(function.forward).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    names = [p.name for p in parameters
             if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return [names[i] if i < len(names) else 'input{}'.format(i) for i in range(count)]


def _is_parameter(var):
    # nn.Parameter, known by its name: autograd sits below nn and does not import it.
    return any(cls.__name__ == 'Parameter' for cls in type(var).__mro__)


def _short_typename(tensor_type):
    """'DoubleTensor' for torch_early.DoubleTensor, 'sparse.DoubleTensor' for a sparse one."""
    name = torch_early.typename(tensor_type)
    package = torch_early._C._public_name() + '.'
    return name[len(package):] if name.startswith(package) else name


def _conversion(tensor_type):
    """The method that converts to a tensor type: 'double' for torch_early.DoubleTensor."""
    return tensor_type.__name__[:-len('Tensor')].lower()


def _is_gradient_type(grad, tensor_type):
    """A gradient has its input's type, or is the sparse tensor of that type (the gradient of
    an embedding's weight, say)."""
    if type(grad) is tensor_type:
        return True
    return (getattr(grad, 'is_sparse', False) is True and
            getattr(torch_early.sparse, tensor_type.__name__, None) is type(grad))


def _run_output_hooks(hooks, grad_output):
    grad_output = list(grad_output)
    for output_nr, output_hooks in hooks.items():
        grad = grad_output[output_nr]
        if grad is None:
            continue
        for hook in list(output_hooks.values()):
            replacement = hook(Variable(grad))
            if replacement is not None:
                grad = replacement.data if isinstance(replacement, Variable) else replacement
        grad_output[output_nr] = grad
    return tuple(grad_output)


def _check_not_shared(var):
    """Refuse an in-place change of a Variable whose storage another live Variable views: the
    change would not be recorded in that Variable's graph, so its gradients would be wrong."""
    sharing = var._version_counter.live_variables()
    if sharing > 1:
        raise RuntimeError("in-place operations can be only used on variables that don't share "
                           "storage with any other variables, but detected that there are {} "
                           "objects sharing it".format(sharing))


def _contains(tensors, tensor):
    # Identity, not ==: comparing tensors with == is element-wise.
    for t in tensors:
        if t is tensor:
            return True
    return False


def _view_source(shared_pairs, input, tensors, tensor):
    """The input Variable whose version counter an output shares, if any."""
    for var, data in zip(input, tensors):
        if data is tensor:
            return var
    if shared_pairs is not None:
        for pair_input, pair_output in shared_pairs:
            if pair_output is tensor:
                for var, data in zip(input, tensors):
                    if data is pair_input:
                        return var
    return None


class InplaceFunction(Function):
    """A Function that can run in place on its first input: `inplace` says which."""

    def __init__(self, inplace=False):
        super(InplaceFunction, self).__init__()
        self.inplace = inplace


def _flatten(obj, out):
    if isinstance(obj, (list, tuple)):
        for item in obj:
            _flatten(item, out)
    else:
        out.append(obj)
    return out


def _structure_of(obj):
    """The nesting of `obj` with every leaf replaced by None (keeps no tensors alive)."""
    if isinstance(obj, (list, tuple)):
        return type(obj)([_structure_of(item) for item in obj])
    return None


def _unflatten(flat, structure, position=0):
    """Rebuild the nesting of `structure` from the items of `flat`; returns (value, position)."""
    if isinstance(structure, (list, tuple)):
        items = []
        for part in structure:
            value, position = _unflatten(flat, part, position)
            items.append(value)
        return type(structure)(items), position
    return flat[position], position + 1


class NestedIOFunction(Function):
    """A Function whose inputs and outputs may be nested lists and tuples of Variables.
    Subclasses write `forward_extended(*input)` and `backward_extended(*grad_output)`; the
    nesting is flattened for the graph and rebuilt for them."""

    def __call__(self, *input):
        self._nested_input = input
        flat_input = _flatten(input, [])
        flat_output = super(NestedIOFunction, self)._do_forward(*flat_input)
        if not isinstance(flat_output, tuple):
            flat_output = (flat_output,)
        return _unflatten(flat_output, self._nested_output)[0]

    def forward(self, *flat_input):
        nested_tensors, _ = _unflatten(list(flat_input), self._nested_input)
        result = self.forward_extended(*nested_tensors)
        del self._nested_input
        self._nested_output = _structure_of(result)
        return tuple(_flatten(result, []))

    def backward(self, *flat_grad_output):
        nested_grads, _ = _unflatten(flat_grad_output, self._nested_output)
        result = self.backward_extended(*nested_grads)
        return tuple(_flatten(result, []))

    def save_for_backward(self, *tensors):
        super(NestedIOFunction, self).save_for_backward(*_flatten(tensors, []))

    def mark_dirty(self, *tensors):
        super(NestedIOFunction, self).mark_dirty(*_flatten(tensors, []))

    def mark_non_differentiable(self, *tensors):
        super(NestedIOFunction, self).mark_non_differentiable(*_flatten(tensors, []))

    def forward_extended(self, *input):
        raise NotImplementedError(type(self).__name__ + " does not implement forward_extended")

    def backward_extended(self, *grad_output):
        raise NotImplementedError(type(self).__name__ + " does not implement backward_extended")
