"""torch_early.utils.ffi: a C extension built with cffi against TH's headers and called from
Python; tensors go in as THFloatTensor* (checked against the declared types), returned TH
pointers come back as torch_early objects, and a TH error inside the C code raises FatalError.
The C file is this test's own; the extension is built once, in a temporary folder."""
import os
import shutil
import subprocess
import sys
import sysconfig

import pytest

import torch_early as torch

cffi = pytest.importorskip('cffi', reason='torch_early.utils.ffi needs the cffi package')
if shutil.which((sysconfig.get_config_var('CC') or 'cc').split()[0]) is None:
    pytest.skip('building an extension needs a C compiler', allow_module_level=True)

from torch_early.utils import ffi  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HEADER = '''
#define TE_ANSWER 42
/* out = a + b, all of the same size */
void add_into(THFloatTensor *out, THFloatTensor *a, THFloatTensor *b);
THFloatTensor *filled(int n, float value);
THDoubleStorage *counting_storage(int n);
THLongTensor *nothing(void);
double halve(long value);
'''

SOURCE = '''
#include <TH/TH.h>

void add_into(THFloatTensor *out, THFloatTensor *a, THFloatTensor *b)
{
  THFloatTensor_cadd(out, a, 1, b);
}

THFloatTensor *filled(int n, float value)
{
  THFloatTensor *t = THFloatTensor_newWithSize2d(n, n);
  THFloatTensor_fill(t, value);
  return t;
}

THDoubleStorage *counting_storage(int n)
{
  THDoubleStorage *s = THDoubleStorage_newWithSize(n);
  for (int i = 0; i < n; i++)
    s->data[i] = i;
  return s;
}

THLongTensor *nothing(void)
{
  return NULL;
}

double halve(long value)
{
  return value / 2.0;
}
'''


@pytest.fixture(scope='module')
def mathlib(tmp_path_factory):
    folder = tmp_path_factory.mktemp('ffi')
    (folder / 'src').mkdir()
    (folder / 'src' / 'mathlib.h').write_text(HEADER)
    (folder / 'src' / 'mathlib.c').write_text(SOURCE)
    extension = ffi.create_extension('te_ffi_test.mathlib', headers='src/mathlib.h',
                                     sources=['src/mathlib.c'], verbose=False,
                                     relative_to=str(folder / 'build.py'))
    # The package's wrapper is written at once; build() adds the compiled library beside it.
    assert (folder / 'te_ffi_test' / 'mathlib' / '__init__.py').exists()
    extension.build()
    sys.path.insert(0, str(folder))
    try:
        from te_ffi_test import mathlib
        yield mathlib
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n.startswith('te_ffi_test')]:
            del sys.modules[name]


def test_a_c_function_adds_two_float_tensors(mathlib):
    a = torch.FloatTensor([[1, 2], [3, 4]])
    b = torch.FloatTensor([[10, 20], [30, 40]])
    out = torch.FloatTensor()
    assert mathlib.add_into(out, a, b) is None
    assert out.tolist() == [[11, 22], [33, 44]]
    # A non-contiguous view goes in as its THFloatTensor, strides and all.
    mathlib.add_into(out, a.t(), b)
    assert out.tolist() == [[11, 23], [32, 44]]


def test_a_returned_tensor_becomes_a_float_tensor(mathlib):
    t = mathlib.filled(3, 2.5)
    assert type(t) is torch.FloatTensor and t.size() == torch.Size([3, 3])
    assert t.tolist() == [[2.5] * 3] * 3
    t.add_(1)
    assert mathlib.filled(3, 2.5).tolist() == [[2.5] * 3] * 3


def test_a_returned_storage_and_a_null_pointer(mathlib):
    s = mathlib.counting_storage(4)
    assert type(s) is torch.DoubleStorage and s.tolist() == [0, 1, 2, 3]
    assert mathlib.nothing() is None


def test_numbers_and_constants_pass_through(mathlib):
    assert mathlib.halve(5) == 2.5 and type(mathlib.halve(5)) is float
    assert mathlib.TE_ANSWER == 42
    assert set(mathlib.__all__) == {'add_into', 'filled', 'counting_storage', 'nothing',
                                    'halve', 'TE_ANSWER'}


def test_arguments_of_the_wrong_type(mathlib):
    a = torch.FloatTensor(2)
    with pytest.raises(TypeError, match=r'add_into\(\): argument 2 must be torch_early.FloatTensor'
                                        r', not torch_early.DoubleTensor'):
        mathlib.add_into(a, torch.DoubleTensor(2), a)
    with pytest.raises(TypeError, match=r'argument 1 must be torch_early.FloatTensor, not '
                                        r'torch_early.FloatStorage'):
        mathlib.add_into(a.storage(), a, a)
    with pytest.raises(TypeError, match=r'halve\(\): argument 1 must be long, not '
                                        r'torch_early.FloatTensor'):
        mathlib.halve(a)
    with pytest.raises(TypeError, match=r'argument 3 must be torch_early.FloatTensor, not None'):
        mathlib.add_into(a, a, None)
    with pytest.raises(TypeError, match=r'add_into\(\) takes 3 arguments \(2 given\)'):
        mathlib.add_into(a, a)
    with pytest.raises(TypeError):
        mathlib.add_into(a, [1.0, 2.0], a)
    with pytest.raises(TypeError):
        mathlib.filled('three', 1.0)


