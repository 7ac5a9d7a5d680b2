"""torch_early.cuda: the GPU side of the package, as a build without CUDA has it.

The era's CPU-only builds still had a `torch.cuda` module: it imported, said that no GPU was
there (`is_available()` is False, `device_count()` is 0), let seeding code run (`manual_seed_all`
does nothing when there is nothing to seed), and defined the CUDA classes (`torch.cuda.FloatTensor`
and its siblings) so that code could name them; only making one, or anything else that needs a
device, failed. This module is that face. The GPU library THC is not part of this build, so every
call that would need it raises the error of `_lazy_init`.
"""
import contextlib

import torch_early
from ..tensor import _TensorBase
from ..storage import _StorageBase

# The era's CPU builds reported these as False too.
has_magma = False
has_half = False

_NO_CUDA = "Torch not compiled with CUDA enabled: this torch_early build has no GPU library (THC)"


def _lazy_init():
    """Where every GPU entry point starts: it would set up THC on first use. This build has none,
    so it raises, as the era's did (an AssertionError)."""
    raise AssertionError(_NO_CUDA)


def is_available():
    """True when a CUDA device can be used: never, in a build without CUDA."""
    return False


def device_count():
    """The number of CUDA devices: 0 without CUDA."""
    return 0


def current_device():
    """The index of the selected device (needs CUDA)."""
    _lazy_init()


def set_device(device):
    """Select the device new CUDA tensors go to; a negative index changes nothing."""
    if device >= 0:
        _lazy_init()


@contextlib.contextmanager
def device(idx):
    """Context manager that selects device `idx` while it is open; -1 stays where it is, which is
    what CPU code passes, so only a real index needs CUDA."""
    if idx != -1:
        _lazy_init()
    yield


@contextlib.contextmanager
def device_of(obj):
    """Context manager that selects the device of a CUDA tensor or storage; for a CPU object it
    changes nothing."""
    if obj.is_cuda:
        _lazy_init()
    yield


def synchronize():
    """Wait for all work on the current device to finish (needs CUDA)."""
    _lazy_init()


def current_stream():
    """The selected CUDA stream (needs CUDA)."""
    _lazy_init()


def current_blas_handle():
    """The cuBLAS handle of the current device (needs CUDA)."""
    _lazy_init()


def _host_allocator():
    """The allocator of page-locked host memory that `pin_memory()` uses (needs CUDA)."""
    _lazy_init()


# Random numbers: each device has its own generator. Seeding all of them is a no-op when there are
# none, so that programs written for both CPU and GPU seed unconditionally; the rest needs CUDA.

def manual_seed(seed):
    """Seed the generator of the current device (needs CUDA)."""
    _lazy_init()


def manual_seed_all(seed):
    """Seed the generators of every device: none here, so nothing happens."""


def seed():
    """Seed the current device's generator from a random number (needs CUDA)."""
    _lazy_init()


def seed_all():
    """Seed every device's generator from a random number: none here, so nothing happens."""


def initial_seed():
    """The seed of the current device's generator (needs CUDA)."""
    _lazy_init()


def get_rng_state():
    """The state of the current device's generator, as a ByteTensor (needs CUDA)."""
    _lazy_init()


def set_rng_state(new_state):
    """Restore the current device's generator (needs CUDA)."""
    _lazy_init()


class Stream(object):
    """Stream(device=-1, priority=0): a CUDA stream, a queue of work on one device (needs CUDA)."""

    def __new__(cls, device=-1, priority=0, **kwargs):
        _lazy_init()


class Event(object):
    """Event(enable_timing=False, blocking=False, interprocess=False): a marker in a stream
    (needs CUDA)."""

    def __new__(cls, enable_timing=False, blocking=False, interprocess=False):
        _lazy_init()


################################################################################
# The CUDA classes: nameable, but making one needs a device
################################################################################

class _CudaBase(object):
    is_cuda = True
    is_sparse = False

    def __new__(cls, *args, **kwargs):
        _lazy_init()

    def get_device(self):
        """The index of the device this object lives on."""
        _lazy_init()

    def type(self, *args, **kwargs):
        _lazy_init()


def _cuda_tensor_class(name, storage_class):
    return type(name, (_CudaBase, _TensorBase), {
        '__module__': __name__,
        '__doc__': 'A tensor of {} elements on a CUDA device.'.format(name[:-len('Tensor')]),
        'storage_type': classmethod(lambda cls: storage_class),
        'is_signed': lambda self: name not in ('ByteTensor', 'CharTensor'),
    })


def _cuda_storage_class(name):
    return type(name, (_CudaBase, _StorageBase), {
        '__module__': __name__,
        '__doc__': 'A storage of {} elements on a CUDA device.'.format(name[:-len('Storage')]),
    })


_TYPE_NAMES = ('Double', 'Float', 'Half', 'Long', 'Int', 'Short', 'Char', 'Byte')

DoubleStorage = _cuda_storage_class('DoubleStorage')
FloatStorage = _cuda_storage_class('FloatStorage')
HalfStorage = _cuda_storage_class('HalfStorage')
LongStorage = _cuda_storage_class('LongStorage')
IntStorage = _cuda_storage_class('IntStorage')
ShortStorage = _cuda_storage_class('ShortStorage')
CharStorage = _cuda_storage_class('CharStorage')
ByteStorage = _cuda_storage_class('ByteStorage')

DoubleTensor = _cuda_tensor_class('DoubleTensor', DoubleStorage)
FloatTensor = _cuda_tensor_class('FloatTensor', FloatStorage)
HalfTensor = _cuda_tensor_class('HalfTensor', HalfStorage)
LongTensor = _cuda_tensor_class('LongTensor', LongStorage)
IntTensor = _cuda_tensor_class('IntTensor', IntStorage)
ShortTensor = _cuda_tensor_class('ShortTensor', ShortStorage)
CharTensor = _cuda_tensor_class('CharTensor', CharStorage)
ByteTensor = _cuda_tensor_class('ByteTensor', ByteStorage)

# `torch_early.is_tensor` and `is_storage` know these classes, as the era's did.
torch_early._storage_classes.update(globals()[t + 'Storage'] for t in _TYPE_NAMES)
torch_early._tensor_classes.update(globals()[t + 'Tensor'] for t in _TYPE_NAMES)

from . import comm  # noqa: E402,F401
from . import sparse  # noqa: E402,F401
