"""Autograd of the views: indexing, select, narrow, transpose, permute, view, expand, squeeze,
unsqueeze, chunk, split, unfold, NoGrad.

A view is a new tensor over the same memory. For each one: the values equal the tensor
operation's, nothing is copied (same storage), the gradient matches finite differences on
contiguous and non-contiguous inputs, and the view shares its base's version counter, so that an
in-place change through one is caught by a Function that saved the other.
"""
import pytest

import torch_early
from torch_early.autograd import Variable
from torch_early.autograd._functions import NoGrad
from autograd_checks import LAYOUTS, check, double, expanded, leaf, same_values, shares_memory


# -- basic indexing --------------------------------------------------------------------------

VIEW_KEYS = [0, 1, -1, slice(0, 1), slice(1, 3), slice(None, 2), (1, 2), (slice(None), 2),
             (slice(None), slice(1, 3), 0), (slice(0, 1), slice(1, 3), slice(2, 4)),
             Ellipsis, (Ellipsis, 1), (1, Ellipsis), (0, Ellipsis, 3), (Ellipsis, slice(1, 3))]


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('key', VIEW_KEYS, ids=repr)
def test_index_is_a_view_with_the_tensor_values(key, layout):
    x = leaf(double(2, 3, 4, layout=layout))
    y = x[key]
    same_values(y, x.data[key])
    assert shares_memory(y, x)
    assert y._version_counter is x._version_counter
    check(lambda x: x[key], x)


@pytest.mark.parametrize('key', [(1, 2, 3), (0, 0, -1), (-1, Ellipsis, 1, 2), (1, 2, 3, Ellipsis)],
                         ids=repr)
def test_index_of_one_element_gives_a_one_element_variable(key):
    x = leaf(double(2, 3, 4, layout='transposed'))
    y = x[key]
    assert y.size() == torch_early.Size([1])
    assert y.data[0] == x.data[key]
    assert shares_memory(y, x)
    check(lambda x: x[key], x)


def test_index_of_a_vector_by_an_int():
    x = leaf(double(5, layout='narrowed'))
    y = x[-2]
    assert y.size() == torch_early.Size([1]) and y.data[0] == x.data[3]
    y.backward(torch_early.DoubleTensor([2.0]))
    assert x.grad.data.tolist() == [0, 0, 0, 2, 0]


def test_index_method_is_getitem():
    x = leaf(double(3, 4))
    same_values(x.index((slice(1, 3), 2)), x.data[1:3, 2])
    check(lambda x: x.index(1), x)


def test_index_of_an_expanded_tensor():
    x = leaf(expanded(3, 4))
    same_values(x[1], x.data[1])
    same_values(x[:, 2], x.data[:, 2])


def test_index_gradient_accumulates_over_overlapping_keys():
    x = leaf(double(3, 4))
    (x[0:2] + x[1:3]).backward(torch_early.DoubleTensor(2, 4).fill_(1))
    assert x.grad.data.tolist() == [[1] * 4, [2] * 4, [1] * 4]


@pytest.mark.parametrize('key, error', [
    (3, IndexError), (-4, IndexError), ((0, 5), IndexError), ((0, 0, 0), IndexError),
    (slice(3, 5), IndexError), (slice(None, None, -1), ValueError), ('a', TypeError),
    (0.5, TypeError), ([0], TypeError)], ids=repr)
def test_index_errors_match_the_tensor(key, error):
    x = leaf(double(3, 4))
    with pytest.raises(error):
        x.data[key]
    with pytest.raises(error):
        x[key]


def test_index_by_a_variable_other_than_a_mask_or_an_index_is_a_type_error():
    x = leaf(double(3, 4))
    assert x[Variable(torch_early.LongTensor([0, 1]))].size() == (2, 4)   # an index: rows
    with pytest.raises(TypeError, match='mask'):
        x[Variable(double(3, 4))]
    with pytest.raises(TypeError, match='an index'):
        x[Variable(torch_early.IntTensor([0, 1]))]


def test_iteration_yields_views_along_dim_0():
    x = leaf(double(3, 4, layout='transposed'))
    rows = list(x)
    assert len(rows) == 3
    for i, row in enumerate(rows):
        same_values(row, x.data[i])
        assert shares_memory(row, x)
    (rows[0] + rows[2]).backward(torch_early.DoubleTensor(4).fill_(1))
    assert x.grad.data.tolist() == [[1] * 4, [0] * 4, [1] * 4]


