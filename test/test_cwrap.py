"""cwrap, the generator of the tensor-method wrappers: from YAML declarations to C text.

These tests read the generated C as text (what a declaration turns into); how the compiled
wrappers behave is tested with the extension itself.
"""

import os
import re
import subprocess
import sys
import textwrap

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# cwrap is a build tool that lives in the source tree, not in the installed package. Import it
# from there without leaving the source tree on sys.path (the other tests want the installed
# torch_early, see conftest.py).
sys.path.insert(0, REPO)
try:
    import cwrap
    from cwrap import parser, signatures
    from cwrap.show import expand
finally:
    sys.path.remove(REPO)

ROOT = os.path.join(REPO, 'generic', 'TensorMethods.cwrap')
SPARSE_ROOT = os.path.join(REPO, 'generic', 'SparseTensorMethods.cwrap')


def write_files(folder, files):
    """Writes {relative path: text} under folder; returns the path of the first one."""
    paths = []
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append(str(path))
    return paths[0]


def generate_text(folder, text, **more_files):
    root = write_files(folder / 'generic', dict({'Root.cwrap': text}, **more_files))
    return cwrap.render(root)


def declarations_of(generated, stateless=False):
    return [d for d, _ in generated.wrappers if d.stateless == stateless]


def wrapper_text(generated, name, stateless=False):
    for declaration, text in generated.wrappers:
        if declaration.name == name and declaration.stateless == stateless:
            return text
    raise KeyError(name)


def signature_strings(declaration):
    return [signatures.c_string(pieces) for pieces in signatures.all_signatures(declaration)]


ADD = '''\
[[
  name: add
  with_stateless: True
  return: argument 0
  options:
    - cname: add
      arguments:
        - arg: THTensor* result
          output: True
        - THTensor* self
        - real value
    - cname: cadd
      arguments:
        - arg: THTensor* result
          output: True
        - THTensor* self
        - CONSTANT 1
        - THTensor* other
    - cname: cadd
      arguments:
        - arg: THTensor* result
          output: True
        - THTensor* self
        - real value
        - THTensor* other
]]
'''


# ---- The file format ----------------------------------------------------------------------

def test_text_outside_declarations_passes_through_verbatim(tmp_path):
    c_text = '/* hand-written */\nstatic int helper(void) { return 1; }\n\n'
    generated = generate_text(tmp_path, c_text + ADD + '#define AFTER 1\n')
    assert c_text in generated.text
    assert '#define AFTER 1\n' in generated.text
    # the declaration's wrapper sits where the declaration was
    assert generated.text.index('helper') < generated.text.index('THPTensor_(add)(') \
        < generated.text.index('#define AFTER')
    assert '[[' not in generated.text


def test_declarations_are_normalised_into_options(tmp_path):
    root = write_files(tmp_path, {'Root.cwrap': '''\
        [[
          name: fill_
          return: self
          arguments:
            - THTensor* self
            - real value
        ]]
        '''})
    [declaration] = parser.declarations(parser.parse(root))
    [option] = declaration.options
    assert option.cname == 'fill_'            # cname defaults to the name
    assert option.returns == 'self'           # top-level keys are inherited by each option
    assert [(a.type, a.name, a.kind) for a in option.arguments] == \
        [('THTensor*', 'self', 'self'), ('real', 'value', 'python')]


def test_special_arguments_constant_and_reference(tmp_path):
    root = write_files(tmp_path, {'Root.cwrap': '''\
        [[
          name: twice
          arguments:
            - THTensor* self
            - CONSTANT sizeof(real)
            - argument 0
        ]]
        '''})
    [declaration] = parser.declarations(parser.parse(root))
    constant, reference = declaration.options[0].arguments[1:]
    assert (constant.kind, constant.value) == ('constant', 'sizeof(real)')
    assert (reference.kind, reference.ref) == ('reference', 0)


def test_include_splices_a_file_relative_to_the_including_one(tmp_path):
    generated = generate_text(tmp_path, '/* before */\n!!inc methods/Math.cwrap\n/* after */\n',
                              **{'methods/Math.cwrap': '/* in Math */\n' + ADD})
    text = generated.text
    assert text.index('/* before */') < text.index('/* in Math */') < text.index('/* after */')
    # each wrapper names the file and the declaration it came from
    assert '/* generated from generic/methods/Math.cwrap: add */' in text
    assert '/* generated from generic/methods/Math.cwrap: add (function form) */' in text


