"""Sparse tensors at work: coalescing (contiguous), transposing, and the math with dense tensors.

Every result is compared with NumPy on the dense array built the obvious way from the entries
(zeros, then each value added at its position). Values are small integers, so the results are
exact in every dtype; the random entries repeat positions on purpose.
"""
import itertools

import numpy
import pytest

import torch_early
from torch_early import sparse
from test_memory import TOLERANCE, assert_balanced, growth_over
from sparse_checks import SPARSE_CLASSES, dense_class, reference


def random_entries(size, nnz, seed, high=3):
    """nnz entries at random positions of `size` (repeats likely), values 1..high."""
    random = numpy.random.RandomState(seed)
    indices = [random.randint(0, s, nnz).tolist() for s in size]
    values = random.randint(1, high + 1, nnz).tolist()
    return indices, values


def make_sparse(cls, size, nnz, seed, high=3):
    indices, values = random_entries(size, nnz, seed, high)
    x = cls(torch_early.LongTensor(indices), dense_class(cls)(values), torch_early.Size(size))
    return x, reference(indices, values, size)


def make_dense(cls, size, seed, high=3):
    """A dense tensor of the dtype of sparse class cls, values 0..high, and its NumPy twin."""
    array = numpy.random.RandomState(seed).randint(0, high + 1, size)
    return dense_class(cls)(array.tolist()), array.astype(numpy.float64)


def as_array(tensor):
    return numpy.array(tensor.tolist(), dtype=numpy.float64)


def positions(x):
    """The index columns of a sparse tensor, as tuples."""
    return list(zip(*x.indices().tolist())) if x.nnz() else []


# ---- contiguous: coalescing ---------------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_contiguous_sorts_the_entries_and_adds_up_repeats_in_place(cls):
    x, expected = make_sparse(cls, (4, 3, 5), 30, seed=1)
    assert not x.is_contiguous()
    assert x.contiguous() is x
    assert x.is_contiguous()
    found = positions(x)
    assert found == sorted(set(found))                 # row-major order, no repeats
    assert x.nnz() == len(set(positions(x)))
    assert (as_array(x.to_dense()) == expected).all()
    assert (as_array(x.indices()).shape[1], len(x.values())) == (x.nnz(), x.nnz())


def test_contiguous_of_many_entries_matches_numpy():
    """Enough entries for the sort to go parallel; NumPy's unique over row-major positions gives
    the expected order and sums."""
    size = (50, 70, 90)
    indices, values = random_entries(size, 300000, seed=30)
    x = sparse.DoubleTensor(torch_early.LongTensor(indices), torch_early.DoubleTensor(values),
                            torch_early.Size(size))
    x.contiguous()
    flat = numpy.ravel_multi_index(indices, size)
    expected_positions, inverse = numpy.unique(flat, return_inverse=True)
    expected_sums = numpy.bincount(inverse, weights=values)
    assert (numpy.ravel_multi_index(x.indices().tolist(), size) == expected_positions).all()
    assert (numpy.array(x.values().tolist()) == expected_sums).all()


def test_contiguous_on_sorted_entries_changes_nothing():
    x = sparse.FloatTensor(torch_early.LongTensor([[0, 0, 2], [1, 3, 0]]),
                           torch_early.FloatTensor([1, 2, 3]), torch_early.Size([3, 4]))
    x.contiguous()
    assert x.indices().tolist() == [[0, 0, 2], [1, 3, 0]]
    assert x.values().tolist() == [1, 2, 3]


def test_to_dense_adds_up_repeated_positions_without_coalescing():
    x, expected = make_sparse(sparse.IntTensor, (3, 3), 20, seed=2)
    before = x.indices().tolist()
    for _ in range(3):
        assert (as_array(x.to_dense()) == expected).all()
    assert x.indices().tolist() == before and not x.is_contiguous()


# ---- transpose ------------------------------------------------------------------------------

@pytest.mark.parametrize('size', [(3, 5), (2, 3, 4), (2, 3, 2, 4)])
def test_transpose_of_every_pair_of_dimensions(size):
    x, expected = make_sparse(sparse.DoubleTensor, size, 12, seed=3)
    for i, j in itertools.combinations(range(len(size)), 2):
        y = x.transpose(i, j)
        assert (as_array(y.to_dense()) == numpy.swapaxes(expected, i, j)).all()
        assert (as_array(x.to_dense()) == expected).all()         # x is left alone
        assert x.transpose_(i, j) is x                             # in place
        assert (as_array(x.to_dense()) == numpy.swapaxes(expected, i, j)).all()
        x.transpose_(i, j)


