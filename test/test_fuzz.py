"""The fuzzer's own tests (test/fuzz/): one seed gives the same calls in any process, and the
parent names the call that killed, hung or misled a worker, goes on after it, and shrinks it.

The calls that misbehave here are the test's own (os.kill, time.sleep, raise), given to the
runner as code the way the corpus is, in workers started without torch_early (Config.bare).
"""
import os
import subprocess
import sys
import tempfile

import pytest

import torch_early

FUZZ = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fuzz')
sys.path.insert(0, FUZZ)

import calls    # noqa: E402
import fuzz     # noqa: E402
import program  # noqa: E402
import runner   # noqa: E402

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))
CRASH = 'import os, signal; os.kill(os.getpid(), signal.SIGSEGV)'


@pytest.fixture
def config(tmp_path):
    # bare workers: these calls need no torch_early, and the workers start in an instant
    return runner.Config(python_path=PACKAGE_ROOT, timeout=10.0, workdir=str(tmp_path),
                         log=open(os.devnull, 'w'), bare=True)


def run_codes(config, codes, workers=1):
    run = runner.Run(config)
    items = [runner.Item('code%d' % position, code) for position, code in enumerate(codes)]
    run.execute(runner.code_feeds(items, workers))
    return run, [run.findings[key] for key in run.order]


# ---- determinism ----------------------------------------------------------------------------

def rendered(seed, indices):
    return [program.render(calls.make_call(seed, index)) for index in indices]


def test_a_seed_gives_the_same_calls_twice():
    assert rendered('7', range(200)) == rendered('7', range(200))


def test_a_seed_gives_the_same_calls_in_another_process():
    """--show prints the calls from a fresh interpreter, with another hash seed."""
    indices = list(range(40))
    env = dict(os.environ, PYTHONHASHSEED='12345', PYTHONPATH=PACKAGE_ROOT)
    shown = subprocess.run([sys.executable, os.path.join(FUZZ, 'fuzz.py'), '--seed', '7', '--show']
                           + [str(i) for i in indices], capture_output=True, text=True, env=env,
                           check=True).stdout
    lines = [line for line in shown.splitlines() if not line.startswith('# call')]
    assert lines == rendered('7', indices)


def test_other_seeds_give_other_calls():
    assert rendered('7', range(50)) != rendered('8', range(50))


def test_calls_cover_every_family():
    families = {calls.make_call('7', index).family for index in range(400)}
    assert families == set(calls.FAMILIES)


def test_the_readme_shows_the_prelude():
    with open(os.path.join(FUZZ, 'README.md')) as f:
        assert '```python\n' + program.PRELUDE + '```' in f.read()


def test_a_call_is_its_own_reproducer():
    """The rendered line is Python that the prelude's names make runnable (compiles alone)."""
    for line in rendered('7', range(100)):
        compile(program.PRELUDE + line, '<call>', 'exec')


# ---- a worker's death, a hang, odd exceptions --------------------------------------------------

def test_a_crash_is_reported_with_its_call_and_the_run_goes_on(config):
    run, findings = run_codes(config, ['x = 1', CRASH, 'y = 2', 'z = 3'])
    assert [(f.kind, f.detail, f.code, f.id) for f in findings] == [('crash', 'SIGSEGV', CRASH, 'code1')]
    assert run.calls == 3          # the calls before and after it ran, in a new worker
    assert 'Segmentation fault' in findings[0].output   # faulthandler's report is kept


def test_a_hang_is_caught_by_the_timeout(config):
    config.timeout = 1.0
    run, findings = run_codes(config, ['import time; time.sleep(60)', 'x = 1'])
    assert [(f.kind, f.id) for f in findings] == [('hang', 'code0')]
    assert run.calls == 1


def test_a_fuzzed_call_that_asked_for_huge_sizes_is_only_slow():
    class Watched:
        def __init__(self, current):
            self.current = current

        def output_since_call(self):
            return ''
    call = {'target': 'Tensor.sum', 'family': 'tensor'}
    slow = runner.hang_finding(Watched({'start': 7, 'code': 'c', 'call': call, 'big': True}), 10)
    hung = runner.hang_finding(Watched({'start': 7, 'code': 'c', 'call': call, 'big': False}), 10)
    code = runner.hang_finding(Watched({'start': 'entry.py', 'code': 'c'}), 10)
    assert (slow.kind, hung.kind, code.kind) == ('slow', 'hang', 'hang')
    assert 'slow' not in runner.FAILING_KINDS


def test_an_exit_without_goodbye_is_a_finding(config):
    run, findings = run_codes(config, ['import os; os._exit(3)'])
    assert [(f.kind, f.detail) for f in findings] == [('exit', 'exit status 3')]


