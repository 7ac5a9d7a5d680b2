"""Hostile checkpoints under load's safe default: files that would run code, files that would make
load allocate gigabytes by calling allowed constructors with their own arguments, and saved
checkpoints with bits flipped and cut at every sixteenth of their length. Each load either gives
the object back or raises a Python exception naming the problem (RuntimeError for a corrupt file,
pickle.UnpicklingError for a refused global or call); none runs code (a marker file stays absent),
crashes, or grows memory by more than the file accounts for: the loads run in a child process
whose address space is limited to 1 GiB above what it holds after its imports."""
import collections
import copyreg
import io
import json
import os
import pickle
import subprocess
import sys
import textwrap

import numpy
import pytest

import torch_early
from torch_early._checkpoint_trust import TRAILER_BYTES
import torch_early.nn as nn
import torch_early.nn.functional as F
from torch_early.autograd import Variable

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))
MARKER = 'hostile-code-ran'


class Call(object):
    """Pickles as `callable_(*args)`: the REDUCE a hostile file would hold."""

    def __init__(self, callable_, args, state=None):
        self.callable_, self.args, self.state = callable_, args, state

    def __reduce__(self):
        if self.state is None:
            return self.callable_, self.args
        return self.callable_, self.args, self.state


class NewObj(object):
    """Pickles as NEWOBJ: `cls.__new__(cls, *args)` (the pickler wants the object's class to be
    `cls`: it is told so)."""

    def __init__(self, cls, args):
        self.cls, self.args = cls, args

    @property
    def __class__(self):
        return self.cls

    def __reduce_ex__(self, protocol):
        return copyreg.__newobj__, (self.cls,) + self.args


def numpy_global(name):
    core = getattr(numpy, '_core', None) or numpy.core
    return getattr(core.multiarray if name != '_frombuffer' else core.numeric, name)


L = list(range(100000))

# (name, object whose pickle is hostile, fragment of the refusal). Saved by save itself, so the
# cases hold whatever format save writes.
SAVED_CASES = [
    # code that would run
    ('os.system', Call(os.system, ('touch ' + MARKER,)), "refused the global"),
    ('eval', Call(eval, ("open('{}', 'w')".format(MARKER),)), ".eval' in this file"),
    ('subprocess', Call(subprocess.call, (['touch', MARKER],)), "call' in this file"),
    ('builtins.getattr', Call(getattr, (nn.Linear, '__init__')), ".getattr' in this file"),
    ('an nn.functional call', Call(F.relu, (Variable(torch_early.randn(2)),)),
     "refused to call 'torch_early.nn.functional.relu'"),
    # constructors on the file's sizes
    ('nn.Linear(2**15, 2**15)', Call(nn.Linear, (2 ** 15, 2 ** 15)),
     "refused to call 'torch_early.nn.modules.linear.Linear'"),
    ('nn.Embedding(2**20, 2**10)', Call(nn.Embedding, (2 ** 20, 2 ** 10)),
     "refused to call 'torch_early.nn.modules.sparse.Embedding'"),
    ('legacy.nn.Linear(2**15, 2**15)',
     Call(__import__('torch_early.legacy.nn', fromlist=['Linear']).Linear, (2 ** 15, 2 ** 15)),
     "refused to call 'torch_early.legacy.nn.Linear.Linear'"),
    ('FloatTensor(2**15, 2**15)', Call(torch_early.FloatTensor, (2 ** 15, 2 ** 15)),
     "refused to call 'torch_early.FloatTensor'"),
    ('DoubleStorage(2**33)', Call(torch_early.DoubleStorage, (2 ** 33,)),
     "refused to call 'torch_early.DoubleStorage'"),
    ('bytearray(2**33)', Call(bytearray, (2 ** 33,)), "size of 8589934592 bytes"),
    ('bytes(2**33)', Call(bytes, (2 ** 33,)), "refused to call 'builtins.bytes'"),
    ('NEWOBJ FloatStorage(2**33)', NewObj(torch_early.FloatStorage, (2 ** 33,)),
     "FloatStorage.__new__ given arguments"),
    ('NEWOBJ bytearray(2**33)', NewObj(bytearray, (2 ** 33,)),
     "bytearray.__new__ given arguments"),
    ('_reconstructor(bytearray, bytearray, 2**33)',
     Call(copyreg._reconstructor, (bytearray, bytearray, 2 ** 33)), "size of 8589934592"),
    ('list(range(2**40))', Call(list, (range(2 ** 40),)), "it would expand a range"),
    ('Size(range(2**40))', Call(torch_early.Size, (range(2 ** 40),)), "it would expand a range"),
    ('OrderedDict(range)', Call(collections.OrderedDict, (range(2 ** 40),)),
     "it would expand a range"),
    ('defaultdict(FloatTensor)', Call(collections.defaultdict, (torch_early.FloatTensor,)),
     "default factory"),
    ('_codecs.encode zlib', Call(__import__('_codecs').encode, ('a' * 100, 'zlib')),
     "only a string to latin1"),
    ('_rebuild_variable of a number',
     Call(__import__('torch_early.autograd.variable', fromlist=['x'])._rebuild_variable,
          (Variable, 2 ** 33, False, False)), "not (Variable class, tensor"),
    ('a list copied again and again', [L] + [Call(list, (L,)) for _ in range(10000)],
     "copies"),
    # NumPy: an array must take its elements from bytes of exactly its size
    ('numpy _reconstruct of 2**40 elements',
     Call(numpy_global('_reconstruct'), (numpy.ndarray, (2 ** 20, 2 ** 20), b'b')),
     "not an empty ndarray"),
    ('numpy array state of 2**30 elements over 8 bytes',
     Call(numpy_global('_reconstruct'), (numpy.ndarray, (0,), b'b'),
          (1, (2 ** 30,), numpy.dtype('f8'), False, b'12345678')), "needs 8589934592 bytes"),
    ('numpy _frombuffer of 2**30 elements over 8 bytes',
     Call(numpy_global('_frombuffer'), (b'12345678', numpy.dtype('f8'), (2 ** 30,), 'C')),
     "needs 8589934592 bytes"),
    ('numpy scalar of the wrong size', Call(numpy_global('scalar'), (numpy.dtype('f8'), b'1')),
     "not 8 bytes"),
    ('numpy object array', numpy.array([1, None], dtype=object), "object array (dtype 'O')"),
]


