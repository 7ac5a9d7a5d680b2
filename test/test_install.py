"""Installing as a user would. `pip install .` and `python setup.py install` each run in a fresh
virtual environment, from a clean copy of this checkout (no build outputs), and the result must
import from outside the checkout with BLAS and LAPACK, and answer `python -m cwrap show add` as
the checkout does. A build in a Python that lacks PyYAML or scipy-openblas32 must stop and say
how to get them, never build without BLAS unless asked to (WITH_BLAS=0).

The two installs download the build requirements and NumPy, and each compiles the extension
(a minute or two); they skip when PyPI cannot be reached. Everything they create lives in a
temporary folder that is removed when they end, passed or failed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import urllib.request

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD_OUTPUTS = shutil.ignore_patterns('.git', 'build', 'dist', '*.egg-info', '__pycache__',
                                       '.pytest_cache', '*.so', '*.o', '*.a', '_generated')
INSTALL_TIMEOUT = 1200  # seconds: a slow machine compiling on one core


def clean_environment(**changes):
    """The environment of a user's shell: no PYTHONPATH pointing at a checkout, no virtual
    environment active, the default build (no WITH_BLAS)."""
    env = {name: value for name, value in os.environ.items()
           if name not in ('PYTHONPATH', 'PYTHONHOME', 'VIRTUAL_ENV', 'WITH_BLAS')}
    env.update(changes)
    return env


def run(command, cwd, timeout=120, **env_changes):
    return subprocess.run(command, cwd=cwd, env=clean_environment(**env_changes), timeout=timeout,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)


def copy_of_the_checkout(folder):
    """The source files of this checkout, as a fresh clone has them, under folder/source."""
    source = os.path.join(folder, 'source')
    shutil.copytree(ROOT, source, ignore=BUILD_OUTPUTS)
    return source


# ---- a build that lacks its requirements stops, saying what to install -----------------------

RUN_SETUP_WITHOUT = '''\
import runpy, sys
for module in sys.argv[1].split(','):
    sys.modules[module] = None   # "import module" now fails, as if it were not installed
sys.argv = ['setup.py'] + sys.argv[2:]
runpy.run_path('setup.py', run_name='__main__')
'''


def build_in_place_without(modules, **env_changes):
    """`python setup.py build_ext --inplace` in a copy of the checkout, in this Python but with
    `modules` made unimportable; returns (exit status, output, whether an extension was built)."""
    pytest.importorskip('setuptools')
    with tempfile.TemporaryDirectory(prefix='torch_early-build-') as folder:
        source = copy_of_the_checkout(folder)
        result = run([sys.executable, '-c', RUN_SETUP_WITHOUT, ','.join(modules),
                      'build_ext', '--inplace'], cwd=source, **env_changes)
        compiled = any(name.startswith('_C.') for name in os.listdir(
            os.path.join(source, 'torch_early')))
    return result.returncode, result.stdout, compiled


def test_a_build_without_scipy_openblas32_stops_and_says_how_to_get_it():
    status, output, compiled = build_in_place_without(['scipy_openblas32'])
    assert status != 0 and not compiled
    assert 'scipy-openblas32 (OpenBLAS with LAPACK' in output
    assert 'python -m pip install scipy-openblas32' in output
    assert 'WITH_BLAS=0' in output


def test_a_build_without_pyyaml_stops_and_says_how_to_get_it():
    status, output, compiled = build_in_place_without(['yaml'], WITH_BLAS='0')
    assert status != 0 and not compiled
    assert 'python -m pip install pyyaml\n' in output
    assert 'WITH_BLAS=0' not in output   # BLAS is not what is missing here


def test_setup_py_install_rejects_options_pip_would_not_get():
    result = run([sys.executable, 'setup.py', 'install', '--single-version-externally-managed'],
                 cwd=ROOT)
    assert result.returncode == 2
    assert 'usage: python setup.py install' in result.stdout
    assert 'unrecognized arguments: --single-version-externally-managed' in result.stdout


# ---- installs into fresh virtual environments ------------------------------------------------

def pypi_unreachable():
    """Why PyPI cannot be reached, or None when it can."""
    try:
        urllib.request.urlopen('https://pypi.org/simple/pip/', timeout=15).close()
    except OSError as error:
        return str(error)
    return None


def install(route, folder):
    """Installs a clean copy of the checkout into a fresh venv under `folder` by `route`;
    returns the venv's python and what the install printed (pip runs with -v, which shows the
    build's own output)."""
    source = copy_of_the_checkout(folder)
    venv = os.path.join(folder, 'venv')
    subprocess.run([sys.executable, '-m', 'venv', venv], check=True, env=clean_environment())
    python = os.path.join(venv, 'bin', 'python')
    command = {'pip install .': [python, '-m', 'pip', 'install', '-v', '.'],
               'python setup.py install': [python, 'setup.py', 'install']}[route]
    result = run(command, cwd=source, timeout=INSTALL_TIMEOUT)
    assert result.returncode == 0, result.stdout[-6000:]
    return python, result.stdout


