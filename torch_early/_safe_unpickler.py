"""The unpickler of load's safe default: it rebuilds what checkpoints hold and runs nothing else.

Two rules make a hostile file harmless:
  * Globals: find_class gives only torch_early's tensor, storage, nn, legacy.nn, autograd and
    optimizer classes (`_is_safe_object`), plain containers and numbers, NumPy's arrays, scalars
    and dtypes, and what add_safe_globals allowed; nothing else is imported or named.
  * Calls: a pickle rebuilds an object either through the protocol's object-creation path
    (NEWOBJ: cls.__new__(cls), then BUILD fills its __dict__ or calls __setstate__), or by
    calling a global with arguments from the file (REDUCE, INST, OBJ). The second would run an
    allowed class's constructor on the file's sizes (nn.Linear(2**15, 2**15) allocates 4 GB,
    bytearray(2**33) 8 GB), so only a short list of harmless callables may be called, each with
    its arguments checked (`_HARMLESS_CALLS`); NEWOBJ may pass arguments only to immutable
    builtin types (a tuple's items, an int's value).
No allocation exceeds what the file's own bytes account for: strings and bytes are read before
they are made (`ReadFirstUnpickler` over a stream bounded by the member), containers grow one
item per opcode, and a NumPy array takes its elements from bytes of exactly its size.
"""
import _compat_pickle
import copyreg
import pickle
import struct
import sys
from collections import OrderedDict, defaultdict

import torch_early

# Set to 1 (or run under `python -m torch_early.as_torch --trust-checkpoints`), every load of
# the run trusts its file, as load(f, weights_only=False) does.
TRUST_VARIABLE = 'TORCH_EARLY_TRUST_CHECKPOINTS'

################################################################################
# Globals allowed by the user
################################################################################

_user_safe_globals = {}


def add_safe_globals(safe_globals):
    """Allow load, in its default safe mode, to rebuild these classes and functions (a list of
    the objects themselves, e.g. [MyNet]). Allow only what you trust: an allowed class is
    rebuilt from the file's state, and an allowed function is called with the file's
    arguments."""
    for obj in safe_globals:
        module = getattr(obj, '__module__', None)
        name = getattr(obj, '__qualname__', getattr(obj, '__name__', None))
        if module is None or name is None:
            raise TypeError("add_safe_globals expects classes and functions, but got {!r}"
                            .format(obj))
        _user_safe_globals[(module, name)] = obj


def get_safe_globals():
    """The list of globals allowed by add_safe_globals so far."""
    return list(_user_safe_globals.values())


def clear_safe_globals():
    """Forget every global allowed by add_safe_globals."""
    _user_safe_globals.clear()


def _is_user_allowed(obj):
    return any(obj is allowed for allowed in _user_safe_globals.values())


################################################################################
# Globals a checkpoint may name
################################################################################

# Plain containers and numbers, as pickle names them. Only these modules are imported for them.
_SAFE_BUILTINS = {
    ('builtins', name) for name in ('dict', 'list', 'tuple', 'set', 'frozenset', 'int', 'float',
                                    'complex', 'bool', 'str', 'bytes', 'bytearray', 'slice',
                                    'range', 'object')
} | {('collections', 'OrderedDict'), ('collections', 'defaultdict'),
     ('copyreg', '_reconstructor'), ('copyreg', '__newobj__'), ('_codecs', 'encode')}

# NumPy's pickles: arrays (_reconstruct, then ndarray.__setstate__; _frombuffer from protocol 5
# on), scalars and dtypes. Files of NumPy 1 name numpy.core, NumPy 2 names numpy._core.
_NUMPY_GLOBALS = {
    ('numpy', 'ndarray'), ('numpy', 'dtype'),
    ('numpy.core.multiarray', '_reconstruct'), ('numpy.core.multiarray', 'scalar'),
    ('numpy.core.numeric', '_frombuffer'),
}



def _is_own_module(module):
    return module == 'torch_early' or module.startswith('torch_early.')