def test_exceptions_of_an_unexpected_kind_are_findings(config):
    codes = ["raise ValueError('bad input is fine')", "raise SystemError('internal')",
             'raise RuntimeError()', 'raise MemoryError()', 'raise SystemExit(0)']
    run, findings = run_codes(config, codes)
    # MemoryError is fine where the call asked for something huge, as corpus entries may
    assert sorted((f.kind, f.id) for f in findings) == [
        ('exception', 'code1'), ('exception', 'code2'), ('exception', 'code4')]
    assert run.calls == 5


def test_a_memory_error_is_expected_where_the_call_asked_for_much():
    import worker
    here = os.path.dirname(torch_early.__file__)
    huge = MemoryError('not enough memory: you tried to allocate 2863311536 bytes (2.67 GB)')
    small = MemoryError('not enough memory: you tried to allocate 4096 bytes (4 KB)')
    assert worker.verdict(huge, False, None, here) == 'expected'
    assert worker.verdict(small, False, None, here) == 'unexpected'
    assert worker.verdict(MemoryError(), False, None, here) == 'unexpected'
    assert worker.verdict(MemoryError(), True, None, here) == 'expected'


def test_two_workers_share_the_calls(config):
    run, findings = run_codes(config, ['x = %d' % i for i in range(10)] + [CRASH], workers=2)
    assert run.calls == 10 and [f.kind for f in findings] == ['crash']


def test_a_run_can_stop_after_a_number_of_failures(config):
    run = runner.Run(config)
    run.stop_after = 2
    items = [runner.Item('code%d' % position, code)
             for position, code in enumerate([CRASH] * 4 + ['x = 1'] * 3)]
    run.execute(runner.code_feeds(items, 1))
    assert [f.id for f in run.failures()] == ['code0', 'code1'] and run.calls == 0


def test_corpus_expectations(config, tmp_path):
    entries = {'raises.py': '# expect: RuntimeError\nraise RuntimeError("sizes")\n',
               'completes.py': '# expect: RuntimeError\nx = 1\n',
               'not_zero.py': '# expect: not ZeroDivisionError\n1 / 0\n',
               'free.py': 'raise TypeError("anything goes")\n'}
    folder = tmp_path / 'corpus'
    folder.mkdir()
    for name, text in entries.items():
        (folder / name).write_text(text)
    run = runner.Run(config)
    run.execute(runner.code_feeds(fuzz.corpus_items([str(folder)]), 1))
    failed = sorted(run.findings[key].id for key in run.order)
    assert failed == ['completes.py', 'not_zero.py']


# ---- examining a finding ----------------------------------------------------------------------

def test_a_crash_is_shrunk_to_what_it_needs(config):
    call = program.Call('test', 'os.kill', [
        program.Step('o', "__import__('os')"),
        program.Step('t0', 'list(range(3))', '[1]')],
        'o.kill', ['o.getpid()', '11'], [], ['print(r)'])
    code = program.render(call)
    finding = runner.Finding('crash', 0, code, 'SIGSEGV', call=program.as_dict(call))
    runner.Run(config).examine(finding, trials=10)
    assert finding.alone is True
    assert finding.reduced == "o = __import__('os'); o.kill(o.getpid(), 11)"


def test_a_crash_that_needs_earlier_calls_is_narrowed_to_them(config):
    """The call crashes only after another one armed it: the finding names that one."""
    arm = "import builtins; builtins.armed = True"
    fire = "import builtins, os; getattr(builtins, 'armed', False) and os.kill(os.getpid(), 11)"
    run, findings = run_codes(config, ['a = 1', arm, 'b = 2', fire])
    finding = findings[0]
    assert finding.id == 'code3'
    run.examine(finding)
    assert finding.alone is False and finding.needs == [arm]


def test_the_same_sanitizer_report_is_the_same_failure():
    """A report found by a fuzzed call and again by its replay (run as code) is one failure."""
    report = 'ERROR: AddressSanitizer: heap-buffer-overflow on address\n    #0 0x7f in THFloatVector_fill x.c:9\n'
    error, signature = runner.sanitizer_report(report)
    found = runner.Finding('sanitizer', 7, 'x', error, key=signature + (7,), signature=signature)
    again = runner.Finding('sanitizer', 0, 'x', error, key=signature + (0,), signature=signature)
    assert signature == ('asan', 'heap-buffer-overflow', 'THFloatVector_fill')
    assert runner.Run.same_failure(found, again)


def test_smaller_calls_leave_out_one_thing_each():
    call = program.Call('test', 't', [program.Step('t0', 'A', 'P'), program.Step('_s1', 'B')],
                        't0.f', ['1', '2'], [['k', '3']], ['r.g()'])
    texts = [program.render(c) for c in program.smaller_calls(call)]
    assert texts == ['t0 = A; _s1 = B; t0.f(1, 2, k=3)',
                     't0 = A; _s1 = B; r = t0.f(1, 2); r.g()',
                     't0 = A; _s1 = B; r = t0.f(1, k=3); r.g()',
                     't0 = P; _s1 = B; r = t0.f(1, 2, k=3); r.g()',
                     't0 = A; r = t0.f(1, 2, k=3); r.g()']