def test_iteration_over_a_vector_yields_one_element_variables():
    x = leaf(double(3))
    items = list(x)
    assert [item.size() for item in items] == [torch_early.Size([1])] * 3
    assert [item.data[0] for item in items] == x.data.tolist()
    total = items[0] + items[1]
    total.backward()
    assert x.grad.data.tolist() == [1, 1, 0]


# -- select and narrow --------------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, index', [(0, 1), (1, 0), (2, 3), (2, -1)])
def test_select(dim, index, layout):
    x = leaf(double(2, 3, 4, layout=layout))
    y = x.select(dim, index)
    same_values(y, x.data.select(dim, index % x.size(dim)))
    assert shares_memory(y, x)
    check(lambda x: x.select(dim, index), x)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, start, length', [(0, 1, 1), (1, 0, 3), (2, 1, 2), (2, 3, 1)])
def test_narrow(dim, start, length, layout):
    x = leaf(double(2, 3, 4, layout=layout))
    y = x.narrow(dim, start, length)
    same_values(y, x.data.narrow(dim, start, length))
    assert shares_memory(y, x)
    check(lambda x: x.narrow(dim, start, length), x)


@pytest.mark.parametrize('args, error', [((3, 0), RuntimeError), ((-3, 0), RuntimeError),
                                         ((0, 3), IndexError)])
def test_select_errors(args, error):
    x = leaf(double(3, 4))
    with pytest.raises(error):
        x.select(*args)


@pytest.mark.parametrize('args', [(2, 0, 1), (-3, 0, 1), (0, 2, 2), (0, 3, 1), (1, -1, 1),
                                  (1, 0, 0), (1, 0, 5)])
def test_narrow_errors_match_the_tensor(args):
    x = leaf(double(3, 4))
    with pytest.raises(RuntimeError):
        x.data.narrow(*args)
    with pytest.raises(RuntimeError):
        x.narrow(*args)


# -- transpose, t, permute --------------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dims', [(0, 1), (1, 2), (0, 2), (2, 2)])
def test_transpose(dims, layout):
    x = leaf(double(2, 3, 4, layout=layout))
    y = x.transpose(*dims)
    same_values(y, x.data.transpose(*dims))
    assert shares_memory(y, x)
    check(lambda x: x.transpose(*dims), x)


@pytest.mark.parametrize('layout', LAYOUTS)
def test_t(layout):
    x = leaf(double(3, 4, layout=layout))
    same_values(x.t(), x.data.t())
    check(lambda x: x.t(), x)


def test_t_of_three_dimensions_swaps_the_first_two_as_in_v0_1_12():
    x = leaf(double(2, 3, 4))
    same_values(x.t(), x.data.transpose(0, 1))
    check(lambda x: x.t(), x)


def test_t_needs_two_dimensions_and_transpose_rejects_bad_dims():
    with pytest.raises(RuntimeError, match='2 or more dimensions'):
        leaf(double(3)).t()
    x = leaf(double(3, 4))
    for dims in [(0, 2), (-3, 0)]:
        with pytest.raises(RuntimeError):
            x.data.transpose(*dims)
        with pytest.raises(RuntimeError):
            x.transpose(*dims)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dims', [(2, 0, 1), (1, 0, 2), (0, 2, 1), (0, 1, 2)])
def test_permute(dims, layout):
    x = leaf(double(2, 3, 4, layout=layout))
    for y in (x.permute(*dims), x.permute(dims)):
        same_values(y, x.data.permute(*dims))
        assert shares_memory(y, x)
    check(lambda x: x.permute(*dims), x)


@pytest.mark.parametrize('dims', [(0, 0, 1), (0, 1), (2, 0, 3), (-1, 0, 1)])
def test_permute_needs_a_permutation(dims):
    with pytest.raises(AssertionError, match='permutation'):
        leaf(double(2, 3, 4)).permute(*dims)


# -- view, expand, squeeze, unsqueeze --------------------------------------------------------

@pytest.mark.parametrize('sizes', [(12,), (2, 6), (4, -1), (-1,), (2, 3, 2), (1, 12, 1)],
                         ids=repr)