def real_module(module):
    """The module a pickle's global comes from. A pickle written under torch_early.as_torch names
    'torch.FloatTensor': that is ours."""
    if module == 'torch' or module.startswith('torch.'):
        return 'torch_early' + module[len('torch'):]
    return module


def python3_name(module, name):
    """(module, name) of a global in Python 3: protocols 0-2 write the Python 2 names
    ('__builtin__.xrange', 'copy_reg._reconstructor') so that Python 2 could read the file, and
    so did every pickler of 2017."""
    if (module, name) in _compat_pickle.NAME_MAPPING:
        return _compat_pickle.NAME_MAPPING[(module, name)]
    return _compat_pickle.IMPORT_MAPPING.get(module, module), name


def _numpy_name(module):
    """'numpy.core.multiarray' and 'numpy._core.multiarray' alike as the first one."""
    return module.replace('numpy._core.', 'numpy.core.')


def _resolve(module, name):
    __import__(module)
    obj = sys.modules[module]
    for part in name.split('.'):
        obj = getattr(obj, part)
    return obj


def _resolve_numpy(module, name):
    """The NumPy global, from numpy._core where this NumPy has it (numpy.core warns in 2.x)."""
    import numpy
    if module == 'numpy':
        return getattr(numpy, name)
    submodule = module[len('numpy.core.'):]
    for package in ('numpy._core.', 'numpy.core.'):
        try:
            return _resolve(package + submodule, name)
        except (ImportError, AttributeError):
            continue
    raise AttributeError(module + '.' + name)


def _is_safe_object(obj):
    """True for the torch_early objects a checkpoint may name: tensor and storage classes, Size,
    Variable and Parameter (and the function that rebuilds them), nn's Module classes, the
    functions of nn.functional and the autograd Functions that modules keep, optimizers, and nn's
    function backend, legacy.nn's modules and criteria. Naming one runs nothing; calling one is
    ruled apart (`_HARMLESS_CALLS`)."""
    import inspect
    from .autograd import variable, Function
    from .nn import Module, functional
    from .nn.backends import thnn
    if obj in torch_early._tensor_classes or obj in torch_early._storage_classes:
        return True
    if obj in (torch_early.Size, variable.Variable, torch_early.nn.Parameter,
               variable._rebuild_variable, thnn._get_thnn_function_backend,
               torch_early._utils._rebuild_tensor):
        return True
    if inspect.isfunction(obj) and getattr(functional, obj.__name__, None) is obj:
        return True
    if not isinstance(obj, type) or not _is_own_module(obj.__module__):
        return False
    if issubclass(obj, Module) and obj.__module__.startswith('torch_early.nn.'):
        return True
    if issubclass(obj, Function):
        return True
    if obj.__module__.startswith('torch_early.legacy.nn.'):
        from .legacy.nn import Module as LegacyModule, Criterion
        return issubclass(obj, (LegacyModule, Criterion))
    optim = sys.modules.get('torch_early.optim')
    optimizer = getattr(optim, 'Optimizer', None)
    return (optimizer is not None and issubclass(obj, optimizer)
            and obj.__module__.startswith('torch_early.optim'))


def find_safe_global(module, name):
    """The global (module, name) of a pickle if a safe load may name it, else None."""
    if (module, name) in _user_safe_globals:
        return _user_safe_globals[(module, name)]
    real, name = python3_name(real_module(module), name)
    if (real, name) in _user_safe_globals:
        return _user_safe_globals[(real, name)]
    if (real, name) in _SAFE_BUILTINS:
        return _resolve(real, name)
    if (_numpy_name(real), name) in _NUMPY_GLOBALS:
        try:
            return _resolve_numpy(_numpy_name(real), name)
        except (ImportError, AttributeError):
            return None
    # A dotted name would walk attributes (Net.__init__.__globals__): plain names only.
    if _is_own_module(real) and '.' not in name:
        try:
            obj = _resolve(real, name)
        except (ImportError, AttributeError):
            return None
        if _is_safe_object(obj):
            return obj
    return None


