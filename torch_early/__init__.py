"""torch_early: the first PyTorch (0.1.x) rebuilt from scratch, to read and to run.

This file is the top of the package: it loads the C extension `_C`, builds the concrete classes
(each one a C base type from `_C` plus a Python mixin: `FloatTensor(_C.FloatTensorBase,
_TensorBase)`), registers them with the C side, and defines the module-level helpers
(`typename`, `is_tensor`, `set_default_tensor_type`, the random-state functions, ...).
Every public function of `_C` (`torch_early.add`, `torch_early.addmm`, ...) is exported here too.
"""

__version__ = TORCH_EARLY_VERSION = '0.5.0'
# Under `python -m torch_early.as_torch`, `torch.__version__` (this module's) reads the release of
# the 0.1 line whose behaviour torch_early follows (_release.py: '0.1.12' unless the user chose
# an earlier one), since 2017 programs test the version of the torch they run on;
# TORCH_EARLY_VERSION stays ours.

import os as _os

# One thread pool owns the cores: OpenMP's, under TH's parallel loops; _C sets OpenBLAS to one
# thread when it loads and TH shares large products out itself (lib/TH/README.md, "One thread
# pool"). After its work a pool spins a while before it sleeps (libgomp for 300,000 turns), and
# so does OpenBLAS's where a user keeps its threads (OPENBLAS_NUM_THREADS: for 2^28 cycles), taking
# the cores from whatever runs next. Both libraries read these settings once, when they load with
# _C; a value the user set wins.
_os.environ.setdefault('OPENBLAS_THREAD_TIMEOUT', '16')   # spin 2^16 cycles, about 20 us
_os.environ.setdefault('GOMP_SPINCOUNT', '20000')         # about as long
del _os

try:
    # Loads the BLAS library that _C is linked against, so the dynamic loader finds it. Only the
    # loading is wanted: the name goes again, so that the package holds none but its own modules.
    import scipy_openblas32
except ImportError:
    pass
else:
    del scipy_openblas32

try:
    from . import _C
except ImportError:
    from ._unbuilt import missing_extension_message as _missing_extension_message
    _message = _missing_extension_message(__path__[0])
    if _message is None:
        raise
    raise ImportError(_message, name=__name__) from None
from ._utils import _import_dotted_name
from .tensor import _TensorBase, _HalfTensorMixin
from .storage import _StorageBase
from ._tensor_str import set_printoptions
from .functional import split, chunk, stack, unbind, btriunpack

__all__ = [
    'typename', 'is_tensor', 'is_storage', 'set_default_tensor_type',
    'set_rng_state', 'get_rng_state', 'manual_seed', 'initial_seed',
    'set_printoptions', 'chunk', 'split', 'stack', 'unbind', 'btriunpack',
    'DoubleStorage', 'FloatStorage', 'HalfStorage', 'LongStorage', 'IntStorage',
    'ShortStorage', 'CharStorage', 'ByteStorage',
    'DoubleTensor', 'FloatTensor', 'HalfTensor', 'LongTensor', 'IntTensor',
    'ShortTensor', 'CharTensor', 'ByteTensor',
]

# The public names of _C: the module-level math functions, Size, Generator, default_generator,
# get_num_threads/set_num_threads, from_numpy. The *Base types stay inside _C.
for _name in dir(_C):
    if _name.startswith('_') or _name.endswith('Base') or _name in globals():
        continue
    globals()[_name] = getattr(_C, _name)
    __all__.append(_name)
del _name


################################################################################
# Utilities
################################################################################

def typename(o):
    """The dotted name of the type of `o` (or of `o` itself when it is a class):
    typename(torch_early.FloatTensor()) == 'torch_early.FloatTensor'; under torch_early.as_torch,
    'torch.FloatTensor' (names inside the package begin with its public name)."""
    module = ''
    if getattr(o, '__module__', None) not in (None, 'builtins', '__builtin__'):
        module = _public_module_name(o.__module__) + '.'
    if hasattr(o, '__qualname__'):
        class_name = o.__qualname__
    elif hasattr(o, '__name__'):
        class_name = o.__name__
    else:
        class_name = o.__class__.__name__
    return module + class_name


def _public_module_name(module):
    """`module` as users import it: 'torch_early.autograd.variable' is 'torch.autograd.variable'
    while the package's public name is 'torch'."""
    if module == __name__ or module.startswith(__name__ + '.'):
        return _C._public_name() + module[len(__name__):]
    return module


def _set_public_name(name):
    """Name the package `name` wherever it names types: 'torch' while a 2017 program runs under
    torch_early.as_torch, 'torch_early' otherwise. The name itself lives in _C, for the messages
    and reprs written in C (torch.Size([2, 3]), "expected (torch.FloatTensor other)"); typename
    reads it there. The tensor and storage classes also take it as their __module__, as the era's
    classes had 'torch' (and 'torch.cuda'): x.type() says 'torch.FloatTensor', and a pickle made
    under the alias names torch.FloatTensor."""
    old_name = _C._public_name()
    _C._set_public_name(name)
    for cls in _tensor_classes | _storage_classes:
        cls.__module__ = name + cls.__module__[len(old_name):]


