"""Matrix and vector products: addmm, addmv, addr, addbmm, baddbmm, mm, mv, bmm, ger, and cross.

The add* family computes beta * self + alpha * (product), with beta and alpha optional positional
numbers written where they act: m.addmv(beta, alpha, mat, vec), torch_early.addmv(beta, m, alpha,
mat, vec). The plain products (mm, mv, bmm, ger) return a new tensor. Float and Double go to the
optimized BLAS, the integer types to TH's reference loops; either way the answer must not depend
on how an operand is laid out in memory: transposed, narrowed (a window with gaps) or expanded
(stride 0, one row repeated). Integer results are compared exactly with products computed in
Python; float results with NumPy.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, LAYOUTS, laid_out, tensor_class


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


def matvec(a, v):
    return [sum(x * y for x, y in zip(row, v)) for row in a]


def outer(u, v):
    return [[x * y for y in v] for x in u]


def combine(beta, m, alpha, product):
    """beta * m + alpha * product, element by element, for nested lists."""
    if isinstance(m, list):
        return [combine(beta, x, alpha, p) for x, p in zip(m, product)]
    return beta * m + alpha * product


def transpose(rows):
    return [list(column) for column in zip(*rows)]


def vector_in_layout(cls, values, layout):
    """A 1-D tensor holding values: contiguous, every other element of a longer one ('strided'),
    or one value repeated with stride 0 ('expanded', values all equal)."""
    if layout == 'strided':
        t = cls([x for v in values for x in (v, 99)]).view(len(values), 2).select(1, 0)
        assert t.stride(0) == 2
    elif layout == 'expanded':
        assert len(set(values)) == 1
        t = cls([values[0]]).expand(len(values))
        assert t.stride(0) == 0
    else:
        t = cls(values)
    assert t.tolist() == values
    return t


M = [[1, 0, 2], [0, 1, 1]]                 # 2 x 3
MAT1 = [[1, 2], [3, 1]]                    # 2 x 2
MAT = [[1, 2, 0], [2, 1, 3]]               # 2 x 3
VEC = [2, 1, 3]
VEC1 = [1, 2]
VEC2 = [3, 1, 2]
T2 = [1, 4]
BATCH1 = [[[1, 2], [0, 1]], [[2, 0], [1, 1]], [[1, 1], [1, 0]]]           # 3 x 2 x 2
BATCH2 = [[[1, 0, 2], [1, 1, 0]], [[0, 1, 1], [2, 0, 1]], [[1, 2, 0], [0, 1, 1]]]  # 3 x 2 x 3


# ---- mm and addmm ---------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_mm_is_the_matrix_product(name):
    cls = tensor_class(name)
    assert cls(MAT1).mm(cls(MAT)).tolist() == matmul(MAT1, MAT)
    assert torch_early.mm(cls(MAT1), cls(MAT)).tolist() == matmul(MAT1, MAT)
    out = cls()
    assert torch_early.mm(cls(MAT1), cls(MAT), out=out) is out
    assert out.tolist() == matmul(MAT1, MAT)


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout1', LAYOUTS)
@pytest.mark.parametrize('layout2', LAYOUTS)
def test_mm_reads_any_layout(name, layout1, layout2):
    cls = tensor_class(name)
    a = [[1, 2, 3], [1, 2, 3]] if layout1 == 'expanded' else [[1, 2, 3], [3, 0, 1]]
    b = [[2, 1], [2, 1], [2, 1]] if layout2 == 'expanded' else [[2, 1], [0, 3], [1, 1]]
    product = laid_out(name, a, layout1).mm(laid_out(name, b, layout2))
    assert product.tolist() == matmul(a, b)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_mm_of_larger_float_matrices_matches_numpy(name):
    dtype = numpy.float32 if name == 'Float' else numpy.float64
    rng = numpy.random.RandomState(0)
    a, b = rng.randn(70, 50).astype(dtype), rng.randn(50, 60).astype(dtype)
    tolerance = 1e-4 if name == 'Float' else 1e-12
    a_t, b_t = torch_early.from_numpy(a), torch_early.from_numpy(b)
    numpy.testing.assert_allclose(a_t.mm(b_t).numpy(), a @ b, rtol=tolerance, atol=tolerance)
    numpy.testing.assert_allclose(b_t.t().mm(a_t.t()).numpy(), (a @ b).T, rtol=tolerance,
                                  atol=tolerance)
    window = torch_early.from_numpy(a)[5:40, 3:33]
    numpy.testing.assert_allclose(window.mm(b_t[0:30]).numpy(), a[5:40, 3:33] @ b[0:30],
                                  rtol=tolerance, atol=tolerance)


def test_mm_into_one_of_its_operands():
    a = torch_early.DoubleTensor(MAT1)
    torch_early.mm(a, torch_early.DoubleTensor(MAT1), out=a)
    assert a.tolist() == matmul(MAT1, MAT1)


@pytest.mark.parametrize('name', DTYPES)
def test_addmm_with_zero_beta_ignores_what_self_holds(name):
    cls = tensor_class(name)
    m = cls(2, 3).fill_(7)
    assert m.addmm(0, 1, cls(MAT1), cls(MAT)).tolist() == matmul(MAT1, MAT)
    m.addmm_(0, 2, cls(MAT1), cls(MAT))
    assert m.tolist() == combine(0, M, 2, matmul(MAT1, MAT))


# ---- addmv and mv ---------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_addmv_forms(name):
    cls = tensor_class(name)
    t, mat, vec = cls(T2), cls(MAT), cls(VEC)
    product = matvec(MAT, VEC)
    assert t.addmv(mat, vec).tolist() == combine(1, T2, 1, product)
    assert t.addmv(2, mat, vec).tolist() == combine(2, T2, 1, product)
    assert t.addmv(2, 3, mat, vec).tolist() == combine(2, T2, 3, product)
    assert t.addmv(mat, vec, alpha=2).tolist() == combine(1, T2, 2, product)
    assert torch_early.addmv(t, mat, vec).tolist() == combine(1, T2, 1, product)
    assert torch_early.addmv(2, t, 3, mat, vec).tolist() == combine(2, T2, 3, product)
    out = cls()
    assert torch_early.addmv(t, mat, vec, out=out) is out
    assert out.tolist() == combine(1, T2, 1, product)
    assert t.tolist() == T2
    assert t.addmv_(0, 1, mat, vec) is t
    assert t.tolist() == product
    assert mat.mv(vec).tolist() == product
    assert torch_early.mv(mat, vec).tolist() == product


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('mat_layout', LAYOUTS)
@pytest.mark.parametrize('vec_layout', ['contiguous', 'strided', 'expanded'])
def test_mv_reads_any_layout(name, mat_layout, vec_layout):
    cls = tensor_class(name)
    mat = [[1, 2, 3], [1, 2, 3]] if mat_layout == 'expanded' else MAT
    vec = [2, 2, 2] if vec_layout == 'expanded' else VEC
    product = laid_out(name, mat, mat_layout).mv(vector_in_layout(cls, vec, vec_layout))
    assert product.tolist() == matvec(mat, vec)


@pytest.mark.parametrize('name', ['Int', 'Float', 'Double'])
def test_addmv_in_place_writes_through_a_strided_result(name):
    cls = tensor_class(name)
    t = vector_in_layout(cls, T2, 'strided')
    t.addmv_(2, cls(MAT), cls(VEC))
    assert t.tolist() == combine(2, T2, 1, matvec(MAT, VEC))


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_mv_of_a_larger_matrix_matches_numpy(name):
    dtype = numpy.float32 if name == 'Float' else numpy.float64
    rng = numpy.random.RandomState(1)
    a, v = rng.randn(80, 45).astype(dtype), rng.randn(80).astype(dtype)
    tolerance = 1e-4 if name == 'Float' else 1e-12
    transposed = torch_early.from_numpy(a).t()                    # 45 x 80, column-major
    numpy.testing.assert_allclose(transposed.mv(torch_early.from_numpy(v)).numpy(), a.T @ v,
                                  rtol=tolerance, atol=tolerance)


# ---- addr and ger ---------------------------------------------------------------------------

@pytest.mark.parametrize('name', DTYPES)
def test_addr_and_ger_forms(name):
    cls = tensor_class(name)
    m, v1, v2 = cls(M), cls(VEC1), cls(VEC2)
    product = outer(VEC1, VEC2)
    assert m.addr(v1, v2).tolist() == combine(1, M, 1, product)
    assert m.addr(2, 3, v1, v2).tolist() == combine(2, M, 3, product)
    assert torch_early.addr(2, m, v1, v2).tolist() == combine(2, M, 1, product)
    assert v1.ger(v2).tolist() == product
    assert torch_early.ger(v1, v2).tolist() == product
    assert m.addr_(0, 1, v1, v2) is m
    assert m.tolist() == product


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('result_layout', ['contiguous', 'transposed', 'narrowed'])
@pytest.mark.parametrize('vec_layout', ['contiguous', 'strided', 'expanded'])
def test_addr_in_place_on_any_layout(name, result_layout, vec_layout):
    cls = tensor_class(name)
    vec1 = [2, 2] if vec_layout == 'expanded' else VEC1
    m = laid_out(name, M, result_layout)
    m.addr_(2, vector_in_layout(cls, vec1, vec_layout), cls(VEC2))
    assert m.tolist() == combine(2, M, 1, outer(vec1, VEC2))


# ---- batches --------------------------------------------------------------------------------

def batched(op, *batches):
    return [op(*matrices) for matrices in zip(*batches)]


@pytest.mark.parametrize('name', DTYPES)
def test_bmm_baddbmm_addbmm(name):
    cls = tensor_class(name)
    b1, b2 = cls(BATCH1), cls(BATCH2)
    products = batched(matmul, BATCH1, BATCH2)
    assert b1.bmm(b2).tolist() == products
    assert torch_early.bmm(b1, b2).tolist() == products
    t3 = [[[1, 0, 1], [0, 1, 0]]] * 3
    assert cls(t3).baddbmm(2, b1, b2).tolist() == combine(2, t3, 1, products)
    assert torch_early.baddbmm(cls(t3), 1, b1, b2).tolist() == combine(1, t3, 1, products)
    summed = [[sum(p[i][j] for p in products) for j in range(3)] for i in range(2)]
    assert cls(M).addbmm(b1, b2).tolist() == combine(1, M, 1, summed)
    assert torch_early.addbmm(2, cls(M), 2, b1, b2).tolist() == combine(2, M, 2, summed)
    m = cls(M)
    assert m.addbmm_(0, 1, b1, b2) is m
    assert m.tolist() == summed


@pytest.mark.parametrize('name', ['Int', 'Float', 'Double'])
def test_batches_of_any_layout(name):
    cls = tensor_class(name)
    b1 = cls([[[1, 3], [2, 4]]] * 3).transpose(1, 2)              # column-major matrices
    assert b1.tolist() == [[[1, 2], [3, 4]]] * 3
    b2 = cls([[[1, 0, 2], [1, 1, 0]]]).expand(3, 2, 3)           # one matrix, stride 0
    assert b2.stride(0) == 0
    products = batched(matmul, b1.tolist(), b2.tolist())
    assert b1.bmm(b2).tolist() == products
    window = cls(BATCH2)[:, :, 1:3]
    assert cls(BATCH1).bmm(window).tolist() == batched(matmul, BATCH1, window.tolist())


# ---- cross ----------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ['Char', 'Short', 'Int', 'Long', 'Float', 'Double'])
def test_cross_along_the_first_dimension_of_size_three(name):
    cls = tensor_class(name)
    a, b = [[1, 0, 2], [3, 1, 0]], [[0, 2, 1], [1, 1, 1]]
    expected = numpy.cross(numpy.array(a), numpy.array(b)).tolist()   # rows are the 3-vectors
    assert cls(a).cross(cls(b)).tolist() == expected
    assert torch_early.cross(cls(a), cls(b), 1).tolist() == expected
    assert cls(a).t().cross(cls(b).t()).tolist() == transpose(expected)   # now dim 0 is the 3
    out = cls()
    assert torch_early.cross(cls(a), cls(b), dim=1, out=out) is out
    assert out.tolist() == expected


def test_cross_needs_a_dimension_of_size_three():
    a = torch_early.FloatTensor(2, 4)
    with pytest.raises(RuntimeError, match='no dimension of size 3 in a tensor of size 2x4'):
        a.cross(a)
    with pytest.raises(RuntimeError, match='dimension 1 does not have size 3'):
        torch_early.FloatTensor(3, 4).cross(torch_early.FloatTensor(3, 4), 1)
    with pytest.raises(RuntimeError, match='inconsistent tensor sizes: input is 3x4 and other is 4x3'):
        torch_early.FloatTensor(3, 4).cross(torch_early.FloatTensor(4, 3))


# ---- errors ---------------------------------------------------------------------------------

def test_size_mismatches_are_runtime_errors_naming_the_sizes():
    f = torch_early.FloatTensor
    with pytest.raises(RuntimeError, match='size mismatch: mat is 2x3 and vec is 2'):
        f(MAT).mv(f(VEC1))
    with pytest.raises(RuntimeError, match='expected the added vector to have size 2'):
        f(VEC).addmv(f(MAT), f(VEC))
    with pytest.raises(RuntimeError, match='expected the added matrix to be 2x3'):
        f(3, 2).addr(f(VEC1), f(VEC2))
    with pytest.raises(RuntimeError, match='batch sizes differ: batch1 is 3x2x2 and batch2 is 1x2x3'):
        f(BATCH1).bmm(f(BATCH2[:1]))
    with pytest.raises(RuntimeError, match='expected a 3D tensor for batch1, got a 2D tensor'):
        f(M).bmm(f(BATCH2))
    with pytest.raises(RuntimeError, match='size mismatch: mat1 is 2x3 and mat2 is 2x3'):
        f(M).mm(f(M))
    with pytest.raises(RuntimeError, match='expected a vector for vec1, got a 2D tensor'):
        f(M).ger(f(VEC))


def test_wrong_types_list_the_signatures():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(M).mm('x')
    assert str(error.value) == (
        "mm received an invalid combination of arguments - got (str), but expected one of:\n"
        " * (torch_early.FloatTensor mat2, out=torch_early.FloatTensor)\n"
        " * (torch_early.FloatTensor mat2)")
    with pytest.raises(TypeError, match=r'\(float beta, float alpha, torch_early.FloatTensor mat, '
                                        r'torch_early.FloatTensor vec\)'):
        torch_early.FloatTensor(T2).addmv(torch_early.DoubleTensor(MAT), torch_early.FloatTensor(VEC))


def test_half_tensors_have_no_products():
    assert not hasattr(torch_early.HalfTensor(2, 2), 'mm')
