"""tools/gdb/torch_early_gdb.py, the gdb helpers for our structs: gdb runs a tiny script in batch
mode, stops in THFloatTensor_cadd, THDoubleTensor_cadd and THLongTensor_cadd, and `te-print`
describes the tensors it finds there (a transposed view and an empty tensor among them), their
storage and a tensor's Python object. Skipped, with the reason, where gdb is missing, has no
Python, or may not trace a process (a container without ptrace)."""
import os
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

import torch_early
from test_docs import gdb_problem     # why gdb cannot run here, or None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELPERS = os.path.join(ROOT, 'tools', 'gdb', 'torch_early_gdb.py')
# The package under test, for the traced interpreter (test/conftest.py chose it).
PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))

SCRIPT = '''\
import sys
import torch_early as torch
f = torch.FloatTensor([[1, 2, 3], [4, 5, 6]])
with open(sys.argv[1], 'w') as out:
    out.write(hex(id(f)))                 # CPython's id() is the object's address
f.add(f.t())                              # src: a transposed view of t's storage
torch.DoubleTensor([0.5, 1.5]).add(torch.DoubleTensor([0.25, 2]))
torch.LongTensor(range(10)).add(torch.LongTensor(range(10)))
torch.FloatTensor().add(torch.FloatTensor())
'''

# Each stop prints a `== label` line, then what te-print says; `continue` goes on to the next.
# An error ends a breakpoint's command list, so the refusals are printed by `refused`.
COMMANDS = '''\
set breakpoint pending on
set pagination off
python
def refused(command):
    try:
        gdb.execute(command)
    except gdb.error as error:
        print(error)
end
break THFloatTensor_cadd
commands
  echo == float t\\n
  te-print t
  echo == float src\\n
  te-print src
  echo == float storage\\n
  te-print t->storage
  echo == python object\\n
  python gdb.execute('te-print (PyObject *) ' + open({id_file!r}).read())
  echo == thp struct\\n
  python gdb.execute('te-print (THPFloatTensor *) ' + open({id_file!r}).read())
  continue
end
break THDoubleTensor_cadd
commands
  echo == double src\\n
  te-print src
  continue
end
break THLongTensor_cadd
commands
  echo == long t\\n
  te-print t
  echo == not a pointer\\n
  python refused('te-print 5')
  echo == not our struct\\n
  python refused('te-print (char *) t')
  echo == not a tensor object\\n
  python refused('te-print (PyObject *) &_Py_NoneStruct')
  echo == nothing\\n
  python refused('te-print')
  continue
end
run
'''


