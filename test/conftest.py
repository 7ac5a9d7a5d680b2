"""pytest configuration: make sure the installed torch_early is the one under test.

Running from the repository root would put the source folder torch_early/ (which has no compiled
_C unless built in place) ahead of the installed package; drop it in that case."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _source_tree_is_unbuilt():
    package = os.path.join(ROOT, "torch_early")
    return not any(name.startswith("_C.") for name in os.listdir(package))


if _source_tree_is_unbuilt():
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != ROOT]


# Checkpoints that the tests save are signed with a key of the test run's own, never with the key
# in the user's home (torch_early/_checkpoint_trust.py); subprocesses inherit it.
import tempfile  # noqa: E402

if "torch_early-test-key-" not in os.environ.get("TORCH_EARLY_CHECKPOINT_KEY", ""):
    os.environ["TORCH_EARLY_CHECKPOINT_KEY"] = os.path.join(
        tempfile.mkdtemp(prefix="torch_early-test-key-"), "checkpoint.key")
