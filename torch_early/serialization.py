"""save and load: objects holding tensors, storages and nn modules, in the formats of the 0.1 line.

save writes the single-stream format of 0.1.10-0.1.12 (_checkpoint_stream.py: a magic number,
the protocol version, sys_info, the pickled object with every storage and nn.Module class as a
persistent id, the list of storage keys, then the storages' elements). load reads it and the tar
archive that 0.1.6-0.1.9 wrote, which this file reads (docs/serialization.md has both layouts):
  sys_info  a pickled dict: the format's protocol version, byte order and C type sizes;
  pickle    the object itself, with every tensor, storage and nn.Module class replaced by a
            persistent id (a tensor or storage by str(_cdata), a Module class by its source);
  tensors   a count, then per tensor (key, storage key, class) and its sizes, strides and offset;
  storages  a count, then per root storage (key, location, class) and its elements; then the
            list of views (view key, root key, offset, size), so that views stay views.

save signs what it writes with this user's key, and writes to a path through a temporary file
renamed over it once complete (_checkpoint_trust). load trusts a file this user signed in full, as
the era trusted every file; any other file goes through the safe loader (_safe_unpickler.py),
which rebuilds only torch_early's own classes, NumPy arrays and plain containers, and never calls
a constructor with the file's arguments, so that the file can neither run code nor make load
allocate more than it holds. Other globals need add_safe_globals, load(f, weights_only=False),
or a trusted run (`_TRUST_VARIABLE`).
"""
import contextlib
import difflib
import inspect
import io
import os
import pickle
import shutil
import struct
import tarfile
import tempfile
import warnings

import torch_early
from . import _checkpoint_stream as _stream
from . import _checkpoint_trust as _trust

DEFAULT_PROTOCOL = 2

# What save writes: the single-stream format's magic number and version (as in 0.1.12).
MAGIC_NUMBER = _stream.MAGIC_NUMBER
PROTOCOL_VERSION = _stream.PROTOCOL_VERSION
# The tar archive of 0.1.6-0.1.9 that load still reads records version 1000 in its sys_info.
_TAR_PROTOCOL_VERSION = 1000
_MEMBERS = ('sys_info', 'pickle', 'tensors', 'storages')

# Set to 1 (or run under `python -m torch_early.as_torch --trust-checkpoints`), every load of
# the run trusts its file, as load(f, weights_only=False) does.
from ._safe_unpickler import TRUST_VARIABLE as _TRUST_VARIABLE  # noqa: E402

# A tensor has at most this many dimensions; a file claiming more is corrupt.
_MAX_DIMS = 64

_INT64 = struct.Struct('<q')


class SourceChangeWarning(Warning):
    """The source of a saved nn.Module class differs from the class loaded now."""


################################################################################
# Locations: where a storage lives ('cpu' or 'cuda:<device>'), and how to restore it there
################################################################################

_package_registry = []


def register_package(priority, tagger, deserializer):
    """Teach save and load a kind of storage: `tagger(storage)` returns its location tag (or
    None when not its kind), `deserializer(storage, location)` moves a loaded CPU storage there
    (or returns None when the tag is not its own). Lower priorities are asked first."""
    _package_registry.append((priority, tagger, deserializer))
    _package_registry.sort(key=lambda entry: entry[0])


def _cpu_tag(storage):
    if not storage.is_cuda:
        return 'cpu'


def _cuda_tag(storage):
    if storage.is_cuda:
        return 'cuda:' + str(storage.get_device())


def _cpu_deserialize(storage, location):
    if location == 'cpu':
        return storage


def _cuda_deserialize(storage, location):
    if location.startswith('cuda:'):
        device = location[len('cuda:'):]
        if not device.isdigit():
            raise RuntimeError("corrupt checkpoint: the location {!r} names no device"
                               .format(location))
        return storage.cuda(int(device))


register_package(10, _cpu_tag, _cpu_deserialize)
register_package(20, _cuda_tag, _cuda_deserialize)


def location_tag(storage):
    """The location tag of `storage`: 'cpu' for every torch_early storage."""
    for _, tagger, _ in _package_registry:
        location = tagger(storage)
        if location:
            return location
    raise RuntimeError("don't know how to determine the location of " +
                       torch_early.typename(storage))


