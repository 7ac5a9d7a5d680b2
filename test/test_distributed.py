"""torch_early.distributed across real processes: three ranks on this machine, on each backend
this build has (tcp always; mpi under mpiexec and gloo where torch_early was built with them,
skipped with the reason otherwise). The checks themselves run inside the ranks
(distributed_checks.py); this file starts the ranks and reads what each wrote.
Single-process errors (init without the environment, an unreachable master) run here."""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import warnings

import pytest

import torch_early

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import torch_early.distributed as dist

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKS = os.path.join(HERE, "distributed_checks.py")
BACKENDS = ["tcp", "mpi", "gloo"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def skip_reason(backend):
    if not dist._has_backend(backend):
        return ("this torch_early was built without the %s backend (%s)" % (
            backend, "no MPI found at build time" if backend == "mpi" else
            "no Gloo found at build time: Debian's libgloo-dev"))
    if backend == "mpi" and dist._find_mpiexec() is None:
        return "no mpiexec on PATH or beside this Python"
    return None


def launch(backend, scenario="checks", world=3, timeout=240):
    """Runs distributed_checks.py in `world` ranks; returns ({rank: results}, [exit codes])."""
    folder = tempfile.mkdtemp(prefix="te-dist-")
    env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(free_port()),
               WORLD_SIZE=str(world), OMP_NUM_THREADS="1")
    command = [sys.executable, CHECKS, backend, folder, scenario]
    try:
        if backend == "mpi":
            procs = [subprocess.Popen([dist._find_mpiexec(), "-n", str(world)] + command, env=env)]
        else:
            procs = [subprocess.Popen(command, env=dict(env, RANK=str(r))) for r in range(world)]
        deadline = time.time() + timeout
        codes = []
        for p in procs:
            try:
                codes.append(p.wait(timeout=max(1, deadline - time.time())))
            except subprocess.TimeoutExpired:
                for q in procs:
                    q.kill()
                pytest.fail("%s ranks still running after %d s: a hang" % (backend, timeout))
        results = {}
        for name in os.listdir(folder):
            with open(os.path.join(folder, name)) as f:
                results[int(name[4:-5])] = json.load(f)
        return results, codes
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_CHECK_RUNS = {}


def check_results(backend):
    """One launch per backend serves every check of it."""
    reason = skip_reason(backend)
    if reason:
        pytest.skip(reason)
    if backend not in _CHECK_RUNS:
        _CHECK_RUNS[backend] = launch(backend)
    return _CHECK_RUNS[backend]


def check_names():
    source = open(CHECKS).read()
    return [line.split("(")[0][len("def "):] for line in source.splitlines()
            if line.startswith("def check_")]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("check", check_names())
def test_check_in_every_rank(backend, check):
    results, codes = check_results(backend)
    assert sorted(results) == [0, 1, 2], "ranks that wrote no results; exit codes %s" % codes
    for rank in range(3):
        assert results[rank][check] == "ok", "rank %d:\n%s" % (rank, results[rank][check])


@pytest.mark.parametrize("backend", BACKENDS)
def test_sizes_that_disagree_raise_in_every_rank(backend):
    reason = skip_reason(backend)
    if reason:
        pytest.skip(reason)
    results, codes = launch(backend, "sizes_disagree", timeout=120)
    assert sorted(results) == [0, 1, 2], codes
    for rank in range(3):
        error = results[rank]["error"]
        assert error is not None, "rank %d returned %s" % (rank, results[rank])
        assert "all_reduce" in error


@pytest.mark.parametrize("backend", ["tcp", "gloo"])
def test_a_dead_rank_raises_in_the_others(backend):
    reason = skip_reason(backend)
    if reason:
        pytest.skip(reason)
    results, codes = launch(backend, "rank_dies", timeout=120)
    assert codes[2] == 3
    assert sorted(results) == [0, 1]
    for rank in (0, 1):
        assert results[rank]["error"] is not None, results[rank]
        assert results[rank]["seconds"] < 60


def run_python(code, env=None, timeout=60):
    env = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=timeout)


