"""Checkpoints this user saved load as in 2017; others go through the safe loader; a save never
loses the old file (torch_early/_checkpoint_trust.py, docs/serialization.md).

Every test points TORCH_EARLY_CHECKPOINT_KEY at a key of its own in tmp_path (conftest.py already
keeps the whole run away from the user's real key)."""
import io
import os
import pickle
import shutil
import signal
import stat
import subprocess
import sys
import struct
import textwrap
import time

import pytest

import torch_early
from torch_early import _checkpoint_trust as trust

PACKAGE_ROOT = os.path.dirname(os.path.dirname(torch_early.__file__))


@pytest.fixture(autouse=True)
def own_key(tmp_path, monkeypatch):
    path = tmp_path / 'keys' / 'mine.key'
    monkeypatch.setenv(trust.KEY_VARIABLE, str(path))
    return path


def run_python(code, cwd, key, extra_env=None, check=True):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    env[trust.KEY_VARIABLE] = str(key)
    env.pop('TORCH_EARLY_TRUST_CHECKPOINTS', None)
    env.update(extra_env or {})
    result = subprocess.run([sys.executable, '-c', textwrap.dedent(code)], cwd=str(cwd), env=env,
                            capture_output=True, text=True, timeout=120)
    if check:
        assert result.returncode == 0, result.stderr
    return result


# A script that defines its own class (as 2017 programs did), and one that loads the file with
# that class importable; loading runs Marker.__setstate__, which writes a file: its absence
# proves that no code of the file ran.
SAVING = '''
import torch_early
import model_def
torch_early.save(model_def.Net(), 'model.pt')
'''
LOADING = '''
import torch_early
net = torch_early.load('model.pt')
print(type(net).__name__, net.fc.weight.size())
'''
MODEL_DEF = '''
import torch_early.nn as nn

class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.fc = nn.Linear(3, 2)

    def __setstate__(self, state):
        open('code-ran', 'w').close()
        self.__dict__.update(state)
'''


@pytest.fixture
def saved_model(tmp_path, own_key):
    (tmp_path / 'model_def.py').write_text(MODEL_DEF)
    run_python(SAVING, tmp_path, own_key)
    return tmp_path / 'model.pt'


def test_a_model_saved_by_one_process_loads_in_another_with_no_flag(tmp_path, own_key,
                                                                    saved_model):
    result = run_python(LOADING, tmp_path, own_key)
    assert result.stdout.split() == ['Net', 'torch_early.Size([2,', '3])']
    assert (tmp_path / 'code-ran').exists()          # trusted in full: its class's code runs
    assert stat.S_IMODE(own_key.stat().st_mode) == 0o600
    assert stat.S_IMODE(own_key.parent.stat().st_mode) == 0o700


@pytest.mark.parametrize('where', ['archive', 'signature'])
def test_one_byte_changed_is_loaded_safely_and_runs_no_code(tmp_path, own_key, saved_model,
                                                            where):
    data = bytearray(saved_model.read_bytes())
    # the signature's last bytes, or one of the last parameter's elements (the file still
    # parses, but is no longer what this user signed)
    at = len(data) - 5 if where == 'signature' else len(data) - trust.TRAILER_BYTES - 10
    data[at] ^= 0x01
    saved_model.write_bytes(bytes(data))
    result = run_python(LOADING, tmp_path, own_key, check=False)
    assert result.returncode != 0
    assert 'UnpicklingError' in result.stderr and "'model_def.Net'" in result.stderr
    assert not (tmp_path / 'code-ran').exists()


def test_a_file_signed_with_another_users_key_is_loaded_safely(tmp_path, saved_model):
    result = run_python(LOADING, tmp_path, tmp_path / 'theirs.key', check=False)
    assert result.returncode != 0 and 'UnpicklingError' in result.stderr
    assert not (tmp_path / 'code-ran').exists()
    assert not (tmp_path / 'theirs.key').exists()     # load never creates a key


def test_the_explicit_ways_to_trust_still_work_and_weights_only_true_stays_safe(
        tmp_path, own_key, saved_model):
    other = tmp_path / 'theirs.key'
    trusted = run_python(LOADING.replace("'model.pt')", "'model.pt', weights_only=False)"),
                         tmp_path, other)
    assert trusted.stdout.startswith('Net')
    safe = run_python(LOADING.replace("'model.pt')", "'model.pt', weights_only=True)"),
                      tmp_path, own_key, check=False)
    assert safe.returncode != 0 and 'UnpicklingError' in safe.stderr