def test_view(sizes):
    x = leaf(double(3, 4))
    y = x.view(*sizes)
    same_values(y, x.data.view(*sizes))
    assert shares_memory(y, x)
    check(lambda x: x.view(*sizes), x)


def test_view_takes_a_size_and_view_as_takes_a_variable_or_tensor():
    x = leaf(double(3, 4))
    same_values(x.view(torch_early.Size([6, 2])), x.data.view(6, 2))
    same_values(x.view_as(leaf(double(2, 6))), x.data.view(2, 6))
    same_values(x.view_as(double(4, 3)), x.data.view(4, 3))
    check(lambda x: x.view_as(double(2, 2, 3)), x)


@pytest.mark.parametrize('layout', ['transposed', 'narrowed'])
def test_view_needs_a_contiguous_input(layout):
    with pytest.raises(ValueError, match='contiguous'):
        leaf(double(3, 4, layout=layout)).view(12)


def test_view_of_a_non_contiguous_result_after_contiguous():
    x = leaf(double(3, 4, layout='narrowed'))
    check(lambda x: (x * 2).t().contiguous().view(12), x)


@pytest.mark.parametrize('sizes, error', [((5, 5), RuntimeError), ((5, -1), RuntimeError),
                                          ((-1, -1), RuntimeError)], ids=repr)
def test_bad_view_sizes(sizes, error):
    with pytest.raises(error):
        leaf(double(3, 4)).view(*sizes)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('shape, sizes', [((3, 1, 4), (3, 2, 4)), ((1, 3), (4, 3)),
                                          ((3, 1), (3, 1)), ((1, 1), (2, 3))], ids=repr)
def test_expand_sums_the_gradient_over_expanded_dims(shape, sizes, layout):
    x = leaf(double(*shape, layout=layout))
    y = x.expand(*sizes)
    same_values(y, x.data.expand(*sizes))
    assert shares_memory(y, x)
    same_values(x.expand(torch_early.Size(sizes)), y.data)
    same_values(x.expand_as(leaf(double(*sizes))), y.data)
    check(lambda x: x.expand(*sizes), x)


def test_expand_gradient_values():
    x = leaf(double(1, 3))
    x.expand(4, 3).backward(torch_early.DoubleTensor(4, 3).fill_(0.5))
    assert x.grad.data.tolist() == [[2.0, 2.0, 2.0]]


@pytest.mark.parametrize('sizes', [(3, 4), (2, 3, 4), (3,)], ids=repr)
def test_expand_errors(sizes):
    with pytest.raises(ValueError):
        leaf(double(2, 4)).expand(*sizes)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim', [None, 1, -2, 0])
def test_squeeze(dim, layout):
    x = leaf(double(3, 1, 4, layout=layout))
    y = x.squeeze(dim)
    same_values(y, x.data.squeeze() if dim is None else x.data.squeeze(dim))
    assert shares_memory(y, x)
    check(lambda x: x.squeeze(dim), x)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim', [0, 1, 2, -1, -3])
def test_unsqueeze(dim, layout):
    x = leaf(double(3, 4, layout=layout))
    y = x.unsqueeze(dim)
    same_values(y, x.data.unsqueeze(dim))
    assert shares_memory(y, x)
    check(lambda x: x.unsqueeze(dim), x)


def test_squeeze_and_unsqueeze_reject_bad_dims():
    x = leaf(double(3, 4))
    with pytest.raises(RuntimeError):
        x.squeeze(2)
    with pytest.raises(RuntimeError):
        x.unsqueeze(3)
    with pytest.raises(RuntimeError):
        x.unsqueeze(-4)


# -- chunk, split, unfold -----------------------------------------------------------------

@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('chunks, dim', [(2, 0), (2, 1), (3, 1), (2, -1), (1, 0), (4, 0)])
def test_chunk(chunks, dim, layout):
    x = leaf(double(3, 4, layout=layout))
    pieces = x.chunk(chunks, dim)
    expected = x.data.chunk(chunks, dim)
    assert isinstance(pieces, tuple) and len(pieces) == len(expected)
    for piece, tensor in zip(pieces, expected):
        same_values(piece, tensor)
        assert shares_memory(piece, x)
        assert piece._version_counter is x._version_counter
    check(lambda x: x.chunk(chunks, dim), x)


