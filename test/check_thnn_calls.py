"""Checks that the Python tests call every THNN entry point: runs the nn and THNN test files with
each binding of torch_early._thnn._THNN wrapped to note its name, then lists every function of
THNN's header that no test reached (for Float or Double). Run by test/run.py after pytest.

    python test/check_thnn_calls.py
    python test/check_thnn_calls.py --record c/thnn_valid_calls.json

Exits non-zero if a test failed or an entry point was never called. With --record, the wrappers
also keep, for each entry point, the smallest call that completed (its arguments as they were
before the call: every tensor's sizes and values, the numbers), and write them to the given file:
the table of valid calls that test/c/gen_thnn_negative.py turns into the C suite's negative test
of every THNN argument. Rerun it when THNN's header changes.
"""
import argparse
import functools
import glob
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
# (test_rnn_fused.py calls the fused recurrent kernels with their optional biases, which nn's
# LSTM and GRU leave out)
TEST_FILES = ['test_nn_*.py', 'test_thnn_*.py', 'test_training_*.py', 'test_rnn_fused.py']
# compares the backend's functions with the bindings themselves, which the wrappers replace
DESELECT = 'not test_backend_functions_are_the_bindings'


def wrap_bindings(module, called, recorder=None):
    for name in dir(module):
        for prefix in ('Float', 'Double'):
            if name.startswith(prefix):
                setattr(module, name,
                        _noting(getattr(module, name), name[len(prefix):], called, recorder))


def _noting(binding, header_name, called, recorder):
    @functools.wraps(binding)
    def call(*args, **kwargs):
        called.add(header_name)
        if recorder is None:
            return binding(*args, **kwargs)
        snapshot = recorder.snapshot(header_name, args, kwargs)
        result = binding(*args, **kwargs)
        recorder.keep(header_name, snapshot)
        return result
    return call


class CallRecorder(object):
    """The smallest completed call of each entry point: the one with the fewest optional tensors
    left out (so that every argument gets tested), then the fewest tensor elements."""

    def __init__(self, functions):
        self.functions = functions   # the header's, in its order
        self.names = {f.name: [a.name for a in f.arguments] for f in functions}
        self.best = {}   # header name -> (cost, [argument snapshot])

    @staticmethod
    def _is_tensor(value):
        return hasattr(value, 'storage') and hasattr(value, 'nelement')

    def _cost(self, args):
        return (sum(a is None for a in args),
                sum(a.nelement() for a in args if self._is_tensor(a)))

    def snapshot(self, name, args, kwargs):
        """The arguments (positional, then by keyword) as the table holds them, or None when a
        smaller call is kept already or the call does not give every argument."""
        names = self.names.get(name, [])
        if len(args) > len(names) or any(n not in kwargs for n in names[len(args):]):
            return None
        args = list(args) + [kwargs[n] for n in names[len(args):]]
        cost = self._cost(args)
        if name in self.best and self.best[name][0] <= cost:
            return None
        return cost, [self._argument(args, i) for i in range(len(args))]

    def keep(self, name, snapshot):
        if snapshot is not None and (name not in self.best or snapshot[0] < self.best[name][0]):
            self.best[name] = snapshot

    def _argument(self, args, i):
        value = args[i]
        if self._is_tensor(value):
            for j in range(i):
                if args[j] is value:
                    return {'same_as': j}
            kind = type(value).__name__.replace('Tensor', '')
            data = value.contiguous().view(-1).tolist() if value.dim() else []
            if kind in ('Float', 'Double'):
                data = [float('%.5g' % x) for x in data]
            return {'tensor': kind, 'size': list(value.size()), 'data': data}
        if type(value).__name__ == 'Generator':
            return {'generator': True}
        return {'value': value}

    def write(self, path):
        """The table: one entry per function of the header that a test called, its arguments
        with their C types and names beside the recorded values."""
        lines = ['{"about": "One valid call of each THNN entry point, recorded from the Python '
                 'tests by test/check_thnn_calls.py --record; test/c/gen_thnn_negative.py reads '
                 'it.",', ' "calls": {']
        entries = []
        for function in self.functions:
            if function.name not in self.best:
                continue
            recorded = self.best[function.name][1]
            arguments = []
            for argument, value in zip(function.arguments, recorded):
                row = dict(name=argument.name, type=argument.type, **value)
                if argument.is_optional:
                    row['optional'] = True
                arguments.append('   ' + json.dumps(row, separators=(',', ':')))
            entries.append('  "%s": [\n%s]' % (function.name, ',\n'.join(arguments)))
        lines.append(',\n'.join(entries))
        lines.append(' }}')
        with open(path, 'w') as f:
            f.write('\n'.join(lines) + '\n')


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--record', metavar='PATH', help='write the table of valid calls there')
    args = parser.parse_args(argv)
    from torch_early._thnn import _THNN
    from torch_early._thnn.utils import THNN_H_PATH, parse_header
    functions = parse_header(THNN_H_PATH)
    called = set()
    recorder = CallRecorder(functions) if args.record else None
    record_path = os.path.abspath(args.record) if args.record else None
    wrap_bindings(_THNN, called, recorder)
    os.chdir(HERE)
    files = sorted(f for pattern in TEST_FILES for f in glob.glob(pattern))
    status = pytest.main(['-q', '-p', 'no:cacheprovider', '-k', DESELECT] + files)
    entry_points = [function.name for function in functions]
    never = [name for name in entry_points if name not in called]
    for name in never:
        print("check_thnn_calls.py: no Python test calls THNN's {}".format(name))
    print("check_thnn_calls.py: {} of {} THNN entry points called by the Python tests".format(
        len(entry_points) - len(never), len(entry_points)))
    if recorder is not None:
        recorder.write(record_path)
        print("check_thnn_calls.py: {} valid calls written to {}".format(
            len(recorder.best), args.record))
    return 1 if status != 0 or never else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
