"""The client side of the file_system strategy's shared-memory manager.

The manager (`torch_early/_shm_manager`, built from csrc/shm_manager/) is started by the first
process that shares a storage by name. Each process keeps one socket to it, and reports every
name it creates on that socket (from C, before the segment exists: `_C._set_shm_manager`); the
manager removes all those names once its last client has closed its socket, which a process
killed by SIGKILL does too. A process that receives a name connects to the manager that came
with it, so the manager outlives every process that maps its segments.

A manager started here is recorded in the environment, so that processes started later (spawn,
forkserver) report to the same one; forked processes inherit the record from this module.
"""
import os
import socket
import subprocess
import threading

import torch_early

MANAGER_PATH = os.path.join(os.path.dirname(os.path.abspath(torch_early.__file__)), '_shm_manager')
ENVIRONMENT_VARIABLE = 'TORCH_EARLY_SHM_MANAGER'

_lock = threading.Lock()
_pid = None           # the process the sockets below belong to
_connections = {}     # handle -> socket, in process _pid
_own_handle = None    # the manager this process reports its names to


def _start_manager():
    """Starts a manager; returns its handle (the path of its socket)."""
    if not os.access(MANAGER_PATH, os.X_OK):
        raise RuntimeError("the shared-memory manager of the file_system strategy is missing "
                           "(expected the program {}); rebuild torch_early".format(MANAGER_PATH))
    process = subprocess.Popen([MANAGER_PATH], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    output, _ = process.communicate(timeout=30)
    handle = output.decode().strip()
    if process.returncode != 0 or not handle:
        raise RuntimeError("could not start the shared-memory manager {} (exit status {})"
                           .format(MANAGER_PATH, process.returncode))
    return handle


def _open(handle):
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(handle)
    except OSError:
        connection.close()
        raise
    _connections[handle] = connection
    return connection


def _forget_inherited():
    """After a fork: the sockets were the parent's; this process opens its own."""
    global _pid
    if _pid != os.getpid():
        _connections.clear()
        _pid = os.getpid()


def _after_fork_in_child():
    # Another thread of the parent (a queue's feeder thread pickling a storage) may have held the
    # lock at the fork: the child starts with a fresh one.
    global _lock
    _lock = threading.Lock()
    _forget_inherited()


os.register_at_fork(after_in_child=_after_fork_in_child)


def connect(handle=None):
    """Connects this process to the manager `handle` (a name received from another process), or,
    with no handle, to the manager it reports its own names to, starting one if there is none.
    Returns the handle."""
    global _own_handle
    with _lock:
        _forget_inherited()
        if handle is not None:
            if handle not in _connections:
                try:
                    _open(handle)
                except OSError as error:
                    raise RuntimeError("cannot reach the shared-memory manager at {}: {}"
                                       .format(handle, error))
            if _own_handle is None:
                _adopt(handle)
            return handle
        if _own_handle is None:
            _own_handle = os.environ.get(ENVIRONMENT_VARIABLE)
        if _own_handle is not None and _own_handle in _connections:
            return _own_handle
        if _own_handle is not None:
            try:
                _open(_own_handle)
            except OSError:   # that manager is gone (its clients all left): start another
                _own_handle = None
        if _own_handle is None:
            started = _start_manager()
            _open(started)
            os.environ[ENVIRONMENT_VARIABLE] = started
        else:
            started = _own_handle
        _adopt(started)
        return started


def _adopt(handle):
    """Reports this process's new names to `handle` from now on."""
    global _own_handle
    _own_handle = handle
    torch_early._C._set_shm_manager(handle, _connections[handle].fileno())
