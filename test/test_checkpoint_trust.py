"""Checkpoints this user saved load as in 2017; others go through the safe loader; a save never
loses the old file (torch_early/_checkpoint_trust.py, docs/serialization.md).

Every test points TORCH_EARLY_CHECKPOINT_KEY at a key of its own in tmp_path (conftest.py already
keeps the whole run away from the user's real key)."""
import io
import os
import pickle
import signal
import stat
import subprocess
import sys
import tarfile
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
    # the signature's last bytes, or the archive's padding after its end blocks (a bit tarfile
    # never reads: the file still parses, but is no longer what this user signed)
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


def test_the_eras_loader_reads_a_signed_file_as_a_plain_archive(tmp_path):
    torch_early.save({'w': torch_early.ones(2)}, str(tmp_path / 'ck.pt'))
    with tarfile.open(str(tmp_path / 'ck.pt'), mode='r:') as tar:
        assert tar.getnames() == ['sys_info', 'pickle', 'tensors', 'storages']
        assert pickle.loads(tar.extractfile('sys_info').read())['protocol_version'] == 1000


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
import resource, sys, torch_early
torch_early.save({'w': torch_early.DoubleTensor(10).fill_(1)}, sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (100000, 100000))
try:
    torch_early.save({'w': torch_early.DoubleTensor(200000).fill_(2)}, sys.argv[1])
except OSError as error:
    print(type(error).__name__, error)
print(torch_early.load(sys.argv[1])['w'].tolist())
'''


def test_a_full_disk_names_the_path_and_size_and_keeps_the_old_checkpoint(tmp_path, own_key):
    path = tmp_path / 'ck.pt'
    result = run_python(FULL_DISK.replace('sys.argv[1]', repr(str(path))), tmp_path, own_key)
    first, second = result.stdout.splitlines()
    assert first.startswith('CheckpointSpaceError')
    assert str(path) in first and 'File too large' in first
    # the limit refuses the measuring too (it stages the members in files): a lower bound
    assert 'the checkpoint needs more than' in first and 'bytes were written' in first
    assert second == '[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]'
    assert leftovers(tmp_path) == []
