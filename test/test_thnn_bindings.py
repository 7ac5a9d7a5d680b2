"""The THNN bindings: cwrap reads THNN's API header and generates torch_early._thnn._THNN, which
torch_early._thnn serves as one backend per float type (type2backend).

The parser and the generator are tested as text, on the real header and on a fixture header
that uses every argument type of the era's header; the compiled bindings through the kernels
the header declares (Abs).
"""
import copy
import os
import pickle
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import torch_early
import torch_early._thnn as thnn_package
from torch_early._thnn import type2backend
from torch_early.autograd import Variable
import torch_early.nn.functional as F

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = os.path.join(REPO, 'lib', 'THNN', 'generic', 'THNN.h')

sys.path.insert(0, REPO)  # cwrap lives in the source tree (see test_cwrap.py)
try:
    from cwrap import CwrapError, thnn
    from cwrap.__main__ import main as cwrap_main
finally:
    sys.path.remove(REPO)

# One declaration per argument type of the era's header, in the shapes a header writes them:
# several lines, a comment after the comma, [OPTIONAL] after the last argument, preprocessor
# lines (one continued), block comments.
FIXTURE = '''\
/* A header in the style of lib/THNN/generic/THNN.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THNN.h"
#else
#define LONG_MACRO(x) \\
          (x) + 1

TH_API void THNN_(Every_updateOutput)(
          THNNState *state,            // library state
          THTensor *input,
          THIndexTensor *indices,      // [OPTIONAL]
          THIntegerTensor *counts,
          THGenerator *generator,
          real lower, accreal total,   /* two on a line */
          double eps,
          int kW,
          long nElement,
          bool inplace,
          THIndex_t index,
          THTensor *weight);           // [OPTIONAL]
TH_API void THNN_(One_updateOutput)(THNNState *state, THTensor *input, THTensor *output);

#endif
'''


def fixture_functions():
    return thnn.parse_text(FIXTURE, 'Fixture.h')


def fixture_text():
    return thnn.render_functions(fixture_functions(), 'lib/THNN/generic/Fixture.h')


def wrapper_of(generated, name):
    [text] = [text for declaration, text in generated.wrappers if declaration.name == name]
    return text


# ---- the header parser -----------------------------------------------------------------------

def test_parser_reads_every_argument_type_optional_marks_and_multiline_declarations():
    every, one = fixture_functions()
    assert every.name == 'Every_updateOutput'
    assert [(a.type, a.name, a.is_optional) for a in every.arguments] == [
        ('THNNState*', 'state', False),
        ('THTensor*', 'input', False),
        ('THIndexTensor*', 'indices', True),
        ('THIntegerTensor*', 'counts', False),
        ('THGenerator*', 'generator', False),
        ('real', 'lower', False),
        ('accreal', 'total', False),
        ('double', 'eps', False),
        ('int', 'kW', False),
        ('long', 'nElement', False),
        ('bool', 'inplace', False),
        ('THIndex_t', 'index', False),
        ('THTensor*', 'weight', True),
    ]
    assert [(a.type, a.name) for a in one.arguments] == [
        ('THNNState*', 'state'), ('THTensor*', 'input'), ('THTensor*', 'output')]


def test_parser_reads_the_real_header():
    functions = thnn.parse_header(HEADER)
    names = [f.name for f in functions]
    assert names[:2] == ['Abs_updateOutput', 'Abs_updateGradInput']
    assert len(set(names)) == len(names)
    abs_forward, abs_backward = functions[:2]
    assert [(a.type, a.name, a.is_optional) for a in abs_forward.arguments] == [
        ('THNNState*', 'state', False), ('THTensor*', 'input', False),
        ('THTensor*', 'output', False)]
    assert [a.name for a in abs_backward.arguments] == ['state', 'input', 'gradOutput',
                                                        'gradInput']
    # every entry point takes the state first, and every one of its types has a binding
    # every module's entry point takes the state first; the im2col helpers unfolded_* take none
    assert all(f.arguments[0].type == 'THNNState*' for f in functions
               if not f.name.startswith('unfolded_'))
    generated = thnn.render(HEADER)
    assert sorted(d.name for d, _ in generated.wrappers) == sorted(
        t + n for n in names for t in ('Float', 'Double'))


