"""copy_ between tensors of any two dtypes.

t.copy_(s) writes the elements of s into t, converting each one as C converts numbers. Only the
element counts must agree: each side is read in its own row-major order, whatever its shape and
strides. (Storages copy between dtypes too: test_storage.py.)
"""
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, tensor_class

# Every one of these is exact in all eight dtypes (a Byte holds 0..255, a Char -128..127, and a
# Half every integer up to 2048).
VALUES = [[0, 1], [2, 100]]


@pytest.mark.parametrize('source', ALL_DTYPES)
@pytest.mark.parametrize('destination', ALL_DTYPES)
def test_copy_between_every_pair_of_dtypes(source, destination):
    src = tensor_class(source)(VALUES)
    dst = tensor_class(destination)(2, 2)
    result = dst.copy_(src)
    assert result is dst
    assert dst.tolist() == VALUES
    assert type(dst[1][1]) is (float if destination in ('Float', 'Double', 'Half') else int)
    assert src.tolist() == VALUES  # the source is only read


def test_copy_only_needs_as_many_elements():
    src = torch_early.IntTensor([[1, 2, 3], [4, 5, 6]])
    assert torch_early.FloatTensor(6).copy_(src).tolist() == [1, 2, 3, 4, 5, 6]
    assert torch_early.FloatTensor(3, 2).copy_(src).tolist() == [[1, 2], [3, 4], [5, 6]]


def test_copy_reads_a_non_contiguous_source_in_its_own_order():
    src = torch_early.IntTensor([[1, 2, 3], [4, 5, 6]]).t()  # [[1, 4], [2, 5], [3, 6]]
    assert not src.is_contiguous()
    assert torch_early.DoubleTensor(6).copy_(src).tolist() == [1, 4, 2, 5, 3, 6]
    assert torch_early.IntTensor(3, 2).copy_(src).tolist() == [[1, 4], [2, 5], [3, 6]]


def test_copy_writes_a_non_contiguous_destination_in_its_own_order():
    base = torch_early.FloatTensor(2, 3).zero_()
    base.t().copy_(torch_early.LongTensor([1, 2, 3, 4, 5, 6]))
    # base.t() is 3x2; its row-major order walks down the columns of base
    assert base.tolist() == [[1, 3, 5], [2, 4, 6]]


def test_copy_into_a_slice_writes_the_source_tensor():
    base = torch_early.FloatTensor(3, 3).zero_()
    base[:, 1].copy_(torch_early.ByteTensor([7, 8, 9]))
    assert base.tolist() == [[0, 7, 0], [0, 8, 0], [0, 9, 0]]


def test_float_to_integer_copies_truncate_toward_zero():
    src = torch_early.DoubleTensor([-2.7, -0.5, 0.5, 2.7])
    assert torch_early.IntTensor(4).copy_(src).tolist() == [-2, 0, 0, 2]


def test_half_copies_round_to_the_nearest_half():
    half = torch_early.HalfTensor(2).copy_(torch_early.DoubleTensor([0.1, 3.0]))
    # 0.1 is not a binary fraction; the nearest half-precision number is 1638 / 2**14
    assert half.tolist() == [1638 / 2 ** 14, 3.0]


@pytest.mark.parametrize('destination, source', [((3,), (4,)), ((2, 2), (5,)), ((2, 3), (3, 3))])
def test_another_element_count_is_a_runtime_error_naming_both_sizes(destination, source):
    dst = torch_early.FloatTensor(*destination).fill_(1)
    src = torch_early.DoubleTensor(*source).fill_(2)
    size = 'x'.join(str(n) for n in destination)
    src_size = 'x'.join(str(n) for n in source)
    with pytest.raises(RuntimeError) as error:
        dst.copy_(src)
    assert 'cannot copy {} elements (size {}) into a tensor of {} elements (size {})'.format(
        src.numel(), src_size, dst.numel(), size) in str(error.value)
    assert dst.tolist() == torch_early.FloatTensor(*destination).fill_(1).tolist()  # untouched


def test_copy_accepts_the_async_flag_and_ignores_it_on_the_cpu():
    dst = torch_early.FloatTensor(2)
    assert dst.copy_(torch_early.FloatTensor([1, 2]), True).tolist() == [1, 2]
    assert dst.copy_(torch_early.FloatTensor([3, 4]), **{'async': False}).tolist() == [3, 4]


@pytest.mark.parametrize('args, got', [(([1, 2],), '(list)'), ((), '()'), ((3,), '(int)')])
def test_copy_from_something_that_is_not_a_tensor_is_a_type_error(args, got):
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(2).copy_(*args)
    assert str(error.value) == ('copy_ received an invalid combination of arguments - got ' + got
                                + ', but expected (torch_early.Tensor source, bool async=False)')
