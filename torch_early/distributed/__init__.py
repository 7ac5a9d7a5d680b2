"""torch_early.distributed: v0.1.12's torch.distributed — one process group per process, and
point-to-point and collective operations on CPU tensors between the processes, over lib/THD.

    import torch_early.distributed as dist
    dist.init_process_group('tcp')          # reads RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT
    dist.all_reduce(grad, dist.reduce_op.SUM)

Backends: 'tcp' (THD's own, always there), 'mpi' (under mpiexec, where torch_early was built with
an MPI) and 'gloo' (where it was built with Gloo; all_reduce, broadcast, all_gather and barrier
only, as in the era). docs/distributed.md tells how to run a program across processes and
machines. Every operation blocks until this rank's part is done; isend and irecv return a request
to wait on. The tensors go as they are: a Variable's is `var.data`.
"""
import os
import warnings

from .. import _C

warnings.warn("""
================================================================================
                                    WARNING
================================================================================
torch.distributed is a highly experimental package. The API will change without
notice and we're can't guarantee full correctness and expected performance yet.
We'll announce it once it's ready.
""")

_INITIALIZED_PG = 1
_INITIALIZED_MW = 2
_initialized = 0

# Where the mpi and gloo backends (_thd_mpi.so, _thd_gloo.so) lie: next to _C.
_PLUGIN_FOLDER = os.path.dirname(os.path.abspath(_C.__file__))

# How long a rank waits at init for the master (rank 0) and its peers, unless told otherwise.
DEFAULT_TIMEOUT = 30.0


class reduce_op(object):
    """The reductions of reduce and all_reduce."""
    SUM = object()
    PRODUCT = object()
    MAX = object()
    MIN = object()


class group(object):
    """group.WORLD: every process; new_group makes others."""
    WORLD = object()


# The C layer's numbers for them (lib/THD/THDChannel.h's THDReduceOp, THD.h's THDGroupWORLD).
_REDUCE_OPS = {reduce_op.SUM: 0, reduce_op.PRODUCT: 1, reduce_op.MIN: 2, reduce_op.MAX: 3}
_WORLD = 0


def _op_number(op):
    try:
        return _REDUCE_OPS[op]
    except (KeyError, TypeError):
        raise TypeError("op must be one of reduce_op.SUM, reduce_op.PRODUCT, reduce_op.MIN, "
                        "reduce_op.MAX, not %r" % (op,)) from None


def _group_number(group_id):
    if group_id is group.WORLD:
        return _WORLD
    if isinstance(group_id, int) and not isinstance(group_id, bool):
        return group_id
    raise TypeError("group must be group.WORLD or what new_group returned, not %r" % (group_id,))


def _check_rank(name, rank):
    if not isinstance(rank, int) or isinstance(rank, bool):
        raise TypeError("%s must be an int rank, not %s" % (name, type(rank).__name__))
    return rank


class _DistributedRequest(object):
    """What isend and irecv return: the transfer goes on while the program does; `wait()` blocks
    until it is done (and raises if it failed), `is_completed()` tells without blocking. A request
    dropped before it completed waits for it then: its tensor's memory is in use until then."""

    def __init__(self, request):
        self.request = request

    def is_completed(self):
        return _C._dist_request_is_completed(self.request)

    def wait(self):
        _C._dist_request_wait(self.request)


def init_process_group(backend, timeout=DEFAULT_TIMEOUT):
    """Joins this process to the process group with the chosen backend: 'tcp', 'mpi' or 'gloo'.

    tcp and gloo read the environment: RANK (this process's, from 0), WORLD_SIZE, MASTER_ADDR
    (rank 0's host, or "host:port") and MASTER_PORT; rank 0 serves there, and the others connect
    to it within `timeout` seconds. mpi takes the rank and the size from mpiexec. Once only."""
    global _initialized
    if _initialized:
        raise RuntimeError("trying to initialize torch.distributed twice!")
    if not isinstance(backend, str):
        raise TypeError("backend must be a str ('tcp', 'mpi' or 'gloo'), not %s"
                        % type(backend).__name__)
    _C._dist_init_process_group(backend, _PLUGIN_FOLDER, float(timeout))
    _initialized = _INITIALIZED_PG


