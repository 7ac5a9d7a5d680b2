"""Build and run the checks of THD's gloo data channel (thd_gloo_checks.cpp) against the plugin
that setup.py built, torch_early/_thd_gloo.so: three forked ranks on this machine, no Python in
them. Skips, saying why, when the plugin is not there (setup.py builds it only where it finds
Gloo: Debian's libgloo-dev, or GLOO_HOME). Ends with the line "N passed, N failed"; exit status 0
when nothing failed.

    python setup.py build_ext --inplace && python test/c/run_thd_gloo.py
    python test/c/run_thd_gloo.py --only killed_during     # one scenario of the program
    python test/c/run_thd_gloo.py --plugin path/to/_thd_gloo.so
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "test" / "c" / "thd_gloo_checks.cpp"
PROGRAM = ROOT / "build" / "ctest" / "thd" / "thd_gloo_checks"
SUMMARY = re.compile(r"^thd_gloo_checks: (\d+) passed, (\d+) failed$", re.MULTILINE)
# Every scenario bounds its own ranks (120 s each); this only guards against the program itself.
TIMEOUT = 600


def build():
    """Compiles the checks program unless it is newer than its source and THDChannel.h."""
    inputs = [SOURCE, ROOT / "lib" / "THD" / "THDChannel.h"]
    if PROGRAM.exists() and PROGRAM.stat().st_mtime > max(p.stat().st_mtime for p in inputs):
        return
    PROGRAM.parent.mkdir(parents=True, exist_ok=True)
    compiler = os.environ.get("CXX", "c++").split()
    subprocess.run(compiler + ["-std=c++17", "-Wall", "-O2", "-I" + str(ROOT / "lib" / "THD"),
                               str(SOURCE), "-o", str(PROGRAM), "-ldl"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=str(ROOT / "torch_early" / "_thd_gloo.so"))
    parser.add_argument("--only", help="run only this scenario (collectives, alone, dies_before, "
                                       "killed_during, stays_away, never_comes)")
    args = parser.parse_args()
    if not os.path.exists(args.plugin):
        print("thd_gloo_checks: skipped: %s is not there (setup.py builds it where it finds Gloo)"
              % args.plugin)
        print("0 passed, 0 failed")
        return 0
    try:
        build()
    except subprocess.CalledProcessError:
        print("thd_gloo_checks: the checks program did not compile")
        print("0 passed, 1 failed")
        return 1
    env = dict(os.environ)
    if args.only:
        env["THD_GLOO_ONLY"] = args.only
    with tempfile.TemporaryDirectory(prefix="thd-gloo-") as scratch:
        try:
            result = subprocess.run([str(PROGRAM), args.plugin, scratch], capture_output=True,
                                    text=True, env=env, timeout=TIMEOUT)
            output, code = result.stdout + result.stderr, result.returncode
        except subprocess.TimeoutExpired as e:
            output, code = (e.stdout or b"").decode() + "\nhung for %d s\n" % TIMEOUT, -9
    print(output, end="")
    match = SUMMARY.search(output)
    passed, failed = (int(match.group(1)), int(match.group(2))) if match else (0, 0)
    if match is None or (code != 0 and failed == 0):
        failed += 1
        print("thd_gloo_checks: crashed (%s)" % ("signal %d" % -code if code < 0
                                                 else "exit status %d" % code))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
