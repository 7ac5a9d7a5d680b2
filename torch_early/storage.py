"""The Python half of every storage class.

`torch_early.FloatStorage` is `(_C.FloatStorageBase, _StorageBase)`. A storage is the flat, typed
block of memory behind tensors; the C base type holds it (size, indexing, slicing into view
storages, `fill_`, `copy_`, `resize_`), and this mixin adds printing, iteration, copying, pickling
and type conversion.
"""
import torch_early
from ._utils import _type, _cuda, _pin_memory, _get_device, _range


class _StorageBase(object):
    is_cuda = False
    is_sparse = False

    def __str__(self):
        # One element per line, each after a space, then the trailer (no surrounding newlines).
        content = ' ' + '\n '.join(str(value) for value in self)
        return content + '\n[{} of size {}]'.format(torch_early.typename(self), self.size())

    __repr__ = __str__

    def __iter__(self):
        return (self[i] for i in _range(self.size()))

    def tolist(self):
        """The elements as a list of Python numbers."""
        return [self[i] for i in _range(self.size())]

    def clone(self):
        """A new storage of the same type and size holding a copy of the elements."""
        result = type(self)(self.size())
        result.copy_(self)
        return result

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        """A clone, made once per storage within one deepcopy call (remembered in memo['torch']),
        so that tensors sharing this storage share its copy."""
        table = memo.setdefault('torch', {})
        key = _storage_key(self)
        if key in table:
            return table[key]
        result = self.clone()
        table[key] = result
        return result

    def __reduce__(self):
        return type(self), (self.tolist(),)

    # ---- shared memory (torch_early.multiprocessing) ------------------------------------------

    def share_memory_(self):
        """Moves this storage into shared memory, in place (tensors over it follow), by the
        current sharing strategy of torch_early.multiprocessing; nothing to do when it is there
        already. A shared storage can no longer be resized. Returns self."""
        from torch_early.multiprocessing import _share_storage
        _share_storage(self)
        return self

    @classmethod
    def _new_shared(cls, size):
        """A new storage of `size` elements made directly in shared memory (current strategy)."""
        from torch_early.multiprocessing import _new_shared_storage
        return _new_shared_storage(cls, size)

    # ---- type conversion ----------------------------------------------------------------------

    type = _type

    def cpu(self):
        """This storage on the CPU: itself, as every torch_early storage lives there."""
        return self.type(getattr(torch_early, self.__class__.__name__))

    cuda = _cuda
    get_device = _get_device
    pin_memory = _pin_memory

    def _cast(self, name):
        return self.type(self.__module__ + '.' + name)

    def double(self):
        """This storage as a DoubleStorage."""
        return self._cast('DoubleStorage')

    def float(self):
        """This storage as a FloatStorage."""
        return self._cast('FloatStorage')

    def half(self):
        """This storage as a HalfStorage."""
        return self._cast('HalfStorage')

    def long(self):
        """This storage as a LongStorage."""
        return self._cast('LongStorage')

    def int(self):
        """This storage as an IntStorage."""
        return self._cast('IntStorage')

    def short(self):
        """This storage as a ShortStorage."""
        return self._cast('ShortStorage')

    def char(self):
        """This storage as a CharStorage."""
        return self._cast('CharStorage')

    def byte(self):
        """This storage as a ByteStorage."""
        return self._cast('ByteStorage')


def _storage_key(storage):
    """What identifies a storage in a deepcopy memo: its C object when exposed (`_cdata`), else
    its memory (type, address, size); an empty storage has no address and stands for itself."""
    cdata = getattr(storage, '_cdata', None)
    if cdata is not None:
        return ('storage', cdata)
    if storage.data_ptr() == 0:
        return ('storage', id(storage))
    return ('storage', type(storage).__name__, storage.data_ptr(), storage.size())
