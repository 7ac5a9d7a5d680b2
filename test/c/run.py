"""Build and run the C test suite of lib/ (TH, and THS, THNN and THD over it).

Compiles every lib/TH/*.c, lib/THS/*.c, lib/THNN/*.c and lib/THD/*.c (with -pthread) once into build/ctest/<mode>/ (recompiling only what is older than the
sources and headers), writes the generated C of the suite into build/ctest/<mode>/generated/
(gen_thnn_negative.py), links one program per test/c/test_*.c, runs them all, then the source checks
test/c/check_*.py, and ends with the line "N passed, N failed" summed over the programs; a program
that crashes counts as one failure and its output is shown. Exit status 0 only when everything
passed.

    python test/c/run.py              # with BLAS (scipy-openblas32) when importable
    python test/c/run.py --no-blas    # the reference loops of THBlas, and no LAPACK
    python test/c/run.py --sanitize   # AddressSanitizer + UndefinedBehaviorSanitizer
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TH_DIR = ROOT / "lib" / "TH"
THS_DIR = ROOT / "lib" / "THS"
THNN_DIR = ROOT / "lib" / "THNN"
THD_DIR = ROOT / "lib" / "THD"
LIBRARY_DIRS = (TH_DIR, THS_DIR, THNN_DIR, THD_DIR)
TEST_DIR = ROOT / "test" / "c"
JOBS = 2
SUMMARY = re.compile(r"^(\S+): (\d+) passed, (\d+) failed$", re.MULTILINE)

BASE_FLAGS = ["-std=gnu11", "-fopenmp", "-pthread", "-DTH_INDEX_BASE=0", "-fPIC", "-Wall",
              f"-I{TH_DIR}", f"-I{THS_DIR}", f"-I{THNN_DIR}", f"-I{THD_DIR}", f"-I{TEST_DIR}"]
# THD's sockets and store thread, and test_thd's dlopen of a channel plugin.
SYSTEM_LIBRARIES = ["-lm", "-ldl", "-lpthread"]
SANITIZE_FLAGS = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                  "-fno-sanitize-recover=undefined"]


def find_blas():
    """(compile flags, link flags) for scipy-openblas32 (BLAS and LAPACK), or None when it is not
    installed."""
    try:
        import scipy_openblas32 as blas
    except ImportError:
        return None
    libdir = blas.get_lib_dir()
    return (["-DUSE_BLAS", "-DUSE_LAPACK", "-DBLAS_SYMBOL_PREFIX=scipy_"],
            [f"-L{libdir}", f"-l{blas.get_library()}", f"-Wl,-rpath,{libdir}"])


def newest_mtime(paths):
    return max(p.stat().st_mtime for p in paths)


def run_command(command):
    """Runs a compiler command; returns its output, raising with that output on failure."""
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(" ".join(shlex.quote(c) for c in command) + "\n" + result.stdout + result.stderr)
    return result.stdout + result.stderr


def build_if_stale(target, inputs, command):
    """Runs command unless target is newer than every input; returns compiler warnings."""
    if target.exists() and target.stat().st_mtime > newest_mtime(inputs):
        return ""
    return run_command(command)


def generate_sources(generated_dir):
    """Writes the generated C of the suite (test_thnn_negative.c's calls, from the table of valid
    THNN calls) into the build folder, unless it is newer than its inputs; returns its paths."""
    import gen_thnn_negative
    target = generated_dir / gen_thnn_negative.OUTPUT_NAME
    inputs = [Path(gen_thnn_negative.TABLE), Path(gen_thnn_negative.__file__)]
    if not target.exists() or target.stat().st_mtime <= newest_mtime(inputs):
        gen_thnn_negative.generate(str(generated_dir))
    return [target]


def build(mode_dir, cflags, ldflags):
    """Compiles lib/TH, lib/THS, lib/THNN and lib/THD and links the test programs; returns the programs'
    paths."""
    obj_dir = mode_dir / "obj"
    obj_dir.mkdir(parents=True, exist_ok=True)
    generated_dir = mode_dir / "generated"
    generated = generate_sources(generated_dir)
    cflags = cflags + [f"-I{generated_dir}"]
    def headers(folder):
        return list(folder.glob("*.h")) + list((folder / "generic").glob("*"))
    th_inputs = [path for folder in LIBRARY_DIRS for path in headers(folder)]
    cc = os.environ.get("CC", "cc")

    compile_jobs = []
    for source in [source for folder in LIBRARY_DIRS for source in sorted(folder.glob("*.c"))]:
        obj = obj_dir / f"{source.parent.name}_{source.stem}.o"  # lib/THNN/X.c and lib/TH/X.c apart
        # A library's files see TH's headers and their own (a THD header touches no TH object).
        inputs = headers(TH_DIR) + (headers(source.parent) if source.parent != TH_DIR else [])
        compile_jobs.append((obj, inputs + [source], [cc, *cflags, "-c", str(source), "-o", str(obj)]))
    harness_obj = obj_dir / "harness.o"
    harness_inputs = th_inputs + [TEST_DIR / "harness.c", TEST_DIR / "harness.h"]
    test_inputs = harness_inputs + list((TEST_DIR / "generic").glob("*")) + generated + \
        list(TEST_DIR.glob("*.h"))
    compile_jobs.append((harness_obj, harness_inputs,
                         [cc, *cflags, "-c", str(TEST_DIR / "harness.c"), "-o", str(harness_obj)]))
    run_jobs(compile_jobs)

    objects = [job[0] for job in compile_jobs]
    link_jobs = []
    programs = []
    for test in sorted(TEST_DIR.glob("test_*.c")):
        program = mode_dir / test.stem
        programs.append(program)
        link_jobs.append((program, objects + test_inputs + [test],
                          [cc, *cflags, "-o", str(program), str(test), *map(str, objects), *ldflags, *SYSTEM_LIBRARIES]))
    run_jobs(link_jobs)
    return programs


def run_jobs(jobs):
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        for warnings in pool.map(lambda job: build_if_stale(*job), jobs):
            if warnings:
                print(warnings, end="")


def run_program(program, env):
    """Runs one test program (a check_*.py script with this Python); returns (passed, failed,
    output). A program that dies, or exits non-zero without reporting a failure (a sanitizer
    finding at exit, say), adds one failure."""
    command = [sys.executable, str(program)] if program.suffix == ".py" else [str(program)]
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    output = result.stdout + result.stderr
    match = SUMMARY.search(result.stdout)
    passed, failed = (int(match.group(2)), int(match.group(3))) if match else (0, 0)
    explained = result.returncode == 0 or (result.returncode == 1 and failed > 0)
    if match is None or not explained:
        code = result.returncode
        reason = f"signal {-code}" if code < 0 else f"exit status {code}"
        failed += 1
        output += f"{program.name}: crashed ({reason})\n"
    return passed, failed, output


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-blas", action="store_true", help="use THBlas's reference loops")
    parser.add_argument("--sanitize", action="store_true", help="build with ASan and UBSan")
    args = parser.parse_args()

    blas = None if args.no_blas else find_blas()
    cflags = BASE_FLAGS + (SANITIZE_FLAGS if args.sanitize else ["-O3"])
    ldflags = []
    if blas:
        cflags += blas[0]
        ldflags += blas[1]
    mode = ("sanitize-" if args.sanitize else "") + ("blas" if blas else "noblas")
    mode_dir = ROOT / "build" / "ctest" / mode
    print(f"TH, THS, THNN and THD C tests ({mode})")

    try:
        programs = build(mode_dir, cflags, ldflags)
    except RuntimeError as error:
        print(f"build failed:\n{error}")
        print("0 passed, 1 failed")
        return 1

    env = dict(os.environ)
    env.setdefault("OMP_NUM_THREADS", "2")
    if args.sanitize:
        # Leaks are reported at exit (detect_leaks); a UBSan finding aborts the program, which
        # then counts as a crash. allocator_may_return_null lets the out-of-memory test see a
        # failed allocation as C code would, instead of ASan stopping the program.
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1:allocator_may_return_null=1")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")

    total_passed = total_failed = 0
    for program in programs + sorted(TEST_DIR.glob("check_*.py")):
        passed, failed, output = run_program(program, env)
        total_passed += passed
        total_failed += failed
        if failed:
            print(output, end="")
        else:
            print(f"{program.name}{'' if program.suffix else '.c'}: {passed} passed, 0 failed")
    # THD's mpi and gloo plugins, which need a launcher and the built plugin (run_thd_plugins.py)
    import run_thd_plugins
    for name, run_checks in (("thd_mpi", run_thd_plugins.run_mpi_checks),
                             ("thd_gloo", run_thd_plugins.run_gloo_checks)):
        passed, failed, output = run_checks()
        if output.startswith("skipped: "):
            print(f"{name}: {output}")
            continue
        total_passed += passed
        total_failed += failed
        if failed:
            print(output, end="")
        print(f"{name}: {passed} passed, {failed} failed")
    print(f"{total_passed} passed, {total_failed} failed")
    return 0 if total_failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
