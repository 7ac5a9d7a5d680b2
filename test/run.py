"""Runs every test: the C suite over lib/ (test/c/run.py), then pytest over the Python package,
then check_thnn_calls.py (every THNN entry point is called by some Python test), then the
fuzzer's short deterministic run with its corpus of past crashes (fuzz/fuzz.py --ci).

    python test/run.py                 # both suites
    python test/run.py --sanitize      # the C suite under AddressSanitizer/UBSan, then pytest

Exits non-zero if anything failed. pytest runs from test/ so that the source tree's torch_early
folder (which has no compiled _C) does not shadow the installed package.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv):
    # Checkpoints the tests save are signed with a key of this run's own (test/conftest.py does the
    # same for pytest alone), never with the key in the user's home.
    key_folder = tempfile.mkdtemp(prefix="torch_early-test-key-")
    os.environ["TORCH_EARLY_CHECKPOINT_KEY"] = os.path.join(key_folder, "checkpoint.key")
    try:
        return run_stages(argv)
    finally:
        shutil.rmtree(key_folder, ignore_errors=True)


def run_stages(argv):
    c_suite = [sys.executable, os.path.join(HERE, "c", "run.py")] + [a for a in argv if a == "--sanitize"]
    status_c = subprocess.call(c_suite)
    pytest_args = [a for a in argv if a != "--sanitize"]
    status_py = subprocess.call([sys.executable, "-m", "pytest", "-q"] + pytest_args, cwd=HERE)
    status_calls = status_fuzz = 0
    if not pytest_args:   # a chosen subset of the tests cannot call everything
        status_calls = subprocess.call([sys.executable, os.path.join(HERE, "check_thnn_calls.py")],
                                       cwd=HERE)
        status_fuzz = subprocess.call([sys.executable, os.path.join(HERE, "fuzz", "fuzz.py"), "--ci"])
    return 0 if status_c == status_py == status_calls == status_fuzz == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
