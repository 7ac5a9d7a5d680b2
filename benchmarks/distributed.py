"""all_reduce of 1 MB and 64 MB float tensors over 3 processes on this machine, on each backend
of torch_early.distributed this build has, beside modern PyTorch's torch.distributed (gloo) in
the same run where it is installed.

    python benchmarks/distributed.py                       # every backend, 1 MB and 64 MB
    python benchmarks/distributed.py --sizes 1 --backends tcp
    python benchmarks/distributed.py --modern-python /path/to/python   # modern PyTorch in another
                                                                       # environment

Each rank does a few warm-up calls, then times each all_reduce between barriers; rank 0 reports
the best and the median of the repeats. The ratio is torch_early's time over modern PyTorch's
(below 1.0: torch_early is faster); GB/s is the tensor's size over the time.
"""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.abspath(__file__)
WORLD = 3
MPIEXEC = None   # found with the backends


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- inside one rank --------------------------------------------------------------------------

def rank_main(library, backend, megabytes, repeats, result_path):
    """Times all_reduce in this rank; rank 0 writes [seconds of each repeat] to result_path."""
    import warnings
    warnings.simplefilter("ignore")
    if library == "modern":
        import torch
        import torch.distributed as dist
        torch.set_num_threads(1)
        dist.init_process_group("gloo", init_method="tcp://%s:%s" % (
            os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"]),
            rank=int(os.environ["RANK"]), world_size=int(os.environ["WORLD_SIZE"]))
        tensor = torch.ones(megabytes * (1 << 20) // 4)
    else:
        import torch_early as torch
        import torch_early.distributed as dist
        torch.set_num_threads(1)
        dist.init_process_group(backend)
        tensor = torch.FloatTensor(megabytes * (1 << 20) // 4).fill_(1)
    for _ in range(2):
        dist.all_reduce(tensor)
    times = []
    for _ in range(repeats):
        dist.barrier()
        start = time.perf_counter()
        dist.all_reduce(tensor)
        times.append(time.perf_counter() - start)
    dist.barrier()
    if dist.get_rank() == 0:
        with open(result_path, "w") as f:
            json.dump(times, f)


# ---- the launcher -----------------------------------------------------------------------------

def run_ranks(python, library, backend, megabytes, repeats):
    """Starts the 3 ranks; the list of times rank 0 measured, or None with the reason printed."""
    folder = tempfile.mkdtemp(prefix="te-bench-dist-")
    result = os.path.join(folder, "times.json")
    env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(free_port()),
               WORLD_SIZE=str(WORLD), OMP_NUM_THREADS="1")
    command = [python, HERE, "--rank-worker", library, backend, str(megabytes), str(repeats),
               result]
    try:
        if backend == "mpi":
            procs = [subprocess.Popen([MPIEXEC, "-n", str(WORLD)] + command, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)]
        else:
            procs = [subprocess.Popen(command, env=dict(env, RANK=str(r)), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for r in range(WORLD)]
        outputs = [p.communicate(timeout=600) for p in procs]
        if any(p.returncode for p in procs):
            print("    %s %s failed: %s" % (library, backend,
                                            (outputs[0][1] or "").strip().splitlines()[-1:]))
            return None
        with open(result) as f:
            return json.load(f)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def modern_python(given):
    """An interpreter that has modern PyTorch with gloo: the one given, or this one."""
    for python in filter(None, [given, sys.executable]):
        check = subprocess.run([python, "-c", "import torch.distributed as d; "
                                "assert d.is_gloo_available()"], capture_output=True)
        if check.returncode == 0:
            return python
    return None


def available_backends(wanted):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import torch_early.distributed as dist
    found = []
    for backend in wanted:
        if not dist._has_backend(backend):
            print("  %s: not in this build" % backend)
        elif backend == "mpi" and dist._find_mpiexec() is None:
            print("  mpi: no mpiexec on PATH or beside this Python")
        else:
            found.append(backend)
    global MPIEXEC
    MPIEXEC = dist._find_mpiexec()
    return found


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main(arguments):
    sizes = [int(s) for s in arguments.sizes.split(",")]
    backends = available_backends(arguments.backends.split(","))
    modern = modern_python(arguments.modern_python)
    print("all_reduce over %d local processes, float32; best (median) of the repeats" % WORLD)
    if modern is None:
        print("  modern PyTorch with gloo is not installed: torch_early's times only")
    print("%-26s %12s %12s %8s %14s %8s" % ("workload", "best", "median", "GB/s",
                                             "torch gloo", "ratio"))
    for megabytes in sizes:
        repeats = 20 if megabytes <= 4 else 6
        reference = run_ranks(modern, "modern", "gloo", megabytes, repeats) if modern else None
        for backend in backends:
            times = run_ranks(sys.executable, "early", backend, megabytes, repeats)
            if times is None:
                continue
            best = min(times)
            line = "%-26s %10.2fms %10.2fms %8.2f" % (
                "all_reduce %d MB %s" % (megabytes, backend), best * 1e3, median(times) * 1e3,
                megabytes / 1024.0 / best)
            if reference:
                line += " %12.2fms %8.2f" % (min(reference) * 1e3, best / min(reference))
            print(line, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--rank-worker"]:
        library, backend, megabytes, repeats, path = sys.argv[2:7]
        rank_main(library, backend, int(megabytes), int(repeats), path)
        sys.exit(0)
    parser = argparse.ArgumentParser(prog="python benchmarks/distributed.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1,64", help="megabytes, comma-separated")
    parser.add_argument("--backends", default="tcp,mpi,gloo")
    parser.add_argument("--modern-python", default=None,
                        help="a Python with modern PyTorch, if not this one")
    main(parser.parse_args())
