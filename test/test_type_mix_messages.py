"""Type mixes: a call that fails only because a tensor is of another type than the call needs.

Its TypeError opens with a line in the user's terms (the operator or the call as written, the two
types, the conversion that fixes it), then the usual "invalid combination of arguments" message,
listing only the signatures that the arguments fit but for that tensor's type, and how many more
help() shows. Any other invalid call gets the message it always had. Through autograd, the
Function whose forward failed names itself and its inputs, and says whether to convert the input
or the model.
"""
import pytest

import torch_early
from torch_early.autograd import Variable, Function
import torch_early.nn as nn
import torch_early.nn.functional as F
from torch_early._thnn import _THNN

Float = torch_early.FloatTensor
Double = torch_early.DoubleTensor
Long = torch_early.LongTensor

FLOAT_DOUBLE = ('both tensors must be of one type; convert one with .float(), .double() or '
                '.type_as(other)')


def ones(tensor_type, *sizes):
    return tensor_type(*sizes).fill_(1)


def type_error(call):
    with pytest.raises(TypeError) as error:
        call()
    return error.value


# ---- operators: named as the user wrote them ---------------------------------------------------

@pytest.mark.parametrize('symbol, operate, method', [
    ('+', lambda a, b: a + b, 'add'),
    ('-', lambda a, b: a - b, 'sub'),
    ('*', lambda a, b: a * b, 'mul'),
    ('/', lambda a, b: a / b, 'div'),
])
def test_an_operator_names_itself_and_both_types(symbol, operate, method):
    error = type_error(lambda: operate(ones(Float, 2), ones(Double, 2)))
    lines = str(error).split('\n')
    assert lines[0] == 'FloatTensor %s DoubleTensor: %s' % (symbol, FLOAT_DOUBLE)
    assert lines[1] == ('%s received an invalid combination of arguments - got '
                        '(torch_early.DoubleTensor), but expected one of:' % method)
    assert lines[2] == ' * (torch_early.FloatTensor other)'
    assert lines[-1].startswith(' * ... and ')
    assert lines[-1].endswith(' more: help(torch_early.FloatTensor.%s)' % method)
    assert error.type_mix == 'FloatTensor %s DoubleTensor' % symbol


def test_an_in_place_operator_names_itself():
    a = ones(Float, 2)
    with pytest.raises(TypeError) as error:
        a += ones(Double, 2)
    assert str(error.value).startswith('FloatTensor += DoubleTensor: ' + FLOAT_DOUBLE + '\n'
                                       'add_ received an invalid combination of arguments')
    assert a.tolist() == [1, 1]


def test_the_advice_follows_the_two_types():
    message = str(type_error(lambda: ones(Long, 2) + ones(Float, 2)))
    assert message.startswith('LongTensor + FloatTensor: both tensors must be of one type; '
                              'convert one with .long(), .float() or .type_as(other)\n')


def test_matmul_names_the_operator():
    message = str(type_error(lambda: ones(Float, 2, 2) @ ones(Double, 2, 2)))
    assert message.startswith('FloatTensor @ DoubleTensor: the tensors must be of one type')


# ---- methods and functions: the call as written ------------------------------------------------

def test_mm_of_float_and_double():
    error = type_error(lambda: ones(Float, 2, 2).mm(ones(Double, 2, 2)))
    assert str(error) == (
        'FloatTensor.mm(DoubleTensor): ' + FLOAT_DOUBLE + '\n'
        'mm received an invalid combination of arguments - got (torch_early.DoubleTensor), but '
        'expected one of:\n'
        ' * (torch_early.FloatTensor mat2)\n'
        ' * ... and 1 more: help(torch_early.FloatTensor.mm)')
    assert error.type_mix == 'FloatTensor.mm(DoubleTensor)'


def test_the_function_form_of_mm():
    message = str(type_error(lambda: torch_early.mm(ones(Float, 2, 2), ones(Double, 2, 2))))
    assert message == (
        'torch_early.mm(FloatTensor, DoubleTensor): ' + FLOAT_DOUBLE + '\n'
        'mm received an invalid combination of arguments - got (torch_early.FloatTensor, '
        'torch_early.DoubleTensor), but expected one of:\n'
        ' * (torch_early.FloatTensor source, torch_early.FloatTensor mat2)\n'
        ' * ... and 1 more: help(torch_early.mm)')


