"""What load's safe default accepts: everything a 2017 checkpoint holds, each saved and loaded
back with no trust given (NumPy arrays and scalars of every plain dtype, torch.Size, every tensor
and storage type, nn and legacy.nn modules, Variables and Parameters, optimizers and their
state, plain containers, OrderedDict), and what it refuses with a message (NumPy object arrays,
a program's own classes)."""
import collections
import io
import os
import pickle
import subprocess
import sys

import numpy
import pytest

import torch_early
from torch_early._checkpoint_trust import TRAILER_BYTES
import torch_early.nn as nn
from torch_early import serialization
from torch_early.autograd import Variable

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))
DTYPES = ('Double', 'Float', 'Half', 'Long', 'Int', 'Short', 'Char', 'Byte')
NUMPY_DTYPES = ('float64', 'float32', 'float16', 'int64', 'int32', 'int16', 'int8', 'uint8',
                'uint16', 'uint32', 'uint64', 'bool', 'complex64', 'complex128', '<f8')


@pytest.fixture(autouse=True)
def no_user_safe_globals():
    serialization.clear_safe_globals()
    yield
    serialization.clear_safe_globals()


def safe_round_trip(obj, protocol=2):
    """save, then load as a file from someone else: unsigned, so through the safe loader (a file
    this user signed would be trusted in full)."""
    buffer = io.BytesIO()
    torch_early.save(obj, buffer, pickle_protocol=protocol)
    return torch_early.load(io.BytesIO(buffer.getvalue()[:-TRAILER_BYTES]))


# ---- NumPy ---------------------------------------------------------------------------------

@pytest.mark.parametrize('protocol', [2, 4, 5])
@pytest.mark.parametrize('dtype', NUMPY_DTYPES)
def test_numpy_arrays_of_plain_dtypes_round_trip(dtype, protocol):
    array = (numpy.arange(12) % 3).astype(dtype).reshape(3, 4)
    arrays = {'c': array, 'fortran': numpy.asfortranarray(array), 'empty': array[:0],
              'strided': array[:, ::2], 'zero-d': numpy.array(7, dtype=dtype)}
    loaded = safe_round_trip(arrays, protocol)
    for name, original in arrays.items():
        assert loaded[name].dtype == original.dtype, name
        assert loaded[name].shape == original.shape, name
        assert loaded[name].tolist() == original.tolist(), name


@pytest.mark.parametrize('dtype', NUMPY_DTYPES)
def test_numpy_scalars_round_trip(dtype):
    scalar = numpy.dtype(dtype).type(1)
    loaded = safe_round_trip([scalar, numpy.dtype(dtype)])
    assert type(loaded[0]) is type(scalar) and loaded[0] == scalar
    assert loaded[1] == numpy.dtype(dtype)


def test_a_structured_numpy_array_round_trips():
    array = numpy.array([(1, 2.5), (3, -1.0)], dtype=[('a', '<i4'), ('b', '<f8')])
    loaded = safe_round_trip(array)
    assert loaded.dtype == array.dtype and loaded.tolist() == array.tolist()


@pytest.mark.parametrize('obj', [
    numpy.array([1, 'two', None], dtype=object),
    numpy.array([(1, None)], dtype=[('a', '<i4'), ('b', 'O')]),
    {'nested': [numpy.array([{}], dtype=object)]},
], ids=['object array', 'structured with an object field', 'nested'])
def test_a_numpy_object_array_is_refused_naming_the_dtype(obj):
    with pytest.raises(pickle.UnpicklingError) as error:
        safe_round_trip(obj)
    message = str(error.value)
    assert "object array (dtype 'O')" in message
    assert 'weights_only=False' in message and 'add_safe_globals' in message


def test_a_numpy_object_array_loads_when_the_file_is_trusted():
    buffer = io.BytesIO()
    torch_early.save(numpy.array([1, 'two'], dtype=object), buffer)
    buffer.seek(0)
    assert torch_early.load(buffer, weights_only=False).tolist() == [1, 'two']


def test_numpy_arrays_load_in_a_program_that_has_not_imported_numpy(tmp_path):
    path = tmp_path / 'arrays.pt'
    torch_early.save({'array': numpy.arange(3.0), 'scalar': numpy.int64(4)}, str(path))
    path.write_bytes(path.read_bytes()[:-TRAILER_BYTES])     # safely loaded: unsigned
    code = ('import sys, torch_early\n'
            'assert "numpy" not in sys.modules\n'
            'loaded = torch_early.load(sys.argv[1])\n'
            'print(loaded["array"].tolist(), int(loaded["scalar"]))\n')
    result = subprocess.run([sys.executable, '-c', code, str(path)], capture_output=True,
                            text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=PACKAGE_ROOT))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split('\n')[0] == '[0.0, 1.0, 2.0] 4'


