"""Which checkpoints load trusts, and how save writes one so that nothing is lost.

A file this user saved is signed: after the bytes that load reads (the last storage's elements)
save appends a trailer, a fixed marker and the HMAC-SHA256 of those bytes keyed with the user's
secret key. The era's own loader stops reading after the last storage and never sees it. load trusts a file in
full (as the era trusted every file) only when its trailer verifies with this user's key; any other
file (unsigned, signed with another key, changed after signing by one bit) goes through the safe
loader. See docs/serialization.md, "Which files are trusted".

The key: 32 random bytes in ~/.config/torch_early/checkpoint.key (under $XDG_CONFIG_HOME when it is
set), or in the file that TORCH_EARLY_CHECKPOINT_KEY names; created by the first save, readable by
its owner alone. A key file that others may read or write is not used.

Saving to a path writes a temporary file beside it, flushes it to disk and only then renames it
over the path: a process killed mid-save, a pickling error or a full disk leave the old file as it
was, and no partial file behind.
"""
import errno
import hashlib
import hmac
import os
import secrets
import signal
import stat
import tempfile
import threading

KEY_VARIABLE = 'TORCH_EARLY_CHECKPOINT_KEY'
KEY_BYTES = 32
MARKER = b'\0torch_early:sig'       # 16 bytes, then the scheme's byte and the digest
SCHEME = b'\x01'                    # HMAC-SHA256 of every byte before the trailer
DIGEST_BYTES = hashlib.sha256().digest_size
TRAILER_BYTES = len(MARKER) + len(SCHEME) + DIGEST_BYTES
CHUNK = 1 << 20


# ---- the key --------------------------------------------------------------------------------

def key_path():
    """Where this user's key lives (the file need not exist yet)."""
    named = os.environ.get(KEY_VARIABLE)
    if named:
        return os.path.abspath(os.path.expanduser(named))
    config = os.environ.get('XDG_CONFIG_HOME') or os.path.join(os.path.expanduser('~'), '.config')
    return os.path.join(config, 'torch_early', 'checkpoint.key')


def _read_key(path):
    """The key in path, or None when there is none. A key that another user may read or write,
    or that is not ours, could sign files for someone else: it is refused."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0))
    except FileNotFoundError:
        return None
    with os.fdopen(fd, 'rb') as stream:
        info = os.fstat(stream.fileno())
        if info.st_uid != os.getuid() or info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise PermissionError(
                "the checkpoint key {} may be read or written by other users (mode {:o}) or is "
                "not yours: it is not used. Make it yours alone (chmod 600), or remove it to get "
                "a new one".format(path, stat.S_IMODE(info.st_mode)))
        key = stream.read(KEY_BYTES + 1)
    if len(key) != KEY_BYTES:
        raise RuntimeError("the checkpoint key {} is not {} bytes long: remove it to get a new "
                           "one (files signed with it will then load as unsigned)"
                           .format(path, KEY_BYTES))
    return key


def _create_key(path):
    """Writes a new key to a private temporary file, then links it to path: a process racing
    this one either wins the link or reads the key that won, never half a key."""
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    fd, staged = tempfile.mkstemp(dir=folder, prefix='.checkpoint-key.')   # mode 0600
    try:
        with os.fdopen(fd, 'wb') as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
            stream.flush()
            os.fsync(stream.fileno())
        try:
            os.link(staged, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(staged)
    return _read_key(path)


def signing_key():
    """This user's key, created on first use."""
    path = key_path()
    return _read_key(path) or _create_key(path)


def verifying_key():
    """This user's key, or None when there is none yet (load never creates one)."""
    return _read_key(key_path())


# ---- signing and verifying ------------------------------------------------------------------

def _digest(key, stream, length):
    """HMAC-SHA256 of the first `length` bytes of stream, read from where it stands."""
    mac = hmac.new(key, digestmod=hashlib.sha256)
    while length > 0:
        chunk = stream.read(min(CHUNK, length))
        if not chunk:
            raise EOFError('the file ended while it was being signed or verified')
        mac.update(chunk)
        length -= len(chunk)
    return mac.digest()