def test_a_transposed_tensor_is_not_known_to_be_contiguous():
    x, _ = make_sparse(sparse.FloatTensor, (3, 4), 6, seed=4)
    x.contiguous()
    assert not x.transpose(0, 1).is_contiguous()
    assert x.transpose(1, 1).is_contiguous()              # a dimension with itself: no change


def test_transpose_of_a_dimension_out_of_range():
    x, _ = make_sparse(sparse.FloatTensor, (3, 4), 6, seed=4)
    with pytest.raises(RuntimeError, match='dimension 2 out of range of 2D sparse tensor'):
        x.transpose(0, 2)
    with pytest.raises(RuntimeError, match='dimension -1 out of range of 2D sparse tensor'):
        x.transpose_(-1, 0)
    with pytest.raises(TypeError):
        x.transpose(0)


# ---- dense + value * sparse -------------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_add_a_sparse_tensor_to_a_dense_one(cls):
    x, sx = make_sparse(cls, (3, 4), 10, seed=5)
    y, sy = make_dense(cls, (3, 4), seed=6)
    assert (as_array(torch_early.add(y, 2, x)) == sy + 2 * sx).all()
    assert (as_array(torch_early.add(y, x)) == sy + sx).all()
    assert (as_array(y.add(2, x)) == sy + 2 * sx).all()
    assert (as_array(y.add(x)) == sy + sx).all()
    assert (as_array(torch_early.spadd(y, x)) == sy + sx).all()
    assert (as_array(torch_early.spadd(y, 2, x)) == sy + 2 * sx).all()
    assert (as_array(y.spadd(2, x)) == sy + 2 * sx).all()           # v0.1.12's method form
    assert (as_array(y.spadd(x)) == sy + sx).all() and (as_array(y) == sy).all()
    out = dense_class(cls)()
    assert torch_early.add(y, 2, x, out=out) is out
    assert (as_array(out) == sy + 2 * sx).all()
    assert (as_array(y) == sy).all()                      # the operands are left alone
    assert y.add_(2, x) is y                              # in place
    assert (as_array(y) == sy + 2 * sx).all()


def test_add_into_a_non_contiguous_dense_tensor():
    x, sx = make_sparse(sparse.DoubleTensor, (3, 4, 5), 15, seed=7)
    base, array = make_dense(sparse.DoubleTensor, (5, 4, 3), seed=8)
    y = base.transpose(0, 2)                              # 3 x 4 x 5, not contiguous
    expected = numpy.transpose(array, (2, 1, 0)) + 0.5 * sx
    assert (as_array(torch_early.add(y, 0.5, x)) == expected).all()
    y.add_(0.5, x)
    assert (as_array(y) == expected).all()
    assert (as_array(base) == numpy.transpose(expected, (2, 1, 0))).all()


def test_add_of_a_sparse_tensor_of_another_size_or_type():
    x, _ = make_sparse(sparse.FloatTensor, (3, 4), 5, seed=9)
    with pytest.raises(RuntimeError, match='size mismatch: the dense tensor is 4x3 but the '
                                           'sparse tensor is 3x4'):
        torch_early.FloatTensor(4, 3).add(x)
    with pytest.raises(TypeError, match='torch_early.sparse.DoubleTensor other'):
        torch_early.DoubleTensor(3, 4).add(1, x)


# ---- sparse @ dense -------------------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_mm_and_spmm_give_the_dense_product(cls):
    x, sx = make_sparse(cls, (4, 5), 9, seed=10, high=2)
    d, sd = make_dense(cls, (5, 3), seed=11, high=2)
    for product in (torch_early.mm(x, d), torch_early.spmm(x, d)):
        assert type(product) is dense_class(cls)
        assert (as_array(product) == sx @ sd).all()
    out = dense_class(cls)()
    assert torch_early.mm(x, d, out=out) is out
    assert (as_array(out) == sx @ sd).all()


