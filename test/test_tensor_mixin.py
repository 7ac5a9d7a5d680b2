"""The Python half of the tensor classes (torch_early/tensor.py) and the package-level helpers.

Views share memory with their source: a view is the same storage read with other sizes, strides
or offset. The tests check the values (against lists computed the obvious way), the geometry, and
that writing through a view writes into the source.
"""
import copy
import os
import pickle
import types

import pytest

import torch_early
from tensor_checks import ALL_DTYPES, storage_class, tensor_class


def matrix(rows, cols, cls=torch_early.FloatTensor):
    """rows x cols tensor holding 0, 1, 2, ... in row-major order."""
    return cls([[r * cols + c for c in range(cols)] for r in range(rows)])


# ---- new -----------------------------------------------------------------------------------

def test_new_makes_the_same_class():
    t = torch_early.IntTensor([1, 2])
    fresh = t.new(2, 3)
    assert type(fresh) is torch_early.IntTensor
    assert fresh.size() == torch_early.Size([2, 3])
    assert type(t.new([5, 6])) is torch_early.IntTensor
    assert t.new([5, 6]).tolist() == [5, 6]


# ---- view ----------------------------------------------------------------------------------

def test_view_reads_the_same_elements_in_the_same_order():
    t = matrix(2, 3)
    v = t.view(3, 2)
    assert v.size() == torch_early.Size([3, 2])
    assert v.tolist() == [[0, 1], [2, 3], [4, 5]]
    assert t.view(6).tolist() == [0, 1, 2, 3, 4, 5]


def test_view_accepts_a_size():
    t = matrix(2, 3)
    assert t.view(torch_early.Size([3, 2])).tolist() == [[0, 1], [2, 3], [4, 5]]


def test_view_shares_the_storage():
    t = matrix(2, 3)
    v = t.view(6)
    v[4] = 40
    assert t[1][1] == 40
    assert v.data_ptr() == t.data_ptr()


def test_view_keeps_the_storage_offset():
    t = matrix(3, 2)
    row = t[1]
    v = row.view(2, 1)
    assert v.storage_offset() == 2
    assert v.tolist() == [[2], [3]]


def test_view_infers_one_minus_one():
    t = matrix(2, 6)
    assert t.view(-1).size() == torch_early.Size([12])
    assert t.view(3, -1).size() == torch_early.Size([3, 4])
    assert t.view(-1, 2, 2).size() == torch_early.Size([3, 2, 2])


def test_view_refuses_two_minus_ones():
    with pytest.raises(RuntimeError):
        matrix(2, 6).view(-1, -1)


def test_view_refuses_another_element_count():
    with pytest.raises(RuntimeError) as error:
        matrix(2, 3).view(4, 2)
    assert str(error.value) == "view of size '4x2' is invalid for input of size '2x3'"


def test_view_refuses_an_impossible_inference():
    with pytest.raises(RuntimeError,
                       match="view of size '-1x4' is invalid for input of size '2x3'"):
        matrix(2, 3).view(-1, 4)


def test_view_needs_a_contiguous_tensor():
    with pytest.raises(ValueError, match='input should be contiguous'):
        matrix(2, 3).t().view(6)


def test_view_as():
    assert matrix(2, 3).view_as(matrix(3, 2)).size() == torch_early.Size([3, 2])


# ---- expand --------------------------------------------------------------------------------

def test_expand_repeats_singleton_dims_with_stride_zero():
    t = torch_early.FloatTensor([[1], [2]])
    e = t.expand(2, 3)
    assert e.size() == torch_early.Size([2, 3])
    assert e.stride() == (1, 0)
    assert e.tolist() == [[1, 1, 1], [2, 2, 2]]


def test_expand_accepts_a_size_and_shares_the_storage():
    t = torch_early.FloatTensor([[1, 2, 3]])
    e = t.expand(torch_early.Size([4, 3]))
    assert e.tolist() == [[1, 2, 3]] * 4
    t[0][1] = 20
    assert e[3][1] == 20


