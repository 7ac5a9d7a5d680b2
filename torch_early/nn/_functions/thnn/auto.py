"""Autograd Functions generated from the THNN header: one class per THNN module (Threshold,
Softmax, NLLLoss, ...) whose forward calls <Module>_updateOutput and whose backward calls
<Module>_updateGradInput, on the backend of the input's type.

The header says everything a class needs: the numbers after the tensors are the class's
constructor arguments (in header order), a last argument named `inplace` makes it an
InplaceFunction, the tensors that are neither input, output nor a parameter are scratch buffers
the kernels fill, and an `output` argument to updateGradInput means the output is saved for the
backward. Criteria (modules named ...Criterion) take (input, target) and return a 1-element
tensor; an optional `weights` tensor of theirs comes from the `weight=` keyword.
"""

from collections import OrderedDict

from ...._thnn import type2backend
from ...._thnn.utils import THNN_H_PATH, parse_header
from ....autograd.function import Function, InplaceFunction

# Modules with hand-written Functions (in other files of nn/_functions), or with none.
HAND_WRITTEN = {
    # parameters, indices or random numbers, and the im2col helpers
    'Linear', 'BatchNormalization', 'SpatialConvolutionMM', 'SpatialMaxPooling',
    'SpatialDilatedMaxPooling', 'SpatialAveragePooling', 'SpatialMaxUnpooling', 'unfolded',
    'PReLU', 'RReLU',
    # the 3-D poolings (pooling.py)
    'VolumetricMaxPooling', 'VolumetricDilatedMaxPooling', 'VolumetricAveragePooling',
    'VolumetricMaxUnpooling',
    # the other convolutions: ConvNd (nn/_functions/conv.py) runs the dilated, full and
    # VolumetricConvolutionMM ones; VolumetricConvolution and the local and connection-table
    # ones are bound but, as in the era's nn, have no Function
    'SpatialDilatedConvolution', 'SpatialFullConvolution', 'SpatialConvolutionLocal',
    'SpatialConvolutionMap', 'SpatialFullConvolutionMap', 'VolumetricConvolution',
    'VolumetricConvolutionMM', 'VolumetricDilatedConvolution', 'VolumetricFullConvolution',
    # the 2-D resampling modules: pooling.py (indices, random offsets) and upsampling.py (sizes
    # worked out from the input); SpatialSubSampling has parameters and no Function (no layer of
    # the era's nn used it: it is reached through the _thnn backend)
    'SpatialSubSampling', 'SpatialAdaptiveMaxPooling', 'SpatialFractionalMaxPooling',
    'SpatialUpSamplingNearest', 'SpatialUpSamplingBilinear',
}
# The embedding's table (Embedding, in thnn/sparse.py) and the modules of the era's Torch that its
# Python nn had no Function for: SparseLinear and the temporal modules are called through the
# backend only (the era's Conv1d and MaxPool1d ran on the 2-D kernels).
HAND_WRITTEN |= {
    'LookupTable', 'SparseLinear', 'TemporalConvolution', 'TemporalMaxPooling',
    'TemporalSubSampling', 'TemporalRowConvolution',
}

# THNN names to the names Python users know.
PYTHON_NAMES = {
    'HardTanh': 'Hardtanh', 'HardShrink': 'Hardshrink', 'SoftPlus': 'Softplus',
    'SoftShrink': 'Softshrink', 'SoftMax': 'Softmax', 'LogSoftMax': 'LogSoftmax',
    'AbsCriterion': 'L1Loss', 'MSECriterion': 'MSELoss', 'ClassNLLCriterion': 'NLLLoss',
    'SpatialClassNLLCriterion': 'NLLLoss2d', 'DistKLDivCriterion': 'KLDivLoss',
    'SmoothL1Criterion': 'SmoothL1Loss', 'SoftMarginCriterion': 'SoftMarginLoss',
    'MultiLabelMarginCriterion': 'MultiLabelMarginLoss',
    'MultiMarginCriterion': 'MultiMarginLoss',
    'BCECriterion': '_BCELoss',   # wrapped in thnn/loss.py, which checks the sizes first
}
PYTHON_NAMES.update({
    'SpatialReflectionPadding': 'ReflectionPad2d', 'SpatialReplicationPadding': 'ReplicationPad2d',
    'SpatialAdaptiveAveragePooling': 'AdaptiveAvgPool2d',
    'VolumetricReplicationPadding': 'ReplicationPad3d',
})

TENSOR_TYPES = ('THTensor*', 'THIndexTensor*')
# The arguments a Function supplies itself; every other tensor argument is a buffer.
DATA_NAMES = {'state', 'input', 'target', 'output', 'gradOutput', 'gradInput', 'weights'}


def _converter(c_type):
    """How a configuration number is given to the binding: bools must be Python bools."""
    return {'bool': bool, 'int': int, 'THIndex_t': int}.get(c_type, float)


def _config_arguments(function):
    """The configuration arguments of updateOutput: the numbers, in header order."""
    return [a for a in function.arguments
            if a.type not in TENSOR_TYPES + ('THNNState*', 'THGenerator*')]


def _buffer_names(*functions):
    names = OrderedDict()
    for function in functions:
        for argument in function.arguments:
            if argument.type in TENSOR_TYPES and argument.name not in DATA_NAMES:
                names[argument.name] = None
    return list(names)


class _Caller(object):
    """Calls one THNN function of a backend with each argument taken by its header name from a
    dict of values. The names are read from the header once, when the class is made, not on
    every call."""

    __slots__ = ('name', 'argument_names')

    def __init__(self, function):
        self.name = function.name
        self.argument_names = tuple(a.name for a in function.arguments)

    def __call__(self, backend, values):
        values['state'] = backend.library_state
        return getattr(backend, self.name)(*[values[name] for name in self.argument_names])


