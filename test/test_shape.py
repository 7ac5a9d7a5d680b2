"""Shape methods: new views of the same storage (select, narrow, transpose, t, permute, view,
unfold, expand, repeat, squeeze, unsqueeze), and resizing and re-pointing a tensor.

Results are compared with NumPy; a view must share the storage and keep a stride that a
contiguous tensor of its shape would have; a dimension out of range is an error naming it.
"""
import numpy
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, small_values, tensor_class


# ---- shape methods: new views of the same storage -----------------------------------------------

def test_squeeze_and_unsqueeze_count_negative_dims_from_the_end():
    tensor = torch_early.FloatTensor(2, 1, 3, 1)
    assert tensor.squeeze(-1).size() == (2, 1, 3)
    assert tensor.squeeze(-3).size() == (2, 3, 1)
    assert torch_early.squeeze(tensor, -1).size() == (2, 1, 3)
    assert tensor.unsqueeze(-1).size() == (2, 1, 3, 1, 1)
    assert tensor.unsqueeze(-5).size() == (1, 2, 1, 3, 1)
    assert torch_early.unsqueeze(tensor, -2).size() == (2, 1, 3, 1, 1)
    assert tensor.clone().squeeze_(-3).size() == (2, 3, 1)
    assert tensor.clone().unsqueeze_(-1).size() == (2, 1, 3, 1, 1)


@pytest.mark.parametrize('dim', [-6, 5, -1000, 1000])
def test_unsqueeze_out_of_range_names_the_dim_given_and_the_range(dim):
    tensor = torch_early.FloatTensor(2, 1, 3, 1)
    message = (r"argument 'dim': dimension %d out of range of 4D tensor \(expected a dimension "
               r'from -5 to 4\)' % dim)
    for call in (lambda: tensor.unsqueeze(dim), lambda: tensor.clone().unsqueeze_(dim),
                 lambda: torch_early.unsqueeze(tensor, dim)):
        with pytest.raises(RuntimeError, match=message):
            call()


@pytest.mark.parametrize('dim', [0, 1, 2, -1, -2, -3])
@pytest.mark.parametrize('layout', ['contiguous', 'narrowed'])
def test_unsqueeze_views_the_same_elements_with_a_contiguous_stride(dim, layout):
    # The new dimension has size 1; its stride is what a contiguous tensor of the new shape would
    # have there (size x stride of the dimension after it, 1 at the end), so a contiguous tensor
    # stays contiguous and a view stays a view.
    base = torch_early.FloatTensor(small_values(2, 5).tolist())
    tensor = base if layout == 'contiguous' else base.narrow(1, 1, 3)
    result = tensor.unsqueeze(dim)
    position = dim if dim >= 0 else dim + 3
    sizes, strides = list(tensor.size()), list(tensor.stride())
    sizes.insert(position, 1)
    strides.insert(position, strides[position] * sizes[position + 1] if position < 2 else 1)
    assert result.size() == tuple(sizes) and result.stride() == tuple(strides)
    assert result.storage_offset() == tensor.storage_offset()
    assert result.is_contiguous() == tensor.is_contiguous()
    assert result.squeeze(position).tolist() == tensor.tolist()


def test_t_and_transpose_in_place():
    array = small_values(2, 3)
    tensor = torch_early.IntTensor(array.tolist())
    assert tensor.t_() is tensor
    assert tensor.tolist() == array.T.tolist()
    assert tensor.transpose_(0, 1) is tensor
    assert tensor.tolist() == array.tolist()
    with pytest.raises(RuntimeError, match=r't_\(\) expects a 2D tensor, but got a 1D one'):
        torch_early.IntTensor(3).t_()


