"""torch_early._thnn: the THNN kernels, one backend per float type, as torch_early.nn calls them.

    backend = type2backend[type(input)]          # or 'torch.FloatTensor', or 'THNNFloatBackend'
    backend.Abs_updateOutput(backend.library_state, input, output)

calls _THNN.FloatAbs_updateOutput, the binding cwrap generates (cwrap/thnn.py) for
THNN_FloatAbs_updateOutput. The functions live in the extension, in the module _C._THNN, which
is also torch_early._thnn._THNN (one extension: a second one would link a second copy of TH and
its state). A backend finds its functions the first time one is asked for, under a lock, so that
threads sharing it load it once; then they are plain attributes of it.
"""
import collections.abc
import sys
import threading

import torch_early
from .._C import _THNN

sys.modules[__name__ + '._THNN'] = _THNN

FLOAT_TYPES = ('Float', 'Double')


class MissingFunctionError(AttributeError, NotImplementedError):
    """A function THNN does not have: an AttributeError (hasattr is False), and the
    NotImplementedError the era's backends raised."""


class Backend(object):
    """The THNN functions of one float type, under the names of the header: for the Float
    backend, Abs_updateOutput is _THNN.FloatAbs_updateOutput."""

    def __init__(self, float_type):
        self.float_type = float_type
        self.name = 'THNN%sBackend' % float_type
        self._functions = None
        self._lock = threading.Lock()

    @property
    def library_state(self):
        """The first argument of every function: the CPU kernels take no state (0)."""
        return 0

    def _load(self):
        """{name: function} for every function of this float type in _THNN, which also become
        attributes of the backend (found without __getattr__ from then on)."""
        with self._lock:
            if self._functions is None:
                prefix = self.float_type
                functions = {name[len(prefix):]: getattr(_THNN, name)
                             for name in dir(_THNN) if name.startswith(prefix)}
                self.__dict__.update(functions)
                self._functions = functions
        return self._functions

    def __getattr__(self, name):
        """Called only for a name that is not an attribute yet: loads the functions."""
        if name.startswith('_'):   # (copy and pickle probe for special methods)
            raise AttributeError(name)
        try:
            return self._load()[name]
        except KeyError:
            raise MissingFunctionError("%s has no function %r: THNN declares no THNN_%s%s"
                                       % (self.name, name, self.float_type, name)) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._load()))

    def __repr__(self):
        return '<torch_early._thnn backend %s>' % self.name

    def __reduce__(self):
        """Copies and pickles are the backend itself: one per float type."""
        return _backend_named, (self.name,)


def _backend_named(name):
    return type2backend[name]


class NoBackendError(KeyError, TypeError):
    """A tensor type THNN has no kernels for (an integer type, Half): a KeyError, as the era's
    type2backend lookup raised, and a TypeError, as a wrong argument type is everywhere else
    (F.cross_entropy of a LongTensor). Its message is printed as written, without KeyError's
    quotes."""
    __str__ = BaseException.__str__


class Backends(collections.abc.Mapping):
    """The backend of each float type, by tensor class (torch_early.FloatTensor), by type string
    ('torch.FloatTensor', as the era's code wrote it, or 'torch_early.FloatTensor') and by
    backend name ('THNNFloatBackend')."""

    def __init__(self):
        self._backends = {}
        for float_type in FLOAT_TYPES:
            backend = Backend(float_type)
            tensor_class = getattr(torch_early, float_type + 'Tensor')
            for key in (tensor_class, 'torch.%sTensor' % float_type,
                        'torch_early.%sTensor' % float_type, backend.name):
                self._backends[key] = backend

    def __getitem__(self, key):
        try:
            return self._backends[key]
        except (KeyError, TypeError):
            name = key.__module__ + '.' + key.__name__ if isinstance(key, type) else repr(key)
            raise NoBackendError('THNN has no backend for %s: its kernels are for %s' % (
                name, ', '.join('torch.%sTensor' % t for t in FLOAT_TYPES))) from None

    def __iter__(self):
        return iter(self._backends)

    def __len__(self):
        return len(self._backends)


type2backend = Backends()