@pytest.mark.parametrize('cls', [sparse.DoubleTensor, sparse.FloatTensor, sparse.LongTensor,
                                 sparse.ByteTensor], ids=lambda c: c.__name__)
def test_addmm_takes_a_sparse_first_factor_in_every_positional_form(cls):
    x, sx = make_sparse(cls, (4, 5), 9, seed=12, high=2)
    d, sd = make_dense(cls, (5, 3), seed=13, high=2)
    t, st = make_dense(cls, (4, 3), seed=14, high=2)
    cases = [
        (lambda: torch_early.addmm(t, x, d), st + sx @ sd),
        (lambda: torch_early.addmm(2, t, x, d), 2 * st + sx @ sd),
        (lambda: torch_early.addmm(t, 3, x, d), st + 3 * (sx @ sd)),
        (lambda: torch_early.addmm(2, t, 3, x, d), 2 * st + 3 * (sx @ sd)),
        (lambda: t.addmm(x, d), st + sx @ sd),
        (lambda: t.addmm(2, 3, x, d), 2 * st + 3 * (sx @ sd)),
    ]
    for compute, expected in cases:
        assert (as_array(compute()) == expected).all()
    assert (as_array(t) == st).all()
    assert t.addmm_(2, 3, x, d) is t
    assert (as_array(t) == 2 * st + 3 * (sx @ sd)).all()


def test_products_with_non_contiguous_dense_operands_and_results():
    x, sx = make_sparse(sparse.DoubleTensor, (4, 5), 12, seed=15)
    d_base, sd_base = make_dense(sparse.DoubleTensor, (3, 5), seed=16)
    d, sd = d_base.t(), sd_base.T                         # 5 x 3, column-major
    out = torch_early.DoubleTensor(3, 4).t()              # a transposed result
    torch_early.mm(x, d, out=out)
    assert (as_array(out) == sx @ sd).all()
    t = torch_early.DoubleTensor(3, 4).fill_(1).t()
    t.addmm_(x, d)
    assert (as_array(t) == 1 + sx @ sd).all()


def test_a_product_may_be_written_into_its_dense_factor():
    x, sx = make_sparse(sparse.DoubleTensor, (4, 4), 10, seed=17)
    d, sd = make_dense(sparse.DoubleTensor, (4, 4), seed=18)
    torch_early.mm(x, d, out=d)
    assert (as_array(d) == sx @ sd).all()


def test_a_large_product_matches_numpy():
    """Enough work (nnz * columns) for the rows to be shared among threads."""
    x, sx = make_sparse(sparse.DoubleTensor, (300, 400), 3000, seed=19)
    d, sd = make_dense(sparse.DoubleTensor, (400, 200), seed=20)
    assert (as_array(torch_early.mm(x, d)) == sx @ sd).all()


@pytest.mark.parametrize('compute, message', [
    (lambda x, d: torch_early.mm(x, torch_early.DoubleTensor(4, 3)),
     r"size mismatch: mat1 is 4x5 and mat2 is 4x3 \(mat1's columns must equal mat2's rows\)"),
    (lambda x, d: torch_early.mm(x, torch_early.DoubleTensor(5)),
     'expected a matrix for mat2, got a 1D tensor'),
    (lambda x, d: torch_early.mm(sparse.DoubleTensor(5), d),
     'expected a sparse matrix for mat1, got a 1D sparse tensor'),
    (lambda x, d: torch_early.addmm(torch_early.DoubleTensor(4, 4), x, d),
     r"expected the added matrix to be 4x3 \(mat1's rows x mat2's columns\), got size 4x4"),
    (lambda x, d: torch_early.smm(x, torch_early.DoubleTensor(3, 3)), 'size mismatch'),
    (lambda x, d: torch_early.saddmm(sparse.DoubleTensor(3, 3), x, d),
     r"expected the added sparse matrix to be 4x3"),
])
def test_products_of_mismatched_sizes(compute, message):
    x, _ = make_sparse(sparse.DoubleTensor, (4, 5), 5, seed=21)
    d = torch_early.DoubleTensor(5, 3)
    with pytest.raises(RuntimeError, match=message):
        compute(x, d)