def default_restore_location(storage, location):
    """`storage` (loaded on the CPU) moved to `location` by the registered packages."""
    for _, _, deserializer in _package_registry:
        result = deserializer(storage, location)
        if result is not None:
            return result
    raise RuntimeError("don't know how to restore data location of {} (tagged with {!r})"
                       .format(torch_early.typename(storage), location))


class _CallerError(RuntimeError):
    """An error of map_location (the caller's code, or a location it cannot place), carried
    through the readers untouched: _reading turns only the file's faults into corrupt-file
    errors, and load raises the original."""

    def __init__(self, error):
        super(_CallerError, self).__init__(str(error))
        self.error = error


def _restorer(map_location):
    """The function (storage, location) -> storage that load applies to every root storage."""
    if map_location is None:
        place = default_restore_location
    elif isinstance(map_location, dict):
        def place(storage, location):
            return default_restore_location(storage, map_location.get(location, location))
    elif callable(map_location):
        def place(storage, location):
            # A falsy answer from the user's function means "do the default".
            result = map_location(storage, location)
            return result if result else default_restore_location(storage, location)
    else:
        raise TypeError("map_location should be a dict, a function (storage, location) -> "
                        "storage or None, but got " + torch_early.typename(map_location))

    def restore(storage, location):
        try:
            result = place(storage, location)
            if not torch_early.is_storage(result):
                raise TypeError("map_location returned {} for a storage; a storage was expected"
                                .format(torch_early.typename(result)))
        except Exception as error:
            raise _CallerError(error) from None
        return result
    return restore


################################################################################
# The safe unpickler: torch_early/_safe_unpickler.py
################################################################################

from ._safe_unpickler import (  # noqa: E402
    add_safe_globals, get_safe_globals, clear_safe_globals,
    ReadFirstUnpickler as _ReadFirstUnpickler, unpickler_class as _unpickler_class)


################################################################################
# save
################################################################################

_DTYPES = ('Double', 'Float', 'Half', 'Long', 'Int', 'Short', 'Char', 'Byte')


def _tensor_class_by_storage():
    """{FloatStorage: FloatTensor, ...}: the dense CPU classes, the ones a file holds."""
    return {getattr(torch_early, name + 'Storage'): getattr(torch_early, name + 'Tensor')
            for name in _DTYPES}


def _source_of(module_class):
    """(source file, source) of an nn.Module class, or (None, None) with a warning when the
    source cannot be read (a class typed at the interactive prompt)."""
    try:
        return inspect.getsourcefile(module_class), inspect.getsource(module_class)
    except (OSError, TypeError):
        warnings.warn("Couldn't retrieve source code for container of type {}. It won't be "
                      "checked for correctness upon loading.".format(module_class.__name__))
        return None, None


def _module_id_writer():
    """persistent_id's part for nn.Module classes: the first time a class is seen, its id
    ('module', class, source file, source), so that load can warn when the source changed; None
    afterwards (the class object inside that id then pickles as an ordinary global)."""
    from .nn import Module
    seen = set()

    def module_id(item):
        if not (isinstance(item, type) and issubclass(item, Module)) or item in seen:
            return None
        seen.add(item)
        source_file, source = _source_of(item)
        return ('module', item, source_file, source)
    return module_id


def save(obj, f, pickle_module=pickle, pickle_protocol=DEFAULT_PROTOCOL):
    """Save `obj` (tensors, storages, nn modules, containers of them, ...) to `f`: a file name
    or a binary file object opened for writing."""
    def write_payload(stream):
        _stream.write_stream(obj, stream, pickle_module, pickle_protocol, location_tag,
                             _module_id_writer())

    def payload_size():
        counter = _trust.ByteCounter()
        write_payload(counter)
        return counter.count

    if isinstance(f, (str, bytes, os.PathLike)):
        # beside the path first, renamed over it once complete (see _checkpoint_trust)
        _trust.write_signed(f, write_payload, payload_size)
        return
    # A file object: staged in a temporary file, so that a pickling error writes nothing to f.
    with tempfile.TemporaryFile() as staged:
        write_payload(staged)
        _trust.append_signature(staged, 0, _trust.signing_key())
        staged.seek(0)
        shutil.copyfileobj(staged, f)