def test_a_th_error_inside_raises_fatal_error(mathlib):
    a, b = torch.FloatTensor(2).fill_(1), torch.FloatTensor(3).fill_(1)
    with pytest.raises(torch.FatalError, match='inconsistent tensor size'):
        mathlib.add_into(torch.FloatTensor(), a, b)
    assert issubclass(torch.FatalError, RuntimeError)
    # torch_early's own handlers serve the next TH error again.
    with pytest.raises(RuntimeError) as error:
        a.add(b)
    assert not isinstance(error.value, torch.FatalError)
    out = torch.FloatTensor()
    mathlib.add_into(out, a, a)
    assert out.tolist() == [2, 2]


def test_create_extension_refuses_cuda_and_variadic_functions(tmp_path):
    header = tmp_path / 'h.h'
    header.write_text('void f(THFloatTensor *t);\n')
    with pytest.raises(RuntimeError, match='not compiled with CUDA'):
        ffi.create_extension('x', str(header), [], with_cuda=True)
    header.write_text('int logf_(const char *fmt, ...);\n')
    with pytest.raises(ValueError, match="cannot wrap 'logf_'"):
        ffi.create_extension('x', str(header), [], relative_to=str(tmp_path / 'b.py'))


def test_package_names_the_compiled_module_inside_the_package(tmp_path):
    (tmp_path / 'zero.h').write_text('void zero(THFloatTensor *t);\n')
    (tmp_path / 'zero.c').write_text('#include <TH/TH.h>\n'
                                     'void zero(THFloatTensor *t) { THFloatTensor_zero(t); }\n')
    ffi.create_extension('te_ffi_pkg.ext', 'zero.h', ['zero.c'], package=True, verbose=False,
                         relative_to=str(tmp_path / 'setup.py')).build()
    assert (tmp_path / 'te_ffi_pkg' / '__init__.py').exists()
    sys.path.insert(0, str(tmp_path))
    try:
        from te_ffi_pkg import ext
        assert ext._lib.__name__ == 'te_ffi_pkg.ext._ext.lib'
        t = torch.ones(3)
        ext.zero(t)
        assert t.tolist() == [0, 0, 0]
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.startswith('te_ffi_pkg')]:
            del sys.modules[name]


def test_without_cffi_the_import_says_what_is_missing():
    code = ('import sys; sys.modules["cffi"] = None\n'
            'try:\n'
            '    import torch_early.utils.ffi\n'
            'except ImportError as error:\n'
            '    print(error)\n')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, '-c', code], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True)
    assert result.stdout == 'torch_early.utils.ffi requires the cffi package (pip install cffi)\n'


def test_importing_torch_early_keeps_th_symbols_private():
    # Only torch_early.utils.ffi makes _C's TH functions visible to later libraries.
    code = ('import ctypes, torch_early\n'
            'print(hasattr(ctypes.CDLL(None), "THFloatTensor_cadd"))\n'
            'import torch_early.utils.ffi\n'
            'print(hasattr(ctypes.CDLL(None), "THFloatTensor_cadd"))\n')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, '-c', code], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True)
    assert result.stdout == 'False\nTrue\n'


def test_th_headers_are_installed_with_the_package(tmp_path):
    pytest.importorskip('setuptools')
    result = subprocess.run([sys.executable, 'setup.py', '-q', 'build_py', '-d', str(tmp_path)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True)
    assert result.returncode == 0, result.stdout
    include = tmp_path / 'torch_early' / 'lib' / 'include'
    checkout_headers = sorted(
        os.path.relpath(os.path.join(folder, f), os.path.join(ROOT, 'lib'))
        for folder, _, files in os.walk(os.path.join(ROOT, 'lib', 'TH'))
        for f in files if f.endswith('.h'))
    installed = sorted(os.path.relpath(os.path.join(folder, f), str(include))
                       for folder, _, files in os.walk(str(include)) for f in files)
    assert installed == checkout_headers
    (tmp_path / 'use.c').write_text(SOURCE)
    compiler = (sysconfig.get_config_var('CC') or 'cc').split()
    result = subprocess.run(compiler + ['-c', '-I', str(include), str(tmp_path / 'use.c'), '-o',
                                        str(tmp_path / 'use.o')],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True)
    assert result.returncode == 0, result.stdout