@pytest.mark.parametrize('text, message', [
    ('TH_API void THNN_(A_updateOutput)(THNNState *state, THTensor *input)\n',
     r'without its closing ";"'),
    ('TH_API int THNN_(A_updateOutput)(THNNState *state);\n', r'not a THNN declaration'),
    ('TH_API void THNN_(A_updateOutput)(THNNState *state, , THTensor *x);\n',
     r'an empty argument'),
    ('TH_API void THNN_(A_updateOutput)(THNNState *state, THTensor);\n',
     r'an argument is "<type> <name>"'),
])
def test_parser_mistakes_name_the_line(text, message):
    with pytest.raises(CwrapError, match=r'Bad.h:\d+: .*' + message):
        thnn.parse_text('\n' + text, 'Bad.h')


def test_generator_refuses_unknown_types_and_optional_numbers():
    unknown = thnn.parse_text('TH_API void THNN_(A_f)(THNNState *state, char *name);')
    with pytest.raises(CwrapError, match=r"A_f: argument 'name' has type 'char\*'"):
        thnn.render_functions(unknown, 'X.h')
    optional = thnn.parse_text('TH_API void THNN_(A_f)(THNNState *state, real scale); '
                               '// [OPTIONAL]')
    with pytest.raises(CwrapError, match=r"argument 'scale' is marked \[OPTIONAL\] but is not"):
        thnn.render_functions(optional, 'X.h')


# ---- the generated text ----------------------------------------------------------------------

def test_each_function_gets_a_float_and_a_double_binding_with_concrete_types():
    generated = fixture_text()
    assert [d.name for d, _ in generated.wrappers] == [
        'FloatEvery_updateOutput', 'DoubleEvery_updateOutput',
        'FloatOne_updateOutput', 'DoubleOne_updateOutput']
    text = wrapper_of(generated, 'FloatEvery_updateOutput')
    for unpack in ('THNNState *state = NULL;',
                   'THFloatTensor *input = THPFloatTensor_CData(call.arg[1]);',
                   'THLongTensor *indices =',
                   'THIntTensor *counts = THPIntTensor_CData(call.arg[3]);',
                   'THGenerator *generator = ((THPGenerator *)call.arg[4])->cdata;',
                   'float lower = (float)THPUtils_unpackDouble(call.arg[5]);',
                   'double total = THPUtils_unpackDouble(call.arg[6]);',
                   'double eps = THPUtils_unpackDouble(call.arg[7]);',
                   'int kW = THPUtils_unpackInt(call.arg[8]);',
                   'long nElement = THPUtils_unpackLongArgument(call.arg[9], "nElement");',
                   'int inplace = (call.arg[10] == Py_True);',
                   'long index = THPUtils_unpackLongArgument(call.arg[11], "index");'):
        assert unpack in text
    assert ('THNN_FloatEvery_updateOutput(state, input, indices, counts, generator, lower, '
            'total, eps, kW, nElement, inplace, index, weight);') in text
    double = wrapper_of(generated, 'DoubleEvery_updateOutput')
    assert 'double lower = THPUtils_unpackDouble(call.arg[5]);' in double
    assert 'THDoubleTensor *input = THPDoubleTensor_CData(call.arg[1]);' in double


def test_optional_tensors_and_the_state_take_none():
    text = wrapper_of(fixture_text(), 'FloatEvery_updateOutput')
    assert '(call.arg[0] == Py_None || THPUtils_checkLong(call.arg[0]))' in text
    assert '(call.arg[2] == Py_None || THPLongTensor_Check(call.arg[2]))' in text
    assert ('THLongTensor *indices = call.arg[2] == Py_None ? NULL : '
            'THPLongTensor_CData(call.arg[2]);') in ' '.join(text.split())
    assert ('THFloatTensor *weight = call.arg[12] == Py_None ? NULL : '
            'THPFloatTensor_CData(call.arg[12]);') in ' '.join(text.split())
    # a tensor given as None counts no elements when the GIL decision is made
    assert '(weight ? THFloatTensor_nElement(weight) : 0)' in text
    # not optional: no None
    assert 'call.arg[1] == Py_None' not in text


