"""What `python setup.py build_ext` prints: a counted line per file it compiles ("[1/1]
lib/TH/THGeneral.c" after that one file is touched), a line per other step, the time at the end,
and no compiler command lines unless asked for (VERBOSE=1).

Each test rebuilds a copy of this checkout, made once with the objects of this checkout's own
in-place build (python setup.py build_ext --inplace), so that only what the test touches is
compiled: seconds. Where there is no such build (pip install -e builds in a temporary folder),
the copy is built from scratch first, which takes a few minutes. The distributed plugins are left
out (WITH_MPI=0 WITH_GLOO=0) to keep each rebuild short. The fresh installs of test_install.py
check that `pip install -v .` prints the same lines.
"""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD_TEMP = os.path.join('build', 'temp.%s-%s' % (sysconfig.get_platform(),
                                                   sys.implementation.cache_tag))
SOURCES_ONLY = shutil.ignore_patterns('.git', 'build', 'dist', '*.egg-info', '__pycache__',
                                      '.pytest_cache', '*.so', '_shm_manager', '_generated')
PROGRESS_LINE = re.compile(r'^\[(\d+)/(\d+)\] (\S+)$', re.MULTILINE)
SUMMARY_LINE = re.compile(r'^torch_early: built in (\d+m \d\ds|\d+s)$', re.MULTILINE)


@pytest.fixture(scope='module')
def built_copy():
    """A copy of this checkout's sources, and of its build's objects and generated C where it has
    them (time stamps kept), built: a build there starts up to date."""
    for module in ('setuptools', 'yaml', 'scipy_openblas32'):
        pytest.importorskip(module, reason='building needs %s' % module)
    with tempfile.TemporaryDirectory(prefix='torch_early-progress-') as folder:
        copy = os.path.join(folder, 'checkout')
        shutil.copytree(ROOT, copy, ignore=SOURCES_ONLY)
        if os.path.isdir(os.path.join(ROOT, BUILD_TEMP)):
            for kept in (BUILD_TEMP, os.path.join('build', 'generated')):
                shutil.copytree(os.path.join(ROOT, kept), os.path.join(copy, kept))
        # whatever this checkout's build had not caught up with yet, or everything
        build(copy, MAX_JOBS=str(os.cpu_count() or 1))
        yield copy


def build(folder, **environment):
    """Runs build_ext --inplace in `folder` (on one job unless `environment` says otherwise);
    returns its output, having checked that it succeeded."""
    env = {name: value for name, value in os.environ.items() if name != 'VERBOSE'}
    env.update(MAX_JOBS='1', WITH_MPI='0', WITH_GLOO='0')
    env.update(environment)
    result = subprocess.run([sys.executable, 'setup.py', 'build_ext', '--inplace'], cwd=folder,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True, timeout=900)
    assert result.returncode == 0, result.stdout[-6000:]
    return result.stdout


def touch(folder, path):
    os.utime(os.path.join(folder, path))


def test_a_rebuild_after_touching_one_source_compiles_it_as_one_of_one(built_copy):
    touch(built_copy, os.path.join('lib', 'TH', 'THGeneral.c'))
    output = build(built_copy)
    assert PROGRESS_LINE.findall(output) == [('1', '1', 'lib/TH/THGeneral.c')]
    assert 'archive %s/libTH.a' % BUILD_TEMP in output.splitlines()
    assert SUMMARY_LINE.search(output), output


def test_the_count_runs_over_the_files_this_build_compiles(built_copy):
    touch(built_copy, os.path.join('lib', 'THS', 'THSTensor.c'))
    touch(built_copy, os.path.join('csrc', 'Size.c'))
    touch(built_copy, os.path.join('lib', 'TH', 'THGeneral.c'))
    output = build(built_copy)
    # libraries first (TH before THS), then the extension's own files
    assert PROGRESS_LINE.findall(output) == [('1', '3', 'lib/TH/THGeneral.c'),
                                             ('2', '3', 'lib/THS/THSTensor.c'),
                                             ('3', '3', 'csrc/Size.c')]


def test_an_up_to_date_build_compiles_nothing_but_still_links_and_says_its_time(built_copy):
    output = build(built_copy)
    # nor does setuptools warn of what pyproject.toml and setup.py would cause
    assert 'beta' not in output.lower()
    assert 'project.license' not in output
    assert "won't be automatically included in the manifest" not in output
    assert PROGRESS_LINE.findall(output) == []
    lines = output.splitlines()
    assert any(line.startswith('link ') and '_C.' in line for line in lines), output
    assert 'link torch_early/_shm_manager' in lines
    assert SUMMARY_LINE.search(output).end() == len(output.rstrip('\n'))  # the last line


def test_compiler_command_lines_show_only_with_verbose(built_copy):
    source = os.path.join('lib', 'TH', 'THGeneral.c')
    touch(built_copy, source)
    quiet = build(built_copy)
    assert ' -c ' + source not in quiet
    assert not any(line.startswith(('gcc ', 'cc ', 'ar ')) for line in quiet.splitlines())
    touch(built_copy, source)
    verbose = build(built_copy, VERBOSE='1')
    assert ' -c ' + source in verbose
    assert '[1/1] ' + source in verbose.splitlines()


def test_a_failing_compile_shows_its_command(built_copy):
    source = os.path.join(built_copy, 'lib', 'TH', 'THGeneral.c')
    with open(source) as f:
        text = f.read()
    try:
        with open(source, 'a') as f:
            f.write('\nthis is not C;\n')
        result = subprocess.run([sys.executable, 'setup.py', 'build_ext', '--inplace'],
                                cwd=built_copy, env=dict(os.environ, MAX_JOBS='1', WITH_MPI='0',
                                                         WITH_GLOO='0'),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                universal_newlines=True, timeout=900)
    finally:
        with open(source, 'w') as f:
            f.write(text)
    build(built_copy)  # up to date again, for the tests that follow
    assert result.returncode != 0
    assert '[1/1] lib/TH/THGeneral.c' in result.stdout
    assert 'torch_early: this command failed:' in result.stdout
    assert ' -c lib/TH/THGeneral.c' in result.stdout
    assert not SUMMARY_LINE.search(result.stdout)