def test_mistakes_are_reported_with_file_and_declaration(tmp_path):
    with pytest.raises(cwrap.CwrapError, match=r'Root.cwrap: declaration bad: unknown key'):
        generate_text(tmp_path, '[[\n  name: bad\n  retrun: self\n]]\n')
    with pytest.raises(cwrap.CwrapError, match=r"unknown argument type 'THFooTensor\*'"):
        generate_text(tmp_path, '[[\n  name: bad\n  arguments:\n    - THFooTensor* x\n]]\n')
    with pytest.raises(cwrap.CwrapError, match=r'without a closing'):
        generate_text(tmp_path, '[[\n  name: bad\n')
    # a wrapper's keywords must fit the room of its THPCall (csrc/Call.h)
    options = ''.join('    - arguments:\n' + ''.join('        - long k%d\n' % (5 * o + i)
                                                     for i in range(5)) for o in range(5))
    with pytest.raises(cwrap.CwrapError, match=r'more keywords than csrc/Call.h'):
        generate_text(tmp_path, '[[\n  name: bad\n  options:\n' + options + ']]\n')


# ---- Options: defaults, order, signatures ---------------------------------------------------

ADDMM = '''\
[[
  name: addmm
  return: argument 0
  arguments:
    - arg: THTensor* result
      output: True
    - arg: real beta
      default: 1
    - THTensor* self
    - arg: real alpha
      default: 1
    - THTensor* mat1
    - THTensor* mat2
]]
'''


def test_defaults_expand_into_one_option_per_subset(tmp_path):
    [addmm] = declarations_of(generate_text(tmp_path, ADDMM))
    # (each of these also comes with out=, see test_a_method_allocates_its_result_or_takes_out)
    assert [s for s in signature_strings(addmm) if 'out=' not in s] == [
        '"(" RealStr " beta, " RealStr " alpha, " THPTensorStr " mat1, " THPTensorStr " mat2)"',
        '"(" RealStr " beta, " THPTensorStr " mat1, " THPTensorStr " mat2)"',
        # (alpha, mat1, mat2) would look like (beta, mat1, mat2): alpha becomes keyword-only
        '"(" THPTensorStr " mat1, " THPTensorStr " mat2, alpha=" RealStr ")"',
        '"(" THPTensorStr " mat1, " THPTensorStr " mat2)"',
    ]


TOPK = '''\
[[
  name: topk
  return: argument 0
  arguments:
    - arg: THTensor* result
      output: True
    - THTensor* self
    - long k
    - arg: int dim
      default: -1
    - arg: bool largest
      default: 1
]]
'''


def test_a_bool_never_takes_the_place_of_a_left_out_dimension(tmp_path):
    # x.topk(4, True) must not read as largest=True: True is a dimension-shaped mistake, so when
    # dim is left out, largest can only be given by keyword.
    [topk] = declarations_of(generate_text(tmp_path, TOPK))
    assert [text for text in signature_strings(topk) if 'out=' not in text] == [
        '"(int k, int dim, bool largest)"',
        '"(int k, int dim)"',
        '"(int k, largest=bool)"',
        '"(int k)"',
    ]


def test_a_left_out_argument_becomes_its_default(tmp_path):
    text = wrapper_text(generate_text(tmp_path, ADDMM), 'addmm')
    # the (mat1, mat2) option: beta and alpha are not the caller's ("-" in its argument names)
    block = text[text.index('/* (THTensor* mat1, THTensor* mat2, out=THTensor*) */'):]
    assert block.index('THPCall_bind(&call, 2, "out - self - mat1 mat2")') < \
        block.index('real beta = 1;') < block.index('THTensor_(addmm)(')
    assert 'real alpha = 1;' in block
    assert 'THTensor_(addmm)(result, beta, self, alpha, mat1, mat2);' in block


def test_options_with_more_arguments_are_tried_first(tmp_path):
    text = wrapper_text(generate_text(tmp_path, ADD), 'add')
    blocks = re.findall(r'/\* (.*) \*/\n\s*if \(THPCall_bind\(&call, (\d+),', text)
    counts = [int(n) for comment, n in blocks]
    assert counts == sorted(counts, reverse=True) == [2, 1, 1]
    # out= is not counted: one option serves with and without it (it is a keyword)
    assert all(comment.endswith('out=THTensor*)') for comment, n in blocks)
    # among equals, declaration order: (value) before (other)
    assert text.index('/* (real value, out=THTensor*) */') < \
        text.index('/* (THTensor* other, out=THTensor*) */')


def test_signatures_are_written_in_python_terms(tmp_path):
    generated = generate_text(tmp_path, ADD)
    [add] = declarations_of(generated)
    assert [s for s in signature_strings(add) if 'out=' not in s] == [
        '"(" RealStr " value, " THPTensorStr " other)"',
        '"(" RealStr " value)"',
        '"(" THPTensorStr " other)"',
    ]
    # the TypeError for a call that matches no option lists the signatures of the docstring
    text = wrapper_text(generated, 'add')
    assert text.endswith('  return THPCall_invalidArguments(&call, &THPTensorType);\n}\n')
    assert '  "add(" RealStr " value)\\n"\n' in generated.methods