################################################################################
# Refusals
################################################################################

def _trust_advice(public, name=None):
    """The ways to trust a file; with `name`, allowing that one global first."""
    allow = ("allow this global with {public}.serialization.add_safe_globals([{name}]), or "
             .format(public=public, name=name) if name else '')
    return ("If you trust the file: {allow}load the whole file with "
            "{public}.load(f, weights_only=False), or trust every file of one run with "
            "'python -m torch_early.as_torch --trust-checkpoints program.py' "
            "(or the environment variable {variable}=1)."
            .format(allow=allow, public=public, variable=TRUST_VARIABLE))


def refusal_message(module, name):
    public = torch_early._C._public_name()
    return (
        "{public}.load refused the global '{module}.{name}' in this file. By default load "
        "rebuilds only {public}'s tensors, storages, nn and legacy.nn modules, Parameters and "
        "optimizer state, NumPy arrays, plain containers and numbers, so that loading a file "
        "cannot run code.\n".format(public=public, module=module, name=name)
        + _trust_advice(public, name))


def _marked(error, what):
    # _reading in serialization lets an error marked so through unchanged.
    error.refused_global = what
    return error


def refusal(module, name):
    """The pickle.UnpicklingError that refuses a global (as documented)."""
    return _marked(pickle.UnpicklingError(refusal_message(module, name)), module + '.' + name)


def _qualified_name(obj):
    return '{}.{}'.format(getattr(obj, '__module__', '?'),
                          getattr(obj, '__qualname__', getattr(obj, '__name__', repr(obj))))


def _call_refusal(callable_, reason):
    """The UnpicklingError that refuses to call `callable_` with the file's arguments."""
    public = torch_early._C._public_name()
    name = _qualified_name(callable_)
    message = ("{public}.load refused to call '{name}' with arguments from this file ({reason}). "
               "A safe load rebuilds objects from their saved state and never runs a "
               "constructor or function on the file's arguments, so that a file can neither run "
               "code nor make load allocate more than it holds.\n"
               .format(public=public, name=name, reason=reason)
               + _trust_advice(public, getattr(callable_, '__name__', name)))
    return _marked(pickle.UnpicklingError(message), name)


def _object_array_refusal():
    public = torch_early._C._public_name()
    return _marked(pickle.UnpicklingError(
        "{public}.load refused a NumPy object array (dtype 'O') in this file: its elements "
        "are arbitrary pickled objects. NumPy arrays of numbers load safely.\n"
        .format(public=public) + _trust_advice(public, 'numpy.ndarray')), 'numpy.ndarray')


def _corrupt(what):
    # Unmarked: serialization's _reading makes it the RuntimeError of every corrupt file.
    return pickle.UnpicklingError('corrupt checkpoint: ' + what)


################################################################################
# The callables a safe load may call, and the arguments each accepts
################################################################################

# Containers whose items are all in the file already: building from one costs what it holds.
_MATERIAL_CONTAINERS = (list, tuple, dict, set, frozenset, OrderedDict, str, bytes, bytearray)
_SCALARS = (int, float, complex, bool, str, bytes, type(None))


def _is_material(value):
    return type(value) in _MATERIAL_CONTAINERS or type(value) is torch_early.Size


def _no_more_than(args, count):
    if len(args) > count:
        return 'more than {} arguments'.format(count)


def _check_container_args(args):
    """dict(), list([...]), OrderedDict([(k, v), ...]): from nothing or from a container whose
    items the file holds (not range(2**60), which would be expanded)."""
    if len(args) > 1:
        return 'more than one argument'
    if args and not _is_material(args[0]):
        return 'it would expand a {}'.format(type(args[0]).__name__)


def _check_scalar_args(args):
    """int('12'), float(1.5), str(b'..', 'latin1'): from numbers and strings of the file."""
    return _no_more_than(args, 3) or next(
        ('an argument of type ' + type(arg).__name__ for arg in args
         if type(arg) not in _SCALARS), None)