def test_addmm_lists_the_options_with_tensors_there():
    m = ones(Float, 2, 2)
    message = str(type_error(lambda: m.addmm(m, ones(Double, 2, 2))))
    assert message.split('\n')[:4] == [
        'FloatTensor.addmm(FloatTensor, DoubleTensor): the tensors must be of one type; convert '
        'one with .float(), .double() or .type_as(other)',
        'addmm received an invalid combination of arguments - got (torch_early.FloatTensor, '
        'torch_early.DoubleTensor), but expected one of:',
        ' * (torch_early.FloatTensor mat1, torch_early.FloatTensor mat2)',
        ' * (torch_early.sparse.FloatTensor mat1, torch_early.FloatTensor mat2)']
    assert message.endswith(' * ... and 14 more: help(torch_early.FloatTensor.addmm)')


def test_a_keyword_argument_is_shown_with_its_name():
    a = ones(Float, 2)
    message = str(type_error(lambda: a.add(ones(Double, 2), out=a)))
    assert message.startswith('FloatTensor.add(DoubleTensor, out=FloatTensor): the tensors must')
    assert '\n * (torch_early.FloatTensor other, out=torch_early.FloatTensor)\n' in message


def test_cat_of_mixed_types_shows_the_sequence():
    a, d = ones(Float, 2), ones(Double, 2)
    message = str(type_error(lambda: torch_early.cat([a, d])))
    assert message.split('\n')[:3] == [
        'torch_early.cat([FloatTensor, DoubleTensor]): ' + FLOAT_DOUBLE,
        'cat received an invalid combination of arguments - got (list), but expected one of:',
        ' * (sequence of torch_early.FloatTensor seq)']
    message = str(type_error(lambda: torch_early.cat((a, a, d), 0)))
    assert message.startswith('torch_early.cat((FloatTensor, FloatTensor, DoubleTensor), int): '
                              'the tensors must be of one type')


def test_an_index_of_another_type_is_the_argument_to_convert():
    message = str(type_error(lambda: ones(Float, 3).index_select(0, ones(Double, 1))))
    assert message.startswith("FloatTensor.index_select(int, DoubleTensor): argument 'index' "
                              "must be a LongTensor, not a DoubleTensor; convert it with .long()\n"
                              "index_select received an invalid combination of arguments")


def test_a_sparse_tensor_of_another_dtype():
    sparse = torch_early.sparse.DoubleTensor(2)
    message = str(type_error(lambda: ones(Float, 2) + sparse))
    assert message.split('\n')[:4] == [
        'FloatTensor + sparse.DoubleTensor: ' + FLOAT_DOUBLE,
        'add received an invalid combination of arguments - got (torch_early.sparse.DoubleTensor), '
        'but expected one of:',
        ' * (torch_early.FloatTensor other)',
        ' * (torch_early.sparse.FloatTensor other)']


def test_sparse_operators_name_themselves():
    a, b = torch_early.sparse.FloatTensor(2), torch_early.sparse.DoubleTensor(2)
    message = str(type_error(lambda: a * b))
    assert message.split('\n')[:3] == [
        'sparse.FloatTensor * sparse.DoubleTensor: ' + FLOAT_DOUBLE,
        'mul received an invalid combination of arguments - got (torch_early.sparse.DoubleTensor), '
        'but expected one of:',
        ' * (torch_early.sparse.FloatTensor other)']
    assert str(type_error(lambda: a - b)).startswith('sparse.FloatTensor - sparse.DoubleTensor: ')
    assert (a + a).size() == (2,)


def test_a_sparse_tensor_where_a_dense_one_is_needed():
    sparse = torch_early.sparse.FloatTensor(2)
    message = str(type_error(lambda: ones(Float, 2).mul(sparse)))
    assert message.startswith("FloatTensor.mul(sparse.FloatTensor): argument 'other' must be a "
                              "FloatTensor, not a sparse.FloatTensor; convert it with "
                              ".to_dense()\n")
    sparse = torch_early.sparse.DoubleTensor(2)
    message = str(type_error(lambda: ones(Float, 2).mul(sparse)))
    assert "convert it with .to_dense().float()\n" in message


def test_a_thnn_binding_names_the_argument():
    message = str(type_error(lambda: _THNN.FloatAbs_updateOutput(None, ones(Double, 2),
                                                                 ones(Float, 2))))
    assert message.startswith(
        'torch_early._thnn._THNN.FloatAbs_updateOutput(NoneType, DoubleTensor, FloatTensor): '
        "argument 'input' must be a FloatTensor, not a DoubleTensor; convert it with .float()\n"
        'FloatAbs_updateOutput received an invalid combination of arguments')


def test_under_the_name_torch_the_types_are_torch_ones():
    torch_early._set_public_name('torch')
    try:
        message = str(type_error(lambda: torch_early.mm(ones(Float, 2, 2), ones(Double, 2, 2))))
    finally:
        torch_early._set_public_name('torch_early')
    assert message.split('\n') == [
        'torch.mm(FloatTensor, DoubleTensor): ' + FLOAT_DOUBLE,
        'mm received an invalid combination of arguments - got (torch.FloatTensor, '
        'torch.DoubleTensor), but expected one of:',
        ' * (torch.FloatTensor source, torch.FloatTensor mat2)',
        ' * ... and 1 more: help(torch.mm)']