def test_a_dense_first_factor_is_not_mixed_with_a_sparse_second():
    x, _ = make_sparse(sparse.DoubleTensor, (4, 5), 5, seed=22)
    with pytest.raises(TypeError, match='invalid combination of arguments'):
        torch_early.mm(torch_early.DoubleTensor(3, 4), x)
    with pytest.raises(TypeError, match='invalid combination of arguments'):
        torch_early.mm(x, torch_early.FloatTensor(5, 3))


# ---- sparse results -------------------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_smm_gives_the_product_as_a_sparse_tensor(cls):
    x, sx = make_sparse(cls, (6, 5), 6, seed=23, high=2)
    d, sd = make_dense(cls, (5, 3), seed=24, high=2)
    product = torch_early.smm(x, d)
    assert type(product) is cls
    assert product.is_contiguous()
    assert (as_array(product.to_dense()) == sx @ sd).all()
    # a full row of entries for each row of x that has entries, none for the others
    rows_with_entries = sorted(set(x.indices()[0].tolist()))
    assert positions(product) == [(i, j) for i in rows_with_entries for j in range(3)]


@pytest.mark.parametrize('cls', [sparse.DoubleTensor, sparse.FloatTensor, sparse.IntTensor,
                                 sparse.ByteTensor], ids=lambda c: c.__name__)
def test_saddmm_and_sspaddmm_in_every_positional_form(cls):
    x, sx = make_sparse(cls, (6, 5), 6, seed=25, high=2)
    t, st = make_sparse(cls, (6, 3), 5, seed=26, high=2)
    d, sd = make_dense(cls, (5, 3), seed=27, high=2)
    for name in ('saddmm', 'sspaddmm'):
        function = getattr(torch_early, name)
        cases = [
            (lambda: function(t, x, d), st + sx @ sd),
            (lambda: function(2, t, x, d), 2 * st + sx @ sd),
            (lambda: function(t, 3, x, d), st + 3 * (sx @ sd)),
            (lambda: function(2, t, 3, x, d), 2 * st + 3 * (sx @ sd)),
        ]
        for compute, expected in cases:
            result = compute()
            assert type(result) is cls and result.is_contiguous()
            assert (as_array(result.to_dense()) == expected).all()
    assert (as_array(t.sspaddmm(x, d).to_dense()) == st + sx @ sd).all()
    assert (as_array(t.sspaddmm(2, 3, x, d).to_dense()) == 2 * st + 3 * (sx @ sd)).all()
    out = cls()
    assert torch_early.saddmm(t, x, d, out=out) is out
    assert (as_array(out.to_dense()) == st + sx @ sd).all()
    assert (as_array(t.to_dense()) == st).all()            # t is left alone


def test_products_of_a_matrix_without_entries():
    x = sparse.FloatTensor(3, 4)
    d = torch_early.FloatTensor(4, 2).fill_(1)
    assert torch_early.mm(x, d).tolist() == [[0, 0]] * 3
    product = torch_early.smm(x, d)
    assert product.nnz() == 0 and product.size() == torch_early.Size([3, 2])


# ---- memory ---------------------------------------------------------------------------------

CLASSES = [sparse.DoubleTensor, torch_early.DoubleTensor, torch_early.LongTensor, torch_early.Size]


def test_sparse_calls_balance_their_references():
    x, _ = make_sparse(sparse.DoubleTensor, (4, 5), 8, seed=28)
    t, _ = make_sparse(sparse.DoubleTensor, (4, 3), 4, seed=29)
    d = torch_early.DoubleTensor(5, 3).fill_(1)
    y = torch_early.DoubleTensor(4, 5).fill_(1)
    indices, values = x.indices(), x.values()
    wrong = torch_early.DoubleTensor(2, 2)
    cases = [
        lambda: sparse.DoubleTensor(indices, values), lambda: sparse.DoubleTensor(4, 5),
        lambda: sparse.DoubleTensor(indices, values, (4, 5)), lambda: x.indices(),
        lambda: x.values(), lambda: x.size(), lambda: x.to_dense(), lambda: x.transpose(0, 1),
        lambda: x.transpose_(0, 1), lambda: x.contiguous(), lambda: x.nnz(),
        lambda: torch_early.mm(x, d), lambda: torch_early.smm(x, d), lambda: y.add(2, x),
        lambda: torch_early.saddmm(t, x, d), lambda: repr(x), lambda: x.float(),
        # failing calls
        lambda: torch_early.mm(x, wrong), lambda: torch_early.smm(x, wrong),
        lambda: sparse.DoubleTensor(indices, values, (1, 1)), lambda: wrong.add(x),
        lambda: sparse.DoubleTensor('x'),
        # v0.1.12's additions, and their failures
        lambda: x.coalesce(), lambda: x.is_coalesced(), lambda: x.clone(), lambda: x + x,
        lambda: x - x, lambda: x * x, lambda: x * 2, lambda: x / 2, lambda: x ** 2,
        lambda: x.add_(0, x), lambda: y.sparse_mask(x), lambda: torch_early.hsmm(x, d),
        lambda: torch_early.dsmm(x, d), lambda: x.new(indices, values),
        lambda: x + t, lambda: x.pow(0), lambda: wrong.sparse_mask(x),
        lambda: torch_early.hsmm(x, wrong),
    ]
    for case in cases:
        assert_balanced(case, [x, t, d, y, indices, values, wrong] + CLASSES)