def test_expand_as():
    t = torch_early.FloatTensor([[7]])
    assert t.expand_as(matrix(2, 2)).tolist() == [[7, 7], [7, 7]]


def test_expand_needs_a_size_for_each_dim_at_least():
    with pytest.raises(ValueError, match='must be at least the number of dimensions'):
        matrix(2, 3).expand(3)


def test_expand_adds_leading_dims_like_unsqueeze():
    t = torch_early.FloatTensor([1, 2])
    e = t.expand(3, 2)
    assert e.tolist() == [[1, 2]] * 3 and e.stride() == (0, 1)
    ones = t.expand(1, 1, 2)
    assert ones.stride() == t.unsqueeze(0).unsqueeze(0).stride()
    assert t.expand(2, 1, 2).size() == torch_early.Size([2, 1, 2])


def test_expand_keeps_a_size_given_as_minus_one():
    t = torch_early.FloatTensor([[1], [2]])
    assert t.expand(-1, 3).tolist() == [[1, 1, 1], [2, 2, 2]]
    assert t.expand(4, -1, 2).size() == torch_early.Size([4, 2, 2])


def test_expand_of_an_empty_tensor_is_refused():
    with pytest.raises(ValueError, match='cannot expand an empty tensor'):
        torch_early.FloatTensor().expand(2)


def test_expand_only_grows_singleton_dims():
    with pytest.raises(ValueError, match='cannot expand dimension 0 of size 2 to 4'):
        matrix(2, 3).expand(4, 3)


# ---- repeat --------------------------------------------------------------------------------

def test_repeat_tiles_a_vector():
    t = torch_early.FloatTensor([1, 2, 3])
    assert t.repeat(2).tolist() == [1, 2, 3, 1, 2, 3]


def test_repeat_adds_leading_dims():
    t = torch_early.FloatTensor([1, 2, 3])
    assert t.repeat(2, 2).tolist() == [[1, 2, 3, 1, 2, 3], [1, 2, 3, 1, 2, 3]]


def test_repeat_tiles_a_matrix_along_both_dims():
    source = [[1, 2], [3, 4]]
    expected = [row * 3 for row in source] * 2
    result = torch_early.FloatTensor(source).repeat(2, 3)
    assert result.size() == torch_early.Size([4, 6])
    assert result.tolist() == expected


def test_repeat_copies_the_data():
    t = torch_early.FloatTensor([1, 2])
    r = t.repeat(torch_early.Size([2]))
    t[0] = 100
    assert r.tolist() == [1, 2, 1, 2]


def test_repeat_of_a_non_contiguous_tensor():
    t = matrix(2, 3).t()
    assert t.repeat(1, 2).tolist() == [[0, 3, 0, 3], [1, 4, 1, 4], [2, 5, 2, 5]]


def test_repeat_needs_a_count_for_every_dim():
    with pytest.raises(ValueError):
        matrix(2, 2).repeat(2)


# ---- permute -------------------------------------------------------------------------------

def test_permute_reorders_dims():
    values = [[[i * 12 + j * 4 + k for k in range(4)] for j in range(3)] for i in range(2)]
    t = torch_early.FloatTensor(values)
    p = t.permute(2, 0, 1)
    assert p.size() == torch_early.Size([4, 2, 3])
    expected = [[[values[i][j][k] for j in range(3)] for i in range(2)] for k in range(4)]
    assert p.tolist() == expected


def test_permute_is_a_view():
    t = matrix(2, 3)
    p = t.permute(1, 0)
    p[2][1] = 50
    assert t[1][2] == 50
    assert p.stride() == (1, 3)


@pytest.mark.parametrize('dims', [(0, 0), (0,), (1,), (0, 1, 2), (0, 2), (-1, 0)])
def test_permute_refuses_a_non_permutation_with_an_assertion_error(dims):
    # An AssertionError (raised explicitly, so python -O keeps it), the type the first releases
    # raised: too few dimensions, repeated ones, ones out of range.
    with pytest.raises(AssertionError, match=r'invalid permutation: permute expects each of the '
                                             r'dimensions 0\.\.1 of the tensor once'):
        matrix(2, 3).permute(*dims)