def _check_bytes_args(args):
    """bytes([1, 2]), bytearray(b'..'), bytes('..', 'latin1'), never bytes(2**33): a count
    would allocate that many zeros."""
    if len(args) > 3:
        return 'more than 3 arguments'
    if args and not _is_material(args[0]):
        return 'a size of {!r} bytes is not data from the file'.format(args[0])
    if any(type(arg) is not str for arg in args[1:]):
        return 'an encoding that is not a string'


def _check_encode_args(args):
    """_codecs.encode(text, 'latin1'): how protocol 2 writes bytes. Other codecs compress or
    expand: refused."""
    if (len(args) not in (2, 3) or type(args[0]) is not str
            or args[1] not in ('latin1', 'latin-1', 'latin_1')):
        return 'only a string to latin1 is decoded'


def _check_defaultdict_args(args):
    if len(args) > 1 or (args and args[0] is not None and args[0] not in _CONTAINER_TYPES):
        return 'a default factory other than a plain container'


_CONTAINER_TYPES = (dict, list, set, tuple, OrderedDict, int, float)


def _check_reconstructor_args(args):
    """copyreg._reconstructor(cls, base, state): object.__new__(cls) for a plain object, or
    base(state) for a subclass of a builtin, with the base's own argument check."""
    if len(args) != 3 or not isinstance(args[0], type) or not isinstance(args[1], type):
        return 'not (class, base, state)'
    cls, base, state = args
    if not issubclass(cls, base):
        return '{} is not a subclass of {}'.format(cls.__name__, base.__name__)
    if base is object:
        return None if state is None else 'a state for object'
    check = _BUILTIN_CALLS.get(base)
    if check is None:
        return 'the base ' + base.__name__
    return check((state,))


def _check_newobj_args(args):
    """copyreg.__newobj__(cls, *args), the NEWOBJ opcode as a call."""
    if not args or not isinstance(args[0], type):
        return 'not a class'
    return _newobj_refusal_reason(args[0], args[1:], {})


def _check_rebuild_variable_args(args):
    from .autograd.variable import Variable
    if (len(args) != 4 or not isinstance(args[0], type) or not issubclass(args[0], Variable)
            or type(args[1]) not in torch_early._tensor_classes
            or any(type(flag) is not bool for flag in args[2:])):
        return 'not (Variable class, tensor, requires_grad, volatile)'


def _check_rebuild_tensor_args(args):
    """_utils._rebuild_tensor(storage, offset, size, stride), how 0.1.10-0.1.12 files hold
    tensors: a view of a storage the file made (set_ then checks that it fits)."""
    def numbers(value):
        return isinstance(value, tuple) and all(type(n) is int for n in value)
    if (len(args) != 4 or type(args[0]) not in torch_early._storage_classes
            or type(args[1]) is not int or not numbers(args[2]) or not numbers(args[3])):
        return 'not (storage, offset, size, stride)'


def _check_no_args(args):
    if args:
        return 'it takes no arguments'


_BUILTIN_CALLS = {
    dict: _check_container_args, list: _check_container_args, tuple: _check_container_args,
    set: _check_container_args, frozenset: _check_container_args,
    OrderedDict: _check_container_args,
    int: _check_scalar_args, float: _check_scalar_args, complex: _check_scalar_args,
    bool: _check_scalar_args, str: _check_scalar_args,
    bytes: _check_bytes_args, bytearray: _check_bytes_args,
    defaultdict: _check_defaultdict_args,
}


def _harmless_calls():
    """{callable: argument check} for REDUCE, INST and OBJ. A check returns None when the
    arguments are fine, else why they are refused."""
    import _codecs
    from .autograd.variable import _rebuild_variable
    from .nn.backends.thnn import _get_thnn_function_backend
    calls = dict(_BUILTIN_CALLS)
    calls.update({
        _codecs.encode: _check_encode_args,
        copyreg._reconstructor: _check_reconstructor_args,
        copyreg.__newobj__: _check_newobj_args,
        _rebuild_variable: _check_rebuild_variable_args,
        torch_early._utils._rebuild_tensor: _check_rebuild_tensor_args,
        _get_thnn_function_backend: _check_no_args,
        torch_early.Size: _check_container_args,
        # Lazy: range(2**60) holds three numbers, and no container above expands it.
        slice: _check_scalar_args, range: _check_scalar_args,
    })
    calls.update(_numpy_calls())
    return calls