@pytest.mark.parametrize('case', ['construct', 'coalesce', 'products', 'a failing product',
                                  'hybrid', 'arithmetic', 'a failing sum'])
def test_repeated_sparse_calls_keep_memory_flat(case):
    indices = torch_early.LongTensor([[0, 2, 0, 1], [1, 0, 1, 2]])
    values = torch_early.FloatTensor([1, 2, 3, 4])
    d = torch_early.FloatTensor(3, 4).fill_(1)
    bad = torch_early.FloatTensor(2, 2)
    blocks = torch_early.FloatTensor(4, 2).fill_(1)
    d3 = torch_early.FloatTensor(3, 3, 2).fill_(1)
    bad_sparse = sparse.FloatTensor(2, 2)
    calls = {
        'construct': lambda: sparse.FloatTensor(indices, values).to_dense(),
        'coalesce': lambda: sparse.FloatTensor(indices, values).contiguous(),
        'products': lambda: (torch_early.mm(sparse.FloatTensor(indices, values), d),
                             torch_early.smm(sparse.FloatTensor(indices, values), d)),
        'a failing product': lambda: torch_early.mm(sparse.FloatTensor(indices, values), bad),
        'hybrid': lambda: (sparse.FloatTensor(indices, blocks).coalesce().to_dense(),
                           d3.sparse_mask(sparse.FloatTensor(indices, blocks)),
                           torch_early.hsmm(sparse.FloatTensor(indices, values), d)),
        'arithmetic': lambda: (sparse.FloatTensor(indices, values) * sparse.FloatTensor(
            indices, values) + sparse.FloatTensor(indices, values) / 2) ** 2,
        'a failing sum': lambda: sparse.FloatTensor(indices, values).add(bad_sparse),
    }
    assert growth_over(calls[case], calls=30000, warm_up=5000) < TOLERANCE


# ---- hybrid tensors in the math with dense tensors ---------------------------------------------

def make_hybrid(cls, sparse_size, dense_size, nnz, seed, high=3):
    """A hybrid tensor: random positions in the sparse dimensions (repeats likely), each value a
    block of dense_size with elements 1..high; and its NumPy twin."""
    random = numpy.random.RandomState(seed)
    indices = [random.randint(0, s, nnz).tolist() for s in sparse_size]
    values = random.randint(1, high + 1, [nnz] + list(dense_size))
    size = tuple(sparse_size) + tuple(dense_size)
    x = cls(torch_early.LongTensor(indices), dense_class(cls)(values.tolist()),
            torch_early.Size(size))
    return x, reference(indices, values, size)


@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_add_a_hybrid_tensor_to_a_dense_one(cls):
    x, sx = make_hybrid(cls, (3, 2), (2, 3), 6, seed=30)
    y, sy = make_dense(cls, (3, 2, 2, 3), seed=31)
    assert (as_array(torch_early.add(y, 2, x)) == sy + 2 * sx).all()
    assert (as_array(torch_early.spadd(y, x)) == sy + sx).all()
    assert (as_array(x.to_dense()) == sx).all()


def test_add_a_hybrid_tensor_into_a_non_contiguous_dense_one():
    x, sx = make_hybrid(sparse.DoubleTensor, (4, 3), (2,), 8, seed=32)
    base, array = make_dense(sparse.DoubleTensor, (2, 3, 4), seed=33)
    y = base.transpose(0, 2)                              # 4 x 3 x 2, not contiguous
    y.add_(0.5, x)
    assert (as_array(y) == numpy.transpose(array, (2, 1, 0)) + 0.5 * sx).all()