def init_master_worker(backend):
    """v0.1.12's master-worker mode is not in torch_early."""
    raise NotImplementedError(
        "init_master_worker: torch_early has no master-worker mode (v0.1.12's "
        "torch.distributed.remote_types: tensors that live on the workers, driven from rank 0 by "
        "a command channel); use init_process_group and the collectives")


def _has_backend(backend):
    """Whether this build of torch_early can use `backend` ('tcp' always)."""
    return _C._dist_has_backend(backend, _PLUGIN_FOLDER)


def _find_mpiexec():
    """The mpiexec that starts an mpi program: the one on PATH, or the one that `pip install
    mpich` put beside this Python (a pyenv or venv whose bin/ is not on PATH); None if neither."""
    import shutil
    import sys
    found = shutil.which("mpiexec")
    beside = os.path.join(sys.prefix, "bin", "mpiexec")
    return found or (beside if os.access(beside, os.X_OK) else None)


def get_rank():
    """This process's rank, from 0."""
    return _C._dist_get_rank()


def get_num_processes():
    """The number of processes in the group."""
    return _C._dist_get_num_processes()


def isend(tensor, dst_rank):
    """Starts sending `tensor` to `dst_rank`; returns a request."""
    return _DistributedRequest(_C._dist_isend(tensor, _check_rank('dst_rank', dst_rank)))


def irecv(tensor, src_rank):
    """Starts receiving into `tensor` from `src_rank`; returns a request."""
    return _DistributedRequest(_C._dist_irecv(tensor, _check_rank('src_rank', src_rank)))


def send(tensor, dst_rank):
    """Sends `tensor` to `dst_rank`, which receives it with recv; blocks until it is sent."""
    return _C._dist_send(tensor, _check_rank('dst_rank', dst_rank))


def recv(tensor, src_rank=None):
    """Receives into `tensor` (of the sent tensor's size) from `src_rank`, or from whichever rank
    sends first when src_rank is None; returns the rank it came from."""
    if src_rank is None:
        return _C._dist_recv_any_source(tensor)
    return _C._dist_recv(tensor, _check_rank('src_rank', src_rank))


def broadcast(tensor, src, group=group.WORLD):
    """Copies rank `src`'s tensor into every other member's."""
    return _C._dist_broadcast(tensor, _check_rank('src', src), _group_number(group))


def all_reduce(tensor, op=reduce_op.SUM, group=group.WORLD):
    """Reduces the members' tensors element-wise with `op`; every member gets the result."""
    return _C._dist_all_reduce(tensor, _op_number(op), _group_number(group))


def reduce(tensor, dst, op=reduce_op.SUM, group=group.WORLD):
    """Reduces the members' tensors element-wise with `op` into rank `dst`'s; the others' stay."""
    return _C._dist_reduce(tensor, _check_rank('dst', dst), _op_number(op), _group_number(group))


def all_gather(tensor_list, tensor, group=group.WORLD):
    """Every member's tensor into every member's `tensor_list` (one per member, in rank order)."""
    return _C._dist_all_gather(tensor_list, tensor, _group_number(group))


def gather_send(tensor, dst, group=group.WORLD):
    """This member's part of a gather to rank `dst` (which calls gather_recv)."""
    return _C._dist_gather_send(tensor, _check_rank('dst', dst), _group_number(group))


def gather_recv(tensor_list, tensor, group=group.WORLD):
    """The destination's part of a gather: every member's tensor (its own `tensor` too) into
    `tensor_list`, one per member in rank order."""
    return _C._dist_gather_recv(tensor_list, tensor, _group_number(group))


def scatter_send(tensor_list, tensor, group=group.WORLD):
    """The source's part of a scatter: member i gets tensor_list[i] (this rank: into `tensor`)."""
    return _C._dist_scatter_send(tensor_list, tensor, _group_number(group))


def scatter_recv(tensor, src, group=group.WORLD):
    """A member's part of a scatter from rank `src` (which calls scatter_send)."""
    return _C._dist_scatter_recv(tensor, _check_rank('src', src), _group_number(group))


def barrier(group=group.WORLD):
    """Returns once every member of the group has called it."""
    return _C._dist_barrier(_group_number(group))


def new_group(ranks=None):
    """A group of `ranks` (all of them when None), for the collectives' `group` argument. Every
    process calls it, with the same ranks, member or not."""
    if ranks is None:
        ranks = range(get_num_processes())
    return _C._dist_new_group(list(ranks))
