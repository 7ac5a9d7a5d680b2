"""Runs every test, in four stages: the C suite over lib/ (test/c/run.py), then pytest over the
Python package, then check_thnn_calls.py (every THNN entry point is called by some Python test),
then the fuzzer's short deterministic run with its corpus of past crashes (fuzz/fuzz.py --ci).

    python test/run.py                       # every stage
    python test/run.py --sanitize            # the C suite under AddressSanitizer/UBSan
    python test/run.py test_size.py -k view  # other arguments go to pytest; a chosen subset of
                                             # the tests skips the THNN coverage check and the
                                             # fuzzer (a subset cannot call every entry point)
    python test/run.py --skip c,fuzz         # leave stages out: c, pytest, thnn-calls, fuzz

Each stage is announced before it runs ("== stage 1/4: the C suite (test/c/run.py)"), pytest
prints the reason of every skipped test (-rs), and a table at the end gives each stage's result.
Exits non-zero if anything failed. pytest runs from test/ so that the source tree's torch_early
folder (which has no compiled _C) does not shadow the installed package.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# (name for --skip, label)
STAGES = [("c", "the C suite (test/c/run.py)"),
          ("pytest", "pytest"),
          ("thnn-calls", "the THNN coverage check (check_thnn_calls.py)"),
          ("fuzz", "the fuzzer (fuzz/fuzz.py --ci)")]


def main(argv):
    # Checkpoints the tests save are signed with a key of this run's own (test/conftest.py does the
    # same for pytest alone), never with the key in the user's home.
    key_folder = tempfile.mkdtemp(prefix="torch_early-test-key-")
    os.environ["TORCH_EARLY_CHECKPOINT_KEY"] = os.path.join(key_folder, "checkpoint.key")
    try:
        skipped, argv = skip_option(argv)
        return run_stages(argv, skipped)
    finally:
        shutil.rmtree(key_folder, ignore_errors=True)


def skip_option(argv):
    """({stage name: why it is skipped}, the other arguments) from `--skip a,b` or `--skip=a,b`,
    which may come more than once. Exits, naming the stages, on a name that is not one."""
    skipped, rest, arguments = {}, [], iter(argv)
    for argument in arguments:
        if argument == "--skip":
            names = next(arguments, "")
        elif argument.startswith("--skip="):
            names = argument[len("--skip="):]
        else:
            rest.append(argument)
            continue
        if not names:
            sys.exit("test/run.py: --skip needs stage names: %s" % ", ".join(n for n, _ in STAGES))
        for name in filter(None, names.split(",")):
            if name not in dict(STAGES):
                sys.exit("test/run.py: --skip %r: no such stage; the stages are %s"
                         % (name, ", ".join(n for n, _ in STAGES)))
            skipped[name] = "--skip " + name
    return skipped, rest


def stage_commands(argv):
    """{stage name: (command, folder to run it in)}."""
    sanitize = [a for a in argv if a == "--sanitize"]
    pytest_args = [a for a in argv if a != "--sanitize"]
    return {"c": ([sys.executable, os.path.join(HERE, "c", "run.py")] + sanitize, None),
            "pytest": ([sys.executable, "-m", "pytest", "-q", "-rs"] + pytest_args, HERE),
            "thnn-calls": ([sys.executable, os.path.join(HERE, "check_thnn_calls.py")], HERE),
            "fuzz": ([sys.executable, os.path.join(HERE, "fuzz", "fuzz.py"), "--ci"], None)}


def run_stages(argv, skipped):
    if [a for a in argv if a != "--sanitize"]:
        # a chosen subset of the tests cannot call every THNN entry point
        for name in ("thnn-calls", "fuzz"):
            skipped.setdefault(name, "a chosen subset of the tests")
    commands = stage_commands(argv)
    results = []
    for number, (name, label) in enumerate(STAGES, 1):
        title = "== stage %d/%d: %s" % (number, len(STAGES), label)
        if name in skipped:
            result = "skipped (%s)" % skipped[name]
            print("%s: %s" % (title, result), flush=True)
        else:
            print(title, flush=True)
            command, folder = commands[name]
            status = subprocess.call(command, cwd=folder)
            result = "passed" if status == 0 else "FAILED (exit status %d)" % status
        results.append(("%d/%d %s" % (number, len(STAGES), label), result))
    print_summary(results)
    return 1 if any(result.startswith("FAILED") for _, result in results) else 0


def print_summary(results):
    width = max(len(stage) for stage, _ in results)
    print("\n== summary", flush=True)
    for stage, result in results:
        print("%-*s  %s" % (width, stage, result), flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