@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_sparse_mask_picks_the_dense_elements_at_the_masks_entries(cls):
    mask = cls(torch_early.LongTensor([[2, 0, 2], [1, 0, 1]]), dense_class(cls)([1, 1, 1]),
               torch_early.Size([3, 2]))
    dense = dense_class(cls)([[1, 2], [3, 4], [5, 6]])
    result = dense.sparse_mask(mask)
    assert type(result) is cls
    assert result.indices().tolist() == [[2, 0, 2], [1, 0, 1]]   # the mask's, repeats included
    assert result.values().tolist() == [6, 1, 6]


def test_sparse_mask_of_a_hybrid_mask_takes_blocks_through_strides():
    mask, _ = make_hybrid(sparse.DoubleTensor, (3, 4), (2,), 5, seed=34)
    base, array = make_dense(sparse.DoubleTensor, (2, 4, 3), seed=35)
    dense = base.transpose(0, 2)                          # 3 x 4 x 2, not contiguous
    result = dense.sparse_mask(mask)
    expected = numpy.transpose(array, (2, 1, 0))
    for k, position in enumerate(positions(mask)):
        assert result.values()[k].tolist() == expected[position].tolist()
    with pytest.raises(RuntimeError, match='size mismatch: the dense tensor is 4x3x2 but the '
                                           'sparse tensor is 3x4x2'):
        torch_early.DoubleTensor(4, 3, 2).sparse_mask(mask)
    with pytest.raises(TypeError):
        torch_early.FloatTensor(3, 4, 2).sparse_mask(mask)


def test_products_refuse_a_hybrid_matrix():
    x, _ = make_hybrid(sparse.DoubleTensor, (3,), (4,), 2, seed=36)
    for product in (torch_early.mm, torch_early.dsmm, torch_early.hsmm, torch_early.smm):
        with pytest.raises(RuntimeError, match='got a hybrid sparse tensor of size 3x4'):
            product(x, torch_early.DoubleTensor(4, 2))


# ---- dsmm and hsmm -----------------------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_dsmm_and_hsmm_give_the_product_dense_and_hybrid(cls):
    x, sx = make_sparse(cls, (5, 4), 7, seed=37)
    y, sy = make_dense(cls, (4, 3), seed=38)
    dense = torch_early.dsmm(x, y)
    assert type(dense) is dense_class(cls) and (as_array(dense) == sx @ sy).all()
    hybrid = torch_early.hsmm(x, y)
    assert type(hybrid) is cls and hybrid.is_coalesced()
    assert hybrid.size() == torch_early.Size([5, 3])
    rows = sorted(set(positions(x)))
    assert hybrid.indices().tolist() == [sorted(set(r for r, _ in rows))]   # rows with entries
    assert hybrid.values().size() == torch_early.Size([hybrid.nnz(), 3])
    assert (as_array(hybrid.to_dense()) == sx @ sy).all()


def test_hsmm_of_a_matrix_without_entries():
    result = torch_early.hsmm(sparse.DoubleTensor(3, 4), torch_early.DoubleTensor(4, 2))
    assert result.size() == torch_early.Size([3, 2]) and result.nnz() == 0


# ---- arithmetic between sparse tensors, and with numbers ----------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
@pytest.mark.parametrize('dense_size', [(), (2,)], ids=['plain', 'hybrid'])
def test_add_sub_and_mul_of_sparse_tensors(cls, dense_size):
    x, sx = make_hybrid(cls, (3, 4), dense_size, 6, seed=40)
    y, sy = make_hybrid(cls, (3, 4), dense_size, 5, seed=41)
    wrap = 256 if cls is sparse.ByteTensor else None      # Byte arithmetic is modulo 256

    def check(result, expected):
        assert type(result) is cls and result.is_coalesced()
        expected = expected % wrap if wrap else expected
        assert (as_array(result.to_dense()) == expected).all()

    check(x + y, sx + sy)
    check(x.add(2, y), sx + 2 * sy)
    check(x - y, sx - sy)
    check(x.sub(2, y), sx - 2 * sy)
    check(x * y, sx * sy)
    check(x.mul(y), sx * sy)
    assert (as_array(x.to_dense()) == sx).all()           # the operands are left alone
    z = x.clone()
    assert z.add_(y) is z
    check(z, sx + sy)
    z = x.clone()
    z -= y
    check(z, sx - sy)
    z = x.clone()
    assert z.mul_(y) is z
    check(z, sx * sy)