def test_shape_methods_match_numpy():
    array = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    tensor = torch_early.from_numpy(array.copy())
    assert numpy.array_equal(tensor.select(1, 2).numpy(), array[:, 2])
    assert numpy.array_equal(tensor.narrow(2, 1, 2).numpy(), array[:, :, 1:3])
    assert numpy.array_equal(tensor.transpose(0, 2).numpy(), array.transpose(2, 1, 0))
    assert numpy.array_equal(tensor.permute(2, 0, 1).numpy(), array.transpose(2, 0, 1))
    assert numpy.array_equal(tensor.view(4, 6).numpy(), array.reshape(4, 6))
    assert numpy.array_equal(tensor.view_as(torch_early.FloatTensor(6, 4)).numpy(),
                             array.reshape(6, 4))
    assert numpy.array_equal(tensor.unfold(2, 2, 2).numpy(), array.reshape(2, 3, 2, 2))
    row = torch_early.FloatTensor([[1, 2, 3]])
    assert numpy.array_equal(row.expand(4, 3).numpy(), numpy.tile([[1, 2, 3]], (4, 1)))
    assert numpy.array_equal(row.expand_as(torch_early.FloatTensor(2, 3)).numpy(),
                             numpy.tile([[1, 2, 3]], (2, 1)))
    assert numpy.array_equal(row.repeat(2, 2).numpy(), numpy.tile([[1, 2, 3]], (2, 2)))
    assert numpy.array_equal(torch_early.FloatTensor([[1, 2], [3, 4]]).t().numpy(),
                             [[1, 3], [2, 4]])


def test_resizing_and_re_pointing():
    tensor = torch_early.FloatTensor(2, 3)
    assert tensor.resize_(3, 2) is tensor and tensor.size() == (3, 2)
    assert tensor.resize_as_(torch_early.FloatTensor(6)).size() == (6,)
    other = torch_early.FloatTensor([1, 2, 3])
    assert tensor.set_(other) is tensor
    tensor[0] = 9
    assert other.tolist() == [9, 2, 3]


# ---- dimensions are C ints in TH: larger values must fail, not wrap -----------------------------

@pytest.mark.parametrize('call', [
    lambda m: m.sum(2 ** 32 + 1),
    lambda m: m.prod(2 ** 32),
    lambda m: m.transpose(0, 2 ** 32 + 1),
    lambda m: m.select(2 ** 32, 0),
    lambda m: m.narrow(2 ** 32, 0, 1),
    lambda m: m.unsqueeze(2 ** 32),
    lambda m: m.squeeze(2 ** 32),
])
def test_dimensions_beyond_a_c_int_are_refused(call):
    m = torch_early.FloatTensor([[1, 2], [3, 4]])
    with pytest.raises(OverflowError, match='dimension 4294967'):
        call(m)


# ---- sizes whose element count or byte count overflows 64 bits ------------------------------
# Every constructor, view and resize refuses them with a RuntimeError naming the sizes: an
# expanded view (stride 0) reaches a single element whatever its sizes, so only the count shows
# the overflow. Nothing is allocated for them (none of these tests allocates a large block).

TOO_LARGE = 'is too large'


def test_expand_to_sizes_whose_element_count_overflows_is_refused():
    with pytest.raises(RuntimeError) as error:
        torch_early.ShortTensor(1, 1).expand(2 ** 62, 2 ** 62)
    assert str(error.value).startswith(
        'a tensor of size 4611686018427387904x4611686018427387904 is too large')


@pytest.mark.parametrize('name', ALL_DTYPES)
@pytest.mark.parametrize('make', [
    lambda cls: cls(1, 1).expand(2 ** 62, 2 ** 62),
    lambda cls: cls(1, 1, 1).expand(2 ** 21, 2 ** 21, 2 ** 22),
    lambda cls: cls(2 ** 62, 2 ** 62),
    lambda cls: cls(torch_early.Size([2 ** 40, 2 ** 40])),
    lambda cls: cls(2).new(2 ** 62, 4),
    lambda cls: cls(2).resize_(2 ** 62, 2 ** 62),
    lambda cls: cls(2).resize_(2 ** 63 - 1, 2),
    lambda cls: cls(1).repeat(2 ** 62, 2 ** 62),
    lambda cls: cls(1).view(1, 1).expand(2 ** 61, 8),
    lambda cls: cls().set_(cls(1).storage(), 0, torch_early.Size([2 ** 62, 2 ** 62]), (0, 0)),
    lambda cls: cls(cls(1).storage(), 0, torch_early.Size([2 ** 62, 2 ** 62]), (0, 0)),
    lambda cls: cls(1).expand(2 ** 58).unfold(0, 2 ** 57, 1),
], ids=['expand 2D', 'expand 3D', 'constructor', 'constructor Size', 'new', 'resize_',
        'resize_ to 2**63-1 rows', 'repeat', 'expand a view', 'set_', 'storage view', 'unfold'])