################################################################################
# load
################################################################################

@contextlib.contextmanager
def _reading(what):
    """Whatever the bytes of a broken file make tarfile, struct or the unpickler raise while
    `what` is read (UnicodeDecodeError, OverflowError, OSError, ValueError, KeyError, ...)
    becomes the RuntimeError the documentation promises, naming what was read and the original
    error. Our own checks raise RuntimeError already; a refused global stays an UnpicklingError;
    running out of memory is no fault of the file (no count in it can make load allocate more
    than the file holds)."""
    try:
        yield
    except (RuntimeError, MemoryError):
        raise
    except Exception as error:
        if hasattr(error, 'refused_global'):
            raise
        raise RuntimeError("corrupt or truncated checkpoint: {} failed ({}: {})"
                           .format(what, type(error).__name__, error)) from error


class _MemberReader(object):
    """Reads one tar member, knowing how many bytes remain, so that no size field in the file
    can make load allocate more than the file holds or read past the member."""

    def __init__(self, tar, name, unpickler_class):
        with _reading("finding the member '{}'".format(name)):
            try:
                info = tar.getmember(name)
            except KeyError:
                raise RuntimeError("not a torch_early checkpoint: the archive has no '{}' member"
                                   .format(name)) from None
            if not info.isfile():
                raise RuntimeError("corrupt checkpoint: the member '{}' is not a file"
                                   .format(name))
            self.stream = tar.extractfile(info)
        self.name = name
        self.size = info.size
        self.unpickler_class = unpickler_class

    def remaining(self):
        return self.size - self.stream.tell()

    def read(self, count, what):
        if count > self.remaining():
            raise RuntimeError("corrupt or truncated checkpoint: {} needs {} bytes but the member "
                               "'{}' holds only {} more".format(what, count, self.name,
                                                                self.remaining()))
        with _reading("reading the member '{}'".format(self.name)):
            data = self.stream.read(count)
        if len(data) != count:
            raise RuntimeError("truncated checkpoint: the member '{}' ends early".format(self.name))
        return data

    def read_int64s(self, count, what):
        data = self.read(8 * count, what)
        return [value for (value,) in _INT64.iter_unpack(data)]

    def unpickle(self, persistent_load=None):
        with _reading("unpickling the member '{}'".format(self.name)):
            unpickler = self.unpickler_class(_BoundedStream(self))
            if persistent_load is not None:
                unpickler.persistent_load = persistent_load
            return unpickler.load()


class _BoundedStream(object):
    """A member's stream as the unpickler reads it: no read asks for more bytes than the member
    still holds (the stream would allocate whatever count a corrupt pickle gives first)."""

    def __init__(self, reader):
        self.reader = reader

    def read(self, count=-1):
        remaining = self.reader.remaining()
        if count is None or count < 0 or count > remaining:
            count = remaining
        return self.reader.stream.read(count)

    def readline(self, limit=-1):
        return _stream.complete_line(self.reader.stream.readline(limit))


def _trusted_run():
    return os.environ.get(_TRUST_VARIABLE) == '1'


def load(f, map_location=None, pickle_module=pickle, weights_only=None):
    """Load an object saved by save from `f` (a file name or a binary file object).

    map_location remaps where storages go: a dict of location tags ({'cuda:1': 'cpu'}) or a
    function (storage, location) -> storage (a falsy answer does the default).
    weights_only=True rebuilds only torch_early's classes and plain containers;
    weights_only=False trusts the file and rebuilds any class, running its code. Left out
    (None), it is True, unless the environment variable TORCH_EARLY_TRUST_CHECKPOINTS=1 (set by
    `python -m torch_early.as_torch --trust-checkpoints`) trusts the files of the run; an
    explicit True stays safe even then."""
    restore = _restorer(map_location)
    try:
        if isinstance(f, (str, bytes, os.PathLike)):
            with open(f, 'rb') as opened:
                return _load(opened, restore, pickle_module, _is_safe(opened, weights_only))
        if not _seekable(f):
            f = io.BytesIO(f.read())     # read out of order (signature, tar): kept in memory
        return _load(f, restore, pickle_module, _is_safe(f, weights_only))
    except _CallerError as wrapped:
        raise wrapped.error