def test_a_wrapper_is_one_error_frame_and_bind_check_unpack_call_return():
    text = wrapper_of(fixture_text(), 'FloatOne_updateOutput')
    assert text.startswith('/* generated from lib/THNN/generic/Fixture.h: FloatOne_updateOutput'
                           ' */\nstatic PyObject *THPNN_FloatOne_updateOutput(PyObject *module,')
    steps = ['THPCall_begin(&call, "FloatOne_updateOutput", "state input output", args, nargs, '
             'kwnames)',
             'if (sigsetjmp(call.frame.env, 0) != 0) return THPCall_raise(&call);',
             'THPCall_bind(&call, 3, "state input output")',
             'THPFloatTensor_Check(call.arg[1])',
             'THFloatTensor *input = THPFloatTensor_CData(call.arg[1]);',
             'THPCall_enterTH(&call, ',
             'THNN_FloatOne_updateOutput(state, input, output);',
             'return THPCall_return(&call, Py_None);',
             'return THPCall_invalidArgumentsIn(&call, module);']
    positions = [text.find(step) for step in steps]
    assert -1 not in positions and positions == sorted(positions)
    assert text.count('sigsetjmp') == 1


def test_table_entries_carry_the_signature_as_docstring():
    table = fixture_text().methods
    assert ('{"FloatOne_updateOutput", (PyCFunction)(void (*)(void))THPNN_FloatOne_updateOutput,'
            '\n METH_FASTCALL | METH_KEYWORDS, PyDoc_STR(\n  "FloatOne_updateOutput(int state or '
            'None, torch_early.FloatTensor input, torch_early.FloatTensor output)")},') in table
    assert ('torch_early.LongTensor indices or None, torch_early.IntTensor counts, '
            'torch_early.Generator generator, float lower, float total, float eps, int kW, '
            'int nElement, bool inplace, int index, torch_early.FloatTensor weight or None)'
            in table)


def test_cwrap_show_prints_the_thnn_bindings(capsys):
    assert cwrap_main(['show', 'Abs_updateOutput']) == 0
    both = capsys.readouterr().out
    assert 'static PyObject *THPNN_FloatAbs_updateOutput(' in both
    assert 'static PyObject *THPNN_DoubleAbs_updateOutput(' in both
    assert 'THPNN_FloatAbs_updateGradInput' not in both
    assert cwrap_main(['show', 'FloatAbs_updateOutput']) == 0
    float_only = capsys.readouterr().out
    assert 'THPNN_FloatAbs_updateOutput(' in float_only and 'Double' not in float_only
    assert cwrap_main(['show', 'Abs_updateOutput', '--type', 'Double']) == 0
    double_only = capsys.readouterr().out
    assert 'THPNN_DoubleAbs_updateOutput(' in double_only and 'Float' not in double_only
    # what show prints is what the build compiles
    assert float_only in thnn.render(HEADER).text


# ---- the module and the backends -------------------------------------------------------------

def test_the_module_is_in_c_and_has_its_name():
    import torch_early._thnn._THNN as module
    assert module is torch_early._C._THNN
    assert module.__name__ == 'torch_early._thnn._THNN'
    assert sys.modules['torch_early._thnn._THNN'] is module
    assert module.FloatAbs_updateOutput.__doc__ == (
        'FloatAbs_updateOutput(int state or None, torch_early.FloatTensor input, '
        'torch_early.FloatTensor output)')