def test_every_constructor_view_and_resize_refuses_an_overflowing_count(name, make):
    with pytest.raises(RuntimeError, match=TOO_LARGE):
        make(tensor_class(name))


# An element count that fits may still have a byte count that does not: 2**62 shorts.
@pytest.mark.parametrize('name', [name for name in ALL_DTYPES if name not in ('Byte', 'Char')])
@pytest.mark.parametrize('make', [
    lambda cls: cls(1).expand(2 ** 62),
    lambda cls: cls(2 ** 62),
    lambda cls: cls(2).resize_(2 ** 62),
], ids=['expand', 'constructor', 'resize_'])
def test_a_byte_count_that_overflows_is_refused_too(name, make):
    with pytest.raises(RuntimeError, match=TOO_LARGE):
        make(tensor_class(name))


def test_the_count_of_a_large_expanded_view_is_right_when_it_fits():
    view = torch_early.ByteTensor([7]).expand(2 ** 62)        # 2**62 bytes: fits
    assert view.nelement() == 2 ** 62
    assert view.size() == (2 ** 62,)
    assert view.narrow(0, 2 ** 62 - 3, 3).tolist() == [7, 7, 7]


def test_a_size_beyond_64_bits_is_named_not_saturated():
    with pytest.raises(RuntimeError) as error:
        torch_early.FloatTensor(2 ** 64)
    assert str(error.value) == ('a size of 18446744073709551616 is too large: sizes must fit in '
                                '64 bits')
    with pytest.raises(RuntimeError, match='a size of 9223372036854775808 is too large'):
        torch_early.FloatTensor(2).repeat(2 ** 62, 2 ** 62)     # 2 * 2**62 is 2**63


# Far more than any machine holds (2**50 bytes and up): the allocation fails at once, before
# anything is written, with a MemoryError (torch_early.TensorMemoryError, also a RuntimeError).

@pytest.mark.parametrize('make', [
    lambda: torch_early.FloatTensor(2).repeat(2 ** 48),
    lambda: torch_early.FloatTensor(2, 1).repeat(1, 2 ** 47),
    lambda: torch_early.DoubleTensor(2 ** 47),
    lambda: torch_early.FloatTensor(2).resize_(2 ** 48),
    lambda: torch_early.FloatTensor(2).new(2 ** 24, 2 ** 24),
    lambda: torch_early.ByteTensor(1).expand(2 ** 50).contiguous(),
    lambda: torch_early.ByteTensor(1).expand(2 ** 50).clone(),
], ids=['repeat', 'repeat 2D', 'constructor', 'resize_', 'new', 'contiguous', 'clone'])
def test_a_representable_but_huge_request_fails_fast_with_a_memory_error(make):
    with pytest.raises(MemoryError, match='not enough memory') as error:
        make()
    assert isinstance(error.value, torch_early.TensorMemoryError)
    assert isinstance(error.value, RuntimeError)


def test_a_failed_resize_leaves_the_tensor_as_it_was():
    tensor = torch_early.FloatTensor([1, 2])
    with pytest.raises(MemoryError):
        tensor.resize_(2 ** 48)
    assert tensor.tolist() == [1, 2]
    with pytest.raises(RuntimeError, match=TOO_LARGE):
        tensor.resize_(2 ** 62, 2 ** 62)
    assert tensor.tolist() == [1, 2]


