"""load reads the single-stream format of 0.1.10-0.1.12 (torch_early/_checkpoint_stream.py).

The files here are built by hand from the format's description, as those releases wrote them:
pickles of the magic number, the protocol version, sys_info, the object (storages as persistent
ids, tensors through torch._utils._rebuild_tensor, named as the era's files name them), the sorted
storage keys, then each storage's int64 element count and little-endian elements. The era's
classes are named through stand-ins registered as `torch` modules for the time of a test."""
import io
import pickle
import struct
import sys
import types
import warnings

import numpy
import pytest

import torch_early

MAGIC = 0x1950a86a20f9469cfc6c
SYS_INFO = {'protocol_version': 1001, 'little_endian': True,
            'type_sizes': {'short': 2, 'int': 4, 'long': 8}}
NUMPY_OF = {'Float': '<f4', 'Double': '<f8', 'Long': '<i8', 'Int': '<i4', 'Byte': 'u1'}


@pytest.fixture
def era_names(monkeypatch):
    """Stand-ins pickled as torch.FloatStorage, torch._utils._rebuild_tensor... (pickle writes a
    class as a global by its module and name; only the name reaches the file)."""
    torch_module = types.ModuleType('torch')
    utils_module = types.ModuleType('torch._utils')
    torch_module._utils = utils_module
    monkeypatch.setitem(sys.modules, 'torch', torch_module)
    monkeypatch.setitem(sys.modules, 'torch._utils', utils_module)

    def name(module, attribute):
        stand_in = type(attribute, (), {'__module__': module.__name__})
        setattr(module, attribute, stand_in)
        return stand_in
    names = {kind + 'Storage': name(torch_module, kind + 'Storage') for kind in NUMPY_OF}
    names['rebuild'] = name(utils_module, '_rebuild_tensor')
    names['Unknown'] = name(torch_module, 'NotAnythingOfOurs')
    return names


class Storage(object):
    """A storage as the era's save met it: its class name, root key, its root's elements (whose
    count is the size in its persistent id) and, for a view, (view key, offset, size)."""

    def __init__(self, kind, key, values, view=None):
        self.kind, self.key, self.values, self.view = kind, key, list(values), view


class Tensor(object):
    def __init__(self, storage, offset, size, stride):
        self.args = (storage, offset, tuple(size), tuple(stride))


def stream_file(obj, names, storages, magic=MAGIC, protocol=1001, sizes=None):
    """The bytes of a 0.1.12 checkpoint of obj (built of dicts, lists, numbers, Storage and Tensor)."""
    out = io.BytesIO()
    for value in (magic, protocol, SYS_INFO):
        pickle.dump(value, out, protocol=2)

    class Pickler(pickle.Pickler):
        def persistent_id(self, item):
            if isinstance(item, Storage):
                size = (sizes or {}).get(item.key, len(item.values))
                return ('storage', names[item.kind + 'Storage'], item.key, 'cpu', size, item.view)
            return None

        def reducer_override(self, item):
            if isinstance(item, Tensor):
                return names['rebuild'], item.args
            return NotImplemented

    Pickler(out, protocol=2).dump(obj)
    keys = sorted(set(storage.key for storage in storages))
    pickle.dump(keys, out, protocol=2)
    for key in keys:
        storage = next(s for s in storages if s.key == key)
        out.write(struct.pack('<q', len(storage.values)))
        out.write(numpy.array(storage.values, dtype=NUMPY_OF[storage.kind]).tobytes())
    return out.getvalue()


def test_tensors_storages_views_and_numbers_load_with_their_sharing(era_names):
    root = Storage('Float', '140001', [1, 2, 3, 4, 5, 6])
    doubles = Storage('Double', '140002', [0.5, 1.5, 2.5, 3.5])
    doubles_view = Storage('Double', '140002', doubles.values, view=('140003', 1, 2))
    obj = {'matrix': Tensor(root, 0, (2, 3), (3, 1)),
           'transposed': Tensor(root, 0, (3, 2), (1, 3)),
           'slice': doubles_view, 'epoch': 7, 'names': ['a', 'b']}
    data = stream_file(obj, era_names, [root, doubles])
    loaded = torch_early.load(io.BytesIO(data))
    assert type(loaded['matrix']) is torch_early.FloatTensor
    assert loaded['matrix'].tolist() == [[1, 2, 3], [4, 5, 6]]
    assert loaded['transposed'].tolist() == [[1, 4], [2, 5], [3, 6]]
    loaded['matrix'][0][1] = 20                             # one storage under both
    assert loaded['transposed'][1][0] == 20
    assert type(loaded['slice']) is torch_early.DoubleStorage and loaded['slice'].tolist() == [1.5, 2.5]
    assert loaded['epoch'] == 7 and loaded['names'] == ['a', 'b']