# ---- torch_early's own objects -------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_every_tensor_and_storage_type_and_size_round_trip(name):
    tensor = getattr(torch_early, name + 'Tensor')([[1, 2], [3, 4]])
    storage = getattr(torch_early, name + 'Storage')([5, 6])
    loaded = safe_round_trip({'tensor': tensor, 'storage': storage, 'size': tensor.size()})
    assert type(loaded['tensor']) is type(tensor) and loaded['tensor'].tolist() == [[1, 2], [3, 4]]
    assert type(loaded['storage']) is type(storage) and loaded['storage'].tolist() == [5, 6]
    assert type(loaded['size']) is torch_early.Size and loaded['size'] == (2, 2)


def test_variables_and_parameters_round_trip():
    variable = Variable(torch_early.DoubleTensor([1, 2]), requires_grad=True)
    parameter = nn.Parameter(torch_early.FloatTensor([3]))
    loaded_variable, loaded_parameter = safe_round_trip([variable, parameter])
    assert type(loaded_variable) is Variable and loaded_variable.requires_grad
    assert loaded_variable.data.tolist() == [1, 2]
    assert type(loaded_parameter) is nn.Parameter and loaded_parameter.data.tolist() == [3]


@pytest.mark.parametrize('make', [
    lambda: nn.Linear(3, 2),
    lambda: nn.Sequential(nn.Conv2d(1, 2, 3), nn.ReLU(), nn.BatchNorm2d(2), nn.Dropout()),
    lambda: nn.Embedding(5, 2),
    lambda: nn.LSTM(3, 4, 2),
], ids=['Linear', 'Sequential', 'Embedding', 'LSTM'])
def test_whole_nn_modules_round_trip_with_their_parameters(make):
    module = make()
    loaded = safe_round_trip(module)
    assert type(loaded) is type(module)
    original = module.state_dict()
    restored = loaded.state_dict()
    assert list(restored) == list(original)
    for key in original:
        assert torch_early.equal(restored[key], original[key]), key


def test_legacy_nn_modules_round_trip():
    from torch_early.legacy import nn as legacy
    net = legacy.Sequential().add(legacy.Linear(3, 2)).add(legacy.Tanh())
    x = torch_early.randn(2, 3)
    expected = net.forward(x).clone()
    loaded = safe_round_trip(net)
    assert torch_early.equal(loaded.forward(x), expected)


def test_optimizers_and_their_state_dicts_round_trip():
    from torch_early import optim
    model = nn.Linear(2, 1)
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(Variable(torch_early.randn(3, 2))).sum().backward()
    optimizer.step()
    loaded_state, loaded_optimizer = safe_round_trip([optimizer.state_dict(), optimizer])
    assert loaded_state['param_groups'][0]['lr'] == 0.1
    assert type(loaded_optimizer) is optim.SGD
    buffers = [state['momentum_buffer'] for state in loaded_state['state'].values()]
    expected = [state['momentum_buffer'] for state in optimizer.state_dict()['state'].values()]
    assert all(torch_early.equal(a, b) for a, b in zip(buffers, expected))


@pytest.mark.parametrize('protocol', [0, 1, 2, 4, 5])
def test_plain_containers_round_trip_under_every_protocol(protocol):
    obj = collections.OrderedDict([('list', [1, 2.5, None]), ('tuple', (True, 'x')),
                                   ('set', {1, 2}), ('frozenset', frozenset('ab')),
                                   ('bytes', b'\x00\xff'), ('bytearray', bytearray(b'ab')),
                                   ('complex', 1 + 2j), ('big', 2 ** 100),
                                   ('dict', {'a': {}}), ('slice', slice(1, 2))])
    loaded = safe_round_trip(obj, protocol)
    assert type(loaded) is collections.OrderedDict and loaded == obj
    assert list(loaded) == list(obj)


def test_a_defaultdict_round_trips():
    counts = collections.defaultdict(list, {'a': [1]})
    loaded = safe_round_trip(counts)
    assert loaded == counts and loaded.default_factory is list