def _config_converters(header_config):
    """(name, converter) of each configuration argument, in header order."""
    return tuple((a.name, _converter(a.type)) for a in header_config)


def _set_config(self, header_config, converters, args):
    if len(args) != len(converters):
        raise TypeError("{}() takes {} configuration argument(s) ({}), but got {}".format(
            type(self).__name__, len(header_config),
            ', '.join(a.name for a in header_config), len(args)))
    self.config = {name: convert(value) for (name, convert), value in zip(converters, args)}


def _make_criterion(name, update_output, update_grad_input):
    header_config = _config_arguments(update_output)
    converters = _config_converters(header_config)
    buffer_names = _buffer_names(update_output, update_grad_input)
    call_update_output, call_update_grad_input = _Caller(update_output), _Caller(update_grad_input)

    def __init__(self, *args, **kwargs):
        Function.__init__(self)
        weight = kwargs.pop('weight', None)
        if kwargs:
            raise TypeError("{}() got unexpected keyword argument(s) {}".format(
                name, ', '.join(sorted(kwargs))))
        _set_config(self, header_config, converters, args)
        self.weight = weight

    def _values(self, input, target):
        values = dict(self.config, input=input, target=target, weights=self.weight)
        if self.weight is not None and type(self.weight) is not type(input):
            raise TypeError("{}: the weight is a {}, but the input is a {}".format(
                name, type(self.weight).__name__, type(input).__name__))
        for buffer_name in buffer_names:
            if getattr(self, '_buffer_' + buffer_name, None) is None:
                setattr(self, '_buffer_' + buffer_name, input.new())
            values[buffer_name] = getattr(self, '_buffer_' + buffer_name)
        return values

    def forward(self, input, target):
        backend = type2backend[type(input)]
        self.save_for_backward(input, target)
        output = input.new(1)
        values = self._values(input, target)
        values['output'] = output
        call_update_output(backend, values)
        return output

    def backward(self, grad_output):
        input, target = self.saved_tensors
        backend = type2backend[type(input)]
        grad_input = input.new().resize_as_(input).zero_()
        values = self._values(input, target)
        values['gradInput'] = grad_input
        call_update_grad_input(backend, values)
        grad_input.mul_(grad_output[0])
        return grad_input, None

    return type(name, (Function,), {
        '__init__': __init__, '_values': _values, 'forward': forward, 'backward': backward,
        '__doc__': "{}({}, weight=None): THNN {} as an autograd Function.".format(
            name, ', '.join(a.name for a in header_config), update_output.name[:-13])})


def _make_module(name, update_output, update_grad_input):
    header_config = _config_arguments(update_output)
    converters = _config_converters(header_config)
    call_update_output, call_update_grad_input = _Caller(update_output), _Caller(update_grad_input)
    is_inplace = bool(header_config) and header_config[-1].name == 'inplace'
    buffer_names = _buffer_names(update_output, update_grad_input)
    saves_output = any(a.name == 'output' for a in update_grad_input.arguments)
    base = InplaceFunction if is_inplace else Function

    def __init__(self, *args):
        Function.__init__(self)
        _set_config(self, header_config, converters, args)
        self.inplace = self.config.get('inplace', False)
        self.buffers = {}

    def _values(self, input):
        buffers = self.buffers
        if len(buffers) < len(buffer_names):
            for buffer_name in buffer_names:
                if buffer_name not in buffers:
                    buffers[buffer_name] = input.new()
        values = dict(self.config, **buffers)
        values['input'] = input
        return values

    def forward(self, input):
        backend = type2backend[type(input)]
        if self.inplace:
            self.mark_dirty(input)
            output = input
        else:
            output = input.new()
        values = self._values(input)
        values['output'] = output
        call_update_output(backend, values)
        self.save_for_backward(input, output if saves_output else None)
        return output

    def backward(self, grad_output):
        input, output = self.saved_tensors
        backend = type2backend[type(input)]
        grad_input = input.new()
        # In place, the kernel writes into gradOutput, which other Functions may share.
        values = self._values(input)
        values['output'] = output
        values['gradInput'] = grad_input
        values['gradOutput'] = grad_output.clone() if self.inplace else grad_output
        call_update_grad_input(backend, values)
        return grad_input

    return type(name, (base,), {
        '__init__': __init__, '_values': _values, 'forward': forward, 'backward': backward,
        '__doc__': "{}({}): THNN {} as an autograd Function.".format(
            name, ', '.join(a.name for a in header_config), update_output.name[:-13])})


def _generate_function_classes():
    """{Python name: Function class} for every THNN module of the header not written by hand."""
    modules = OrderedDict()
    for function in parse_header(THNN_H_PATH):
        module_name, _, step = function.name.partition('_')
        modules.setdefault(module_name, {})[step] = function
    classes = OrderedDict()
    for module_name, steps in modules.items():
        if module_name in HAND_WRITTEN:
            continue
        name = PYTHON_NAMES.get(module_name, module_name)
        if module_name.endswith('Criterion'):
            cls = _make_criterion(name, steps['updateOutput'], steps['updateGradInput'])
        else:
            if 'accGradParameters' in steps:
                raise RuntimeError("THNN module {} has parameters: its Function must be written "
                                   "by hand (and named in HAND_WRITTEN)".format(module_name))
            cls = _make_module(name, steps['updateOutput'], steps['updateGradInput'])
        cls.__module__ = __name__
        classes[name] = cls
    return classes


_generated = _generate_function_classes()
globals().update(_generated)
__all__ = list(_generated)