def test_the_chosen_option_calls_the_th_function_with_its_constants(tmp_path):
    text = wrapper_text(generate_text(tmp_path, ADD), 'add')
    assert 'THTensor_(cadd)(result, self, value, other);' in text
    assert 'THTensor_(cadd)(result, self, 1, other);' in text
    assert 'THTensor_(add)(result, self, value);' in text


# ---- Methods and function forms ------------------------------------------------------------

def test_a_method_allocates_its_result_or_takes_out(tmp_path):
    generated = generate_text(tmp_path, ADD)
    text = wrapper_text(generated, 'add')
    # a.add(b, out=r), as the era allowed: out is a keyword of the wrapper, a result of each option
    assert 'THPCall_begin(&call, "add", "value other out", args, nargs, kwnames)' in text
    assert 'THPCall_bind(&call, 1, "out self value")' in text
    # the result is the option's last check: out= of the right type, or a new tensor
    assert text.count('THPTensor_(Check)(call.arg[1]) && THPTensor_(result)(&call, 0)) {') == 1
    assert text.count('THPTensor_(result)(&call, 0)) {') == 3
    assert text.count('THTensor *result = THPTensor_(CData)(call.result[0]);') == 3
    assert text.count('return THPCall_return(&call, call.result[0]);') == 3
    [add] = declarations_of(generated)
    assert signature_strings(add)[:2] == [
        '"(" RealStr " value, " THPTensorStr " other, out=" THPTensorStr ")"',
        '"(" RealStr " value, " THPTensorStr " other)"',
    ]


def test_the_function_form_checks_its_source_and_accepts_out(tmp_path):
    generated = generate_text(tmp_path, ADD)
    [add] = declarations_of(generated, stateless=True)
    assert signature_strings(add) == [
        '"(" THPTensorStr " source, " RealStr " value, " THPTensorStr " other, out=" '
        'THPTensorStr ")"',
        '"(" THPTensorStr " source, " RealStr " value, " THPTensorStr " other)"',
        '"(" THPTensorStr " source, " RealStr " value, out=" THPTensorStr ")"',
        '"(" THPTensorStr " source, " RealStr " value)"',
        '"(" THPTensorStr " source, " THPTensorStr " other, out=" THPTensorStr ")"',
        '"(" THPTensorStr " source, " THPTensorStr " other)"',
    ]
    text = wrapper_text(generated, 'add', stateless=True)
    assert text.startswith('/* generated from generic/Root.cwrap: add (function form) */\n'
                           'static PyObject *THPTensor_stateless_(add)(')
    assert 'THTensor *self' not in text                      # no receiver
    assert ('THPCall_bind(&call, 3, "out source value other") && THPTensor_(Check)(call.arg[0])'
            in text)                                         # the source is checked first
    assert 'THTensor *source = THPTensor_(CData)(call.arg[0]);' in text
    assert 'THPTensor_(result)(&call, 0)' in text            # out= checked, or allocated
    assert 'THTensor_(cadd)(result, source, value, other);' in text
    assert 'return THPCall_invalidArguments(&call, &THPTensorStatelessType);' in text


def test_in_place_methods_return_self(tmp_path):
    text = wrapper_text(generate_text(tmp_path, '''\
        [[
          name: add_
          cname: add
          return: self
          arguments:
            - THTensor* self
            - THTensor* self
            - real value
        ]]
        '''), 'add_')
    assert 'THTensor_(add)(self, self, value);' in text
    # no result: nothing allocated, no out= keyword
    assert 'THPCall_begin(&call, "add_", "value", args, nargs, kwnames)' in text
    assert 'THPCall_bind(&call, 1, "self self value")' in text
    assert 'result' not in text
    assert 'return THPCall_return(&call, py_self);' in text
    # self is passed twice but counted once when deciding to release the GIL
    assert 'THPCall_enterTH(&call, THTensor_(nElement)(self));' in text


def test_keywords_are_parsed_only_when_given(tmp_path):
    text = wrapper_text(generate_text(tmp_path, ADD), 'add')
    # the keywords the wrapper accepts: THPCall_begin refuses any other (csrc/Call.c)
    assert 'THPCall_begin(&call, "add", "value other out", args, nargs, kwnames)' in text
    # without keywords, THPCall_bind compares counts; with them, it binds by name (csrc/Call.h)
    assert 'THPCall_bind(&call, 2, "out self value other")' in text
    assert 'THPCall_bind(&call, 1, "out self - other") && THPTensor_(Check)(call.arg[0])' in text
    assert 'THPCall_bindGeneral' not in text       # all of add's arguments may be positional
    with open(os.path.join(REPO, 'csrc', 'Call.h')) as f:
        call_h = f.read()
    inline = call_h[call_h.index('THP_CALL_STEP int THPCall_bind('):]
    inline = inline[:inline.index('\n}\n')]
    assert inline.index('if (call->nkw != 0)') < inline.index('if (call->nargs != count)')