def test_type2backend_by_class_type_string_and_backend_name():
    for float_type in ('Float', 'Double'):
        backend = type2backend[getattr(torch_early, float_type + 'Tensor')]
        assert backend is type2backend['torch.%sTensor' % float_type]
        assert backend is type2backend['torch_early.%sTensor' % float_type]
        assert backend is type2backend['THNN%sBackend' % float_type]
        assert backend.library_state == 0
    assert type2backend['torch.FloatTensor'] is not type2backend['torch.DoubleTensor']
    assert len(type2backend) == 8 and torch_early.FloatTensor in type2backend


def test_type2backend_refuses_other_types():
    with pytest.raises(KeyError, match=r'no backend for torch_early.LongTensor'):
        type2backend[torch_early.LongTensor]
    with pytest.raises(KeyError, match=r"no backend for 'torch.HalfTensor'"):
        type2backend['torch.HalfTensor']
    with pytest.raises(KeyError, match=r'no backend for \[1\]'):
        type2backend[[1]]
    # also a TypeError, printed without KeyError's quotes; `in` and get() still answer
    with pytest.raises(TypeError) as info:
        type2backend[torch_early.IntTensor]
    assert str(info.value).startswith('THNN has no backend for torch_early.IntTensor: its kernels')
    assert torch_early.LongTensor not in type2backend
    assert type2backend.get(torch_early.LongTensor) is None


def test_a_functional_of_an_integer_tensor_is_a_type_error():
    logits = Variable(torch_early.LongTensor([[3, 1]]))
    with pytest.raises(TypeError, match='no backend for torch_early.LongTensor'):
        F.cross_entropy(logits, Variable(torch_early.LongTensor([0])))


def test_backend_functions_are_the_bindings_and_a_missing_one_is_named():
    backend = type2backend['torch.DoubleTensor']
    assert backend.Abs_updateOutput is torch_early._C._THNN.DoubleAbs_updateOutput
    assert 'Abs_updateGradInput' in dir(backend)
    with pytest.raises(AttributeError, match=r"THNNDoubleBackend has no function "
                                             r"'Foo_updateOutput'"):
        backend.Foo_updateOutput
    with pytest.raises(NotImplementedError):   # what the era's backends raised
        backend.Foo_updateOutput
    assert not hasattr(backend, 'Foo_updateOutput')


def test_a_backend_copies_and_pickles_to_itself():
    backend = type2backend[torch_early.FloatTensor]
    assert copy.copy(backend) is backend
    assert copy.deepcopy(backend) is backend
    assert pickle.loads(pickle.dumps(backend)) is backend


def test_backend_loads_once_under_concurrent_first_use():
    backend = thnn_package.Backend('Float')
    found = []
    threads = [threading.Thread(target=lambda: found.append(backend.Abs_updateGradInput))
               for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [torch_early._C._THNN.FloatAbs_updateGradInput] * 8


# ---- calling the kernels ---------------------------------------------------------------------

@pytest.mark.parametrize('tensor_type, dtype', [(torch_early.FloatTensor, np.float32),
                                                (torch_early.DoubleTensor, np.float64)])
def test_abs_forward_and_backward_against_numpy(tensor_type, dtype):
    values = np.array([[-1.5, 0.0, 2.0], [3.25, -0.5, -4.0]], dtype=dtype)
    grad = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], dtype=dtype)
    backend = type2backend[tensor_type]
    input, output = tensor_type(values.tolist()), tensor_type()
    assert backend.Abs_updateOutput(backend.library_state, input, output) is None
    np.testing.assert_array_equal(output.numpy(), np.abs(values))
    grad_input = tensor_type()
    backend.Abs_updateGradInput(None, input, tensor_type(grad.tolist()), grad_input)
    np.testing.assert_array_equal(grad_input.numpy(), grad * np.sign(values))


def test_arguments_may_be_given_by_name():
    backend = type2backend[torch_early.FloatTensor]
    output = torch_early.FloatTensor()
    backend.Abs_updateOutput(0, output=output, input=torch_early.FloatTensor([-2, 3]))
    assert output.tolist() == [2, 3]
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'result'"):
        backend.Abs_updateOutput(0, torch_early.FloatTensor([1]), result=output)