def test_chunk_with_unused_pieces():
    x = leaf(double(4, 3))
    check(lambda x: x.chunk(2)[1], x)
    x = leaf(double(4, 3))
    first, second = x.chunk(2)
    first.backward(torch_early.DoubleTensor(2, 3).fill_(1))
    assert x.grad.data.tolist() == [[1] * 3] * 2 + [[0] * 3] * 2


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('size, dim', [(2, 0), (3, 1), (2, -1), (4, 1)])
def test_split(size, dim, layout):
    x = leaf(double(3, 4, layout=layout))
    pieces = x.split(size, dim)
    expected = x.data.split(size, dim)
    assert isinstance(pieces, tuple) and len(pieces) == len(expected)
    for piece, tensor in zip(pieces, expected):
        same_values(piece, tensor)
        assert shares_memory(piece, x)
    check(lambda x: x.split(size, dim), x)


def test_chunk_and_split_errors():
    x = leaf(double(3, 4))
    with pytest.raises(ValueError):
        x.chunk(0)
    with pytest.raises(ValueError):
        x.split(0)


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dim, size, step', [(2, 2, 1), (2, 2, 2), (1, 2, 1), (0, 1, 1),
                                             (2, 3, 1), (1, 3, 2)])
def test_unfold_adds_the_gradient_of_overlapping_windows(dim, size, step, layout):
    x = leaf(double(2, 3, 4, layout=layout))
    y = x.unfold(dim, size, step)
    same_values(y, x.data.unfold(dim, size, step))
    assert shares_memory(y, x)
    check(lambda x: x.unfold(dim, size, step), x)


def test_unfold_gradient_values_and_errors():
    x = leaf(double(5))
    x.unfold(0, 3, 1).backward(torch_early.DoubleTensor(3, 3).fill_(1))
    assert x.grad.data.tolist() == [1, 2, 3, 2, 1]
    with pytest.raises(RuntimeError):
        x.unfold(0, 6, 1)


# -- NoGrad ------------------------------------------------------------------------------

def test_no_grad_shares_data_and_stops_the_graph():
    x = leaf(double(3, 4))
    y = NoGrad()(x)
    assert not y.requires_grad
    assert shares_memory(y, x) and y._version_counter is x._version_counter
    same_values(y, x.data)
    (x * y).backward(torch_early.DoubleTensor(3, 4).fill_(1))
    assert x.grad.data.tolist() == x.data.tolist()


# -- views share the version counter of their base ----------------------------------------------

VIEW_MAKERS = {
    'getitem': lambda y: y[1],
    'getitem-element': lambda y: y[1, 2],
    'select': lambda y: y.select(1, 2),
    'narrow': lambda y: y.narrow(1, 1, 2),
    't': lambda y: y.t(),
    'transpose': lambda y: y.transpose(0, 1),
    'permute': lambda y: y.permute(1, 0),
    'view': lambda y: y.view(12),
    'expand': lambda y: y.view(3, 4, 1).expand(3, 4, 2),
    'squeeze': lambda y: y.view(3, 1, 4).squeeze(1),
    'unsqueeze': lambda y: y.unsqueeze(0),
    'chunk': lambda y: y.chunk(2)[1],
    'split': lambda y: y.split(2, 1)[0],
    'unfold': lambda y: y.unfold(1, 2, 1),
    'resize': lambda y: y.resize(2, 6),
    'type-same': lambda y: y.double(),
}


@pytest.mark.parametrize('make_view', list(VIEW_MAKERS.values()), ids=list(VIEW_MAKERS))
def test_in_place_changes_are_refused_while_base_and_view_both_live(make_view):
    # A change through one would not be in the other's graph (its gradient would be wrong).
    x = leaf(double(3, 4))
    base = x * 2
    before = base.data.clone()
    view = make_view(base)
    with pytest.raises(RuntimeError, match="share storage with any other variables"):
        view.add_(1)
    with pytest.raises(RuntimeError, match="share storage with any other variables"):
        base.mul_(3)
    assert base.data.equal(before) and base._version == 0