def _numpy_calls():
    numpy = sys.modules.get('numpy')
    if numpy is None:
        return {}
    return {
        _resolve_numpy('numpy.core.multiarray', '_reconstruct'): _check_numpy_reconstruct_args,
        _resolve_numpy('numpy.core.multiarray', 'scalar'): _check_numpy_scalar_args,
        _resolve_numpy('numpy.core.numeric', '_frombuffer'): _check_numpy_frombuffer_args,
        numpy.dtype: _check_numpy_dtype_args,
    }


################################################################################
# NumPy: arrays and scalars take their elements from bytes of exactly their size
################################################################################

def _element_count(shape):
    if not isinstance(shape, tuple) or any(type(size) is not int or size < 0 for size in shape):
        return None
    count = 1
    for size in shape:
        count *= size
    return count


def _check_plain_dtype(dtype):
    import numpy
    if not isinstance(dtype, numpy.dtype):
        raise _corrupt('{!r} is not a NumPy dtype'.format(dtype))
    if dtype.hasobject:
        raise _object_array_refusal()


def _check_numpy_reconstruct_args(args):
    """_reconstruct(ndarray, (0,), b'b'): NumPy's empty array that __setstate__ then fills.
    Any other shape would allocate before the data is read."""
    import numpy
    if (len(args) != 3 or args[0] is not numpy.ndarray or _element_count(args[1]) != 0
            or type(args[2]) not in (bytes, str) or len(args[2]) > 8):
        return 'not an empty ndarray'


def _check_numpy_scalar_args(args):
    """scalar(dtype, bytes): a scalar from exactly itemsize bytes."""
    if len(args) != 2:
        return 'not (dtype, bytes)'
    _check_plain_dtype(args[0])
    if type(args[1]) is not bytes or len(args[1]) != args[0].itemsize:
        return 'not {} bytes of data'.format(args[0].itemsize)


def _check_numpy_frombuffer_args(args):
    """_frombuffer(data, dtype, shape, order) (protocol 5): an array over exactly its bytes."""
    if len(args) != 4 or type(args[0]) not in (bytes, bytearray):
        return 'not (bytes, dtype, shape, order)'
    _check_plain_dtype(args[1])
    return _array_data_refusal_reason(args[2], args[1], args[0])


def _check_numpy_dtype_args(args):
    """dtype('f8', False, True): a dtype from its name. An object dtype is refused."""
    if not 1 <= len(args) <= 3 or type(args[0]) is not str or any(
            type(flag) is not bool for flag in args[1:]):
        return 'not a dtype name'
    import numpy
    try:
        dtype = numpy.dtype(args[0])     # from a name: allocates nothing
    except (TypeError, ValueError):
        return 'not a dtype name'
    if dtype.hasobject:
        raise _object_array_refusal()


def _array_data_refusal_reason(shape, dtype, data):
    count = _element_count(shape)
    if count is None:
        return 'a shape of {!r}'.format(shape)
    if len(data) != count * dtype.itemsize:
        return 'shape {} of {} needs {} bytes but the file gives {}'.format(
            shape, dtype, count * dtype.itemsize, len(data))


def _check_numpy_array_state(state):
    """ndarray.__setstate__((version, shape, dtype, is_fortran, rawdata)): refused unless rawdata
    is bytes of exactly shape times itemsize, of a dtype without objects."""
    if isinstance(state, tuple) and len(state) == 5:
        state = state[1:]
    if not isinstance(state, tuple) or len(state) != 4:
        raise _corrupt('bad NumPy array state')
    shape, dtype, _, data = state
    _check_plain_dtype(dtype)
    if type(data) not in (bytes, bytearray):
        raise _corrupt('NumPy array data of type ' + type(data).__name__)
    reason = _array_data_refusal_reason(shape, dtype, data)
    if reason:
        raise _corrupt('NumPy array: ' + reason)