@pytest.mark.parametrize('kind', sorted(NUMPY_OF))
def test_every_dtype_from_a_path_and_from_a_stream_that_cannot_seek(era_names, tmp_path, kind):
    values = [0, 1, 2, 3, 100, 5]
    storage = Storage(kind, 'k', values)
    data = stream_file([Tensor(storage, 2, (2, 2), (2, 1))], era_names, [storage])
    path = tmp_path / 'era.pt'
    path.write_bytes(data)
    from_path = torch_early.load(str(path))[0]
    assert type(from_path).__name__ == kind + 'Tensor' and from_path.tolist() == [[2, 3], [100, 5]]

    class OneWay(io.RawIOBase):
        def __init__(self):
            self.source = io.BytesIO(data)

        def readable(self):
            return True

        def readinto(self, buffer):
            chunk = self.source.read(len(buffer))
            buffer[:len(chunk)] = chunk
            return len(chunk)
    assert torch_early.load(io.BufferedReader(OneWay()))[0].tolist() == [[2, 3], [100, 5]]


def test_map_location_as_a_dict_a_function_or_absent(era_names):
    storage = Storage('Float', 'k', [1, 2, 3])
    data = stream_file({'w': Tensor(storage, 0, (3,), (1,))}, era_names, [storage])
    seen = []

    def to_double(found, location):
        seen.append(location)
        return found.double()
    moved = torch_early.load(io.BytesIO(data), map_location=to_double)['w']
    assert seen == ['cpu'] and type(moved) is torch_early.DoubleTensor
    assert moved.tolist() == [1, 2, 3]
    assert torch_early.load(io.BytesIO(data), map_location={'cuda:0': 'cpu'})['w'].tolist() == [1, 2, 3]
    assert torch_early.load(io.BytesIO(data), map_location=lambda s, loc: None)['w'].tolist() == [1, 2, 3]


def test_a_wrong_magic_number_or_protocol_is_the_eras_error(era_names):
    storage = Storage('Float', 'k', [1])
    with pytest.raises(RuntimeError, match=r'^Invalid magic number; corrupt file\?$'):
        torch_early.load(io.BytesIO(stream_file([storage], era_names, [storage], magic=12345)))
    with pytest.raises(RuntimeError, match='Invalid protocol version: 999'):
        torch_early.load(io.BytesIO(stream_file([storage], era_names, [storage], protocol=999)))


def test_sizes_the_file_cannot_hold_are_refused_before_anything_is_allocated(era_names):
    storage = Storage('Double', 'k', [1, 2])
    data = stream_file([storage], era_names, [storage], sizes={'k': 2 ** 40})
    with pytest.raises(RuntimeError, match=r'storage k of 1099511627776 elements needs '
                                           r'8796093022208 bytes but the file holds only'):
        torch_early.load(io.BytesIO(data))
    # a view past its root, a tensor past its storage, a truncated storage, a missing key
    with pytest.raises(RuntimeError, match='bad view'):
        view = Storage('Double', 'k', storage.values, view=('v', 1, 5))
        torch_early.load(io.BytesIO(stream_file([storage, view], era_names, [storage])))
    with pytest.raises(RuntimeError, match='storage|size'):
        torch_early.load(io.BytesIO(stream_file([Tensor(storage, 1, (4,), (1,))], era_names,
                                                [storage])))
    whole = stream_file([storage], era_names, [storage])
    with pytest.raises(RuntimeError, match='truncated'):
        torch_early.load(io.BytesIO(whole[:-3]))


def test_a_class_the_safe_loader_does_not_know_is_refused(era_names):
    class Holder(object):
        def __reduce__(self):
            return era_names['Unknown'], ()
    storage = Storage('Float', 'k', [1])
    data = stream_file([storage, Holder()], era_names, [storage])
    with pytest.raises(pickle.UnpicklingError, match="'torch.NotAnythingOfOurs'"):
        torch_early.load(io.BytesIO(data))


# ---- what save writes ----------------------------------------------------------------------

