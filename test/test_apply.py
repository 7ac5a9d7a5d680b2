"""apply_, map_ and map2_: a Python function called on every element, in row-major order.

t.apply_(f) replaces each element x by f(x); t.map_(u, f) by f(x, y), y being u's element at the
same position (in row-major order: u needs as many elements, not the same shape); t.map2_(u, v, f)
by f(x, y, z). They work in place on any layout and return t. f sees the values the tensors had
when the call began, and t is written only once every call has succeeded: an exception raised by
f, or a result that is not a number of t's element type (TypeError), leaves t as it was.
"""
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, tensor_class

A = [[1, 2, 3], [4, 5, 6]]


def apply_rows(fn, *nested):
    return [[fn(*values) for values in zip(*rows)] for rows in zip(*nested)]


# ---- every element, in place ---------------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_DTYPES)
def test_apply_replaces_each_element(name):
    tensor = tensor_class(name)(A)
    assert tensor.apply_(lambda x: x * 2 + 1) is tensor
    assert tensor.tolist() == apply_rows(lambda x: x * 2 + 1, A)


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_map_and_map2_pair_elements_in_row_major_order(name):
    cls = tensor_class(name)
    tensor = cls(A)
    other = cls([6, 5, 4, 3, 2, 1])                      # another shape, as many elements
    assert tensor.map_(other, lambda x, y: x + y) is tensor
    assert tensor.tolist() == [[7, 7, 7], [7, 7, 7]]
    third = cls(A).t().contiguous()                      # 3x2: row-major order 1 4 2 5 3 6
    assert tensor.map2_(cls(A), third, lambda x, y, z: x - y + z) is tensor
    assert tensor.tolist() == apply_rows(lambda x, y, z: x - y + z, [[7] * 3] * 2, A,
                                         [[1, 4, 2], [5, 3, 6]])


def test_non_contiguous_tensors_are_walked_in_their_own_order():
    base = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    view = base.t()                                      # 3x2 view: 1 4 / 2 5 / 3 6
    seen = []
    view.apply_(lambda x: seen.append(x) or x * 10)
    assert seen == [1, 4, 2, 5, 3, 6]
    assert base.tolist() == [[10, 20, 30], [40, 50, 60]]
    row = torch_early.FloatTensor([[1, 2, 3]]).expand(2, 3)              # stride 0
    result = torch_early.FloatTensor(2, 3).zero_()
    result.map_(row, lambda x, y: y)
    assert result.tolist() == [[1, 2, 3], [1, 2, 3]]


def test_the_function_sees_the_values_from_before_the_call():
    tensor = torch_early.LongTensor([1, 1, 1])
    tensor.apply_(lambda x: int(tensor.sum()) + x)       # the sum stays 3 throughout
    assert tensor.tolist() == [4, 4, 4]


def test_an_empty_tensor_calls_nothing():
    assert torch_early.FloatTensor().apply_(lambda x: 1 / 0).dim() == 0


# ---- errors leave the tensor as it was -----------------------------------------------------------

def test_an_exception_from_the_function_propagates():
    tensor = torch_early.FloatTensor([1, 0, 2])
    with pytest.raises(ZeroDivisionError):
        tensor.apply_(lambda x: 1 / x)
    assert tensor.tolist() == [1, 0, 2]
    with pytest.raises(KeyError):
        tensor.map_(tensor, lambda x, y: {}[x])
    assert tensor.tolist() == [1, 0, 2]


@pytest.mark.parametrize('name, result, kind', [
    ('Float', 'one', 'float for torch_early.FloatTensor'),
    ('Float', None, 'float for torch_early.FloatTensor'),
    ('Int', 1.5, 'int for torch_early.IntTensor'),
    ('Byte', [1], 'int for torch_early.ByteTensor'),
])
def test_a_result_that_is_not_a_number_is_a_runtime_error(name, result, kind):
    # A RuntimeError, as the first releases raised it (their check was a TH error).
    tensor = tensor_class(name)([1, 2])
    with pytest.raises(RuntimeError, match=r'apply_: fn must return a number \(%s\), but it returned %s'
                                        % (kind, type(result).__name__)):
        tensor.apply_(lambda x: result)
    assert tensor.tolist() == [1, 2]


def test_a_result_too_large_for_integers_is_an_overflow_error():
    tensor = torch_early.LongTensor([1, 2])
    with pytest.raises(OverflowError):
        tensor.apply_(lambda x: 2 ** 70)
    assert tensor.tolist() == [1, 2]


def test_operands_need_as_many_elements():
    tensor = torch_early.DoubleTensor(2, 3).zero_()
    with pytest.raises(RuntimeError, match=r'map_: inconsistent tensor size: expected 6 elements '
                                           r'\(size 2x3\) but got 4 \(size 4\)'):
        tensor.map_(torch_early.DoubleTensor(4), lambda x, y: y)
    with pytest.raises(RuntimeError, match=r'map2_: inconsistent tensor size: expected 6 elements'):
        tensor.map2_(torch_early.DoubleTensor(6), torch_early.DoubleTensor(5), lambda x, y, z: y)


def test_wrong_arguments_list_the_signature():
    tensor = torch_early.FloatTensor(3)
    with pytest.raises(TypeError, match=r'apply_ received an invalid combination of arguments - '
                                        r'got \(int\), but expected \(callable fn\)'):
        tensor.apply_(3)
    with pytest.raises(TypeError, match=r'got \(torch_early.DoubleTensor, function\), but expected '
                                        r'\(torch_early.FloatTensor tensor, callable fn\)'):
        tensor.map_(torch_early.DoubleTensor(3), lambda x, y: x)
    with pytest.raises(TypeError, match=r'map2_ received an invalid combination of arguments - '
                                        r'got \(torch_early.FloatTensor, function\)'):
        tensor.map2_(tensor, lambda x, y, z: x)
    with pytest.raises(TypeError, match=r'got \(fn=function\)'):
        tensor.apply_(fn=lambda x: x)


def test_a_function_that_resizes_the_tensor_gets_an_error_not_a_crash():
    tensor = torch_early.FloatTensor([1, 2, 3])

    def grow(x):
        tensor.resize_(100000)
        return x

    with pytest.raises(RuntimeError, match=r'cannot copy 3 elements \(size 3\) into a tensor of 100000'):
        tensor.apply_(grow)
    assert tensor.size() == (100000,)