def opcodes(*parts):
    return b''.join(parts)


# Raw pickles that no pickler writes today, given to the safe unpickler itself: INST and OBJ
# (protocols 0 and 1) call their class with the file's arguments.
RAW_CASES = [
    ('INST nn.Linear(32768, 32768)', b'(I32768\nI32768\nitorch_early.nn\nLinear\n.',
     "refused to call 'torch_early.nn.modules.linear.Linear'"),
    ('OBJ FloatTensor(32768, 32768)', b'(ctorch_early\nFloatTensor\nI32768\nI32768\no.',
     "refused to call 'torch_early.FloatTensor'"),
    ('OBJ bytearray(2**33)', b'(c__builtin__\nbytearray\nI8589934592\no.',
     "size of 8589934592 bytes"),
    ('NEWOBJ_EX with keywords', b'\x80\x04ctorch_early\nFloatStorage\n)}(X\x01\x00\x00\x00aK\x01u'
                                b'\x92.', "keyword arguments"),
    ('INST os.system', b'(S"touch ' + MARKER.encode() + b'"\nios\nsystem\n.',
     "refused the global 'os.system'"),
]


def saved_bytes(obj, protocol=2, signed=False):
    """What save writes for obj; without its signature unless `signed`: a file from someone
    else, which load reads with the safe loader (a file this user signed is trusted in full)."""
    buffer = io.BytesIO()
    torch_early.save(obj, buffer, pickle_protocol=protocol)
    data = buffer.getvalue()
    return data if signed else data[:-TRAILER_BYTES]


def corpus_objects():
    """Checkpoints as programs save them: a tensor dict, a small module, an optimizer state,
    a NumPy array."""
    from torch_early import optim
    model = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(Variable(torch_early.randn(4, 3))).sum().backward()
    optimizer.step()
    return {
        'tensor dict': {'w': torch_early.randn(3, 4), 'b': torch_early.LongTensor([1, 2, 3])},
        'nn module': model,
        'optimizer state_dict': optimizer.state_dict(),
        'numpy array': {'array': numpy.arange(20, dtype='float32').reshape(4, 5)},
    }


def damaged_copies(data):
    """Bit flips (one bit, and the whole byte) and cuts at every sixteenth of `data`."""
    for sixteenth in range(1, 16):
        position = len(data) * sixteenth // 16
        for mask in (0x01, 0xff):
            flipped = bytearray(data)
            flipped[position] ^= mask
            yield 'flip {:#04x} at {}/16'.format(mask, sixteenth), bytes(flipped)
        yield 'cut at {}/16'.format(sixteenth), data[:position]


# The child: limits its address space, then loads every case, describing what each load did.
CHILD = textwrap.dedent('''
    import json, pickle, resource, sys, warnings
    import numpy, torch_early
    from torch_early._safe_unpickler import SafeUnpickler

    def describe(obj):
        if hasattr(obj, 'state_dict') and hasattr(obj, 'parameters'):
            return [type(obj).__name__, describe(obj.state_dict())]
        if isinstance(obj, dict):
            return [type(obj).__name__, sorted((str(k), describe(v)) for k, v in obj.items())]
        if isinstance(obj, (list, tuple)):
            return [type(obj).__name__, [describe(item) for item in obj]]
        if torch_early.is_tensor(obj) or isinstance(obj, numpy.ndarray):
            return [type(obj).__name__, obj.tolist()]
        return repr(obj)

    def address_space():
        with open('/proc/self/status') as status:
            for line in status:
                if line.startswith('VmSize:'):
                    return int(line.split()[1]) * 1024

    limit = address_space() + (1 << 30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    warnings.simplefilter('ignore')             # a damaged module source warns
    cases = json.load(open(sys.argv[1]))
    results = []
    for kind, path, original in cases:
        sys.stderr.write('loading ' + path + '\\n')
        sys.stderr.flush()
        try:
            if kind == 'raw':
                obj = SafeUnpickler(open(path, 'rb')).load()
            else:
                obj = torch_early.load(path)
            same = original is not None and describe(obj) == describe(torch_early.load(original))
            results.append(['same' if same else 'loaded', type(obj).__name__])
        except Exception as error:
            results.append([type(error).__name__, str(error)])
    print(json.dumps(results))
''')


