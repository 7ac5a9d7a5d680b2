"""`import torch_early` from a folder whose torch_early/ has no C extension for this Python: a
source checkout never built, or built for another Python. The ImportError says which, and what to
do (build in place, or run from elsewhere), instead of Python's circular-import message.

Each test copies the package's Python files, without _C, into a temporary folder and imports it
there in a fresh `python -S` (no site-packages, so that no installed torch_early or editable
finder supplies a _C from elsewhere).
"""
import importlib.machinery
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, 'torch_early')
NOT_PYTHON_SOURCE = shutil.ignore_patterns('_C.*', '*.so', '__pycache__', '_shm_manager',
                                           '_generated')


def package_copy(folder, checkout=True):
    """torch_early/ without its compiled files, in `folder`, beside a setup.py as in a checkout
    (or without one, as where a package is installed)."""
    shutil.copytree(PACKAGE, os.path.join(str(folder), 'torch_early'), ignore=NOT_PYTHON_SOURCE)
    if checkout:
        open(os.path.join(str(folder), 'setup.py'), 'w').close()
    return os.path.join(str(folder), 'torch_early')


def import_error(folder):
    """What a failed `import torch_early` prints in `folder`."""
    result = subprocess.run([sys.executable, '-S', '-c', 'import torch_early'], cwd=str(folder),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True, timeout=60)
    assert result.returncode != 0, result.stdout
    return result.stdout


def fake_extension(package, tag):
    open(os.path.join(package, '_C.%s.so' % tag), 'w').close()


def test_an_unbuilt_checkout_says_it_is_not_built_and_how_to_build_it(tmp_path):
    package_copy(tmp_path)
    output = import_error(tmp_path)
    assert 'circular import' not in output
    assert ('ImportError: torch_early was imported from the source checkout at %s, whose '
            'torch_early folder has no C extension _C: it has not been built.' % tmp_path) in output
    assert 'python setup.py build_ext --inplace     (or: pip install -e .)' in output
    assert 'or run Python from another folder, so that the installed torch_early is found' in output


def test_a_checkout_built_for_another_python_names_both(tmp_path):
    package = package_copy(tmp_path)
    fake_extension(package, 'cpython-39x-x86_64-linux-gnu')
    output = import_error(tmp_path)
    this_python = '_C' + importlib.machinery.EXTENSION_SUFFIXES[0]
    assert ('has no C extension _C built for this Python (CPython %d.%d, which loads %s), '
            'only for another: _C.cpython-39x-x86_64-linux-gnu.so.'
            % (sys.version_info[0], sys.version_info[1], this_python)) in output
    assert 'python setup.py build_ext --inplace' in output


def test_an_installed_package_without_its_extension_says_reinstall(tmp_path):
    package = package_copy(tmp_path, checkout=False)
    output = import_error(tmp_path)
    assert ('ImportError: torch_early at %s has no C extension _C: it has not been built. '
            'Install torch_early again with this Python' % package) in output


def test_an_extension_that_is_there_but_fails_to_load_keeps_its_own_error(tmp_path):
    package = package_copy(tmp_path)
    with open(os.path.join(package, '_C' + importlib.machinery.EXTENSION_SUFFIXES[0]), 'w') as f:
        f.write('not a shared object')
    output = import_error(tmp_path)
    assert 'has no C extension' not in output
    assert 'ImportError' in output   # the loader's own: invalid ELF header, or the like


def test_the_message_module_finds_this_pythons_extension_by_its_suffix(tmp_path):
    from torch_early._unbuilt import loadable_extension, missing_extension_message
    package = package_copy(tmp_path)
    assert loadable_extension(package) is None
    fake_extension(package, 'cpython-39x-x86_64-linux-gnu')
    assert loadable_extension(package) is None
    open(os.path.join(package, '_C.abi3.so'), 'w').close()
    assert loadable_extension(package) == '_C.abi3.so'
    assert missing_extension_message(package) is None
