"""model_zoo: load_url fetches a checkpoint by URL into a local cache folder once, checks it
against the hash prefix in its name, and loads it with torch_early.load; a cached file is loaded
without touching the network."""
import hashlib
import os
import re
import sys
import tempfile
from http.client import HTTPException
from urllib.error import URLError
from urllib.parse import urlparse
from urllib.request import urlopen

import torch_early

# 'resnet18-5c106cde.pth': hex digits between a dash and a dot begin the SHA-256 of the file.
HASH_REGEX = re.compile(r'-([a-f0-9]+)\.')
_CHUNK = 1 << 16


def load_url(url, model_dir=None, map_location=None):
    """Loads the torch_early checkpoint at `url`, downloading it into `model_dir` first unless a
    file of that name is already there.

    model_dir defaults to $TORCH_MODEL_ZOO, else ~/.torch/models. A file named
    name-<hex>.ext must have a SHA-256 that begins with <hex>, or it is not kept (RuntimeError).
    The download goes to a temporary file renamed into place once complete, so the cache never
    holds half a file. map_location is passed to torch_early.load, which is safe by default."""
    if model_dir is None:
        model_dir = os.getenv('TORCH_MODEL_ZOO', os.path.join('~', '.torch', 'models'))
    model_dir = os.path.expanduser(model_dir)
    os.makedirs(model_dir, exist_ok=True)
    filename = os.path.basename(urlparse(url).path)
    if not filename:
        raise ValueError("load_url: the URL names no file: {}".format(url))
    cached_file = os.path.join(model_dir, filename)
    if not os.path.exists(cached_file):
        sys.stderr.write('Downloading: "{}" to {}\n'.format(url, cached_file))
        match = HASH_REGEX.search(filename)
        _download_url_to_file(url, cached_file, match.group(1) if match else None)
    return torch_early.load(cached_file, map_location=map_location)


def _download_url_to_file(url, destination, hash_prefix):
    """Downloads `url` to a temporary file beside `destination` and renames it into place,
    after checking its SHA-256 against `hash_prefix` (when not None)."""
    handle, partial = tempfile.mkstemp(prefix='.' + os.path.basename(destination) + '.',
                                       suffix='.partial', dir=os.path.dirname(destination))
    try:
        with os.fdopen(handle, 'wb') as out:
            digest = _copy_with_progress(url, out)
        if hash_prefix is not None and not digest.startswith(hash_prefix):
            raise RuntimeError('invalid hash value of {} (expected "{}", got "{}"); the file was '
                               'not kept'.format(url, hash_prefix, digest))
        os.replace(partial, destination)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def _copy_with_progress(url, out):
    """Writes the body at `url` into `out`, printing the progress to stderr; returns the hex
    SHA-256 of what it wrote. A failed download raises URLError naming the URL."""
    sha256 = hashlib.sha256()
    try:
        with urlopen(url) as response:
            total = response.headers.get('Content-Length') if hasattr(response, 'headers') else None
            total = int(total) if total and total.isdigit() else None
            done = 0
            while True:
                chunk = response.read(_CHUNK)
                if not chunk:
                    break
                out.write(chunk)
                sha256.update(chunk)
                done += len(chunk)
                _show_progress(done, total)
    except (URLError, HTTPException, OSError) as error:
        sys.stderr.write('\n')
        # A plain URLError prints as '<urlopen error ...>': its reason reads better.
        reason = error.reason if type(error) is URLError else error
        raise URLError('downloading {} failed: {}'.format(url, reason)) from error
    sys.stderr.write('\n')
    if total is not None and done != total:
        raise URLError('downloading {} failed: got {} of {} bytes'.format(url, done, total))
    return sha256.hexdigest()


def _show_progress(done, total):
    if total:
        sys.stderr.write('\r{:3d}% of {} bytes'.format(100 * done // total, total))
    else:
        sys.stderr.write('\r{} bytes'.format(done))
    sys.stderr.flush()
