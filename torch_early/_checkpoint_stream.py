"""Reading the single-stream checkpoint format of 0.1.10-0.1.12 (save in those releases wrote
it; 0.1.6-0.1.9 wrote the tar archive that serialization.py reads and writes).

The file is a sequence of pickles on one stream, then raw numbers:
  1. the magic number 0x1950a86a20f9469cfc6c;
  2. the protocol version, 1001;
  3. the sys_info dict (byte order and the sizes of C integer types);
  4. the object itself. Each storage in it is a persistent id
     ('storage', storage class, root key, location, root size, view), view being None or
     (view key, offset, size); each nn.Module class ('module', class, source file, source).
     Tensors are ordinary pickles: _utils._rebuild_tensor(storage, offset, size, stride);
  5. the list of the root storages' keys;
  6. for each of those keys in that order: the element count (int64) and the elements,
     little-endian.
The storages are allocated while the object is unpickled and filled afterwards, so every size is
checked against the bytes the file still holds before anything is allocated.
"""
import struct

import torch_early

MAGIC_NUMBER = 0x1950a86a20f9469cfc6c
PROTOCOL_VERSION = 1001
_INT64 = struct.Struct('<q')


def looks_like_stream(head):
    """Whether the first bytes of a file are a pickle (this format) rather than a tar header."""
    return head[:1] == b'\x80' and head[257:262] != b'ustar'


class _Remaining(object):
    """The file as the unpickler reads it: it never reads past the end, and knows how much of the
    file is left (no size in the file may ask for more than that)."""

    def __init__(self, f):
        self.f = f
        start = f.tell()
        self.end = f.seek(0, 2)
        f.seek(start)

    def left(self):
        return self.end - self.f.tell()

    def read(self, count=-1):
        if count is None or count < 0 or count > self.left():
            count = self.left()
        return self.f.read(count)

    def readline(self, limit=-1):
        return self.f.readline(limit)

    def read_exactly(self, count, what):
        if count > self.left():
            raise RuntimeError("corrupt or truncated checkpoint: {} needs {} bytes but the file "
                               "holds only {} more".format(what, count, self.left()))
        data = self.f.read(count)
        if len(data) != count:
            raise RuntimeError("truncated checkpoint: the file ends in {}".format(what))
        return data


def read_stream(f, restore, unpickler_class, check_module_source, reading):
    """The object saved in the single-stream format in f (seekable, at the format's first byte).
    restore(storage, location) places each storage; check_module_source(cls, file, source) warns
    when a saved module's source changed; reading(what) turns a broken file's errors into
    RuntimeErrors naming what was read (serialization._reading)."""
    stream = _Remaining(f)

    def unpickle(what, persistent_load=None):
        with reading(what):
            unpickler = unpickler_class(stream)
            if persistent_load is not None:
                unpickler.persistent_load = persistent_load
            return unpickler.load()

    if unpickle('the magic number') != MAGIC_NUMBER:
        raise RuntimeError("Invalid magic number; corrupt file?")
    protocol = unpickle('the protocol version')
    if protocol != PROTOCOL_VERSION:
        raise RuntimeError("Invalid protocol version: {!r}".format(protocol))
    sys_info = unpickle('sys_info')
    if (not isinstance(sys_info, dict) or not sys_info.get('little_endian')
            or not isinstance(sys_info.get('type_sizes'), dict)
            or sys_info['type_sizes'].get('long') != 8):
        raise RuntimeError("unsupported checkpoint: its numbers are not little-endian 64-bit "
                           "(sys_info {!r})".format(sys_info))

    roots = _Roots(stream, restore)

    def persistent_load(saved_id):
        if isinstance(saved_id, tuple) and len(saved_id) == 4 and saved_id[0] == 'module':
            _, module_class, source_file, source = saved_id
            check_module_source(module_class, source_file, source)
            return module_class
        if isinstance(saved_id, tuple) and len(saved_id) == 6 and saved_id[0] == 'storage':
            return roots.storage(*saved_id[1:])
        raise RuntimeError("corrupt checkpoint: unknown persistent id {!r}".format(saved_id))

    obj = unpickle('the object', persistent_load)
    keys = unpickle('the list of storage keys')
    if not isinstance(keys, list) or sorted(keys, key=str) != sorted(roots.keys(), key=str):
        raise RuntimeError("corrupt checkpoint: the list of storage keys {!r} is not the "
                           "storages the object names".format(keys))
    for key in keys:
        roots.fill(key)
    return obj


class _Roots(object):
    """The root storages the object names, allocated when first named and filled after the
    object, in the order of the list of keys."""

    def __init__(self, stream, restore):
        self.stream = stream
        self.restore = restore
        self.roots = {}     # key -> (storage as restored, its class in the file, size)
        self.views = {}     # view key -> storage

    def keys(self):
        return list(self.roots)

    def storage(self, storage_class, key, location, size, view):
        if storage_class not in torch_early._storage_classes or not isinstance(location, str) \
                or type(size) is not int or size < 0:
            raise RuntimeError("corrupt checkpoint: bad storage record {!r}".format(
                (storage_class, key, location, size, view)))
        if key not in self.roots:
            self.roots[key] = (self._allocate(storage_class, key, location, size),
                               storage_class, size)
        root, known_class, known_size = self.roots[key]
        if (known_class, known_size) != (storage_class, size):
            raise RuntimeError("corrupt checkpoint: storage {} is named with two sizes or "
                               "classes".format(key))
        if view is None:
            return root
        return self._view(root, key, view)

    def _allocate(self, storage_class, key, location, size):
        # The elements come after the object: the file must still hold at least that many bytes.
        needed = size * storage_class(0).element_size()
        if needed > self.stream.left():
            raise RuntimeError("corrupt or truncated checkpoint: storage {} of {} elements needs "
                               "{} bytes but the file holds only {} more".format(
                                   key, size, needed, self.stream.left()))
        storage = self.restore(storage_class(size), location)
        if type(storage) not in torch_early._storage_classes:
            raise TypeError("map_location returned {} for a storage; a storage was expected"
                            .format(torch_early.typename(storage)))
        return storage

    def _view(self, root, key, view):
        if (not isinstance(view, tuple) or len(view) != 3
                or any(type(number) is not int or number < 0 for number in view[1:])
                or view[1] + view[2] > root.size()):
            raise RuntimeError("corrupt checkpoint: bad view {!r} of storage {}".format(view, key))
        view_key, offset, size = view
        if view_key not in self.views:
            self.views[view_key] = root[offset:offset + size]
        return self.views[view_key]

    def fill(self, key):
        storage, storage_class, size = self.roots[key]
        (count,) = _INT64.unpack(self.stream.read_exactly(8, 'the size of storage ' + str(key)))
        if count != size:
            raise RuntimeError("corrupt checkpoint: storage {} has {} elements, but the object "
                               "named it with {}".format(key, count, size))
        if count == 0:
            return
        data = self.stream.read_exactly(count * storage_class(0).element_size(),
                                        'storage {} of {} elements'.format(key, count))
        # map_location may have placed the storage as another type: the file's elements convert
        storage.copy_(storage_class.from_buffer(data, 'little'))