def test_long_args_take_the_remaining_positional_values(tmp_path):
    text = wrapper_text(generate_text(tmp_path, '''\
        [[
          name: resize_
          cname: resize
          return: self
          arguments:
            - THTensor* self
            - arg: THSize* size
              long_args: True
            - CONSTANT NULL
        ]]
        '''), 'resize_')
    # "size..." takes the remaining positional values, left in call.rest
    assert 'THPCall_bindGeneral(&call, "self size... -")' in text
    assert 'THPUtils_checkSizeArgs(call.rest, call.nrest)' in text
    # the sizes are a new storage, which the call frees however it ends (after the call, on error)
    assert ('THLongStorage *size = THPCall_keep(&call, THPUtils_unpackSizeArgs(call.rest, '
            'call.nrest), THPUtils_freeSizes);' in ' '.join(text.split()))
    assert 'THTensor_(resize)(self, size, NULL);' in text
    # no keyword is accepted (a size has none)
    assert 'THPCall_begin(&call, "resize_", "", args, nargs, kwnames)' in text


def test_a_sequence_of_tensors_unpacks_into_an_array_freed_after_the_call(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: cat
          cname: catArray
          only_stateless: True
          return: argument 0
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor** seq
            - CONSTANT THPUtils_(tensorListLength)(seq)
            - arg: int dim
              default: 0
        ]]
        ''')
    text = wrapper_text(generated, 'cat', stateless=True)
    flat = ' '.join(text.split())
    assert 'THPUtils_(checkTensorList)(call.arg[0])' in text
    assert 'THTensor_(catArray)(result, seq, THPUtils_(tensorListLength)(seq), dim);' in text
    # the array is a temporary the call keeps: freed when the call ends, returning or raising
    options = text.count('THTensor_(catArray)(')
    assert options == 2                                 # with and without dim (out= in both)
    assert flat.count('THTensor **seq = THPCall_keep(&call, THPUtils_(unpackTensorList)('
                      'call.arg[0]), THPUtils_(freeTensorList));') == options
    # the GIL goes when the tensors of the sequence are large together
    assert 'THPCall_enterTH(&call, THPUtils_(tensorListNumel)(seq));' in text
    signatures = signature_strings(declarations_of(generated, stateless=True)[0])
    assert '"(" "sequence of " THPTensorStr " seq, int dim)"' in signatures


def test_several_results_come_back_as_a_tuple(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: max
          with_stateless: True
          return: argument 0,1
          arguments:
            - arg: THTensor* values
              output: True
            - arg: THLongTensor* indices
              output: True
            - THTensor* self
            - long dim
        ]]
        ''')
    method = wrapper_text(generated, 'max')
    # two results: "out out" in the argument names, so out= must be a tuple of two
    assert 'THPCall_bind(&call, 1, "out out self dim")' in method
    assert 'THPTensor_(result)(&call, 0) && THPLongTensor_result(&call, 1)' in method
    assert 'THLongTensor *indices = THPLongTensor_CData(call.result[1]);' in method
    assert 'return THPCall_returnTuple(&call, 2, call.result[0], call.result[1]);' in method
    function = wrapper_text(generated, 'max', stateless=True)
    assert 'THPCall_bind(&call, 2, "out out source dim")' in function
    [max_function] = declarations_of(generated, stateless=True)
    assert signature_strings(max_function)[0] == \
        '"(" THPTensorStr " source, int dim, out=(" THPTensorStr ", torch_early.LongTensor))"'


def test_float_and_double_tensor_arguments_keep_their_own_type(tmp_path):
    # bernoulli_(p): the probabilities are a FloatTensor or DoubleTensor whatever the receiver is
    generated = generate_text(tmp_path, '''\
        [[
          name: bernoulli_
          return: self
          options:
            - cname: bernoulli_FloatTensor
              arguments:
                - THTensor* self
                - THFloatTensor* p
            - cname: bernoulli_DoubleTensor
              arguments:
                - THTensor* self
                - THDoubleTensor* p
        ]]
        ''')
    text = wrapper_text(generated, 'bernoulli_')
    assert 'THPFloatTensor_Check(call.arg[0])' in text
    assert 'THPDoubleTensor_Check(call.arg[0])' in text
    assert 'THDoubleTensor *p = THPDoubleTensor_CData(call.arg[0]);' in text
    assert 'THTensor_(nElement)(self) + THDoubleTensor_nElement(p)' in text
    [declaration] = declarations_of(generated)
    assert signature_strings(declaration) == ['"(torch_early.FloatTensor p)"',
                                              '"(torch_early.DoubleTensor p)"']