class EraReader(pickle.Unpickler):
    """Reads the object the way the era's loader did, recording instead of rebuilding: each
    storage is its persistent id, each tensor the arguments of its rebuild."""

    def persistent_load(self, saved_id):
        return saved_id

    def find_class(self, module, name):
        if (module, name) == ('torch_early._utils', '_rebuild_tensor'):
            return lambda *args: ('tensor',) + args
        return super(EraReader, self).find_class(module, name)


def test_the_eras_loader_reads_a_signed_file_and_stops_before_the_signature(tmp_path):
    path = str(tmp_path / 'ck.pt')
    torch_early.save({'w': torch_early.FloatTensor([1.5, 2])}, path)
    with open(path, 'rb') as f:
        assert pickle.load(f) == 0x1950a86a20f9469cfc6c
        assert pickle.load(f) == 1001
        assert pickle.load(f)['protocol_version'] == 1001
        obj = EraReader(f).load()
        _, storage, offset, size, stride = obj['w']
        assert storage[:2] == ('storage', torch_early.FloatStorage) and storage[4:] == (2, None)
        assert (offset, size, stride) == (0, (2,), (1,))
        assert pickle.load(f) == [storage[2]]
        assert struct.unpack('<q2f', f.read(16)) == (2, 1.5, 2.0)
        rest = f.read()
    assert len(rest) == trust.TRAILER_BYTES and rest.startswith(b'\0torch_early:sig')


class Opaque(object):
    """A class of the test module: a file naming it loads only when trusted."""


def test_file_objects_are_signed_and_verified_too_also_unseekable_ones():
    class OneWay(io.RawIOBase):
        def __init__(self, data):
            self.data = io.BytesIO(data)

        def readable(self):
            return True

        def readinto(self, buffer):
            chunk = self.data.read(len(buffer))
            buffer[:len(chunk)] = chunk
            return len(chunk)

    buffer = io.BytesIO()
    torch_early.save([Opaque, torch_early.ones(3)], buffer)
    data = buffer.getvalue()
    assert data[-trust.TRAILER_BYTES:].startswith(trust.MARKER)
    loaded = torch_early.load(io.BufferedReader(OneWay(data)))
    assert loaded[0] is Opaque and loaded[1].tolist() == [1, 1, 1]


def test_the_key_is_made_once_and_reused(own_key):
    first = trust.signing_key()
    assert len(first) == 32 and trust.signing_key() == first == own_key.read_bytes()


def test_racing_processes_agree_on_one_key(tmp_path, own_key):
    code = ('from torch_early import _checkpoint_trust as t; import sys; '
            'sys.stdout.write(t.signing_key().hex())')
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    env[trust.KEY_VARIABLE] = str(own_key)
    children = [subprocess.Popen([sys.executable, '-c', code], env=env, stdout=subprocess.PIPE,
                                 text=True) for _ in range(6)]
    keys = {child.communicate(timeout=120)[0] for child in children}
    assert keys == {own_key.read_bytes().hex()}
    assert [p.name for p in own_key.parent.iterdir()] == [own_key.name]


def test_a_key_others_can_read_is_not_used(own_key):
    signed = io.BytesIO()
    torch_early.save(1, signed)
    os.chmod(str(own_key), 0o644)
    with pytest.raises(PermissionError, match='chmod 600'):
        torch_early.save(1, io.BytesIO())
    signed.seek(0)
    with pytest.raises(PermissionError, match='may be read or written by other users'):
        torch_early.load(signed)


# ---- no checkpoint lost -----------------------------------------------------------------------

def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith('.partial'))


def test_a_pickling_error_leaves_the_old_checkpoint_as_it_was(tmp_path):
    path = tmp_path / 'ck.pt'
    torch_early.save({'epoch': 3}, str(path))
    before = path.read_bytes()
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        torch_early.save({'f': lambda: 0}, str(path))
    assert path.read_bytes() == before and leftovers(tmp_path) == []
    assert torch_early.load(str(path)) == {'epoch': 3}
    stream = io.BytesIO(b'old')
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        torch_early.save({'f': lambda: 0}, stream)
    assert stream.getvalue() == b'old'


