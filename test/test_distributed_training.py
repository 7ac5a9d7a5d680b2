"""docs/examples/distributed_mnist.py: three processes training data-parallel (all_reduce of the
gradients) end with the parameters of one process training on the whole batches, on every
backend this build has."""
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

import torch_early
from test_distributed import dist, free_port, skip_reason

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       "docs", "examples", "distributed_mnist.py")
STEPS = "4"


def run_example(arguments, folder, backend=None):
    saved = os.path.join(folder, "%s.pt" % (backend or "single"))
    command = [sys.executable, EXAMPLE, "--steps", STEPS, "--save", saved] + arguments
    if backend == "mpi":
        command = [dist._find_mpiexec(), "-n", "3"] + command
    env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(free_port()),
               OMP_NUM_THREADS="1")
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return torch_early.load(saved), result.stdout


@pytest.fixture(scope="module")
def single_process():
    folder = tempfile.mkdtemp(prefix="te-dist-train-")
    yield run_example(["--single", "3"], folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("backend", ["tcp", "mpi", "gloo"])
def test_three_processes_train_as_one(backend, single_process):
    reason = skip_reason(backend)
    if reason:
        pytest.skip(reason)
    folder = tempfile.mkdtemp(prefix="te-dist-train-")
    try:
        launch = [] if backend == "mpi" else ["--processes", "3"]
        parameters, printed = run_example(["--backend", backend] + launch, folder, backend)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    reference, reference_printed = single_process
    assert len(parameters) == len(reference) == 8
    for mine, theirs in zip(parameters, reference):
        assert mine.size() == theirs.size()
        assert (mine - theirs).abs().max() < 1e-5 * (1 + theirs.abs().max())
    # the printed mean losses agree too (to their 4 decimals, up to float rounding)
    losses = [float(line.split()[-1]) for line in printed.splitlines() if line.startswith("step")]
    expected = [float(line.split()[-1]) for line in reference_printed.splitlines()
                if line.startswith("step")]
    assert len(losses) == len(expected) == int(STEPS)
    assert all(abs(a - b) < 2e-4 for a, b in zip(losses, expected))