@pytest.fixture(scope='module', params=['pip install .', 'python setup.py install'])
def installed(request):
    """(python of a fresh venv where torch_early is installed by the route, a folder outside
    the checkout to run it from, what the install printed). One venv at a time: pytest finishes the tests of one route,
    and removes its folder, before it starts the other."""
    unreachable = pypi_unreachable()
    if unreachable is not None:
        pytest.skip('PyPI cannot be reached ({}); installing needs it for NumPy and the build '
                    'requirements'.format(unreachable))
    with tempfile.TemporaryDirectory(prefix='torch_early-install-') as folder:
        python, output = install(request.param, folder)
        elsewhere = os.path.join(folder, 'elsewhere')
        os.mkdir(elsewhere)
        yield python, elsewhere, output


def test_installed_package_imports_with_blas_and_lapack(installed):
    python, elsewhere, _ = installed
    result = run([python, '-c', textwrap.dedent('''\
        import os, sys
        import torch_early
        print(os.path.dirname(torch_early.__file__).startswith(sys.prefix))
        print(torch_early._C.has_blas)
        x, _ = torch_early.gesv(torch_early.DoubleTensor([[1], [2]]),
                                torch_early.DoubleTensor([[2, 1], [1, 3]]))
        print(x.view(2).tolist())
        ''')], cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    assert result.stdout.split('\n') == ['True', '1', '[0.2, 0.6]', '']


def test_installed_cwrap_show_prints_what_the_checkout_prints(installed):
    python, elsewhere, _ = installed
    checkout = run([sys.executable, '-m', 'cwrap', 'show', 'add', '--type', 'Float'], cwd=ROOT)
    assert checkout.returncode == 0, checkout.stdout
    result = run([python, '-m', 'cwrap', 'show', 'add', '--type', 'Float'], cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    assert result.stdout == checkout.stdout


def test_installed_thnn_bindings_show_and_header(installed):
    python, elsewhere, _ = installed
    checkout = run([sys.executable, '-m', 'cwrap', 'show', 'Abs_updateOutput'], cwd=ROOT)
    assert checkout.returncode == 0, checkout.stdout
    result = run([python, '-m', 'cwrap', 'show', 'Abs_updateOutput'], cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    assert result.stdout == checkout.stdout
    result = run([python, '-c', textwrap.dedent('''\
        import torch_early
        from torch_early._thnn import type2backend
        from torch_early._thnn.utils import THNN_H_PATH, parse_header
        out = torch_early.FloatTensor()
        backend = type2backend['torch.FloatTensor']
        backend.Abs_updateOutput(backend.library_state, torch_early.FloatTensor([-2]), out)
        print(out.tolist(), parse_header(THNN_H_PATH)[0].name)
        ''')], cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    assert result.stdout == '[2.0] Abs_updateOutput\n'


def test_installed_demo_shows_the_generated_wrapper(installed):
    python, elsewhere, _ = installed
    result = run([python, '-m', 'torch_early.demo', '3'], cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    assert 'generic/methods/TensorMath.cwrap declares it' in result.stdout
    assert 'static PyObject *THPTensor_(add)(' in result.stdout


def test_pip_install_v_shows_the_build_progress_and_no_setuptools_warnings(installed):
    _, _, output = installed
    if 'setup.py install runs: ' in output:
        pytest.skip('python setup.py install runs pip without -v, which keeps the build quiet')
    progress = re.findall(r'^\s*\[(\d+)/(\d+)\] (\S+)$', output, re.MULTILINE)
    assert progress and progress[0][0] == '1', output[-6000:]
    assert progress[-1][0] == progress[-1][1]          # the count ends at its total
    assert 'lib/TH/THGeneral.c' in [source for _, _, source in progress]
    assert re.search(r'^\s*torch_early: built in (\d+m \d\ds|\d+s)$', output, re.MULTILINE)
    assert 'beta' not in output.lower()
    assert 'project.license' not in output
    assert "won't be automatically included in the manifest" not in output
