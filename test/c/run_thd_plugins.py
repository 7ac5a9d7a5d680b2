"""Runs the C checks of THD's plugin data channels, which need several processes and the built
plugins (test/c/run.py runs them after its own programs): the mpi channel
(test/c/thd_mpi_checks.c) under `mpiexec -n 3`, and the gloo channel
(test/c/thd_gloo_checks.cpp), which forks its own ranks.

    python test/c/run_thd_plugins.py

Compiles the checks into build/ctest/thd/ (they dlopen the plugin, as THD does, and link neither
MPI nor Gloo). mpi: runs every operation in 3 ranks, then twice more with rank 2 leaving in the
middle of an all_reduce (dying, and exiting normally), where the job must end rather than hang.
gloo: every collective on every type, op and count, groups, calls that disagree, and ranks that
die, are killed, stay away or never come, where the others must fail rather than hang. Ends with
the lines "thd_mpi: N passed, N failed" and "thd_gloo: N passed, N failed", or "skipped (why)"
when there is no mpiexec or no built plugin (torch_early/_thd_mpi.so and _thd_gloo.so, from
`python setup.py build_ext --inplace` where an MPI or Gloo is found). Exit status 0 unless
something failed.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUMMARY = re.compile(r"^rank (\d+): (\d+) passed, (\d+) failed$", re.MULTILINE)
RANKS = 3
CHECKS_SECONDS = 300  # every operation; about 10 s on two busy cores
ENDING_SECONDS = 60   # a rank leaves: the job ends within the channel's 3 s timeout and a bit
GLOO_SECONDS = 600    # the gloo program bounds each scenario's ranks itself (120 s); about 20 s
GLOO_SUMMARY = re.compile(r"^thd_gloo_checks: (\d+) passed, (\d+) failed$", re.MULTILINE)


def compile_checks(source, program):
    """Builds a checks program (C, or C++ for a .cpp) when it is older than its source or
    THDChannel.h."""
    header = ROOT / "lib" / "THD" / "THDChannel.h"
    if program.exists() and program.stat().st_mtime > max(source.stat().st_mtime,
                                                            header.stat().st_mtime):
        return
    program.parent.mkdir(parents=True, exist_ok=True)
    if source.suffix == ".cpp":
        compiler, language = os.environ.get("CXX", "c++").split(), "-std=c++17"
    else:
        compiler, language = os.environ.get("CC", "cc").split(), "-std=gnu11"
    subprocess.run(compiler + [language, "-Wall", "-O1", "-g", "-I" + str(header.parent),
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


def run_gloo_checks(plugin=None, only=None):
    """Runs the gloo channel's checks (`only`: one scenario of the program): (passed, failed,
    output), or (0, 0, "skipped: why")."""
    plugin = Path(plugin or ROOT / "torch_early" / "_thd_gloo.so")
    if not plugin.exists():
        return 0, 0, "skipped: no %s (no Gloo was found when it was built)" % plugin
    program = ROOT / "build" / "ctest" / "thd" / "thd_gloo_checks"
    compile_checks(ROOT / "test" / "c" / "thd_gloo_checks.cpp", program)
    env = dict(os.environ, **({"THD_GLOO_ONLY": only} if only else {}))
    with tempfile.TemporaryDirectory(prefix="thd-gloo-") as scratch:
        try:
            done = subprocess.run([str(program), str(plugin), scratch], capture_output=True,
                                  text=True, timeout=GLOO_SECONDS, env=env)
            status, output = done.returncode, done.stdout + done.stderr
        except subprocess.TimeoutExpired as expired:
            output = expired.stdout or b""
            status = None
            output = output.decode(errors="replace") if isinstance(output, bytes) else output
    summary = GLOO_SUMMARY.search(output)
    passed, failed = (int(summary.group(1)), int(summary.group(2))) if summary else (0, 0)
    if summary is None or (status != 0 and failed == 0):
        failed += 1
        output += "\n(the checks ended with status %s%s)" % (
            "timeout" if status is None else status, "" if summary else ", without a summary")
    return passed, failed, output


def main():
    any_failed = False
    for name, run in (("thd_mpi", run_mpi_checks), ("thd_gloo", run_gloo_checks)):
        passed, failed, output = run()
        if output.startswith("skipped: "):
            print("%s: skipped (%s)" % (name, output[len("skipped: "):]))
            continue
        if failed:
            print(output)
        print("%s: %d passed, %d failed" % (name, passed, failed))
        any_failed = any_failed or failed > 0
    return 1 if any_failed else 0


if __name__ == "__main__":
    sys.exit(main())