def _seekable(f):
    try:
        return f.seekable() if hasattr(f, 'seekable') else (f.seek(f.tell()), True)[1]
    except (OSError, AttributeError, ValueError):
        return False


def _is_safe(stream, weights_only):
    """Whether the file goes through the safe loader: what weights_only says when it is given;
    otherwise not for a run that trusts its checkpoints, nor for a file that this user signed
    (_checkpoint_trust); any other file is loaded safely."""
    if weights_only is not None:
        return weights_only
    if _trusted_run():
        return False
    return not _trust.signed_by_this_user(stream)


def _load(f, restore, pickle_module, safe):
    unpickler_class = _unpickler_class(pickle_module, safe)
    start = f.tell()
    head = f.read(512)
    f.seek(start)
    if not _stream.looks_like_tar(head):     # the format of 0.1.10-0.1.12
        return _stream.read_stream(f, restore, unpickler_class, _check_module_source, _reading)
    with _reading('opening the archive'):
        try:
            tar = tarfile.open(fileobj=f, mode='r:', format=tarfile.PAX_FORMAT)
        except tarfile.TarError as error:
            raise RuntimeError("not a torch_early checkpoint (not a tar archive, or a truncated "
                               "one): {}".format(error)) from None
    with tar:
        return _read_archive(tar, restore, unpickler_class)


def _read_archive(tar, restore, unpickler_class):
    with _reading('reading the archive'):
        infos = tar.getmembers()
    for info in infos:
        if info.name not in _MEMBERS:
            raise RuntimeError("not a torch_early checkpoint: unexpected member '{}' in the "
                               "archive".format(info.name))

    sys_info = _MemberReader(tar, 'sys_info', unpickler_class).unpickle()
    if not isinstance(sys_info, dict) or sys_info.get('protocol_version') != _TAR_PROTOCOL_VERSION:
        raise RuntimeError("not a torch_early checkpoint: unknown format (sys_info {!r})"
                           .format(sys_info))
    if not sys_info.get('little_endian') or sys_info.get('type_sizes', {}).get('long') != 8:
        raise RuntimeError("unsupported checkpoint: its numbers are not little-endian 64-bit "
                           "(sys_info {!r})".format(sys_info))

    storages = _read_storages(_MemberReader(tar, 'storages', unpickler_class), restore)
    tensors = _read_tensors(_MemberReader(tar, 'tensors', unpickler_class), storages)
    objects = dict(storages)
    objects.update(tensors)

    def persistent_load(saved_id):
        if isinstance(saved_id, tuple) and len(saved_id) == 4 and saved_id[0] == 'module':
            _, module_class, source_file, source = saved_id
            _check_module_source(module_class, source_file, source)
            return module_class
        if isinstance(saved_id, str) and saved_id in objects:
            return objects[saved_id]
        raise RuntimeError("corrupt checkpoint: unknown persistent id {!r}".format(saved_id))

    return _MemberReader(tar, 'pickle', unpickler_class).unpickle(persistent_load)


def _read_count(reader, what):
    count = reader.unpickle()
    if type(count) is not int or count < 0:
        raise RuntimeError("corrupt checkpoint: the number of {} is {!r}".format(what, count))
    return count


def _read_storages(reader, restore):
    """The storages member: every root storage (restored to its location), then the views."""
    storages = {}
    storage_classes = _tensor_class_by_storage()
    for _ in range(_read_count(reader, 'storages')):
        record = reader.unpickle()
        if (not isinstance(record, tuple) or len(record) != 3 or not isinstance(record[1], str)
                or record[2] not in storage_classes):
            raise RuntimeError("corrupt checkpoint: bad storage record {!r}".format(record))
        key, location, storage_class = record
        (count,) = reader.read_int64s(1, 'the size of storage ' + str(key))
        element_size = storage_class(0).element_size()
        if count < 0:
            raise RuntimeError("corrupt checkpoint: storage {} has size {}".format(key, count))
        data = reader.read(count * element_size,
                           'storage {} of {} elements'.format(key, count))
        storage = storage_class.from_buffer(data, 'little') if count else storage_class(0)
        storages[key] = restore(storage, location)
    views = reader.unpickle()
    if not isinstance(views, list):
        raise RuntimeError("corrupt checkpoint: bad list of storage views")
    for view in views:
        if (not isinstance(view, tuple) or len(view) != 4 or view[1] not in storages
                or any(type(number) is not int or number < 0 for number in view[2:])
                or view[2] + view[3] > storages[view[1]].size()):
            raise RuntimeError("corrupt checkpoint: bad storage view {!r}".format(view))
        view_key, root_key, offset, size = view
        storages[view_key] = storages[root_key][offset:offset + size]
    return storages


