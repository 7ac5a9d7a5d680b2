"""test/run.py, the command that runs every test: it announces each stage before running it,
passes pytest -rs (so every skipped test shows its reason), ends with a table of each stage's
result, and leaves out the stages named by --skip. These runs skip the C suite and point pytest
at a tiny test file of their own, so they take seconds."""
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = os.path.join(ROOT, 'test', 'run.py')

TINY_TESTS = '''\
import pytest

def test_that_passes():
    assert 1 + 1 == 2

def test_that_skips():
    pytest.skip('skipped for a reason this test gives')
'''


def run_py(*arguments):
    result = subprocess.run([sys.executable, RUN] + list(arguments), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True, timeout=300)
    return result.returncode, result.stdout


def tiny_test_file(folder, extra=''):
    path = os.path.join(str(folder), 'test_tiny.py')
    with open(path, 'w') as f:
        f.write(TINY_TESTS + extra)
    return path


def test_each_stage_is_announced_and_summed_up(tmp_path):
    status, output = run_py('--skip', 'c', tiny_test_file(tmp_path))
    assert status == 0, output
    lines = output.splitlines()
    assert lines[0] == '== stage 1/4: the C suite (test/c/run.py): skipped (--skip c)'
    assert lines[1] == '== stage 2/4: pytest'
    assert ('== stage 3/4: the THNN coverage check (check_thnn_calls.py): skipped '
            '(a chosen subset of the tests)') in lines
    assert lines[lines.index('== summary'):] == [
        '== summary',
        '1/4 the C suite (test/c/run.py)                    skipped (--skip c)',
        '2/4 pytest                                         passed',
        '3/4 the THNN coverage check (check_thnn_calls.py)  skipped (a chosen subset of the tests)',
        '4/4 the fuzzer (fuzz/fuzz.py --ci)                 skipped (a chosen subset of the tests)']


def test_pytest_prints_the_reason_of_every_skipped_test(tmp_path):
    status, output = run_py('--skip', 'c', tiny_test_file(tmp_path))
    assert status == 0, output
    assert 'skipped for a reason this test gives' in output
    assert '1 passed, 1 skipped' in output


def test_a_failing_stage_fails_the_run_and_says_so(tmp_path):
    failing = textwrap.dedent('''
        def test_that_fails():
            assert 1 + 1 == 3
        ''')
    status, output = run_py('--skip=c', tiny_test_file(tmp_path, failing))
    assert status == 1
    assert '2/4 pytest                                         FAILED (exit status 1)' in output


def test_every_stage_can_be_skipped(tmp_path):
    status, output = run_py('--skip', 'c,pytest', '--skip=thnn-calls', '--skip', 'fuzz')
    assert status == 0, output
    assert output.splitlines()[:4] == [
        '== stage 1/4: the C suite (test/c/run.py): skipped (--skip c)',
        '== stage 2/4: pytest: skipped (--skip pytest)',
        '== stage 3/4: the THNN coverage check (check_thnn_calls.py): skipped (--skip thnn-calls)',
        '== stage 4/4: the fuzzer (fuzz/fuzz.py --ci): skipped (--skip fuzz)']
    assert 'passed' not in output


def test_a_stage_that_does_not_exist_is_refused_with_the_list():
    status, output = run_py('--skip', 'docs')
    assert status == 1
    assert ("test/run.py: --skip 'docs': no such stage; the stages are c, pytest, thnn-calls, "
            "fuzz") in output
    assert '== stage' not in output
    status, output = run_py('--skip')
    assert status == 1
    assert 'test/run.py: --skip needs stage names: c, pytest, thnn-calls, fuzz' in output
