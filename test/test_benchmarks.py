"""benchmarks/run.py reads its arguments before it times anything: --help prints the usage,
an unknown option is refused, and workload words select what runs (these tests run nothing)."""
import os
import subprocess
import sys

RUN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks",
                   "run.py")


def run_benchmarks(*arguments):
    return subprocess.run([sys.executable, RUN] + list(arguments), capture_output=True,
                          text=True, timeout=60)


def test_help_prints_the_usage_and_runs_nothing():
    result = run_benchmarks("--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python benchmarks/run.py [-h] [--busy] [--threads")
    for option in ("--busy", "words", "--threads", "--openblas-pin"):
        assert option in result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("torch_early ")]


def test_an_unknown_option_is_refused_before_anything_runs():
    result = run_benchmarks("add", "--fast")
    assert result.returncode == 2
    assert "unrecognized arguments: --fast" in result.stderr
    assert result.stdout == ""


def test_a_word_that_names_no_workload_times_nothing():
    result = run_benchmarks("no-such-workload")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line]
    assert lines[0].startswith("torch_early ")   # the versions, then the tables' headers only
    assert [line.split()[0] for line in lines[1:]] == ["workload", "autograd", "nn", "sparse",
                                                         "data"]