@pytest.mark.parametrize('make_view', list(VIEW_MAKERS.values()), ids=list(VIEW_MAKERS))
def test_changing_a_view_in_place_invalidates_the_saved_base(make_view):
    x = leaf(double(3, 4))
    base = x * 2
    product = base * base           # Mul saves base
    view = make_view(base)
    assert shares_memory(view, base)
    del base                        # only the view is left to change
    view.add_(1)
    assert view._version == 1
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        product.backward(torch_early.DoubleTensor(3, 4).fill_(1))


@pytest.mark.parametrize('make_view', list(VIEW_MAKERS.values()), ids=list(VIEW_MAKERS))
def test_changing_the_base_in_place_invalidates_a_saved_view(make_view):
    x = leaf(double(3, 4))
    base = x * 2
    view = make_view(base)
    product = view * view           # Mul saves the view
    del view
    base.mul_(3)
    with pytest.raises(RuntimeError, match='modified by an inplace operation'):
        product.backward(product.data.new(product.size()).fill_(1))


def test_without_in_place_changes_the_views_backpropagate():
    x = leaf(double(3, 4))
    base = x * 2
    view = base[1]
    (view * view).backward(torch_early.DoubleTensor(4).fill_(1))
    expected = [0.0] * 4 + [8 * v for v in x.data[1].tolist()] + [0.0] * 4
    assert x.grad.data.view(12).tolist() == pytest.approx(expected)


def test_setitem_on_a_view_changes_the_base_data():
    x = leaf(double(3, 4))
    base = x * 1
    row = base[0]
    with pytest.raises(RuntimeError, match="share storage"):
        row[1] = 7.0
    del base
    row[1] = 7.0
    assert row.data[1] == 7.0 and row._version == 1
    row.sum().backward()
    assert x.grad.data[0].tolist() == [1, 0, 1, 1] and x.grad.data[1].tolist() == [0] * 4


def test_views_of_a_volatile_variable_are_volatile_and_build_no_graph():
    x = Variable(double(3, 4), volatile=True)
    for view in (x[0], x.t(), x.view(12), x.narrow(1, 0, 2), x.chunk(2)[0], x.unsqueeze(0)):
        assert view.volatile and view.creator is None and not view.requires_grad
        assert shares_memory(view, x)


# -- negative dims (v0.1.12) and expand adding leading dims ---------------------------------

def test_select_narrow_and_transpose_of_a_variable_count_a_negative_dim_from_the_end():
    x = leaf(double(2, 3, 4))
    same_values(x.select(-1, 2), x.data.select(2, 2))
    same_values(x.narrow(-2, 1, 2), x.data.narrow(1, 1, 2))
    same_values(x.transpose(-1, 0), x.data.transpose(2, 0))
    check(lambda x: x.select(-2, 1), leaf(double(2, 3, 2)))
    check(lambda x: x.gather(-1, torch_early.LongTensor([[1, 0], [0, 0]])), leaf(double(2, 2)))


@pytest.mark.parametrize('shape, sizes', [((3,), (2, 3)), ((3, 1), (2, 3, 4)), ((1,), (2, 2)),
                                          ((2, 1), (4, -1, 3))], ids=repr)
def test_expand_to_new_leading_dims_sums_the_gradient_over_them(shape, sizes):
    x = leaf(double(*shape))
    y = x.expand(*sizes)
    same_values(y, x.data.expand(*sizes))
    check(lambda x: x.expand(*sizes), leaf(double(*shape)))
    y.backward(torch_early.DoubleTensor(y.size()).fill_(1))
    assert x.grad.data.size() == x.data.size()
    assert x.grad.data.tolist() == torch_early.DoubleTensor(x.data.size()).fill_(
        y.data.numel() // x.data.numel()).tolist()


def test_indexing_with_a_step_or_none_passes_the_gradient_back_to_the_positions_read():
    x = leaf(double(4, 3))
    y = x[::2, None]
    same_values(y, x.data[::2].unsqueeze(1))
    y.sum().backward()
    assert x.grad.data.tolist() == [[1, 1, 1], [0, 0, 0], [1, 1, 1], [0, 0, 0]]
    check(lambda x: x[1:4:2, None, ::2], leaf(double(4, 3)))


def test_unfold_of_a_variable_along_a_negative_dim():
    x = leaf(double(2, 5))
    same_values(x.unfold(-1, 2, 2), x.data.unfold(1, 2, 2))
    check(lambda x: x.unfold(-1, 3, 1), leaf(double(2, 4)))
