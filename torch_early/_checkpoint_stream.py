"""The single-stream checkpoint format of 0.1.10-0.1.12, which save writes and load reads
(0.1.6-0.1.9 wrote a tar archive; serialization.py still reads it).

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

Numbers were native in 2017 (little-endian on every machine the era ran on); ours are always
little-endian with 8-byte longs, which is what sys_info records, so files move between machines.
"""
import struct
import sys

import torch_early

MAGIC_NUMBER = 0x1950a86a20f9469cfc6c
PROTOCOL_VERSION = 1001
SYS_INFO = {
    'protocol_version': PROTOCOL_VERSION,
    'little_endian': True,
    'type_sizes': {'short': 2, 'int': 4, 'long': 8},
}
_INT64 = struct.Struct('<q')


################################################################################
# Writing
################################################################################

def write_stream(obj, f, pickle_module, pickle_protocol, location_tag, module_id):
    """Write obj to the binary stream f in this format. location_tag(storage) names where a
    storage lives ('cpu'); module_id(item) is the persistent id of an nn.Module class seen for
    the first time, None for anything else (serialization.save passes both)."""
    roots = {}      # root key -> root storage, for every storage the object names

    def persistent_id(item):
        record = module_id(item)
        if record is not None:
            return record
        if type(item) in torch_early._storage_classes:
            root, offset = item._root_storage()
            root_key = str(root._cdata)
            roots[root_key] = root
            # A view keeps its own key, so that the same view named twice loads as one object.
            view = None if root._cdata == item._cdata else (str(item._cdata), offset, item.size())
            return ('storage', type(item), root_key, location_tag(item), root.size(), view)
        return None

    for header in (MAGIC_NUMBER, PROTOCOL_VERSION, SYS_INFO):
        pickle_module.dump(header, f, protocol=pickle_protocol)
    pickler = pickle_module.Pickler(f, protocol=pickle_protocol)
    pickler.persistent_id = persistent_id
    pickler.dump(obj)       # tensors reduce to _utils._rebuild_tensor(storage, ...)

    keys = sorted(roots)
    pickle_module.dump(keys, f, protocol=pickle_protocol)
    for key in keys:
        root = roots[key]
        f.write(_INT64.pack(root.size()))
        f.write(little_endian_elements(root))


def little_endian_elements(storage):
    """The elements of storage as little-endian bytes: a view of the storage's own memory on a
    little-endian machine (a large model is not copied to be written), a converted copy on a
    big-endian one."""
    tensor_class = _tensor_class_of(type(storage))
    elements = memoryview(tensor_class().set_(storage)).cast('B')
    if sys.byteorder == 'big' and storage.element_size() > 1:
        # Read as little-endian, the native bytes give a storage whose native bytes are the
        # little-endian encoding of the original elements.
        elements = memoryview(tensor_class().set_(
            type(storage).from_buffer(bytes(elements), 'little'))).cast('B')
    return elements


def _tensor_class_of(storage_class):
    return getattr(torch_early, storage_class.__name__.replace('Storage', 'Tensor'))


################################################################################
# Reading
################################################################################


def looks_like_tar(head):
    """Whether the first 512 bytes of a file are a tar header (the format of 0.1.6-0.1.9), by the
    'ustar' magic that every archive the era wrote carries; anything else is read as this
    format, as the era's load fell back to it when tarfile gave up."""
    return head[257:262] == b'ustar'


def complete_line(line):
    """A line of a text opcode (GLOBAL, INT, ...) as the unpickler reads it. Cut by the end of
    the file it is truncation, said so here: the Python unpickler would otherwise look up the cut
    name (an empty line is an empty name to it)."""
    if not line.endswith(b'\n'):
        raise EOFError("pickle data was truncated: a line ends without its newline")
    return line


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
        return complete_line(self.f.readline(limit))

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

    try:
        magic = unpickle('the magic number')
    except RuntimeError as error:
        raise RuntimeError("not a torch_early checkpoint: the file starts with neither a tar "
                           "header (0.1.6-0.1.9) nor the magic number of 0.1.10-0.1.12 ({})"
                           .format(error)) from None
    if magic != MAGIC_NUMBER:
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
        # A CUDA storage is read on the CPU first (its class of the same name), then placed at
        # its location by restore, as the era did.
        storage_class = getattr(torch_early, storage_class.__name__)
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
        return self.restore(storage_class(size), location)

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
