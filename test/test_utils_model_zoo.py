"""torch_early.utils.model_zoo.load_url: the cache folder, a cached file loaded without a
network, a download from a local HTTP server (written whole or not at all), the hash-prefix check
of name-<hex>.pth, and failed downloads; no test reaches the internet."""
import functools
import hashlib
import http.server
import os
import threading
from urllib.error import URLError

import pytest
from torch_early._checkpoint_trust import TRAILER_BYTES

import torch_early as torch
from torch_early.utils import model_zoo

UNREACHABLE = 'http://unreachable.invalid/models/'


def checkpoint_bytes(tmp_path):
    path = str(tmp_path / 'source.pth')
    torch.save({'weight': torch.FloatTensor([1.5, -2.0]), 'epochs': 3}, path)
    with open(path, 'rb') as f:
        return f.read()


@pytest.fixture
def server(tmp_path):
    """A local HTTP server over tmp_path/served; yields (folder, base URL)."""
    served = tmp_path / 'served'
    served.mkdir()
    handler = functools.partial(QuietHandler, directory=str(served))
    httpd = http.server.HTTPServer(('127.0.0.1', 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield served, 'http://127.0.0.1:{}/'.format(httpd.server_address[1])
    httpd.shutdown()
    httpd.server_close()
    thread.join()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def test_a_cached_file_is_loaded_without_the_network(tmp_path):
    model_dir = tmp_path / 'models'
    model_dir.mkdir()
    (model_dir / 'tiny-0123abcd.pth').write_bytes(checkpoint_bytes(tmp_path))
    loaded = model_zoo.load_url(UNREACHABLE + 'tiny-0123abcd.pth', model_dir=str(model_dir))
    assert loaded['weight'].tolist() == [1.5, -2.0] and loaded['epochs'] == 3


def test_model_dir_defaults_to_the_environment_then_the_home_folder(tmp_path, monkeypatch):
    data = checkpoint_bytes(tmp_path)
    zoo = tmp_path / 'zoo'
    zoo.mkdir()
    (zoo / 'a.pth').write_bytes(data)
    monkeypatch.setenv('TORCH_MODEL_ZOO', str(zoo))
    assert model_zoo.load_url(UNREACHABLE + 'a.pth')['epochs'] == 3
    monkeypatch.delenv('TORCH_MODEL_ZOO')
    home = tmp_path / 'home'
    (home / '.torch' / 'models').mkdir(parents=True)
    (home / '.torch' / 'models' / 'b.pth').write_bytes(data)
    monkeypatch.setenv('HOME', str(home))
    assert model_zoo.load_url(UNREACHABLE + 'b.pth')['epochs'] == 3


def test_download_with_a_matching_hash_prefix(server, tmp_path, capsys):
    served, base = server
    data = checkpoint_bytes(tmp_path)
    name = 'tiny-{}.pth'.format(hashlib.sha256(data).hexdigest()[:8])
    (served / name).write_bytes(data)
    model_dir = tmp_path / 'models'
    loaded = model_zoo.load_url(base + name, model_dir=str(model_dir))
    assert loaded['weight'].tolist() == [1.5, -2.0]
    assert os.listdir(str(model_dir)) == [name]
    assert (model_dir / name).read_bytes() == data
    err = capsys.readouterr().err
    assert 'Downloading: "{}"'.format(base + name) in err and '100%' in err
    # The second time the file comes from the cache: the server no longer has it.
    (served / name).unlink()
    assert model_zoo.load_url(base + name, model_dir=str(model_dir))['epochs'] == 3


def test_a_name_without_a_hash_is_not_checked(server, tmp_path):
    served, base = server
    (served / 'plain.pth').write_bytes(checkpoint_bytes(tmp_path))
    assert model_zoo.load_url(base + 'plain.pth', model_dir=str(tmp_path / 'm'))['epochs'] == 3


def test_a_hash_mismatch_keeps_no_file(server, tmp_path):
    served, base = server
    data = checkpoint_bytes(tmp_path)
    (served / 'tiny-deadbeef.pth').write_bytes(data)
    model_dir = tmp_path / 'models'
    with pytest.raises(RuntimeError) as error:
        model_zoo.load_url(base + 'tiny-deadbeef.pth', model_dir=str(model_dir))
    message = str(error.value)
    assert '"deadbeef"' in message and hashlib.sha256(data).hexdigest() in message
    assert os.listdir(str(model_dir)) == []


def test_a_missing_file_on_the_server_names_the_url(server, tmp_path):
    _, base = server
    model_dir = tmp_path / 'models'
    with pytest.raises(URLError, match='downloading {}absent.pth failed.*404'.format(base)):
        model_zoo.load_url(base + 'absent.pth', model_dir=str(model_dir))
    assert os.listdir(str(model_dir)) == []


def test_an_unreachable_server_names_the_url(server, tmp_path):
    _, base = server
    url = 'http://127.0.0.1:1/x.pth'  # port 1: nothing listens there
    with pytest.raises(URLError, match='downloading http://127.0.0.1:1/x.pth failed'):
        model_zoo.load_url(url, model_dir=str(tmp_path / 'models'))


def test_a_file_url_and_map_location(tmp_path):
    source = tmp_path / 'source.pth'
    checkpoint_bytes(tmp_path)
    locations = []

    def remember(storage, location):
        locations.append(location)
        return storage

    loaded = model_zoo.load_url(source.as_uri(), model_dir=str(tmp_path / 'models'),
                                map_location=remember)
    assert loaded['weight'].tolist() == [1.5, -2.0] and locations == ['cpu']


def test_the_load_is_safe_by_default(tmp_path):
    import pickle
    model_dir = tmp_path / 'models'
    model_dir.mkdir()
    path = str(model_dir / 'hostile.pth')
    torch.save(threading.Thread, path, pickle_module=pickle)
    with open(path, 'rb') as saved:
        data = saved.read()
    with open(path, 'wb') as downloaded:       # a download is never signed with our key
        downloaded.write(data[:-TRAILER_BYTES])
    with pytest.raises(pickle.UnpicklingError, match='threading'):
        model_zoo.load_url(UNREACHABLE + 'hostile.pth', model_dir=str(model_dir))


def test_a_url_without_a_file_name(tmp_path):
    with pytest.raises(ValueError, match='names no file'):
        model_zoo.load_url('http://example.invalid/', model_dir=str(tmp_path))