# ---- other failures keep the message they had --------------------------------------------------

ADD_SIGNATURES = (
    'but expected one of:\n'
    ' * (float value, torch_early.FloatTensor other, out=torch_early.FloatTensor)\n'
    ' * (float value, torch_early.FloatTensor other)\n'
    ' * (float value, torch_early.sparse.FloatTensor other, out=torch_early.FloatTensor)\n'
    ' * (float value, torch_early.sparse.FloatTensor other)\n'
    ' * (float value, out=torch_early.FloatTensor)\n'
    ' * (float value)\n'
    ' * (torch_early.FloatTensor other, out=torch_early.FloatTensor)\n'
    ' * (torch_early.FloatTensor other)\n'
    ' * (torch_early.sparse.FloatTensor other, out=torch_early.FloatTensor)\n'
    ' * (torch_early.sparse.FloatTensor other)')


def test_wrong_arity_is_no_type_mix():
    error = type_error(lambda: ones(Float, 2).add(ones(Double, 2), 2, 3))
    assert str(error) == ('add received an invalid combination of arguments - got '
                          '(torch_early.DoubleTensor, int, int), ' + ADD_SIGNATURES)
    assert not hasattr(error, 'type_mix')


def test_a_number_where_a_tensor_is_needed_is_no_type_mix():
    error = type_error(lambda: ones(Float, 2, 2).mm(2))
    assert str(error) == (
        'mm received an invalid combination of arguments - got (int), but expected one of:\n'
        ' * (torch_early.FloatTensor mat2, out=torch_early.FloatTensor)\n'
        ' * (torch_early.FloatTensor mat2)')
    assert not hasattr(error, 'type_mix')


def test_an_operator_with_a_string_keeps_the_old_message():
    message = str(type_error(lambda: ones(Float, 2) + 'x'))
    assert message == ('add received an invalid combination of arguments - got (str), '
                       + ADD_SIGNATURES)


def test_a_variable_given_to_a_tensor_method_is_no_type_mix():
    error = type_error(lambda: ones(Float, 2).add(Variable(ones(Double, 2))))
    assert not hasattr(error, 'type_mix')
    assert str(error).startswith('add received an invalid combination of arguments')


# ---- Variables: the Function names itself and its inputs ---------------------------------------

def test_a_double_input_to_a_float_linear_module():
    model = nn.Linear(3, 2)
    message = str(type_error(lambda: model(Variable(ones(Double, 4, 3)))))
    lines = message.split('\n')
    assert lines[0] == ('Linear(input=DoubleTensor, weight=FloatTensor Parameter, '
                        'bias=FloatTensor Parameter): the Variables of one operation must be of '
                        'one type; convert input with .float(), or the model with model.double()')
    assert lines[1].startswith('DoubleTensor.mm(FloatTensor): both tensors must be of one type')
    assert 'mm received an invalid combination of arguments' in message
    assert ' * (torch_early.DoubleTensor mat2)' in lines
    # the advice works
    assert model(Variable(ones(Double, 4, 3)).float()).size() == (4, 2)
    assert model.double()(Variable(ones(Double, 4, 3))).size() == (4, 2)


def test_linear_without_a_module():
    weight = nn.Parameter(ones(Float, 2, 3))
    message = str(type_error(lambda: F.linear(Variable(ones(Double, 4, 3)), weight)))
    assert message.startswith('Linear(input=DoubleTensor, weight=FloatTensor Parameter): ')


def test_two_variables_of_two_types():
    a, b = Variable(ones(Float, 2)), Variable(ones(Double, 2))
    message = str(type_error(lambda: a + b))
    assert message.startswith('Add(a=FloatTensor, b=DoubleTensor): the Variables of one operation '
                              'must be of one type; convert one with .float(), .double() or '
                              '.type_as(other)\n')
    message = str(type_error(lambda: Variable(ones(Float, 2, 2)).mm(Variable(ones(Double, 2, 2)))))
    assert message.startswith('Addmm(')
    assert 'FloatTensor.mm(DoubleTensor): ' in message


class RaisesTypeError(Function):
    def forward(self, a, b):
        raise TypeError('not about types')


def test_another_type_error_in_forward_is_left_alone():
    error = type_error(lambda: RaisesTypeError()(Variable(ones(Float, 2)),
                                                 Variable(ones(Double, 2))))
    assert str(error) == 'not about types'
