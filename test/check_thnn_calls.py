"""Checks that the Python tests call every THNN entry point: runs the nn and THNN test files with
each binding of torch_early._thnn._THNN wrapped to note its name, then lists every function of
THNN's header that no test reached (for Float or Double). Run by test/run.py after pytest.

    python test/check_thnn_calls.py

Exits non-zero if a test failed or an entry point was never called.
"""
import functools
import glob
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TEST_FILES = ['test_nn_*.py', 'test_thnn_*.py', 'test_training_*.py']
# compares the backend's functions with the bindings themselves, which the wrappers replace
DESELECT = 'not test_backend_functions_are_the_bindings'


def wrap_bindings(module, called):
    for name in dir(module):
        for prefix in ('Float', 'Double'):
            if name.startswith(prefix):
                setattr(module, name, _noting(getattr(module, name), name[len(prefix):], called))


def _noting(binding, header_name, called):
    @functools.wraps(binding)
    def call(*args, **kwargs):
        called.add(header_name)
        return binding(*args, **kwargs)
    return call


def main():
    from torch_early._thnn import _THNN
    from torch_early._thnn.utils import THNN_H_PATH, parse_header
    called = set()
    wrap_bindings(_THNN, called)
    os.chdir(HERE)
    files = sorted(f for pattern in TEST_FILES for f in glob.glob(pattern))
    status = pytest.main(['-q', '-p', 'no:cacheprovider', '-k', DESELECT] + files)
    entry_points = [function.name for function in parse_header(THNN_H_PATH)]
    never = [name for name in entry_points if name not in called]
    for name in never:
        print("check_thnn_calls.py: no Python test calls THNN's {}".format(name))
    print("check_thnn_calls.py: {} of {} THNN entry points called by the Python tests".format(
        len(entry_points) - len(never), len(entry_points)))
    return 1 if status != 0 or never else 0


if __name__ == '__main__':
    sys.exit(main())
