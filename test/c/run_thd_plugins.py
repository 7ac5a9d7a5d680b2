"""Runs the C checks of THD's plugin data channels, which need a launcher and so are not part of
test/c/run.py: today the mpi channel (test/c/thd_mpi_checks.c) under `mpiexec -n 3`.

    python test/c/run_thd_plugins.py

Compiles the checks into build/ctest/thd/ (they dlopen the plugin, as THD does, and link no MPI),
runs every operation in 3 ranks, then twice more with rank 2 leaving in the middle of an
all_reduce (dying, and exiting normally), where the job must end rather than hang. Ends with the
line "thd_mpi: N passed, N failed", or "thd_mpi: skipped (why)" when there is no mpiexec or no
built plugin (torch_early/_thd_mpi.so, from `python setup.py build_ext --inplace` where an MPI is
found). Exit status 0 unless something failed.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUMMARY = re.compile(r"^rank (\d+): (\d+) passed, (\d+) failed$", re.MULTILINE)
RANKS = 3
CHECKS_SECONDS = 300  # every operation; about 10 s on two busy cores
ENDING_SECONDS = 60   # a rank leaves: the job ends within the channel's 3 s timeout and a bit


def compile_checks(source, program):
    """Builds the checks program when it is older than its source or THDChannel.h."""
    header = ROOT / "lib" / "THD" / "THDChannel.h"
    if program.exists() and program.stat().st_mtime > max(source.stat().st_mtime,
                                                            header.stat().st_mtime):
        return
    program.parent.mkdir(parents=True, exist_ok=True)
    compiler = os.environ.get("CC", "cc").split()
    subprocess.run(compiler + ["-std=gnu11", "-Wall", "-O1", "-g", "-I" + str(header.parent),
                               str(source), "-o", str(program), "-ldl"], check=True)


def launch(mpiexec, program, plugin, mode, seconds):
    """(exit status or None when it ran past `seconds`, its output)."""
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    command = [mpiexec, "-n", str(RANKS), str(program), str(plugin)] + ([mode] if mode else [])
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds, env=env)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout or b""
        return None, output.decode(errors="replace") if isinstance(output, bytes) else output
    return done.returncode, done.stdout + done.stderr


def run_mpi_checks(plugin=None, mpiexec=None):
    """Runs the mpi channel's checks: (passed, failed, output), or (0, 0, "skipped: why")."""
    plugin = Path(plugin or ROOT / "torch_early" / "_thd_mpi.so")
    mpiexec = mpiexec or shutil.which("mpiexec")
    if mpiexec is None:
        return 0, 0, "skipped: no mpiexec on PATH"
    if not plugin.exists():
        return 0, 0, "skipped: no %s (no MPI was found when it was built)" % plugin
    program = ROOT / "build" / "ctest" / "thd" / "thd_mpi_checks"
    compile_checks(ROOT / "test" / "c" / "thd_mpi_checks.c", program)

    passed = failed = 0
    status, output = launch(mpiexec, program, plugin, None, CHECKS_SECONDS)
    ranks = SUMMARY.findall(output)
    passed += sum(int(p) for _, p, _ in ranks)
    failed += sum(int(f) for _, _, f in ranks)
    if status != 0 or len(ranks) != RANKS:
        failed += 1
        output += "\n(the checks ended with status %s and %d of %d ranks' summaries)" % (
            "timeout" if status is None else status, len(ranks), RANKS)
    for mode in ("die", "leave"):
        status, ending = launch(mpiexec, program, plugin, mode, ENDING_SECONDS)
        if status is None or status == 0:
            failed += 1
            output += "\n%s: the job %s\n%s" % (
                mode, "hung" if status is None else "ended with status 0", ending)
        else:
            passed += 1
    return passed, failed, output


def main():
    passed, failed, output = run_mpi_checks()
    if output.startswith("skipped: "):
        print("thd_mpi: skipped (%s)" % output[len("skipped: "):])
        return 0
    if failed:
        print(output)
    print("thd_mpi: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
