"""A fuzzing worker: runs calls one after another and reports each one on a pipe before it runs,
so that the parent (runner.py) can name the call that killed or hung it.

    python worker.py REPORT_FD [MEMORY_LIMIT_MB] [--bare]

(--bare: no prelude, torch_early is not imported; the runner's own tests use it to start fast.)

Jobs arrive on stdin, one JSON object a line:
    {"fuzz": {"seed": S, "indices": [i, j, ...], "families": [...], "features": [...]}}
    {"code": "<python>", "id": "<name>", "big": true}
For each call it writes to REPORT_FD, flushed at once, a line {"start": id, "code": ..., "call": ...}
then runs it and writes {"end": id, "outcome": "ok" | "raised", ...}. At the end of its input
it writes {"bye": true} and exits 0; dying any other way is what the parent looks for.

An exception is the expected answer to bad input. `verdict` sorts the ones that are not:
'unexpected' (SystemError, an exception with an empty message, a MemoryError where nothing huge
was asked for, a BaseException that is not an Exception, such as SystemExit) and 'doubtful'
(ZeroDivisionError, AttributeError... raised inside torch_early's own Python code, where a
clear TypeError or ValueError was due).
"""
import faulthandler
import json
import os
import re
import resource
import sys
import traceback
import warnings

DOUBTFUL = (ZeroDivisionError, AttributeError, AssertionError, UnicodeError, NameError,
            RecursionError, StopIteration, KeyError, FloatingPointError)


def limit_resources(memory_limit_mb):
    """No core files; an address-space limit, so that a call that asks for more memory than the
    machine should give gets a failed allocation (MemoryError) instead of swapping the machine."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if memory_limit_mb:
        limit = memory_limit_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def raised_in_package(tb, package_dir):
    """True when the innermost Python frame of the traceback is torch_early's own code (not the
    fuzzed line itself, nor the test's)."""
    frames = traceback.extract_tb(tb)
    return bool(frames) and frames[-1].filename.startswith(package_dir)


# A request this large may fail in a worker whatever the call (its address space is limited):
# torch_early's MemoryError says how much was asked for ("you tried to allocate N bytes"), a size
# the call's numbers made (range(-2, 2**31, 3)) without any size being huge itself.
HUGE_REQUEST = 2**28


def asked_bytes(error):
    found = re.search(r'tried to allocate (\d+) bytes', str(error))
    return int(found.group(1)) if found else 0


def verdict(error, big, tb, package_dir):
    if not isinstance(error, Exception):
        return 'unexpected'
    if isinstance(error, MemoryError):   # (Python's own has no message)
        return 'expected' if big or asked_bytes(error) >= HUGE_REQUEST else 'unexpected'
    if isinstance(error, SystemError) or not str(error).strip():
        return 'unexpected'
    if isinstance(error, DOUBTFUL) and not type(error).__module__.startswith('torch_early') \
            and raised_in_package(tb, package_dir):
        return 'doubtful'   # (torch_early's own classes, like TensorZeroDivisionError, are meant)
    return 'expected'


def output_size():
    try:
        return os.fstat(2).st_size
    except OSError:
        return 0


class Worker:
    def __init__(self, report_fd, bare=False):
        self.report = os.fdopen(report_fd, 'w', buffering=1)
        import program
        namespace = {}
        if not bare:
            exec(program.PRELUDE, namespace)
        self.namespace = namespace
        self.torch = namespace.get('torch_early')
        self.package_dir = os.path.dirname(self.torch.__file__) + os.sep if self.torch else '//'

    def send(self, record):
        self.report.write(json.dumps(record) + '\n')
        self.report.flush()

    def run(self, job_id, code, big, call=None):
        sys.stdout.flush()
        sys.stderr.flush()
        # where this call's output begins in the worker's output file (the parent reads a
        # sanitizer report or faulthandler's traceback from there)
        start = {'start': job_id, 'code': code, 'output_at': output_size()}
        if call is not None:   # a fuzzed call: one that asked for huge sizes may be slow (runner)
            start['call'], start['big'] = call, bool(big)
        self.send(start)
        record = {'end': job_id, 'outcome': 'ok'}
        try:
            exec(compile(code, '<fuzz>', 'exec'), dict(self.namespace))
        except BaseException as error:   # noqa: B902 - SystemExit from the library is a finding
            record.update(outcome='raised', type=type(error).__name__,
                          mro=[cls.__name__ for cls in type(error).__mro__],
                          message=str(error)[:400],
                          verdict=verdict(error, big, error.__traceback__, self.package_dir))
            if record['verdict'] != 'expected':
                frames = traceback.extract_tb(error.__traceback__)
                record['where'] = '%s:%d' % (frames[-1].filename, frames[-1].lineno)
                record['traceback'] = ''.join(traceback.format_exception(
                    type(error), error, error.__traceback__))[-3000:]
            del error
        self.reset_process_state()
        self.send(record)

    def reset_process_state(self):
        """Undoes what a fuzzed call may have changed for the calls after it."""
        torch = self.torch
        if torch is None:
            return
        try:
            torch.set_num_threads(1)
            torch.set_printoptions(profile='default')
        except Exception as error:   # a finding of its own: say so, and go on
            self.send({'note': 'could not reset the process state: %r' % error})

    def fuzz(self, job):
        import calls
        import program
        for index in job['indices']:
            call = calls.make_call(job['seed'], index, job.get('families'), job.get('features', ()))
            self.run(index, program.render(call), call.big, program.as_dict(call))

    def serve(self, lines):
        for line in lines:
            job = json.loads(line)
            if 'fuzz' in job:
                self.fuzz(job['fuzz'])
            else:
                self.run(job['id'], job['code'], job.get('big', True))
        self.send({'bye': True})


def main(argv):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    faulthandler.enable()
    warnings.simplefilter('ignore')
    worker = Worker(int(argv[1]), '--bare' in argv)
    limit_resources(int(argv[2]) if len(argv) > 2 else 0)
    worker.send({'ready': True})
    worker.serve(sys.stdin)
    sys.stdout.flush()
    os._exit(0)   # no interpreter teardown: a late crash in it would be a call's finding


if __name__ == '__main__':
    main(sys.argv)