INIT = ("import warnings; warnings.simplefilter('ignore')\n"
        "import torch_early.distributed as dist\n")


def test_unreachable_master_times_out_with_the_address():
    port = free_port()
    start = time.time()
    result = run_python(INIT + "dist.init_process_group('tcp', timeout=1.5)",
                        dict(RANK="1", WORLD_SIZE="2", MASTER_ADDR="127.0.0.1:%d" % port))
    assert result.returncode != 0
    assert "127.0.0.1:%d" % port in result.stderr and "RuntimeError" in result.stderr
    assert time.time() - start < 30


@pytest.mark.parametrize("missing, env", [
    ("RANK", dict(WORLD_SIZE="2", MASTER_ADDR="127.0.0.1", MASTER_PORT="1")),
    ("WORLD_SIZE", dict(RANK="0", MASTER_ADDR="127.0.0.1", MASTER_PORT="1")),
    ("MASTER_ADDR", dict(RANK="0", WORLD_SIZE="1", MASTER_PORT="1")),
    ("MASTER_PORT", dict(RANK="0", WORLD_SIZE="1", MASTER_ADDR="127.0.0.1")),
])
def test_init_names_the_missing_variable(missing, env):
    clean = {k: v for k, v in os.environ.items()
             if k not in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")}
    result = subprocess.run([sys.executable, "-c", INIT + "dist.init_process_group('tcp')"],
                            capture_output=True, text=True, env=dict(clean, **env), timeout=60)
    assert "the environment variable %s is not set" % missing in result.stderr


def test_rank_out_of_range_is_refused():
    result = run_python(INIT + "dist.init_process_group('tcp')",
                        dict(RANK="3", WORLD_SIZE="2", MASTER_ADDR="127.0.0.1", MASTER_PORT="1"))
    assert "RANK=3 is not an integer in [0, 1]" in result.stderr


def test_a_world_of_one():
    code = INIT + (
        "import torch_early as torch\n"
        "dist.init_process_group('tcp')\n"
        "t = torch.FloatTensor(3).fill_(2)\n"
        "dist.all_reduce(t); dist.broadcast(t, 0); dist.barrier()\n"
        "out = [torch.FloatTensor(3)]; dist.all_gather(out, t)\n"
        "print(dist.get_rank(), dist.get_num_processes(), t.tolist(), out[0].tolist())\n")
    result = run_python(code, dict(RANK="0", WORLD_SIZE="1", MASTER_ADDR="127.0.0.1",
                                   MASTER_PORT=str(free_port())))
    assert result.stdout.split("\n")[0] == "0 1 [2.0, 2.0, 2.0] [2.0, 2.0, 2.0]", result.stderr


def test_unknown_backend_and_bad_arguments():
    with pytest.raises(RuntimeError, match="unknown backend 'nccl'"):
        dist.init_process_group('nccl')
    with pytest.raises(TypeError, match="backend must be a str"):
        dist.init_process_group(3)
    assert not dist._initialized


def test_operations_before_init_say_so():
    with pytest.raises(RuntimeError, match=r"not initialised: call init_process_group"):
        dist.get_rank()
    with pytest.raises(RuntimeError, match=r"not initialised"):
        dist.all_reduce(torch_early.FloatTensor(2))


def test_the_era_names():
    for name in ("init_process_group", "init_master_worker", "get_rank", "get_num_processes",
                 "send", "recv", "isend", "irecv", "broadcast", "all_reduce", "reduce",
                 "all_gather", "gather_send", "gather_recv", "scatter_send", "scatter_recv",
                 "barrier", "new_group"):
        assert callable(getattr(dist, name)), name
    assert {dist.reduce_op.SUM, dist.reduce_op.PRODUCT, dist.reduce_op.MIN,
            dist.reduce_op.MAX}.__len__() == 4
    assert dist.group.WORLD is not None


def test_the_era_warning_on_import():
    result = run_python("import torch_early.distributed")
    assert "torch.distributed is a highly experimental package" in result.stderr
    assert result.returncode == 0