################################################################################
# NEWOBJ: cls.__new__(cls, *args)
################################################################################

# Builtin types whose __new__ makes the value from its arguments without allocating by a count:
# a tuple (torch.Size) from its items, an int from its digits.
_VALUE_TYPES = (tuple, frozenset, int, float, complex, str)


def _newobj_refusal_reason(cls, args, kwargs):
    if kwargs:
        return 'keyword arguments'
    if not args:
        return None
    if (cls in torch_early._tensor_classes or cls in torch_early._storage_classes
            or not issubclass(cls, _VALUE_TYPES)):
        return '{}.__new__ given arguments'.format(cls.__name__)
    base = next(base for base in _VALUE_TYPES if issubclass(cls, base))
    return _BUILTIN_CALLS[base](args)


################################################################################
# The unpickler
################################################################################

class ReadFirstUnpickler(pickle._Unpickler):
    """pickle's Python unpickler, which reads a counted string or bytes object before it makes
    one (so that a corrupt count finds the data short), and here a bytearray too: the stock
    one allocates BYTEARRAY8's count first."""

    def _load_bytearray8(self):
        (count,) = struct.unpack('<Q', self.read(8))
        data = self.read(count)
        if len(data) != count:
            raise pickle.UnpicklingError('pickle data was truncated: a bytearray of {} bytes '
                                         'holds {}'.format(count, len(data)))
        self.append(bytearray(data))

    dispatch = dict(pickle._Unpickler.dispatch)
    dispatch[pickle.BYTEARRAY8[0]] = _load_bytearray8


# What the copies of one pickle may hold, against the bytes read of it: a file whose bytes
# pass through _codecs.encode and then into an array is copied twice.
_COPY_FACTOR = 4
_COPY_SLACK = 1 << 16


class _CountingReader(object):
    """A file as the unpickler reads it, counting the bytes read."""

    def __init__(self, file):
        self.file = file
        self.count = 0

    def read(self, *args):
        data = self.file.read(*args)
        self.count += len(data)
        return data

    def readline(self, *args):
        line = self.file.readline(*args)
        self.count += len(line)
        return line