def _read_tensors(reader, storages):
    """The tensors member: each tensor set on its storage, with checked sizes and strides."""
    tensors = {}
    tensor_classes = _tensor_class_by_storage()
    for _ in range(_read_count(reader, 'tensors')):
        record = reader.unpickle()
        if (not isinstance(record, tuple) or len(record) != 3 or record[1] not in storages
                or record[2] not in tensor_classes.values()):
            raise RuntimeError("corrupt checkpoint: bad tensor record {!r}".format(record))
        key, storage_key, _ = record
        storage = storages[storage_key]
        (dims,) = reader.read_int64s(1, 'the dimensions of tensor ' + str(key))
        if not 0 <= dims <= _MAX_DIMS:
            raise RuntimeError("corrupt checkpoint: tensor {} has {} dimensions".format(key, dims))
        numbers = reader.read_int64s(2 * dims + 1, 'the shape of tensor ' + str(key))
        sizes, strides, offset = numbers[:dims], numbers[dims:2 * dims], numbers[-1]
        _check_tensor_fits(key, sizes, strides, offset, storage)
        # The class follows the storage, so a storage that map_location moved keeps its tensors.
        tensors[key] = tensor_classes[type(storage)]().set_(storage, offset, torch_early.Size(sizes),
                                           tuple(strides))
    return tensors


def _check_tensor_fits(key, sizes, strides, offset, storage):
    if any(size < 0 for size in sizes) or any(stride < 0 for stride in strides) or offset < 0:
        raise RuntimeError("corrupt checkpoint: tensor {} has sizes {}, strides {}, offset {}"
                           .format(key, sizes, strides, offset))
    if 0 in sizes or not sizes:
        return
    last = offset + sum((size - 1) * stride for size, stride in zip(sizes, strides))
    if last >= storage.size():
        raise RuntimeError("corrupt checkpoint: tensor {} (sizes {}, strides {}, offset {}) "
                           "reaches past its storage of {} elements"
                           .format(key, sizes, strides, offset, storage.size()))


def _check_module_source(module_class, source_file, saved_source):
    """Warn (SourceChangeWarning) when the class's source now differs from the saved one; with
    `module_class.dump_patches`, also write <Name>.patch, a patch that restores the saved source."""
    if saved_source is None:
        return
    try:
        current_source = inspect.getsource(module_class)
    except (OSError, TypeError):
        return
    if current_source == saved_source:
        return
    if getattr(module_class, 'dump_patches', False):
        advice = _write_reverse_patch(module_class, source_file, current_source, saved_source)
    else:
        advice = ("The saved source is in the file; set `{}.nn.Module.dump_patches = True` to "
                  "write a patch that restores it.".format(torch_early._C._public_name()))
    warnings.warn("source code of class '{}' has changed since it was saved. {}"
                  .format(torch_early.typename(module_class), advice), SourceChangeWarning)


def _write_reverse_patch(module_class, source_file, current_source, saved_source):
    file_name = module_class.__name__ + '.patch'
    diff = '\n'.join(difflib.unified_diff(current_source.split('\n'), saved_source.split('\n'),
                                          source_file, source_file, lineterm=''))
    try:
        with open(file_name, 'a+') as patch:
            patch.seek(0)
            existing = patch.read()
            if existing and existing != diff:
                raise IOError(file_name + ' exists with other content')
            if not existing:
                patch.write(diff)
    except IOError:
        return ("Tried to save a patch, but couldn't create a writable file {}: make sure it "
                "doesn't exist and the working directory is writable.".format(file_name))
    return "Saved a reverse patch to {0}; run `patch -p0 < {0}` to revert your changes.".format(
        file_name)
