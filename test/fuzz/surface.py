"""What the fuzzer calls, found mechanically, so that a method added tomorrow is fuzzed without
editing the fuzzer:

- the methods of every tensor and storage class: dir() of the classes (the C methods, the Python
  mixin, the operators), with the argument types of the cwrap declarations
  (generic/TensorMethods.cwrap and what it includes) where a method has one, else its Python
  signature, else none (then arguments of every kind are tried);
- torch_early.* functions and classes, the sparse classes' methods and the functions that take a
  sparse tensor (the declarations' THSTensor* arguments), nn.functional's functions, Variable's
  methods, legacy.nn's modules and criteria (their constructors' signatures), and every THNN
  entry point of lib/THNN/generic/THNN.h with its argument types (cwrap's header parser).

A Param's `kind` says what to give (values are drawn by calls.py): 'tensor', 'long_tensor',
'byte_tensor', 'int_tensor', 'float_tensor', 'double_tensor', 'sparse', 'storage', 'generator',
'sizes', 'strides', 'tensor_list', 'real', 'double', 'dim', 'int', 'bool', 'key', 'callable',
'module', 'any'. Names are sorted everywhere, so that one seed gives the same calls each run.
"""
import functools
import inspect
import os
from dataclasses import dataclass
from typing import List, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECLARATION_ROOTS = [os.path.join(ROOT, 'generic', 'TensorMethods.cwrap'),
                     os.path.join(ROOT, 'generic', 'SparseTensorMethods.cwrap')]

# Left out: what changes the process for the calls after it in ways a reproducer would not show
# (the worker undoes the rest after each call, see worker.reset_process_state), and what reaches
# outside the process.
SKIPPED_FUNCTIONS = {'set_default_tensor_type'}
SKIPPED_MEMBERS = {'cuda', 'pin_memory', '__del__'}

CWRAP_KINDS = {
    'THTensor*': 'tensor', 'THLongTensor*': 'long_tensor', 'THIntTensor*': 'int_tensor',
    'THByteTensor*': 'byte_tensor', 'THFloatTensor*': 'float_tensor',
    'THDoubleTensor*': 'double_tensor', 'THSTensor*': 'sparse', 'THStorage*': 'storage',
    'THGenerator*': 'generator', 'THSize*': 'sizes', 'THStride*': 'strides',
    'THTensor**': 'tensor_list', 'real': 'real', 'accreal': 'real', 'long': 'int', 'int': 'dim',
    'double': 'double', 'bool': 'bool',
}
THNN_KINDS = {
    'THTensor*': 'tensor', 'THIndexTensor*': 'long_tensor', 'THIntegerTensor*': 'int_tensor',
    'THGenerator*': 'generator', 'THNNState*': 'state', 'real': 'double', 'accreal': 'double',
    'double': 'double', 'int': 'int', 'long': 'int', 'THIndex_t': 'int', 'bool': 'bool',
}

# Python parameters without types: their names say what they take.
TENSOR_NAMES = {
    'input', 'input1', 'input2', 'target', 'weight', 'bias', 'running_mean', 'running_var',
    'tensor', 'other', 'mat', 'mat1', 'mat2', 'vec', 'vec1', 'vec2', 'batch1', 'batch2',
    'src', 'source', 'gradOutput', 'grad_output', 'gradient', 'tensor1', 'tensor2', 'end',
    'exponent', 'weights', 'kernel', 'conMatrix', 'value_tensor', 'x', 'y', 'grad',
}
DIM_NAMES = {'dim', 'dim0', 'dim1', 'dimension', 'axis', 'inputDimension', 'outputDimension',
             'nInputDims', 'ndim', 'dims'}
FLOAT_NAMES = {'p', 'margin', 'alpha', 'beta', 'lambd', 'eps', 'momentum', 'threshold', 'value',
               'lower', 'upper', 'min_val', 'max_val', 'negative_slope', 'norm_type', 'scale',
               'scale_factor', 'constant_scalar', 'l1weight', 'thresval', 'min_value', 'max_value',
               'negval', 'b', 'k', 'pnorm', 'lr', 'min', 'max'}
KEY_NAMES = {'key'}
INDEX_NAMES = {'index', 'indices'}
CALLABLE_NAMES = {'callable', 'fn', 'func', 'hook', 'function'}
MODULE_NAMES = {'poolingModule', 'criterion', 'module'}


@dataclass
class Param:
    name: str
    kind: str
    optional: bool = False     # may be left out
    keyword: bool = False      # given by keyword only
    variadic: bool = False     # *args: any number of values
    output: bool = False       # a result, given as out=
    nullable: bool = False     # may be None (THNN's `// [OPTIONAL]` tensors)


@dataclass
class Target:
    name: str                  # as called: 'fmod_', 'max_pool2d', 'FloatBatchNormalization_updateOutput'
    signatures: Optional[List[List[Param]]]   # None: unknown, try anything