class SafeUnpickler(ReadFirstUnpickler):
    """The safe default's unpickler: the globals of find_safe_global, the calls of
    _HARMLESS_CALLS, NEWOBJ with arguments only for value types, and NumPy array states checked
    against their data before NumPy reads them."""

    def __init__(self, file, *args, **kwargs):
        self.counted_file = _CountingReader(file)
        super(SafeUnpickler, self).__init__(self.counted_file, *args, **kwargs)
        self.harmless_calls = _harmless_calls()
        self.numpy_known = 'numpy' in sys.modules
        self.copied = 0

    def charge_copy(self, args):
        """Count the items a call copies from containers of the file (list(L), bytearray(b),
        an array's bytes). The memo lets a file name one big container many times for a few
        bytes each; copying it each time would grow memory with the square of the file's size.
        All copies together may hold a few times what was read of the file."""
        self.copied += sum(len(arg) for arg in args if _is_material(arg))
        allowed = _COPY_FACTOR * self.counted_file.count + _COPY_SLACK
        if self.copied > allowed:
            public = torch_early._C._public_name()
            raise _marked(pickle.UnpicklingError(
                "{}.load refused this file: its pickle copies {} items out of containers it "
                "built, more than its {} bytes account for (a container named again and "
                "again).\n".format(public, self.copied, self.counted_file.count)
                + _trust_advice(public)), 'copies')

    def find_class(self, module, name):
        obj = find_safe_global(module, name)
        if obj is None:
            raise refusal(module, name)
        return obj

    def harmless_check(self, callable_):
        """The argument check of a harmless callable, or None."""
        try:
            check = self.harmless_calls.get(callable_)
        except TypeError:           # an unhashable "callable": no class nor function
            return None
        if check is None and 'numpy' in sys.modules and not self.numpy_known:
            # The file named a NumPy global, which imported NumPy after this unpickler began.
            self.harmless_calls = _harmless_calls()
            self.numpy_known = True
            check = self.harmless_calls.get(callable_)
        return check

    def call(self, callable_, args):
        """callable_(*args) if it is a harmless call, else an UnpicklingError naming it."""
        if type(args) is not tuple:
            raise _corrupt('the arguments of a call are a {}'.format(type(args).__name__))
        if _is_user_allowed(callable_):
            return callable_(*args)
        check = self.harmless_check(callable_)
        if check is None:
            reason = ('a class is rebuilt from its state, never constructed'
                      if isinstance(callable_, type) else 'not a function a checkpoint needs')
            raise _call_refusal(callable_, reason)
        reason = check(args)
        if reason:
            raise _call_refusal(callable_, reason)
        self.charge_copy(args)
        return callable_(*args)

    def new_object(self, cls, args, kwargs):
        if not isinstance(cls, type):
            raise _corrupt('NEWOBJ of {!r}, which is not a class'.format(cls))
        reason = _newobj_refusal_reason(cls, args, kwargs)
        if reason:
            raise _call_refusal(cls, reason)
        self.charge_copy(args)
        return cls.__new__(cls, *args, **kwargs)

    def load_reduce(self):
        args = self.stack.pop()
        self.stack[-1] = self.call(self.stack[-1], args)

    def load_newobj(self):
        args = self.stack.pop()
        cls = self.stack.pop()
        self.append(self.new_object(cls, args, {}))

    def load_newobj_ex(self):
        kwargs = self.stack.pop()
        args = self.stack.pop()
        cls = self.stack.pop()
        self.append(self.new_object(cls, args, kwargs))

    def _instantiate(self, klass, args):
        # INST and OBJ (protocols 0 and 1): pickle would call klass(*args).
        if args or not isinstance(klass, type) or hasattr(klass, '__getinitargs__'):
            self.append(self.call(klass, tuple(args)))
        else:
            self.append(self.new_object(klass, (), {}))

    def load_build(self):
        numpy = sys.modules.get('numpy')
        state, inst = self.stack[-1], self.stack[-2]
        if numpy is not None and isinstance(inst, numpy.ndarray):
            _check_numpy_array_state(state)
            self.charge_copy(state[-1:])
        super(SafeUnpickler, self).load_build()
        if numpy is not None and isinstance(inst, numpy.dtype) and inst.hasobject:
            raise _object_array_refusal()

    dispatch = dict(ReadFirstUnpickler.dispatch)
    dispatch[pickle.REDUCE[0]] = load_reduce
    dispatch[pickle.NEWOBJ[0]] = load_newobj
    dispatch[pickle.NEWOBJ_EX[0]] = load_newobj_ex
    dispatch[pickle.BUILD[0]] = load_build


def unpickler_class(pickle_module, safe):
    """An Unpickler whose globals named 'torch.' are torch_early's: the safe one when `safe`
    (whatever pickle_module: a checkpoint's pickle is the standard protocol, and the safe rules
    are the unpickler's own), else pickle_module's, trusting the file.

    For the standard pickle module it is the Python implementation (ReadFirstUnpickler): given a
    count (a string of 2^40 bytes, a memo index of 2^31), the C one allocates that much before it
    reads, and a corrupt count becomes a MemoryError, where the Python one reads what the member
    holds and finds it short. The pickles of a checkpoint are small: the tensors' numbers are
    read apart from them."""
    if safe:
        return SafeUnpickler
    base = ReadFirstUnpickler if pickle_module is pickle else pickle_module.Unpickler

    class TrustingUnpickler(base):
        def find_class(self, module, name):
            return super(TrustingUnpickler, self).find_class(real_module(module), name)

    return TrustingUnpickler
