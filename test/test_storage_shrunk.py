"""A tensor whose storage shrank under it.

`t.storage().resize_(n)` may shrink the storage that tensors view (as in 2017); a tensor then
reaches elements that are no longer there. Every operation finds out before it touches memory
(TH checks each tensor it walks, lib/TH/THTensorApply.h) and raises a RuntimeError naming the
tensor's size, its offset, the elements it needs and the storage's size; nothing is written, and
the storage is not grown back behind the user's back. Growing the storage again makes the tensor
usable again.
"""
import io
import pickle

import numpy
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, DTYPES, LAYOUTS, make, small_values, tensor_class

OUTSIDE = 'storage elements, but its storage has'


def shrunk(name, layout, size=1):
    """A 3x4 tensor of dtype `name` in `layout` whose storage then shrinks to `size` elements."""
    tensor = make(name, layout, small_values(3, 4, start=1))
    tensor.storage().resize_(size)
    return tensor


# ---- the reproducers ------------------------------------------------------------------------

def test_sum_of_a_long_tensor_whose_storage_shrank_to_nothing():
    x = torch_early.LongTensor(1, 7).zero_()
    x.storage().resize_(0)
    with pytest.raises(RuntimeError) as error:
        x.sum()
    assert str(error.value) == ('a tensor of size 1x7 at storage offset 0 needs 7 storage '
                                'elements, but its storage has 0')


def test_fill_and_tolist_of_a_tensor_whose_storage_shrank_to_one_element():
    a = torch_early.FloatTensor(1000, 1000).fill_(1)
    a.storage().resize_(1)
    with pytest.raises(RuntimeError, match='a tensor of size 1000x1000 at storage offset 0 needs '
                                           '1000000 storage elements, but its storage has 1'):
        a.fill_(2)
    with pytest.raises(RuntimeError, match=OUTSIDE):
        a.tolist()
    assert a.storage().size() == 1
    assert a.storage()[0] == 1          # fill_ wrote nothing


# ---- the family: every dtype, layout and kind of access -------------------------------------

READS = {
    'tolist': lambda t: t.tolist(),
    'repr': repr,
    'element': lambda t: t[1][2],
    'element by tuple': lambda t: t[1, 2],
    'row': lambda t: t[1],
    'iteration': list,
    'numpy': lambda t: t.numpy(),
    'buffer': memoryview,
    'clone': lambda t: t.clone(),
    'contiguous': lambda t: t.t().contiguous(),
    'view': lambda t: t.view(12) if t.is_contiguous() else t.narrow(0, 0, 1),
    'set_': lambda t: t.new().set_(t),
    'cast': lambda t: t.double() if not isinstance(t, torch_early.DoubleTensor) else t.int(),
    'copy into another': lambda t: t.new(3, 4).copy_(t),
    'pickle': pickle.dumps,
}

MATH = {
    'sum': lambda t: t.sum(),
    'sum along 1': lambda t: t.sum(1),
    'max': lambda t: t.max(0),
    'cumsum': lambda t: t.cumsum(0),
    'add': lambda t: t.add(1),
    'add a tensor': lambda t: t.new(3, 4).fill_(1).add(t),
    'mul into out=': lambda t: torch_early.mul(t, 2, out=t.new()),
    'comparison': lambda t: t.eq(1),
    'mm': lambda t: t.mm(t.new(4, 2).fill_(1)),
    'sort': lambda t: t.sort(1),
    'index_select': lambda t: t.index_select(0, torch_early.LongTensor([2, 0])),
    'masked_select': lambda t: t.masked_select(t.new(3, 4).fill_(1).byte()),
    'cat': lambda t: torch_early.cat([t, t], 0),
    'tril': lambda t: t.tril(),
    'dot': lambda t: t.dot(t.new(3, 4).fill_(1)),
    'apply_': lambda t: t.apply_(lambda x: x),
}

WRITES = {
    'fill_': lambda t: t.fill_(7),
    'zero_': lambda t: t.zero_(),
    'add_': lambda t: t.add_(1),
    'copy_': lambda t: t.copy_(t.new(3, 4).fill_(7)),
    'set an element': lambda t: t.__setitem__((1, 2), 7),
    'set a row': lambda t: t.__setitem__(1, 7),
    'masked_fill_': lambda t: t.masked_fill_(t.new(3, 4).fill_(1).byte(), 7),
    'index_fill_': lambda t: t.index_fill_(0, torch_early.LongTensor([0]), 7),
}