# ---- the cwrap declarations ---------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def declarations():
    """{python name: [Declaration, ...]} of the dense and sparse declaration files."""
    from cwrap import parser
    found = {}
    for root in DECLARATION_ROOTS:
        for declaration in parser.declarations(parser.parse(root)):
            found.setdefault(declaration.python_name, []).append(declaration)
    return found


def cwrap_param(arg):
    kind = CWRAP_KINDS.get(arg.type, 'any')
    if kind == 'int' and arg.name and 'dim' in arg.name:
        kind = 'dim'
    return Param(arg.name or '', kind, optional=arg.default is not None,
                 keyword=arg.kwarg_only, variadic=arg.long_args, output=arg.output)


def cwrap_signatures(name, sparse=None, stateless=None):
    """The options of the declarations named `name` as lists of Params (the tensor called on,
    `self`, left out unless `stateless`, where it becomes the first argument); None without a
    declaration. `sparse`: only the sparse classes' (True) or the dense ones' (False)."""
    signatures = []
    for declaration in declarations().get(name, []):
        if sparse is not None and declaration.sparse != sparse:
            continue
        if stateless is True and not (declaration.with_stateless or declaration.only_stateless):
            continue
        if stateless is False and declaration.only_stateless:
            continue
        for option in declaration.options:
            params = []
            for arg in option.arguments:
                if arg.kind == 'self':
                    if stateless:
                        params.append(Param('self', 'sparse' if declaration.sparse else 'tensor'))
                elif arg.kind == 'python':
                    params.append(cwrap_param(arg))
            signatures.append(params)
    return signatures or None


# ---- Python signatures ----------------------------------------------------------------------

def kind_from_name(name, default=inspect.Parameter.empty):
    """What a Python parameter takes, from its default's type, else from its name."""
    if isinstance(default, bool):
        return 'bool'
    if isinstance(default, float):
        return 'double'
    if isinstance(default, int) and name not in DIM_NAMES:
        return 'int'
    if name in TENSOR_NAMES or name.startswith('grad'):
        return 'tensor'
    if name in DIM_NAMES:
        return 'dim'
    if name in FLOAT_NAMES:
        return 'double'
    if name in KEY_NAMES:
        return 'key'
    if name in INDEX_NAMES:
        return 'long_tensor'
    if name == 'mask':
        return 'byte_tensor'
    if name in CALLABLE_NAMES:
        return 'callable'
    if name in MODULE_NAMES:
        return 'module'
    if name in ('sizes', 'size', 'args', 'dims', 'shape') or name.endswith('size'):
        return 'sizes'
    if name.startswith(('n', 'k', 'd', 'pad', 'dilation', 'stride', 'kernel', 'output', 'adj',
                        'pool', 'offset', 'length', 'upscale', 'groups', 'split', 'chunk', 'i', 'o')):
        return 'int'
    return 'any'