# ---- split and chunk -----------------------------------------------------------------------

def test_split_cuts_views_the_last_one_smaller():
    t = torch_early.FloatTensor([0, 1, 2, 3, 4])
    parts = t.split(2)
    assert isinstance(parts, tuple)
    assert [p.tolist() for p in parts] == [[0, 1], [2, 3], [4]]
    parts[1][0] = 20
    assert t[2] == 20


def test_split_along_another_dim():
    parts = matrix(2, 5).split(3, 1)
    assert [p.size() for p in parts] == [torch_early.Size([2, 3]), torch_early.Size([2, 2])]
    assert parts[1].tolist() == [[3, 4], [8, 9]]


def test_split_with_a_negative_dim():
    assert [p.tolist() for p in matrix(2, 2).split(1, -1)] == [[[0], [2]], [[1], [3]]]


def test_chunk_cuts_equal_views():
    t = torch_early.FloatTensor(list(range(7)))
    assert [p.tolist() for p in t.chunk(3)] == [[0, 1, 2], [3, 4, 5], [6]]
    assert [p.tolist() for p in torch_early.chunk(t, 2)] == [[0, 1, 2, 3], [4, 5, 6]]


def test_module_functions_match_the_methods():
    t = matrix(4, 2)
    assert [p.tolist() for p in torch_early.split(t, 3)] == [p.tolist() for p in t.split(3)]


# ---- types ---------------------------------------------------------------------------------

def test_type_without_argument_names_the_type():
    assert torch_early.FloatTensor().type() == 'torch_early.FloatTensor'
    assert torch_early.ByteTensor().type() == 'torch_early.ByteTensor'


@pytest.mark.parametrize('target', ['torch.DoubleTensor', 'torch_early.DoubleTensor',
                                    torch_early.DoubleTensor])
def test_type_converts(target):
    t = torch_early.FloatTensor([[1.5, 2], [3, 4]])
    d = t.type(target)
    assert type(d) is torch_early.DoubleTensor
    assert d.tolist() == [[1.5, 2], [3, 4]]
    assert d.data_ptr() != t.data_ptr()


def test_type_to_the_same_type_is_the_tensor_itself():
    t = torch_early.FloatTensor([1])
    assert t.type('torch.FloatTensor') is t
    assert t.type(torch_early.FloatTensor) is t


def test_type_accepts_async():
    t = torch_early.FloatTensor([1])
    assert type(t.type('torch.IntTensor', **{'async': True})) is torch_early.IntTensor


def test_type_refuses_an_unknown_name():
    with pytest.raises(ValueError, match='torch.NoSuchTensor'):
        torch_early.FloatTensor([1]).type('torch.NoSuchTensor')


def test_float_to_integer_conversion_truncates():
    assert torch_early.FloatTensor([1.75, -2.5]).int().tolist() == [1, -2]


@pytest.mark.parametrize('method, name', [
    ('double', 'DoubleTensor'), ('float', 'FloatTensor'), ('half', 'HalfTensor'),
    ('long', 'LongTensor'), ('int', 'IntTensor'), ('short', 'ShortTensor'),
    ('char', 'CharTensor'), ('byte', 'ByteTensor')])
def test_casts(method, name):
    t = torch_early.FloatTensor([1, 2, 3])
    converted = getattr(t, method)()
    assert type(converted) is getattr(torch_early, name)
    assert converted.tolist() == [1, 2, 3]


def test_type_as():
    t = torch_early.FloatTensor([1, 2])
    assert type(t.type_as(torch_early.LongTensor())) is torch_early.LongTensor


def test_cpu_is_the_tensor_itself():
    t = torch_early.FloatTensor([1])
    assert t.cpu() is t
    assert t.is_cuda is False