def test_a_saved_file_gets_the_mode_open_would_give_it(tmp_path):
    path = tmp_path / 'ck.pt'
    torch_early.save(1, str(path))
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    os.chmod(str(path), 0o640)
    torch_early.save(2, str(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


KILLED_SAVER = '''
import sys, torch_early
big = {'w': torch_early.DoubleTensor(2000000).fill_(7)}   # 16 MB
print('ready', flush=True)
while True:
    torch_early.save(big, sys.argv[1])
'''


def test_a_save_killed_midway_leaves_the_old_checkpoint(tmp_path, own_key):
    path = tmp_path / 'ck.pt'
    torch_early.save({'w': torch_early.DoubleTensor(5).fill_(1)}, str(path))
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    env[trust.KEY_VARIABLE] = str(own_key)
    for attempt in range(8):
        child = subprocess.Popen([sys.executable, '-c', KILLED_SAVER, str(path)], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == 'ready'
        time.sleep(0.01 + 0.03 * attempt)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        loaded = torch_early.load(str(path))        # the old one, or a complete new one
        assert set(loaded) == {'w'} and set(loaded['w'].tolist()) <= {1.0, 7.0}
        for name in leftovers(tmp_path):          # a killed process cannot clean up: the
            os.unlink(str(tmp_path / name))       # next one does not depend on it
    assert len(torch_early.load(str(path))['w']) in (5, 2000000)


FULL_DISK = '''
import io, resource, sys, torch_early
torch_early.save({'w': torch_early.DoubleTensor(10).fill_(1)}, sys.argv[1])
big = {'w': torch_early.DoubleTensor(200000).fill_(2)}
in_memory = io.BytesIO()
torch_early.save(big, in_memory)
resource.setrlimit(resource.RLIMIT_FSIZE, (100000, 100000))
try:
    torch_early.save(big, sys.argv[1])
except OSError as error:
    print(type(error).__name__, error)
print(torch_early.load(sys.argv[1])['w'].tolist())
print(len(in_memory.getvalue()))
'''


def test_a_full_disk_names_the_path_and_size_and_keeps_the_old_checkpoint(tmp_path, own_key):
    path = tmp_path / 'ck.pt'
    result = run_python(FULL_DISK.replace('sys.argv[1]', repr(str(path))), tmp_path, own_key)
    first, second, size = result.stdout.splitlines()
    assert first.startswith('CheckpointSpaceError')
    assert str(path) in first and 'File too large' in first
    assert 'the checkpoint needs {} bytes'.format(size) in first and 'bytes were written' in first
    assert second == '[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]'
    assert leftovers(tmp_path) == []


# A real full disk: a 256 KiB tmpfs mounted in a mount namespace of the test's own (unshare
# -rm: no privileges needed where unprivileged user namespaces are allowed, as on most Linux).
SMALL_DISK = '''
import io, os, sys, torch_early
folder = sys.argv[1]
path = os.path.join(folder, 'ck.pt')
torch_early.save({'w': torch_early.DoubleTensor(10).fill_(1)}, path)
big = {'w': torch_early.DoubleTensor(100000).fill_(2)}
in_memory = io.BytesIO()
torch_early.save(big, in_memory)
try:
    torch_early.save(big, path)
except OSError as error:
    print(type(error).__name__, error)
print(torch_early.load(path)['w'].tolist())
print(len(in_memory.getvalue()))
print(sorted(os.listdir(folder)))
'''


def run_on_a_small_disk(tmp_path, own_key):
    """Runs SMALL_DISK with its folder on a 256 KiB filesystem, or skips saying why it cannot."""
    if sys.platform != 'linux' or shutil.which('unshare') is None:
        pytest.skip('a small filesystem needs Linux and unshare (util-linux)')
    disk = tmp_path / 'disk'
    disk.mkdir()
    script = tmp_path / 'small_disk.py'
    script.write_text(SMALL_DISK)
    command = 'mount -t tmpfs -o size=256k tmpfs "$1" || exit 77; exec "$2" "$3" "$1"'
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    env[trust.KEY_VARIABLE] = str(own_key)
    result = subprocess.run(['unshare', '-rm', 'sh', '-c', command, 'sh', str(disk),
                             sys.executable, str(script)],
                            env=env, capture_output=True, text=True, timeout=120)
    if result.returncode == 77 or (result.returncode != 0 and 'unshare' in result.stderr):
        pytest.skip('cannot mount a small filesystem here (user namespaces not allowed?): ' +
                    result.stderr.strip()[-200:])
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_a_full_filesystem_names_the_path_and_size_and_keeps_the_old_checkpoint(tmp_path, own_key):
    error, old, size, names = run_on_a_small_disk(tmp_path, own_key)
    assert error.startswith('CheckpointSpaceError') and 'No space left on device' in error
    assert str(tmp_path / 'disk' / 'ck.pt') in error
    assert 'the checkpoint needs {} bytes'.format(size) in error
    assert old == str([1.0] * 10)
    assert names == "['ck.pt']"                      # no partial file left behind