@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_mul_and_div_by_a_number(cls):
    x, sx = make_hybrid(cls, (3, 4), (2,), 6, seed=42)
    assert (as_array((x * 2).to_dense()) == 2 * sx).all()
    assert (as_array((2 * x).to_dense()) == 2 * sx).all()
    assert (as_array((x * 4 / 2).to_dense()) == 2 * sx).all()
    y = x.clone()
    assert y.mul_(3) is y and y.div_(3) is y
    assert (as_array(y.to_dense()) == sx).all()
    assert not y.is_coalesced()                           # the entries are as they were


def test_integer_division_by_zero_is_an_error():
    x, _ = make_sparse(sparse.LongTensor, (3,), 2, seed=43)
    with pytest.raises(ZeroDivisionError, match='integer division by zero'):
        x / 0


def test_pow_adds_up_repeats_first():
    x = sparse.DoubleTensor(torch_early.LongTensor([[1, 1, 0]]),
                            torch_early.DoubleTensor([[1, 2], [2, 1], [3, 3]]))
    y = x ** 2
    assert y.is_coalesced()
    assert y.to_dense().tolist() == [[9, 9], [9, 9]]
    assert x.pow(3).to_dense().tolist() == [[27, 27], [27, 27]]
    with pytest.raises(RuntimeError, match=r'cannot raise a sparse tensor to the power 0'):
        x.pow(0)
    assert not hasattr(sparse.LongTensor(2), 'pow')       # Float and Double only, as dense


def test_negation_and_operands_without_entries():
    x, sx = make_hybrid(sparse.DoubleTensor, (3, 4), (2,), 6, seed=44)
    empty = sparse.DoubleTensor(3, 4, 2)
    assert (as_array((-x).to_dense()) == -sx).all()
    assert (as_array((x + empty).to_dense()) == sx).all()
    assert (as_array((empty - x).to_dense()) == -sx).all()
    assert (x * empty).nnz() == 0 and (empty * x).nnz() == 0
    assert (empty + empty).nnz() == 0


def test_sparse_arithmetic_of_other_sizes_or_types():
    x, _ = make_hybrid(sparse.DoubleTensor, (3, 4), (2,), 6, seed=45)
    y, _ = make_sparse(sparse.DoubleTensor, (3, 4, 2), 6, seed=46)
    with pytest.raises(RuntimeError, match='size mismatch: the sparse tensors are 3x4x2 and 3x4'):
        x + sparse.DoubleTensor(3, 4)
    with pytest.raises(RuntimeError, match='the sparse tensors of size 3x4x2 have 2 and 3 sparse '
                                           'dimensions'):
        x * y
    with pytest.raises(TypeError):
        x + x.float()


def test_function_forms_of_the_sparse_arithmetic():
    x, sx = make_hybrid(sparse.DoubleTensor, (3,), (2,), 4, seed=47)
    y, sy = make_hybrid(sparse.DoubleTensor, (3,), (2,), 3, seed=48)
    assert (as_array(torch_early.add(x, y).to_dense()) == sx + sy).all()
    assert (as_array(torch_early.add(x, 2, y).to_dense()) == sx + 2 * sy).all()
    assert (as_array(torch_early.sub(x, y).to_dense()) == sx - sy).all()
    assert (as_array(torch_early.mul(x, y).to_dense()) == sx * sy).all()
    assert (as_array(torch_early.mul(x, 3).to_dense()) == 3 * sx).all()
    assert (as_array(torch_early.div(x, 2).to_dense()) == sx / 2).all()
    assert (as_array(torch_early.pow(x, 2).to_dense()) == sx ** 2).all()
    out = sparse.DoubleTensor()
    assert torch_early.add(x, y, out=out) is out
    assert (as_array(out.to_dense()) == sx + sy).all()
    with pytest.raises(TypeError, match='torch_early.sparse.DoubleTensor other'):
        torch_early.add(x, torch_early.DoubleTensor(3, 2))