@pytest.mark.parametrize('name, signed', [
    ('Double', True), ('Float', True), ('Long', True), ('Int', True), ('Short', True),
    ('Char', False), ('Byte', False)])
def test_is_signed_and_storage_type(name, signed):
    cls = tensor_class(name)
    assert cls().is_signed() is signed
    assert cls.storage_type() is storage_class(name)


# ---- operators -----------------------------------------------------------------------------

def test_arithmetic_with_numbers():
    t = torch_early.FloatTensor([1, 2, 4])
    assert (t + 1).tolist() == [2, 3, 5]
    assert (t - 1).tolist() == [0, 1, 3]
    assert (t * 2).tolist() == [2, 4, 8]
    assert (t / 2).tolist() == [0.5, 1, 2]
    assert t.tolist() == [1, 2, 4]


def test_arithmetic_with_tensors():
    a = torch_early.FloatTensor([1, 2, 4])
    b = torch_early.FloatTensor([4, 2, 1])
    assert (a + b).tolist() == [5, 4, 5]
    assert (a - b).tolist() == [-3, 0, 3]
    assert (a * b).tolist() == [4, 4, 4]
    assert (a / b).tolist() == [0.25, 1, 4]


def test_reflected_arithmetic_with_numbers():
    t = torch_early.FloatTensor([1, 2, 4])
    assert (1 + t).tolist() == [2, 3, 5]
    assert (2 * t).tolist() == [2, 4, 8]
    assert (10 - t).tolist() == [9, 8, 6]
    assert (8 / t).tolist() == [8, 4, 2]
    assert t.tolist() == [1, 2, 4]


def test_in_place_operators_keep_the_object():
    t = torch_early.FloatTensor([1, 2, 4])
    original = t
    t += 1
    t -= 2
    t *= 4
    t /= 2
    assert t is original
    assert t.tolist() == [0, 2, 6]


def test_negation():
    t = torch_early.FloatTensor([1, -2, 0.5])
    assert (-t).tolist() == [-1, 2, -0.5]
    assert (-torch_early.IntTensor([3, -4])).tolist() == [-3, 4]


def test_sum_of_tensors_with_builtin_sum():
    parts = [torch_early.FloatTensor([1, 2]), torch_early.FloatTensor([3, 4])]
    assert sum(parts).tolist() == [4, 6]


def test_matmul_of_vectors_is_the_dot_product():
    a = torch_early.FloatTensor([1, 2, 3])
    b = torch_early.FloatTensor([4, 5, 6])
    assert a @ b == 32


def test_matmul_of_matrices():
    a = [[1, 2], [3, 4], [5, 6]]
    b = [[1, 0, 2], [0, 1, 3]]
    expected = [[sum(a[i][k] * b[k][j] for k in range(2)) for j in range(3)] for i in range(3)]
    result = torch_early.FloatTensor(a) @ torch_early.FloatTensor(b)
    assert result.size() == torch_early.Size([3, 3])
    assert result.tolist() == expected


def test_matmul_matrix_vector_and_vector_matrix():
    m = torch_early.FloatTensor([[1, 2], [3, 4]])
    v = torch_early.FloatTensor([1, 10])
    assert (m @ v).tolist() == [21, 43]
    assert (v @ m).tolist() == [31, 42]


def test_matmul_refuses_other_ranks():
    t = torch_early.FloatTensor([[[1]]])
    with pytest.raises(ValueError, match='1D or 2D'):
        t @ t


# ---- Python protocols ----------------------------------------------------------------------

def test_iterating_a_matrix_yields_its_rows():
    rows = list(matrix(3, 2))
    assert len(rows) == 3
    assert all(type(row) is torch_early.FloatTensor for row in rows)
    assert [row.tolist() for row in rows] == [[0, 1], [2, 3], [4, 5]]


def test_iterating_a_vector_yields_numbers():
    assert list(torch_early.FloatTensor([1.5, 2])) == [1.5, 2]
    assert list(torch_early.LongTensor([3, 4])) == [3, 4]
    assert all(type(v) is int for v in torch_early.LongTensor([3, 4]))


