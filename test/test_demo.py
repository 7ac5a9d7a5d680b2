"""The demo's menu (python -m torch_early.demo): with no argument it lists the tour's parts, a
number runs that part and names the page to read and the part to run next, and anything else is
refused before a part runs. What each part shows is checked by its page under docs/tour/: every
page runs its part in a console block and shows the lines a reader should see (test_docs.py)."""
import subprocess
import sys

from torch_early.demo import PARTS


def demo(*arguments):
    return subprocess.run([sys.executable, "-m", "torch_early.demo"] + list(arguments),
                          capture_output=True, text=True, timeout=300)


def test_no_argument_lists_every_part_and_runs_none():
    result = demo()
    assert result.returncode == 0, result.stderr
    for part in PARTS:
        assert "python -m torch_early.demo %d   %s" % (part.number, part.title) in result.stdout
    assert "docs/tour/README.md" in result.stdout
    assert "=====" not in result.stdout          # no part ran


def test_every_part_has_a_page_and_a_module():
    import importlib
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    assert [p.number for p in PARTS] == list(range(1, len(PARTS) + 1))
    for part in PARTS:
        assert os.path.exists(os.path.join(root, part.page)), part.page
        assert callable(importlib.import_module("torch_early.demo." + part.module).run)


def test_a_part_ends_by_naming_its_page_and_the_next_part():
    result = demo("1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Part I: the tensor type")
    assert result.stdout.endswith(
        "This part is explained in docs/tour/1-tensor-type.md.\n"
        "Next: part II, `python -m torch_early.demo 2` and docs/tour/2-build.md.\n")


def test_help_prints_the_usage_and_runs_nothing():
    result = demo("--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python -m torch_early.demo [-h]")
    assert "=====" not in result.stdout


def test_an_unknown_part_or_option_is_refused_before_anything_runs():
    for arguments in (["9"], ["three"], ["--fast"], ["1", "2"]):
        result = demo(*arguments)
        assert result.returncode == 2, arguments
        assert result.stdout == ""
        assert "usage: python -m torch_early.demo" in result.stderr