def test_a_bool_flag_reaches_th_as_one_of_two_strings(tmp_path):
    # LAPACK takes flags as letters: upper=True is "U", upper=False "L".
    generated = generate_text(tmp_path, '''\
        [[
          name: potrf
          return: argument 0
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor* self
            - arg: bool upper
              default: True
              if_true: U
              if_false: L
        ]]
        ''')
    text = wrapper_text(generated, 'potrf')
    assert text.count('THTensor_(potrf)(result, self, (upper ? "U" : "L"));') == 2
    assert 'int upper = (call.arg[0] == Py_True);' in text
    assert 'int upper = 1;' in text            # left out: the default, then the same mapping
    [potrf] = declarations_of(generated)
    assert signature_strings(potrf) == ['"(bool upper, out=" THPTensorStr ")"', '"(bool upper)"',
                                        '"(out=" THPTensorStr ")"', '"()"']


def test_if_true_needs_if_false_and_a_bool(tmp_path):
    with pytest.raises(cwrap.CwrapError, match='if_true and if_false go together, on a bool'):
        generate_text(tmp_path, '[[\n  name: bad\n  arguments:\n    - arg: bool upper\n'
                                '      if_true: U\n]]\n')
    with pytest.raises(cwrap.CwrapError, match='if_true and if_false go together, on a bool'):
        generate_text(tmp_path, '[[\n  name: bad\n  arguments:\n    - arg: long n\n'
                                '      if_true: U\n      if_false: L\n]]\n')


def test_int_tensor_results(tmp_path):
    text = wrapper_text(generate_text(tmp_path, '''\
        [[
          name: pstrf
          return: argument 0,1
          arguments:
            - arg: THTensor* result
              output: True
            - arg: THIntTensor* pivots
              output: True
            - THTensor* self
        ]]
        '''), 'pstrf')
    assert 'THPIntTensor_result(&call, 1)' in text
    assert 'THIntTensor *pivots = THPIntTensor_CData(call.result[1]);' in text


# ---- Around the call: errors, GIL, snippets, guards ----------------------------------------

def test_the_th_call_runs_inside_an_error_frame(tmp_path):
    text = wrapper_text(generate_text(tmp_path, ADD), 'add')
    # one frame for the whole wrapper, set before any option is tried
    begin = text.index('THPCall_begin(&call, ')
    landing = text.index('if (sigsetjmp(call.frame.env, 0) != 0) return THPCall_raise(&call);')
    assert begin < landing < text.index('/* (')
    assert text.count('sigsetjmp') == 1 and text.count('THPCall_begin') == 1
    # each option: bind and check, unpack, enter TH (a Python error from the unpacking lands
    # there, the GIL may go), call TH, return
    block = text[text.index('/* (real value, out=THTensor*) */'):
                 text.index('/* (THTensor* other, out=THTensor*) */')]
    steps = ['THPCall_bind(', 'THPUtils_(checkReal)(call.arg[0])', 'THPTensor_(result)(&call, 0)',
             'real value = THPUtils_(unpackReal)(call.arg[0]);', 'THPCall_enterTH(&call, ',
             'THTensor_(add)(result, self, value);', 'return THPCall_return(&call, ']
    assert [block.index(step) for step in steps] == sorted(block.index(step) for step in steps)


def test_the_gil_is_released_only_for_large_tensors(tmp_path):
    generated = generate_text(tmp_path, ADD + textwrap.dedent('''\
        [[
          name: dim
          cname: nDimension
          return: long
          release_gil: False
          arguments:
            - THTensor* self
        ]]
        '''))
    # THPCall_enterTH releases it at THP_GIL_RELEASE_THRESHOLD input elements (csrc/Call.h)
    assert ('THPCall_enterTH(&call, THTensor_(nElement)(self) + THTensor_(nElement)(other));'
            in wrapper_text(generated, 'add'))
    dim = wrapper_text(generated, 'dim')
    assert 'THPCall_enterTH(&call, 0);' in dim          # 0 elements: the GIL stays
    assert 'long ret = THTensor_(nDimension)(self);\n    THPCall_end(&call);\n' \
           '    return PyLong_FromLong(ret);' in dim