def test_iterating_an_empty_tensor_yields_nothing():
    assert list(torch_early.FloatTensor()) == []


def test_tolist():
    assert matrix(2, 3, torch_early.IntTensor).tolist() == [[0, 1, 2], [3, 4, 5]]
    assert torch_early.FloatTensor([[[1]], [[2]]]).tolist() == [[[1]], [[2]]]
    assert torch_early.FloatTensor().tolist() == []


def test_len_is_the_size_of_the_first_dim():
    assert len(matrix(3, 2)) == 3


def test_bool_of_an_empty_tensor_is_false():
    assert not torch_early.FloatTensor()


def test_bool_of_a_tensor_of_several_elements_is_ambiguous():
    with pytest.raises(RuntimeError) as error:
        bool(torch_early.FloatTensor([1, 1]))
    assert str(error.value) == \
        'bool value of non-empty torch_early.FloatTensor objects is ambiguous'


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_bool_of_one_element_is_its_truth(name):
    tensor_class = getattr(torch_early, name + 'Tensor')
    assert bool(tensor_class([3])) and not tensor_class([0])
    assert bool(tensor_class([[0, 2]])[:, 1:])                 # a view of one element
    assert bool(torch_early.FloatTensor([1]) == torch_early.FloatTensor([1]))


@pytest.mark.parametrize('name', ALL_DTYPES)
def test_float_and_int_of_a_one_element_tensor_give_its_number(name):
    cls = tensor_class(name)
    for t in (cls([7]), cls([[7]]), cls([1, 7, 2]).narrow(0, 1, 1)):   # any shape, any offset
        assert float(t) == 7.0 and type(float(t)) is float
        assert int(t) == 7 and type(int(t)) is int


def test_int_of_a_fraction_truncates_as_python_does():
    assert int(torch_early.DoubleTensor([-2.75])) == -2
    assert float(torch_early.DoubleTensor([0.1])) == 0.1


@pytest.mark.parametrize('t', [torch_early.FloatTensor(), torch_early.FloatTensor(2, 3)],
                         ids=['empty', '2x3'])
def test_float_and_int_need_exactly_one_element(t):
    for convert in (float, int):
        with pytest.raises(ValueError, match='only a tensor with one element can be converted to a '
                                             'Python %s, but this torch_early.FloatTensor has %d'
                                             % (convert.__name__, t.numel())):
            convert(t)


def test_a_tensor_is_still_not_a_number_to_the_math():
    # float(t) works, yet a tensor argument picks the tensor form of an op, never the number form.
    a, b = torch_early.FloatTensor([1, 2]), torch_early.FloatTensor([5])
    with pytest.raises(RuntimeError, match='inconsistent tensor size'):
        a.add(b)
    with pytest.raises(TypeError, match='expected float values in the nested sequence'):
        torch_early.FloatTensor([b])
    assert torch_early.FloatTensor([float(b)]).tolist() == [5]


@pytest.mark.parametrize('call, message', [
    (lambda t: t.view_as(3), r'view_as\(\) expects a tensor, but got int'),
    (lambda t: t.expand_as('a'), r'expand_as\(\) expects a tensor, but got str'),
    (lambda t: t.type_as(None), r'type_as\(\) expects a tensor, but got NoneType'),
    (lambda t: torch_early.split(3, 6), r'split\(\) expects a tensor as its first argument, but got int'),
    (lambda t: torch_early.chunk([1, 2], 2), r'chunk\(\) expects a tensor as its first argument, but got list'),
], ids=['view_as', 'expand_as', 'type_as', 'split', 'chunk'])
def test_a_non_tensor_where_a_tensor_belongs_is_a_type_error_saying_so(call, message):
    with pytest.raises(TypeError, match=message):
        call(matrix(2, 3))


def test_hash_is_identity():
    a, b = torch_early.FloatTensor([1]), torch_early.FloatTensor([1])
    assert hash(a) == id(a)
    assert len({a, b, a}) == 2