def python_signature(function, skip_first=False):
    """The Params of a Python callable (None when it has no signature): `skip_first` leaves out
    `self`."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    params = []
    for position, parameter in enumerate(signature.parameters.values()):
        if skip_first and position == 0:
            continue
        if parameter.kind == parameter.VAR_KEYWORD:
            continue
        variadic = parameter.kind == parameter.VAR_POSITIONAL
        kind = kind_from_name(parameter.name, parameter.default)
        if variadic and kind == 'any':
            kind = 'int'
        params.append(Param(parameter.name, kind,
                            optional=parameter.default is not parameter.empty,
                            keyword=parameter.kind == parameter.KEYWORD_ONLY, variadic=variadic))
    return params


# ---- classes and modules -------------------------------------------------------------------

def members(cls):
    """The names a user may call on instances of `cls`: public methods and the operators and
    protocol methods (dunders) that the class or its mixin defines (not plain object's)."""
    names = []
    for name in dir(cls):
        if name in SKIPPED_MEMBERS:
            continue
        if name.startswith('_') and not (name.startswith('__') and name.endswith('__')):
            continue
        value = getattr(cls, name, None)
        if not callable(value) or isinstance(value, type):
            continue
        if name.startswith('__') and getattr(object, name, None) is value:
            continue
        if name in ('__class__', '__subclasshook__', '__init_subclass__'):
            continue
        names.append(name)
    return names


def method_target(cls, name, sparse=False):
    signatures = cwrap_signatures(name, sparse=sparse, stateless=False)
    if signatures is None:
        python = python_signature(getattr(cls, name), skip_first=True)
        signatures = [python] if python is not None else None
    return Target(name, signatures)


@functools.lru_cache(maxsize=None)
def tensor_methods(dtype):
    import torch_early
    cls = getattr(torch_early, dtype + 'Tensor')
    return [method_target(cls, name) for name in members(cls)]


@functools.lru_cache(maxsize=None)
def storage_methods(dtype):
    import torch_early
    cls = getattr(torch_early, dtype + 'Storage')
    return [Target(name, _python_or_none(getattr(cls, name), True)) for name in members(cls)]


@functools.lru_cache(maxsize=None)
def sparse_methods(dtype):
    import torch_early
    cls = getattr(torch_early.sparse, dtype + 'Tensor')
    return [method_target(cls, name, sparse=True) for name in members(cls)]


def _python_or_none(function, skip_first):
    params = python_signature(function, skip_first)
    return [params] if params is not None else None


@functools.lru_cache(maxsize=None)
def functions():
    """torch_early.<name> for every public function (not the classes: see constructors)."""
    import torch_early
    found = []
    for name in dir(torch_early):
        value = getattr(torch_early, name)
        if name.startswith('_') or name in SKIPPED_FUNCTIONS or isinstance(value, type):
            continue
        if not callable(value) or inspect.ismodule(value):
            continue
        signatures = cwrap_signatures(name, stateless=True)
        if signatures is None:
            signatures = _python_or_none(value, False)
        found.append(Target(name, signatures))
    return found


@functools.lru_cache(maxsize=None)
def constructors():
    """The tensor and storage classes (dense and sparse), called with anything."""
    import torch_early
    names = sorted(name for name in dir(torch_early)
                   if name.endswith(('Tensor', 'Storage')) and isinstance(getattr(torch_early, name), type)
                   and not name.startswith('_'))
    return ['torch_early.' + name for name in names] + [
        'torch_early.sparse.' + name for name in dir(torch_early.sparse)
        if name.endswith('Tensor') and not name.startswith('_')]


@functools.lru_cache(maxsize=None)
def sparse_functions():
    """The functions and dense methods with an option that takes a sparse tensor (THSTensor*):
    (name, signatures of those options, as a function or a method)."""
    found = []
    for name in sorted(declarations()):
        for stateless in (True, False):
            signatures = cwrap_signatures(name, stateless=stateless)
            with_sparse = [s for s in signatures or [] if any(p.kind == 'sparse' for p in s)]
            if with_sparse:
                found.append((name, with_sparse, stateless))
    return found


@functools.lru_cache(maxsize=None)
def functional():
    import torch_early.nn.functional as F
    return [Target(name, _python_or_none(getattr(F, name), False)) for name in dir(F)
            if not name.startswith('_') and inspect.isfunction(getattr(F, name))
            and getattr(F, name).__module__ == F.__name__]


@functools.lru_cache(maxsize=None)
def variable_methods():
    from torch_early.autograd import Variable
    return [Target(name, _python_or_none(getattr(Variable, name), True)) for name in members(Variable)
            if name not in ('register_hook', 'reinforce', 'backward', '__init__')]


@functools.lru_cache(maxsize=None)
def legacy_modules():
    """(name, constructor Params, is a criterion, is a container) for legacy.nn's classes."""
    from torch_early.legacy import nn as legacy_nn
    found = []
    for name in dir(legacy_nn):
        cls = getattr(legacy_nn, name)
        if not isinstance(cls, type) or not issubclass(cls, (legacy_nn.Module, legacy_nn.Criterion)):
            continue
        params = python_signature(cls.__init__, skip_first=True) or []
        found.append((name, params, issubclass(cls, legacy_nn.Criterion),
                      issubclass(cls, legacy_nn.Container)))
    return found


def legacy_module_for(thnn_name):
    """The legacy.nn module (as legacy_modules() lists it) whose name is the longest start of
    a THNN entry point's name (SpatialConvolutionMM_updateOutput: SpatialConvolution), or None."""
    matches = [module for module in legacy_modules() if thnn_name.startswith(module[0])
               and not module[2] and not module[3]]
    return max(matches, key=lambda module: len(module[0])) if matches else None


@functools.lru_cache(maxsize=None)
def thnn_tensor_names(module_name):
    """The names THNN's header gives the tensors (outputs, buffers, parameters: all but input and
    gradOutput) of the entry points whose name starts with a legacy module's name
    (SpatialConvolution: SpatialConvolutionMM_updateOutput's finput, fgradInput, weight...).
    The legacy modules keep those tensors in attributes of the same names."""
    names = set()
    for function in thnn_functions():
        if function.name.startswith(module_name):
            names.update(p.name for p in function.signatures[0]
                         if p.kind in ('tensor', 'long_tensor') and p.name not in ('input', 'gradOutput'))
    return sorted(names)


@functools.lru_cache(maxsize=None)
def thnn_functions():
    """Every THNN entry point of the header: Target(name, [[Param...]]) with the header's types
    (the state argument included: the bindings take it first)."""
    from torch_early._thnn.utils import THNN_H_PATH, parse_header
    found = []
    for function in parse_header(THNN_H_PATH):
        params = [Param(arg.name, THNN_KINDS.get(arg.type, 'any'), nullable=arg.is_optional)
                  for arg in function.arguments]
        found.append(Target(function.name, [params]))
    return found