def load_in_limited_child(tmp_path, cases):
    """[(kind, data, original bytes or None)] -> [(outcome, detail)], loaded in a child limited
    to 1 GiB more address space, from `tmp_path` (where a hostile command would leave MARKER)."""
    listing = []
    for number, (kind, data, original) in enumerate(cases):
        path = tmp_path / 'case{}.pt'.format(number)
        path.write_bytes(data)
        original_path = None
        if original is not None:
            original_path = tmp_path / 'original{}.pt'.format(number)
            original_path.write_bytes(original)
            original_path = str(original_path)
        listing.append((kind, str(path), original_path))
    (tmp_path / 'cases.json').write_text(json.dumps(listing))
    result = subprocess.run([sys.executable, '-c', CHILD, str(tmp_path / 'cases.json')],
                            cwd=str(tmp_path), env=dict(os.environ, PYTHONPATH=PACKAGE_ROOT),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (result.returncode, result.stderr[-3000:])
    assert not (tmp_path / MARKER).exists(), 'a hostile file ran code'
    return json.loads(result.stdout.splitlines()[-1])


@pytest.fixture(scope='module')
def reproducer_outcomes(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp('hostile')
    cases = [('file', saved_bytes(obj), None) for _, obj, _ in SAVED_CASES]
    cases += [('raw', data, None) for _, data, _ in RAW_CASES]
    return load_in_limited_child(tmp_path, cases)


@pytest.mark.parametrize('index', range(len(SAVED_CASES) + len(RAW_CASES)),
                         ids=[name for name, _, _ in SAVED_CASES + RAW_CASES])
def test_a_hostile_file_is_refused_naming_what_it_asked_for(reproducer_outcomes, index):
    name, _, fragment = (SAVED_CASES + RAW_CASES)[index]
    outcome, message = reproducer_outcomes[index]
    # a refusal, or (for a state that contradicts itself) the RuntimeError of a corrupt file
    assert outcome in ('UnpicklingError', 'RuntimeError'), (name, outcome, message)
    assert fragment in message, (name, message)
    assert 'weights_only=False' in message or 'corrupt' in message, (name, message)


def test_a_hostile_file_saved_in_protocol_1_goes_through_reduce_and_is_refused():
    data = saved_bytes(NewObj(bytearray, (2 ** 33,)), protocol=1)
    with pytest.raises(pickle.UnpicklingError, match="refused to call 'copyreg.__newobj__'"):
        torch_early.load(io.BytesIO(data))


def test_refused_calls_load_when_the_file_is_trusted():
    # The refusals are the safe default's: a trusted load still calls (small sizes here).
    data = saved_bytes(Call(nn.Linear, (3, 2)))
    assert type(torch_early.load(io.BytesIO(data), weights_only=False)) is nn.Linear
    with pytest.raises(pickle.UnpicklingError, match='refused to call'):
        torch_early.load(io.BytesIO(data))


def test_damaged_checkpoints_are_refused_or_loaded_never_worse(tmp_path):
    cases, names = [], []
    for object_name, obj in corpus_objects().items():
        for signed in (False, True):     # damage breaks a signature: both load safely
            data = saved_bytes(obj, signed=signed)
            for damage, damaged in damaged_copies(data):
                cases.append(('file', damaged, data))
                names.append(object_name + (' signed' if signed else '') + ', ' + damage)
    outcomes = load_in_limited_child(tmp_path, cases)
    seen = collections.Counter()
    for name, (outcome, detail) in zip(names, outcomes):
        seen[outcome] += 1
        # 'loaded': a flip inside a tensor's numbers; an unsigned file cannot tell.
        assert outcome in ('same', 'loaded', 'RuntimeError', 'UnpicklingError'), (name, detail)
        if outcome == 'UnpicklingError':
            assert 'refused' in detail, (name, detail)
        if name.split(', ')[1].startswith('cut'):
            # a cut in the archive's zero padding leaves the whole object
            assert outcome in ('same', 'RuntimeError'), (name, outcome, detail)
    assert seen['RuntimeError'] > 0 and sum(seen.values()) == 2 * 4 * 15 * 3, seen