# ---- negative dimensions: -1 is the last (v0.1.12) -------------------------------------------

NEG_DIM_VIEWS = [
    ('narrow', (2, 3, 4), lambda dim: (dim, 1, 1)),
    ('select', (2, 3, 4), lambda dim: (dim, 1)),
    ('unfold', (2, 3, 4), lambda dim: (dim, 2, 1)),
    ('transpose', (2, 3, 4), lambda dim: (dim, 0)),
    ('squeeze', (2, 1, 4), lambda dim: (dim,)),
]


@pytest.mark.parametrize('name, sizes, args', NEG_DIM_VIEWS, ids=[v[0] for v in NEG_DIM_VIEWS])
@pytest.mark.parametrize('dtype', ['Float', 'Long', 'Byte'])
def test_a_negative_dim_counts_back_from_the_last(name, sizes, args, dtype):
    tensor = tensor_class(dtype)(*sizes).zero_()
    ndim = len(sizes)
    for dim in range(ndim):
        expected = getattr(tensor, name)(*args(dim))
        got = getattr(tensor, name)(*args(dim - ndim))
        assert got.size() == expected.size() and got.stride() == expected.stride()


def test_transpose_in_place_and_as_a_function_wrap_both_dims():
    tensor = torch_early.FloatTensor(2, 3, 4).zero_()
    assert torch_early.transpose(tensor, -1, -3).size() == (4, 3, 2)
    assert tensor.clone().transpose_(0, -2).size() == (3, 2, 4)


@pytest.mark.parametrize('dim', [3, -4, 100])
def test_a_dim_out_of_range_names_it_and_the_valid_range(dim):
    tensor = torch_early.FloatTensor(2, 3, 4)
    message = (r"argument 'dim': dimension %d out of range of 3D tensor \(expected a dimension "
               r"from -3 to 2\)" % dim)
    with pytest.raises(IndexError, match=message.replace("'dim'", "'dimension'")):
        tensor.narrow(dim, 0, 1)
    with pytest.raises(IndexError, match=message):
        tensor.select(dim, 0)
    with pytest.raises(IndexError, match=message.replace("'dim'", "'dim0'")):
        tensor.transpose(dim, 0)


# ---- expand and view: the v0.1.12 rules ---------------------------------------------------------

def test_view_of_another_element_count_is_a_runtime_error():
    tensor = torch_early.FloatTensor(15).zero_()
    for sizes in [(15, 0), (7, -1), (15, -1, -1)]:
        with pytest.raises(RuntimeError):
            tensor.view(*sizes)
    empty = torch_early.FloatTensor()
    assert empty.view(0).dim() == 0
    assert tensor.view(-1, 5).size() == (3, 5)


def test_the_keyword_names_of_v0_1_12():
    # positional calls are the common case; these are the names the era's declarations gave
    x = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    assert x.narrow(dimension=1, start=1, length=2).tolist() == [[2, 3], [5, 6]]
    assert x.narrow(dimension=-1, start=0, length=1).tolist() == [[1], [4]]
    assert x.unfold(dimension=1, size=2, step=1).size() == (2, 2, 2)
    assert x.fmod(divisor=4).tolist() == [[1, 2, 3], [0, 1, 2]]
    assert x.remainder(divisor=4).tolist() == [[1, 2, 3], [0, 1, 2]]
    assert [c.tolist() for c in torch_early.chunk(x, chunks=2, dim=1)] == [[[1, 2], [4, 5]],
                                                                          [[3], [6]]]
    assert x.kthvalue(k=1, dim=1)[0].tolist() == [[1], [4]]       # the dim is kept (0.1.x)
    assert x.norm(p=1) == 21
    assert torch_early.normal(means=torch_early.zeros(3), std=1e-30).abs().max() < 1e-20
    with pytest.raises(TypeError, match="unexpected keyword argument 'dim'"):
        x.narrow(dim=0, start=0, length=1)