def described_bytes(obj, storages):
    """The bytes the format's description gives for obj saved by torch_early, whose files name
    its own classes: the three header pickles spelled out opcode by opcode, the object with each
    storage a persistent id and each tensor _rebuild_tensor(storage, offset, size, stride), the
    sorted root keys, then each root's int64 count and little-endian elements."""
    header = (b'\x80\x02\x8a\x0a' + MAGIC.to_bytes(10, 'little') + b'.'    # LONG1, 10 bytes
              + b'\x80\x02M\xe9\x03.'                                     # BININT2 1001
              + pickle.dumps(SYS_INFO, protocol=2))
    out = io.BytesIO()

    class Pickler(pickle.Pickler):
        def persistent_id(self, item):
            if type(item) in torch_early._storage_classes:
                root, offset = item._root_storage()
                view = None if root._cdata == item._cdata else (str(item._cdata), offset,
                                                                 item.size())
                return ('storage', type(item), str(root._cdata), 'cpu', root.size(), view)
            return None

        def reducer_override(self, item):
            if type(item) in torch_early._tensor_classes:
                return torch_early._utils._rebuild_tensor, (
                    item.storage(), item.storage_offset(), tuple(item.size()), item.stride())
            return NotImplemented

    Pickler(out, protocol=2).dump(obj)
    keys = sorted(str(storage._cdata) for storage in storages)
    out.write(pickle.dumps(keys, protocol=2))
    for key in keys:
        storage = next(s for s in storages if str(s._cdata) == key)
        kind = type(storage).__name__[:-len('Storage')]
        out.write(struct.pack('<q', storage.size()))
        out.write(numpy.array(storage.tolist(), dtype=NUMPY_OF[kind]).tobytes())
    return header + out.getvalue()


def test_save_writes_this_format_byte_for_byte():
    from torch_early._checkpoint_trust import TRAILER_BYTES
    matrix = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    counts = torch_early.LongTensor([7, -8])
    obj = {'matrix': matrix, 'row': matrix[1], 'transposed': matrix.t(),
           'slice': matrix.storage()[2:5], 'counts': counts, 'epoch': 3}
    buffer = io.BytesIO()
    torch_early.save(obj, buffer)
    data = buffer.getvalue()
    assert data[:-TRAILER_BYTES] == described_bytes(obj, [matrix.storage(), counts.storage()])
    assert data[-TRAILER_BYTES:].startswith(b'\0torch_early:sig')


def test_a_module_whose_source_changed_warns_through_this_format():
    from torch_early import nn
    from torch_early.serialization import SourceChangeWarning
    import inspect
    module = nn.ReLU()
    saved_source = inspect.getsource(nn.ReLU) + '    # a line the class had when saved\n'

    def built(source):
        out = io.BytesIO()
        for value in (MAGIC, 1001, SYS_INFO):
            pickle.dump(value, out, protocol=2)

        class Pickler(pickle.Pickler):
            named = False

            def persistent_id(self, item):
                # the first time only: the class inside the id then pickles as a global
                if item is nn.ReLU and not self.named:
                    self.named = True
                    return ('module', nn.ReLU, inspect.getsourcefile(nn.ReLU), source)
                return None
        Pickler(out, protocol=2).dump(module)
        pickle.dump([], out, protocol=2)
        return out.getvalue()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert type(torch_early.load(io.BytesIO(built(inspect.getsource(nn.ReLU))))) is nn.ReLU
        assert caught == []
        assert type(torch_early.load(io.BytesIO(built(saved_source)))) is nn.ReLU
    assert [warning.category for warning in caught] == [SourceChangeWarning]
    assert "source code of class 'torch_early.nn.modules.activation.ReLU' has changed" in str(
        caught[0].message)


def test_a_cuda_storage_loads_on_the_cpu_through_map_location(era_names, monkeypatch):
    cuda_module = types.ModuleType('torch.cuda')
    monkeypatch.setitem(sys.modules, 'torch.cuda', cuda_module)
    cuda_float = type('FloatStorage', (), {'__module__': 'torch.cuda'})
    cuda_module.FloatStorage = cuda_float
    names = dict(era_names, CudaStorage=cuda_float)
    storage = Storage('Cuda', 'k', [1.0, 2.0])

    out = io.BytesIO()
    for value in (MAGIC, 1001, SYS_INFO):
        pickle.dump(value, out, protocol=2)

    class Pickler(pickle.Pickler):
        def persistent_id(self, item):
            if isinstance(item, Storage):
                return ('storage', names['CudaStorage'], 'k', 'cuda:0', 2, None)
            return None
    Pickler(out, protocol=2).dump([storage])
    pickle.dump(['k'], out, protocol=2)
    out.write(struct.pack('<q2f', 2, 1.0, 2.0))
    data = out.getvalue()

    for map_location in ({'cuda:0': 'cpu'}, lambda found, location: found):
        loaded = torch_early.load(io.BytesIO(data), map_location=map_location)[0]
        assert type(loaded) is torch_early.FloatStorage and loaded.tolist() == [1.0, 2.0]
    with pytest.raises(AssertionError, match='not compiled with CUDA'):
        torch_early.load(io.BytesIO(data))