@pytest.mark.parametrize('name', ALL_DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('read', sorted(READS))
def test_every_read_refuses_a_tensor_outside_its_storage(name, layout, read):
    tensor = shrunk(name, layout)
    with pytest.raises(RuntimeError, match=OUTSIDE):
        READS[read](tensor)
    assert tensor.storage().size() == 1


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('op', sorted(MATH))
def test_every_family_of_math_refuses_a_tensor_outside_its_storage(name, layout, op):
    tensor = shrunk(name, layout)
    with pytest.raises(RuntimeError, match=OUTSIDE):
        MATH[op](tensor)


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', ['contiguous', 'transposed', 'narrowed'])
@pytest.mark.parametrize('write', sorted(WRITES))
def test_every_write_is_refused_before_it_writes(name, layout, write):
    tensor = shrunk(name, layout, size=2)
    before = tensor.storage().tolist()
    with pytest.raises(RuntimeError, match=OUTSIDE):
        WRITES[write](tensor)
    assert tensor.storage().tolist() == before


@pytest.mark.parametrize('name', DTYPES)
def test_no_operand_is_half_written(name):
    bad = shrunk(name, 'transposed')
    result = tensor_class(name)(3, 4).fill_(5)
    for op in (lambda: result.add_(bad), lambda: torch_early.add(result, bad, out=result),
               lambda: result.addcmul_(1, result, bad), lambda: result.copy_(bad),
               lambda: result.addmm_(bad, tensor_class(name)(4, 4).fill_(1))):
        with pytest.raises(RuntimeError, match=OUTSIDE):
            op()
        assert result.tolist() == [[5] * 4] * 3


@pytest.mark.parametrize('name', DTYPES)
def test_a_result_outside_its_storage_is_refused(name):
    out = shrunk(name, 'contiguous')
    source = tensor_class(name)(3, 4).fill_(2)
    with pytest.raises(RuntimeError, match=OUTSIDE):
        torch_early.add(source, 1, out=out)
    with pytest.raises(RuntimeError, match=OUTSIDE):
        torch_early.cumsum(source, 0, out=out)
    assert out.storage().size() == 1


@pytest.mark.parametrize('name', ALL_DTYPES)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_a_storage_grown_back_serves_its_tensors_again(name, layout):
    tensor = shrunk(name, layout)
    tensor.storage().resize_(64)
    tensor.fill_(3)
    assert tensor.tolist() == [[3] * 4] * 3


def test_resize_grows_the_storage_and_the_tensor_is_whole_again():
    tensor = shrunk('Float', 'contiguous')
    tensor.resize_(2, 2).fill_(1)
    assert tensor.storage().size() == 4
    assert tensor.tolist() == [[1, 1], [1, 1]]


def test_a_view_never_grows_its_storage():
    storage = torch_early.FloatStorage([1, 2, 3])
    with pytest.raises(RuntimeError) as error:
        torch_early.FloatTensor().set_(storage, 0, torch_early.Size([2, 2]))
    assert str(error.value) == ('a tensor of size 2x2 at storage offset 0 needs 4 storage '
                                'elements, but its storage has 3')
    assert storage.size() == 3
    view = torch_early.FloatTensor().set_(storage, 1, torch_early.Size([2]))
    assert view.tolist() == [2, 3]


def test_scalar_conversions_and_numpy_refuse_it():
    one = torch_early.DoubleTensor([[1.5]])
    one.storage().resize_(0)
    with pytest.raises(RuntimeError, match='needs 1 storage elements, but its storage has 0'):
        float(one)
    with pytest.raises(RuntimeError, match=OUTSIDE):
        numpy.asarray(one.numpy())


def test_sharing_keeps_the_checks():
    tensor = shrunk('Float', 'contiguous')
    tensor.share_memory_()
    with pytest.raises(RuntimeError, match=OUTSIDE):
        tensor.sum()


def test_a_tensor_outside_its_storage_is_refused_by_save_which_writes_nothing():
    tensor = shrunk('Float', 'contiguous')
    buffer = io.BytesIO()
    with pytest.raises(RuntimeError, match=OUTSIDE):
        torch_early.save(tensor, buffer)
    assert buffer.getvalue() == b''


@pytest.mark.parametrize('name', DTYPES)
def test_sparse_values_outside_their_storage(name):
    sparse_class = getattr(torch_early.sparse, name + 'Tensor')
    indices = torch_early.LongTensor([[0, 2], [1, 0]])
    values = tensor_class(name)([1, 2])
    sparse = sparse_class(indices, values, torch_early.Size([3, 3]))
    sparse.values().storage().resize_(1)      # the values() view shares the sparse storage
    with pytest.raises(RuntimeError, match=OUTSIDE):
        sparse.to_dense()