def is_tensor(obj):
    """True when `obj` is a torch_early tensor (its class exactly one of the tensor classes)."""
    return type(obj) in _tensor_classes


def is_storage(obj):
    """True when `obj` is a torch_early storage (its class exactly one of the storage classes)."""
    return type(obj) in _storage_classes


def set_default_tensor_type(t):
    """Make `t` (a tensor class, or its name: 'torch_early.DoubleTensor' or 'torch.DoubleTensor')
    the default tensor type: the one `torch_early.Tensor` names and functions like
    `torch_early.add` produce when no tensor argument decides."""
    global Tensor, Storage
    cls = t
    if isinstance(t, str):
        try:
            cls = _import_dotted_name(t)
        except (ImportError, AttributeError):
            cls = None
    if cls not in _tensor_classes or cls.is_sparse:
        raise TypeError("set_default_tensor_type expects a dense tensor type such as "
                        "'{}.FloatTensor', got {!r}".format(_C._public_name(), t))
    if cls.is_cuda:
        cuda._lazy_init()
    Tensor = cls
    Storage = cls.storage_type()
    _C._set_default_tensor_type(cls)


def manual_seed(seed):
    """Seed the default random number generator; returns it."""
    return default_generator.manual_seed(seed)


def initial_seed():
    """The seed the default random number generator started from (a Python int)."""
    return default_generator.initial_seed()


def get_rng_state():
    """The state of the default random number generator, as a ByteTensor."""
    return default_generator.get_state()


def set_rng_state(new_state):
    """Restore the default random number generator to a state from get_rng_state()."""
    default_generator.set_state(new_state)


class FatalError(RuntimeError):
    """An error that TH reported inside the C code of an extension built with
    torch_early.utils.ffi (the first releases' torch.FatalError)."""


__all__.append('FatalError')


################################################################################
# Storage and tensor classes: C base type + Python mixin
################################################################################

class DoubleStorage(_C.DoubleStorageBase, _StorageBase):
    pass


class FloatStorage(_C.FloatStorageBase, _StorageBase):
    pass


class HalfStorage(_C.HalfStorageBase, _StorageBase):
    pass


class LongStorage(_C.LongStorageBase, _StorageBase):
    pass


class IntStorage(_C.IntStorageBase, _StorageBase):
    pass


class ShortStorage(_C.ShortStorageBase, _StorageBase):
    pass


class CharStorage(_C.CharStorageBase, _StorageBase):
    pass


class ByteStorage(_C.ByteStorageBase, _StorageBase):
    pass


class DoubleTensor(_C.DoubleTensorBase, _TensorBase):
    def is_signed(self):
        return True

    @classmethod
    def storage_type(cls):
        return DoubleStorage


class FloatTensor(_C.FloatTensorBase, _TensorBase):
    def is_signed(self):
        return True

    @classmethod
    def storage_type(cls):
        return FloatStorage


class HalfTensor(_HalfTensorMixin, _C.HalfTensorBase, _TensorBase):
    def is_signed(self):
        return True

    @classmethod
    def storage_type(cls):
        return HalfStorage


class LongTensor(_C.LongTensorBase, _TensorBase):
    def is_signed(self):
        return True

    @classmethod
    def storage_type(cls):
        return LongStorage


class IntTensor(_C.IntTensorBase, _TensorBase):
    def is_signed(self):
        return True

    @classmethod
    def storage_type(cls):
        return IntStorage


class ShortTensor(_C.ShortTensorBase, _TensorBase):
    def is_signed(self):
        return True

    @classmethod
    def storage_type(cls):
        return ShortStorage


class CharTensor(_C.CharTensorBase, _TensorBase):
    def is_signed(self):
        # False although char is signed: a historical quirk (marked "TODO" in the original) that
        # is kept, because 0.1.x programs saw this answer.
        return False

    @classmethod
    def storage_type(cls):
        return CharStorage


class ByteTensor(_C.ByteTensorBase, _TensorBase):
    def is_signed(self):
        return False

    @classmethod
    def storage_type(cls):
        return ByteStorage


_storage_classes = {
    DoubleStorage, FloatStorage, HalfStorage, LongStorage, IntStorage,
    ShortStorage, CharStorage, ByteStorage,
}

_tensor_classes = {
    DoubleTensor, FloatTensor, HalfTensor, LongTensor, IntTensor,
    ShortTensor, CharTensor, ByteTensor,
}

# The C side looks the classes up by name in this module, so that it returns instances of them,
# and gives each tensor class its `_torch` namespace of function-style implementations.
_C._initExtension()

set_default_tensor_type('torch_early.FloatTensor')

# The subpackages, imported last: they build on the classes above.
from . import sparse  # noqa: E402
from . import autograd  # noqa: E402
from . import cuda  # noqa: E402
from . import nn  # noqa: E402
from .serialization import save, load  # noqa: E402
from . import optim  # noqa: E402
# As v0.1.12's `import torch` did, so that `torch.multiprocessing.Queue` and
# `torch.backends.cudnn.enabled` work without their own import.
from . import multiprocessing  # noqa: E402
from . import backends  # noqa: E402

# cuDNN's flag: torch_early has no GPU library (as in a CPU build of the era).
has_cudnn = False