def append_signature(stream, start, key):
    """Signs what stream holds from `start` to its end (the payload just written) by appending
    the trailer. stream must be readable and seekable (a temporary file)."""
    end = stream.seek(0, os.SEEK_END)
    stream.seek(start)
    digest = _digest(key, stream, end - start)
    stream.seek(end)
    stream.write(MARKER + SCHEME + digest)


def signed_by_this_user(stream):
    """Whether the seekable stream, from where it stands to its end, is a payload followed by a
    trailer that verifies with this user's key. Leaves the stream where it found it."""
    start = stream.tell()
    end = stream.seek(0, os.SEEK_END)
    try:
        if end - start < TRAILER_BYTES:
            return False
        stream.seek(end - TRAILER_BYTES)
        trailer = stream.read(TRAILER_BYTES)
        if trailer[:len(MARKER) + len(SCHEME)] != MARKER + SCHEME:
            return False
        key = verifying_key()
        if key is None:
            return False
        stream.seek(start)
        digest = _digest(key, stream, end - start - TRAILER_BYTES)
        return hmac.compare_digest(digest, trailer[-DIGEST_BYTES:])
    finally:
        stream.seek(start)


# ---- writing without losing the old file ----------------------------------------------------

class _NoXfsz(object):
    """A file larger than RLIMIT_FSIZE allows kills the process with SIGXFSZ unless the signal is
    ignored; ignored, the write fails with EFBIG, which save reports. (Signals can be changed from
    the main thread only; elsewhere the default stays.)"""

    def __enter__(self):
        self.previous = None
        if hasattr(signal, 'SIGXFSZ') and threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    def __exit__(self, *exc):
        if self.previous is not None:
            signal.signal(signal.SIGXFSZ, self.previous)


def _file_mode_for(path):
    """The mode the file would get from open(path, 'wb'): the old file's, or 0666 less the
    umask (mkstemp makes its files 0600)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder):
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class CheckpointSpaceError(OSError):
    """The disk (or the file size limit) refused the checkpoint; the old file is unchanged."""


def _space_error(error, path, written, needed):
    if needed is None:
        size = 'more than {} bytes'.format(written)
    else:
        size = '{} bytes'.format(needed)
    return CheckpointSpaceError(
        error.errno, "could not save the checkpoint {}: {} ({} bytes were written when it "
        "failed; the checkpoint needs {}). The old file, if any, is unchanged".format(
            path, os.strerror(error.errno), written, size))


def _measured(payload_size):
    """payload_size() (measured by writing to a counter, not a file), or None when measuring
    fails too."""
    try:
        return payload_size() + TRAILER_BYTES
    except OSError:
        return None


def write_signed(path, write_payload, payload_size):
    """Writes a signed checkpoint to path without ever leaving a partial file: write_payload
    (stream) writes the payload into a temporary file beside path, which is then signed, flushed
    to disk and renamed over path. On any failure the temporary file is removed and the error
    raised; a full disk is a CheckpointSpaceError naming path and the size it needed
    (payload_size() measures it, on that path only, where it can)."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    folder = os.path.dirname(os.path.abspath(path))
    key = signing_key()
    mode = _file_mode_for(path)
    fd, staged = tempfile.mkstemp(dir=folder, prefix='.' + os.path.basename(path) + '.',
                                  suffix='.partial')
    try:
        with os.fdopen(fd, 'w+b') as stream, _NoXfsz():
            try:
                write_payload(stream)
                append_signature(stream, 0, key)
                stream.flush()
                os.fsync(stream.fileno())
            except OSError as error:
                if error.errno not in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT):
                    raise
                written = stream.tell()
                raise _space_error(error, path, written, _measured(payload_size)) from None
        os.chmod(staged, mode)
        os.replace(staged, path)
    except BaseException:
        try:
            os.unlink(staged)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(folder)


class ByteCounter(object):
    """A write-only sink that counts what is written to it (the size of a payload)."""

    def __init__(self):
        self.count = 0

    def write(self, data):
        self.count += len(data)
        return len(data)

    def tell(self):
        return self.count

    def flush(self):
        pass