def test_a_wrong_argument_is_a_type_error_listing_the_signature():
    backend = type2backend[torch_early.FloatTensor]
    with pytest.raises(TypeError) as error:
        backend.Abs_updateOutput(0, torch_early.DoubleTensor([1]), torch_early.FloatTensor())
    assert str(error.value) == (
        'torch_early._thnn._THNN.FloatAbs_updateOutput(int, DoubleTensor, FloatTensor): argument '
        "'input' must be a FloatTensor, not a DoubleTensor; convert it with .float()\n"
        'FloatAbs_updateOutput received an invalid combination of arguments - got (int, '
        'torch_early.DoubleTensor, torch_early.FloatTensor), but expected (int state or None, '
        'torch_early.FloatTensor input, torch_early.FloatTensor output)')
    with pytest.raises(TypeError, match=r'got \(str, '):
        backend.Abs_updateOutput('state', torch_early.FloatTensor([1]), torch_early.FloatTensor())
    with pytest.raises(TypeError, match=r'got \(int, torch_early.FloatTensor\)'):
        backend.Abs_updateOutput(0, torch_early.FloatTensor([1]))


def test_a_th_error_names_the_python_argument():
    backend = type2backend[torch_early.DoubleTensor]
    with pytest.raises(RuntimeError) as error:
        backend.Abs_updateGradInput(0, torch_early.DoubleTensor(2, 3),
                                    torch_early.DoubleTensor(4), torch_early.DoubleTensor())
    message = str(error.value)
    assert message.startswith("argument 'gradOutput': ") and '2x3' in message, message
    assert error.value.th_location[0].startswith('lib/THNN/')


def test_reference_counts_are_unchanged_after_repeated_calls():
    backend = type2backend[torch_early.FloatTensor]
    input, output, grad_output, grad_input = (torch_early.FloatTensor([-1, 2]),
                                              torch_early.FloatTensor(),
                                              torch_early.FloatTensor([1, 1]),
                                              torch_early.FloatTensor())
    bad_grad = torch_early.FloatTensor(5)
    objects = [input, output, grad_output, grad_input, bad_grad]
    before = [sys.getrefcount(obj) for obj in objects]
    for _ in range(50):
        backend.Abs_updateOutput(0, input, output)
        backend.Abs_updateGradInput(None, input, grad_output, grad_input)
        with pytest.raises(RuntimeError):
            backend.Abs_updateGradInput(0, input, bad_grad, grad_input)
        with pytest.raises(TypeError):
            backend.Abs_updateOutput(0, input, 'output')
    assert [sys.getrefcount(obj) for obj in objects] == before


def test_era_code_finds_the_backend_under_as_torch():
    program = textwrap.dedent('''\
        import torch
        from torch._thnn import type2backend
        import torch._thnn._THNN
        backend = type2backend[torch.FloatTensor]
        assert backend is type2backend['torch.FloatTensor']
        out = torch.FloatTensor()
        backend.Abs_updateOutput(backend.library_state, torch.FloatTensor([-1]), out)
        print(out.tolist())
        try:
            backend.Abs_updateOutput(0, torch.DoubleTensor([1]), out)
        except TypeError as error:
            print(str(error).split(' - ')[1][:24])
        ''')
    setup = 'import torch_early.as_torch\ntorch_early.as_torch.install()\n'
    result = subprocess.run([sys.executable, '-c', setup + program], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True, timeout=120)
    assert result.returncode == 0, result.stdout
    assert result.stdout.split('\n') == ['[1.0]', 'got (int, torch.DoubleTe', '']


def test_the_header_is_readable_at_run_time():
    from torch_early._thnn.utils import THNN_H_PATH, parse_header
    assert os.path.exists(THNN_H_PATH)
    assert [f.name for f in parse_header(THNN_H_PATH)] == [
        f.name for f in thnn.parse_header(HEADER)]