def test_before_call_substitutes_argument_values(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: t
          with_stateless: True
          cname: transpose
          return: argument 0
          release_gil: False
          before_call: THArgCheck(THTensor_(nDimension)($arg1) == 2, 1, "2D only");
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor* self
            - CONSTANT 0
            - CONSTANT 1
        ]]
        ''')
    method, function = wrapper_text(generated, 't'), wrapper_text(generated, 't', True)
    assert 'THArgCheck(THTensor_(nDimension)(self) == 2, 1, "2D only");\n' \
           '    THTensor_(transpose)(result, self, 0, 1);' in method
    assert 'THArgCheck(THTensor_(nDimension)(source) == 2' in function


def test_a_generator_is_taken_first_or_by_keyword(tmp_path):
    [uniform] = declarations_of(generate_text(tmp_path, '''\
        [[
          name: uniform_
          return: self
          arguments:
            - THTensor* self
            - THGenerator* generator
            - arg: double from
              default: 0
        ]]
        '''))
    assert signature_strings(uniform) == [
        '"(float from, generator=torch_early.Generator)"',
        '"(torch_early.Generator generator, float from)"',
        '"(generator=torch_early.Generator)"',
        '"(torch_early.Generator generator)"',
        '"(float from)"',
        '"()"',
    ]


def test_defined_if_guards_the_wrapper_and_its_table_entry(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: normal_
          defined_if: defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
          cname: normal
          return: self
          arguments:
            - THTensor* self
            - arg: THGenerator* generator
              kwarg_only: True
        ]]
        ''')
    guard = '#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)\n'
    for text, start in ((generated.text, 'static PyObject *THPTensor_(normal_)('),
                        (generated.methods, '{"normal_", ')):
        at = text.index(start)
        assert text.rindex(guard, 0, at) > text.rfind('#endif', 0, at)
        assert text.index('#endif\n', at)
        assert text.count(guard) == 1
    # THGenerator* defaults to the default generator
    assert 'THGenerator *generator = THPGenerator_defaultCData();' in generated.text


def test_method_tables_list_every_wrapper_with_its_signatures(tmp_path):
    generated = generate_text(tmp_path, ADD)
    # the entries go to files of their own, #included inside the static tables of
    # generic/Tensor.c: no table is assembled at run time
    assert ('{"add", (PyCFunction)(void (*)(void))THPTensor_(add),\n'
            ' METH_FASTCALL | METH_KEYWORDS, PyDoc_STR(\n'
            '  "add(" RealStr " value, " THPTensorStr " other, out=" THPTensorStr ")\\n"\n'
            '  "add(" RealStr " value, " THPTensorStr " other)\\n"\n') in generated.methods
    assert ('{"add", (PyCFunction)(void (*)(void))THPTensor_stateless_(add),'
            in generated.stateless)
    assert 'THPTensor_stateless_' not in generated.methods
    assert 'PyMethodDef' not in generated.methods + generated.stateless + generated.text
    with open(os.path.join(REPO, 'generic', 'Tensor.c')) as f:
        tensor_c = f.read()
    table = tensor_c[tensor_c.index('static PyMethodDef THPTensor_(methods)[] = {'):]
    assert table.index('#include "TensorMethods.table.c"') < table.index('{NULL}')


def test_a_doc_text_opens_the_docstring_before_the_signatures(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: neg
          with_stateless: True
          doc: |
            Each element is minus the element of self at the same
            position.

              >>> a.neg()
          return: argument 0
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor* self
        ]]
        ''')
    # the text filled into lines, an indented example kept as written, a blank line, then the
    # signatures (the paragraph the TypeError of a wrong call lists)
    doc = ('PyDoc_STR(\n'
           '  "Each element is minus the element of self at the same position.\\n"\n'
           '  "\\n"\n'
           '  "  >>> a.neg()\\n"\n'
           '  "\\n"\n'
           '  "neg(out=" THPTensorStr ")\\n"\n'
           '  "neg()")}')
    assert doc in generated.methods
    # the function form carries the same text, with its own signatures
    assert ('"  >>> a.neg()\\n"\n  "\\n"\n  "neg(" THPTensorStr " source, out=" THPTensorStr ")'
            in generated.stateless)
    with pytest.raises(cwrap.CwrapError, match='doc is a text'):
        generate_text(tmp_path, '[[\n  name: bad\n  doc: [1]\n]]\n')


# ---- Sparse tensors ------------------------------------------------------------------------

def test_a_sparse_option_of_a_dense_method_calls_ths(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: add
          return: argument 0
          options:
            - cname: cadd
              arguments:
                - arg: THTensor* result
                  output: True
                - THTensor* self
                - THTensor* other
            - cname: spcadd
              sparse: True
              arguments:
                - arg: THTensor* result
                  output: True
                - THTensor* self
                - CONSTANT 1
                - THSTensor* other
        ]]
        ''')
    text = wrapper_text(generated, 'add')
    assert text.startswith('/* generated from generic/Root.cwrap: add */\n'
                           'static PyObject *THPTensor_(add)(')
    assert 'THTensor_(cadd)(result, self, other);' in text
    assert 'THSPTensor_(Check)(call.arg[0])' in text
    assert 'THSTensor *other = THSPTensor_(CData)(call.arg[0]);' in text
    assert 'THSTensor_(spcadd)(result, self, 1, other);' in text
    assert 'THTensor_(nElement)(self) + THSTensor_(nnz)(other)' in text   # the GIL's count
    assert 'THPTensor_(result)(&call, 0)' in text                        # a dense result
    assert 'THSPTensor_' not in generated.methods.replace('THSPTensorStr', '')  # a dense method
    assert signature_strings(declarations_of(generated)[0])[-1] == \
        '"(" THSPTensorStr " other)"'