@pytest.fixture(scope='module')
def stops(tmp_path_factory):
    """What each stop printed, by label (see sections)."""
    problem = gdb_problem()
    if problem:
        pytest.skip(problem)
    folder = tmp_path_factory.mktemp('gdb')
    script, commands, id_file = folder / 'script.py', folder / 'commands.gdb', folder / 'id'
    script.write_text(SCRIPT)
    commands.write_text(COMMANDS.format(id_file=str(id_file)))
    env = dict(os.environ, PYTHONPATH=PACKAGE_PARENT)
    # One pipe for stdout and stderr, so that te-print's errors stay in their place.
    result = subprocess.run(['gdb', '-q', '-batch', '-x', HELPERS, '-x', str(commands),
                             '--args', sys.executable, str(script), str(id_file)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=120, env=env, cwd=ROOT)
    return sections(result.stdout)


def sections(output):
    """{label: [the te-print lines after each `== label` line, one list per stop]}: gdb's own
    lines (a stop's banner and source line, thread news, the exit) are left out."""
    found, current = {}, None
    for line in output.splitlines():
        if line.startswith('== '):
            current = []
            found.setdefault(line[3:], []).append(current)
        elif current is not None and line.startswith(('te-print', 'TH', '  ', 'storage ',
                                                       'Python object')):
            current.append(line)
    return found


STORAGE_LINE = (r'  storage THFloatStorage 0x[0-9a-f]+: size 6, refcount {}, '
                r'flags REFCOUNTED\|RESIZABLE\|FREEMEM')


def test_a_float_tensor_shows_dtype_sizes_strides_storage_and_elements(stops):
    header, storage, elements = stops['float t'][0]
    assert header == 'THFloatTensor: dtype Float, sizes (2, 3), strides (3, 1), offset 0, ' \
                     'refcount 1'
    assert re.fullmatch(STORAGE_LINE.format(2), storage)      # f and its view f.t()
    assert elements == '  elements: 1, 2, 3, 4, 5, 6'


def test_a_transposed_view_reads_its_storage_across(stops):
    header, storage, elements = stops['float src'][0]
    assert header == 'THFloatTensor: dtype Float, sizes (3, 2), strides (1, 3), offset 0, ' \
                     'refcount 1'
    assert elements == '  elements: 1, 4, 2, 5, 3, 6'
    assert storage == stops['float t'][0][1]          # one storage, the same address


def test_a_storage_shows_size_refcount_flags_and_first_elements(stops):
    storage, elements = stops['float storage'][0]
    assert re.fullmatch(STORAGE_LINE.format(2).strip(), storage)
    assert elements == '  elements: 1, 2, 3, 4, 5, 6'


def test_a_double_tensor_prints_fractions_plainly(stops):
    header, _, elements = stops['double src'][0]
    assert header == 'THDoubleTensor: dtype Double, sizes (2,), strides (1,), offset 0, ' \
                     'refcount 1'
    assert elements == '  elements: 0.25, 2'


def test_a_long_tensor_shows_its_first_eight_elements_then_dots(stops):
    header, _, elements = stops['long t'][0]
    assert header == 'THLongTensor: dtype Long, sizes (10,), strides (1,), offset 0, refcount 1'
    assert elements == '  elements: 0, 1, 2, 3, 4, 5, 6, 7, ...'


def test_an_empty_tensor_has_no_sizes_and_no_storage(stops):
    assert stops['float t'][1] == [      # the second Float stop: FloatTensor().add(...)
        'THFloatTensor: dtype Float, sizes (), strides (), offset 0, refcount 1',
        '  storage: NULL (no elements)']


def test_a_tensors_python_object_leads_to_its_tensor(stops):
    lines = stops['python object'][0]
    assert lines[0] == 'Python object of type FloatTensor, holding:'
    assert lines[1:] == ['  ' + line for line in stops['float t'][0]]
    assert stops['thp struct'][0] == lines            # the same object, as its C struct


def test_what_te_print_refuses_it_says(stops):
    assert stops['not a pointer'] == [['te-print: expected a pointer, got a value of type int']]
    assert stops['not our struct'] == [[
        'te-print: expected a THTensor*, THStorage* or tensor PyObject* (THFloatTensor*, '
        'THLongStorage*...), got a char*']]
    assert stops['not a tensor object'] == [[
        'te-print: this PyObject is a NoneType, not a torch_early tensor']]
    assert stops['nothing'] == [['te-print: give an expression, e.g. te-print t']]


# ---- te-python-helpers: CPython's py-bt and py-list, where this Python has them ----------------

def gdb_batch(*arguments):
    """gdb in batch mode with our helpers loaded; its stdout and stderr as one text."""
    result = subprocess.run(['gdb', '-q', '-batch', '-x', HELPERS] + list(arguments),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=120, env=dict(os.environ, PYTHONPATH=PACKAGE_PARENT),
                            cwd=ROOT)
    return result.stdout


def test_python_helpers_show_the_python_line_above_a_c_breakpoint(stops, tmp_path):
    script = tmp_path / 'one_add.py'
    script.write_text('import torch_early as torch\n'
                      'a = torch.FloatTensor([1, 2])\n'
                      'a.add(a)  # the line py-bt shows\n')
    output = gdb_batch('-ex', 'te-python-helpers', '-ex', 'set breakpoint pending on',
                       '-ex', 'break THFloatTensor_cadd', '-ex', 'run', '-ex', 'py-bt',
                       '--args', sys.executable, str(script))
    if 'te-python-helpers: no python*-gdb.py' in output:
        pytest.skip('this Python was installed without CPython\'s gdb helpers (py-bt)')
    assert "loaded CPython's gdb helpers from " in output
    assert 'File "{}", line 3, in <module>'.format(script) in output
    assert 'a.add(a)  # the line py-bt shows' in output


def test_python_helpers_say_why_they_cannot_load(stops):
    # stops: skipped with the reason where gdb cannot run. A program with no python*-gdb.py
    # beside it, and no program at all:
    true = shutil.which('true')
    assert ('te-python-helpers: no python*-gdb.py beside {}'.format(os.path.realpath(true))
            in gdb_batch('-ex', 'te-python-helpers', '--args', true))
    assert 'te-python-helpers: no program yet' in gdb_batch('-ex', 'te-python-helpers')