def test_deepcopy_copies_the_data():
    t = matrix(2, 2)
    c = copy.deepcopy(t)
    assert type(c) is torch_early.FloatTensor
    assert c.tolist() == t.tolist()
    c[0][0] = 100
    assert t[0][0] == 0


def test_deepcopy_keeps_the_geometry_of_views():
    t = matrix(3, 4).narrow(1, 1, 2).t()
    c = copy.deepcopy(t)
    assert (c.size(), c.stride(), c.storage_offset()) == (t.size(), t.stride(), t.storage_offset())
    assert c.tolist() == t.tolist()


def test_deepcopy_preserves_aliasing():
    a = torch_early.FloatTensor([1, 2, 3, 4])
    b = a.narrow(0, 1, 2)
    ca, cb = copy.deepcopy([a, b])
    cb[0] = 100
    assert ca.tolist() == [1, 100, 3, 4]
    assert a.tolist() == [1, 2, 3, 4]


@pytest.mark.parametrize('protocol', range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_round_trip(protocol):
    t = matrix(2, 3, torch_early.LongTensor)
    loaded = pickle.loads(pickle.dumps(t, protocol))
    assert type(loaded) is torch_early.LongTensor
    assert loaded.tolist() == t.tolist()


def test_pickle_of_an_empty_tensor():
    loaded = pickle.loads(pickle.dumps(torch_early.FloatTensor()))
    assert type(loaded) is torch_early.FloatTensor
    assert loaded.dim() == 0


def test_pickle_of_a_view_keeps_its_storage_offset_and_strides_as_in_v0_1_12():
    t = matrix(3, 3).t()[1:]
    loaded = pickle.loads(pickle.dumps(t))
    assert loaded.tolist() == t.tolist()
    assert (loaded.storage_offset(), loaded.stride()) == (1, (1, 3))
    assert loaded.storage().tolist() == t.storage().tolist()
    loaded.fill_(0)                                 # a copy: the original is untouched
    assert t.storage().tolist() != loaded.storage().tolist()


# ---- package-level helpers -----------------------------------------------------------------

def test_typename():
    assert torch_early.typename(torch_early.FloatTensor()) == 'torch_early.FloatTensor'
    assert torch_early.typename(torch_early.FloatTensor) == 'torch_early.FloatTensor'
    assert torch_early.typename(3) == 'int'


def test_is_tensor_and_is_storage_check_the_exact_class():
    class MyTensor(torch_early.FloatTensor):
        pass

    t = torch_early.FloatTensor([1])
    assert torch_early.is_tensor(t)
    assert not torch_early.is_tensor(t.storage())
    assert not torch_early.is_tensor(MyTensor())
    assert not torch_early.is_tensor([1])
    assert torch_early.is_storage(t.storage())
    assert not torch_early.is_storage(t)


def test_default_tensor_type_is_float():
    assert torch_early.Tensor is torch_early.FloatTensor
    assert torch_early.Storage is torch_early.FloatStorage
    assert type(torch_early.Tensor(2, 2)) is torch_early.FloatTensor


@pytest.mark.parametrize('new_default', ['torch.DoubleTensor', 'torch_early.DoubleTensor',
                                         torch_early.DoubleTensor])
def test_set_default_tensor_type(new_default):
    try:
        torch_early.set_default_tensor_type(new_default)
        assert torch_early.Tensor is torch_early.DoubleTensor
        assert torch_early.Storage is torch_early.DoubleStorage
    finally:
        torch_early.set_default_tensor_type('torch.FloatTensor')
    assert torch_early.Tensor is torch_early.FloatTensor


def test_set_default_tensor_type_refuses_non_tensor_types():
    with pytest.raises(TypeError):
        torch_early.set_default_tensor_type('torch.FloatStorage')
    with pytest.raises(TypeError):
        torch_early.set_default_tensor_type('torch.NoSuchTensor')
    assert torch_early.Tensor is torch_early.FloatTensor


def test_rng_helpers_wrap_the_default_generator():
    assert torch_early.manual_seed(123) is torch_early.default_generator
    assert torch_early.initial_seed() == 123
    state = torch_early.get_rng_state()
    assert type(state) is torch_early.ByteTensor
    first = torch_early.FloatTensor(5).uniform_().tolist()
    torch_early.set_rng_state(state)
    assert torch_early.FloatTensor(5).uniform_().tolist() == first


def test_public_c_functions_are_exported_but_not_the_base_types():
    assert torch_early.add is torch_early._C.add
    assert torch_early.Size is torch_early._C.Size
    assert not [name for name in dir(torch_early)
                if name.endswith('Base') and not name.startswith('_')]
    assert 'add' in torch_early.__all__
    assert 'FloatTensor' in torch_early.__all__


def test_the_package_holds_no_module_of_another_package():
    # a module imported only for what its import does (the BLAS loader) must not stay behind
    modules = [getattr(torch_early, name) for name in dir(torch_early)]
    names = [m.__name__ for m in modules if isinstance(m, types.ModuleType)]
    assert names and all(n.startswith('torch_early.') for n in names), names
    assert 'scipy_openblas32' not in dir(torch_early)


def test_thread_count_round_trip():
    count = torch_early.get_num_threads()
    assert count >= 1
    torch_early.set_num_threads(1)
    try:
        assert torch_early.get_num_threads() == 1
    finally:
        torch_early.set_num_threads(count)
    with pytest.raises(ValueError, match='positive int, but got 0'):
        torch_early.set_num_threads(0)
    with pytest.raises(ValueError, match='positive int'):
        torch_early.set_num_threads(2 ** 40)  # more than a C int: refused, not wrapped
    with pytest.raises(TypeError, match='expects an int, but got str'):
        torch_early.set_num_threads('2')
    assert torch_early.get_num_threads() == count


def test_import_shortens_the_thread_pools_spinning_unless_the_user_chose():
    import subprocess
    import sys
    show = ("import os, torch_early; "
            "print(os.environ['OPENBLAS_THREAD_TIMEOUT'], os.environ['GOMP_SPINCOUNT'])")
    env = {k: v for k, v in os.environ.items()
           if k not in ('OPENBLAS_THREAD_TIMEOUT', 'GOMP_SPINCOUNT')}
    chosen = subprocess.run([sys.executable, '-c', show], env=env, capture_output=True,
                            text=True, check=True).stdout.split()
    assert chosen == ['16', '20000']
    env['GOMP_SPINCOUNT'] = '5'
    kept = subprocess.run([sys.executable, '-c', show], env=env, capture_output=True,
                          text=True, check=True).stdout.split()
    assert kept == ['16', '5']


# ---- HalfTensor: the few operations v0.1.12's tests make, through float -------------------

def test_half_tensors_compare_and_subtract_through_float():
    a = torch_early.HalfTensor([1, 2.5, -3])
    b = torch_early.HalfTensor([1, 2, -3])
    assert type(a != b) is torch_early.ByteTensor and (a != b).tolist() == [0, 1, 0]
    assert (a == b).tolist() == [1, 0, 1]
    difference = a - b
    assert type(difference) is torch_early.HalfTensor and difference.tolist() == [0, 0.5, 0]
    assert type(abs(-a)) is torch_early.HalfTensor and abs(-a).tolist() == [1, 2.5, 3]
    assert a.max() == 2.5 and a.min() == -3 and a.sum() == 0.5
    values, indices = torch_early.HalfTensor([[1, 4], [3, 2]]).max(1)
    assert type(values) is torch_early.HalfTensor and indices.tolist() == [[1], [0]]


def test_half_tensor_methods_are_not_functions_of_the_module():
    # only the methods exist: torch_early.add of a HalfTensor still says it is not implemented
    with pytest.raises(TypeError, match="HalfTensor doesn't implement stateless method add"):
        torch_early.add(torch_early.HalfTensor([1]), 1)