def test_a_sparse_declaration_makes_a_method_of_the_sparse_types(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: transpose
          sparse: True
          cname: newTranspose
          return: THSTensor*
          arguments:
            - THSTensor* self
            - int dim0
            - int dim1
        ]]
        [[
          name: indices
          sparse: True
          cname: newIndices
          return: THLongTensor*
          arguments:
            - THSTensor* self
        ]]
        [[
          name: smm
          sparse: True
          only_stateless: True
          cname: sspmm
          return: argument 0
          arguments:
            - arg: THSTensor* result
              output: True
            - THSTensor* mat1
            - THTensor* mat2
        ]]
        ''')
    transpose = wrapper_text(generated, 'transpose')
    assert 'static PyObject *THSPTensor_(transpose)(' in transpose
    assert 'THSTensor *self = THSPTensor_(CData)(py_self);' in transpose
    assert 'THSTensor *ret = THSTensor_(newTranspose)(self, dim0, dim1);' in transpose
    assert 'return THSPTensor_(New)(ret);' in transpose
    assert 'return THPCall_invalidArguments(&call, &THSPTensorType);' in transpose
    indices = wrapper_text(generated, 'indices')
    assert 'THLongTensor *ret = THSTensor_(newIndices)(self);' in indices
    assert 'return THPLongTensor_New(ret);' in indices
    smm = wrapper_text(generated, 'smm', stateless=True)
    assert 'static PyObject *THSPTensor_stateless_(smm)(' in smm
    assert 'THSPTensor_(result)(&call, 0)' in smm          # out= checked, or a new sparse tensor
    assert 'THSTensor *result = THSPTensor_(CData)(call.result[0]);' in smm
    assert '{"smm", (PyCFunction)(void (*)(void))THSPTensor_stateless_(smm),' in generated.stateless
    assert '{"transpose", (PyCFunction)(void (*)(void))THSPTensor_(transpose),' in generated.methods
    assert 'generic/SparseTensor.c includes it' in generated.methods   # the sparse type's table


# ---- The real declarations ------------------------------------------------------------------

def test_the_real_declarations_give_one_wrapper_per_declaration_form():
    items = parser.parse(ROOT)
    declared = parser.declarations(items)
    generated = cwrap.render(ROOT)
    expected = sum((0 if d.only_stateless else 1) + (1 if d.with_stateless or d.only_stateless
                                                      else 0) for d in declared)
    assert len(generated.wrappers) == expected
    assert generated.text.count('/* generated from ') == expected
    headers = re.findall(r'^static PyObject \*(THPTensor_(?:stateless_)?\(\w+\))\(',
                         generated.text, flags=re.MULTILINE)
    assert len(headers) == len(set(headers)) == expected
    for name in ('add', 'add_', 'addmm', 'addmm_', 'sum', 'resize_', 'set_', 'uniform_', 't'):
        assert 'THPTensor_(%s)' % name in headers


def test_generating_the_real_declarations_is_deterministic(tmp_path):
    first, second = tmp_path / 'a.c', tmp_path / 'b.c'
    assert cwrap.generate(ROOT, str(first))
    assert cwrap.generate(ROOT, str(second))
    assert first.read_text() == second.read_text()
    # an unchanged result is not rewritten, so the build does not redo the compile
    before = first.stat().st_mtime_ns
    assert not cwrap.generate(ROOT, str(first))
    assert first.stat().st_mtime_ns == before


def test_every_th_function_called_is_declared_by_th():
    headers = ''
    for library in ('TH', 'THS'):
        generic = os.path.join(REPO, 'lib', library, 'generic')
        if not os.path.isdir(generic):
            pytest.skip('lib/%s headers not present' % library)
        for name in sorted(os.listdir(generic)):
            if name.endswith('.h'):
                with open(os.path.join(generic, name)) as f:
                    headers += f.read()
    called = set()
    for root in (ROOT, SPARSE_ROOT):
        called |= set(re.findall(r'\b(THS?(?:Tensor|Storage)_\(\w+\))\(',
                                 cwrap.render(root).text))
    assert 'THSTensor_(spaddmm)' in called and 'THSTensor_(toDense)' in called
    missing = sorted(name for name in called if name not in headers)
    assert not missing


def test_the_real_sparse_declarations_are_all_sparse_types_methods():
    generated = cwrap.render(SPARSE_ROOT)
    assert generated.wrappers and all(d.sparse for d, _ in generated.wrappers)
    headers = re.findall(r'^static PyObject \*(\w+)\(', generated.text, flags=re.MULTILINE)
    assert all(name.startswith('THSPTensor_') for name in headers)
    for name in ('indices', 'values', 'contiguous', 'to_dense', 'transpose_', 'sspaddmm'):
        assert 'THSPTensor_(%s)' % name in generated.text
    for name in ('mm', 'spmm', 'smm', 'saddmm', 'sspaddmm'):
        assert 'THSPTensor_stateless_(%s)' % name in generated.text


def test_the_command_line(tmp_path):
    out = tmp_path / 'generated' / 'TensorMethods.c'
    run = subprocess.run([sys.executable, '-m', 'cwrap', 'generate', ROOT, str(out)], cwd=REPO,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert out.read_text() == cwrap.render(ROOT).text
    show = subprocess.run([sys.executable, '-m', 'cwrap', 'show', 'add', '--type', 'Float'],
                          cwd=REPO, capture_output=True, text=True)
    assert show.returncode == 0, show.stderr
    assert 'static PyObject *THPFloatTensor_add(' in show.stdout
    assert 'static PyObject *THPFloatTensor_add_(' in show.stdout
    assert 'static PyObject *THPFloatTensor_stateless_add(' in show.stdout
    assert 'THFloatTensor_cadd(result, self, value, other);' in show.stdout
    # the forms read at a glance: one error frame each, a few lines an option (the dense add,
    # add_ and function form, and the sparse types' add with its function form)
    assert len(subprocess.run([sys.executable, '-m', 'cwrap', 'show', 'add'], cwd=REPO,
                              capture_output=True, text=True).stdout.splitlines()) < 300
    show = subprocess.run([sys.executable, '-m', 'cwrap', 'show', 'smm', '--type', 'Double'],
                          cwd=REPO, capture_output=True, text=True)
    assert show.returncode == 0, show.stderr
    assert 'static PyObject *THSPDoubleTensor_stateless_smm(' in show.stdout
    assert 'THSDoubleTensor_sspmm(result, mat1, mat2);' in show.stdout
    assert 'THSPDoubleTensor_CData(call.arg[0])' in show.stdout
    missing = subprocess.run([sys.executable, '-m', 'cwrap', 'show', 'no_such_method'],
                             cwd=REPO, capture_output=True, text=True)
    assert missing.returncode == 1


def test_show_expands_generic_names_for_one_dtype():
    text = 'real v = THPUtils_(unpackReal)(o); THTensor_(cadd)(r, t, v, s); "(" RealStr " value)"'
    assert expand(text, 'Long') == ('long v = THPLongUtils_unpackReal(o); '
                                    'THLongTensor_cadd(r, t, v, s); "(int value)"')
    assert expand('accreal s = THTensor_(sumall)(t);', 'Float') == \
        'double s = THFloatTensor_sumall(t);'


def test_a_wrap_dim_argument_counts_back_from_the_named_tensors_dimensions(tmp_path):
    generated = generate_text(tmp_path, '''\
        [[
          name: sum
          with_stateless: True
          return: argument 0
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor* self
            - arg: int dim
              wrap_dim: self
              default: -1
        ]]
        [[
          name: unsqueeze
          return: argument 0
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor* self
            - arg: int dim
              wrap_dim: self+1
        ]]
        [[
          name: cat
          only_stateless: True
          return: argument 0
          arguments:
            - arg: THTensor* result
              output: True
            - THTensor** seq
            - arg: int dim
              wrap_dim: seq
        ]]
        ''')
    def flat(text):   # long statements are wrapped: compare with whitespace collapsed
        return ' '.join(text.split())
    method = flat(wrapper_text(generated, 'sum'))
    function = flat(wrapper_text(generated, 'sum', True))
    assert ('int dim = THPUtils_wrapDim(THPUtils_unpackInt(call.arg[0]), '
            'THTensor_(nDimension)(self), 0, "dim");') in method
    assert 'int dim = THPUtils_wrapDim(-1, THTensor_(nDimension)(self), 0, "dim");' in method
    # the function form wraps by its source, unpacked before the dim
    source = function.index('THTensor *source = ')
    assert function.index('THTensor_(nDimension)(source), 0, "dim")', source) > source
    assert 'THTensor_(nDimension)(self), 1, "dim")' in flat(wrapper_text(generated, 'unsqueeze'))
    assert ('THPUtils_(tensorListDim)(seq), 0, "dim")'
            in flat(wrapper_text(generated, 'cat', True)))


def test_wrap_dim_is_for_an_int_and_names_a_tensor_argument(tmp_path):
    with pytest.raises(cwrap.CwrapError, match='wrap_dim is for an int dimension'):
        generate_text(tmp_path, '[[\n  name: bad\n  arguments:\n    - THTensor* self\n'
                                '    - arg: long n\n      wrap_dim: self\n]]\n')
    with pytest.raises(cwrap.CwrapError, match="wrap_dim 'other' names no tensor argument"):
        generate_text(tmp_path, '[[\n  name: bad\n  arguments:\n    - THTensor* self\n'
                                '    - arg: int dim\n      wrap_dim: other\n]]\n')
