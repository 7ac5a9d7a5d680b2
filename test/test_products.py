"""Vector and matrix products: dot, addmm, addmv, addr, addbmm, baddbmm, mm, mv, bmm, ger, and
cross.

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


# ---- dot ------------------------------------------------------------------------------------

A = [[1, 2, 3], [4, 5, 6]]
B = [[6, 5, 4], [3, 2, 1]]


@pytest.mark.parametrize('name', DTYPES)
def test_dot_is_the_sum_of_products(name):
    a, b = tensor_class(name)([1, 2, 3]), tensor_class(name)([4, 5, 6])
    assert a.dot(b) == 1 * 4 + 2 * 5 + 3 * 6 == 32
    assert torch_early.dot(a, b) == 32
    assert type(a.dot(b)) is (float if name in FLOAT_DTYPES else int)


def test_dot_reads_both_tensors_as_one_dimension():
    a, b = torch_early.FloatTensor(A), torch_early.FloatTensor(B)
    flat_a = [x for row in A for x in row]
    flat_b = [x for row in B for x in row]
    assert a.dot(b) == sum(x * y for x, y in zip(flat_a, flat_b))
    # a non-contiguous operand is read in its own row-major order
    assert a.t().dot(b.t()) == a.dot(b)


def test_dot_needs_as_many_elements():
    with pytest.raises(RuntimeError, match='expected 3 elements \\(size 3\\) but got 2'):
        torch_early.FloatTensor([1, 2, 3]).dot(torch_early.FloatTensor([1, 2]))


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


# addmm on a second set of operands: a 3x2 result of a 3x2 and a 2x2 factor
M_3x2 = [[1, 0], [0, 1], [2, 2]]
MAT1_3x2 = [[1, 2], [3, 4], [5, 6]]
MAT2_2x2 = [[1, 0], [2, 1]]


def addmm(beta, m, alpha, mat1, mat2):
    return combine(beta, m, alpha, matmul(mat1, mat2))


@pytest.mark.parametrize('name', DTYPES)
def test_addmm_method_forms(name):
    cls = tensor_class(name)
    m, mat1, mat2 = cls(M_3x2), cls(MAT1_3x2), cls(MAT2_2x2)
    assert m.addmm(mat1, mat2).tolist() == addmm(1, M_3x2, 1, MAT1_3x2, MAT2_2x2)
    assert m.addmm(2, mat1, mat2).tolist() == addmm(2, M_3x2, 1, MAT1_3x2, MAT2_2x2)
    assert m.addmm(2, 3, mat1, mat2).tolist() == addmm(2, M_3x2, 3, MAT1_3x2, MAT2_2x2)
    assert m.tolist() == M_3x2


@pytest.mark.parametrize('name', DTYPES)
def test_addmm_in_place(name):
    cls = tensor_class(name)
    m = cls(M_3x2)
    assert m.addmm_(2, 3, cls(MAT1_3x2), cls(MAT2_2x2)) is m
    assert m.tolist() == addmm(2, M_3x2, 3, MAT1_3x2, MAT2_2x2)


def test_addmm_function_forms():
    m, mat1, mat2 = (torch_early.DoubleTensor(x) for x in (M_3x2, MAT1_3x2, MAT2_2x2))
    assert torch_early.addmm(m, mat1, mat2).tolist() == addmm(1, M_3x2, 1, MAT1_3x2, MAT2_2x2)
    assert torch_early.addmm(2, m, mat1, mat2).tolist() == addmm(2, M_3x2, 1, MAT1_3x2, MAT2_2x2)
    assert torch_early.addmm(2, m, 3, mat1, mat2).tolist() == addmm(2, M_3x2, 3, MAT1_3x2, MAT2_2x2)
    assert torch_early.addmm(m, 3, mat1, mat2).tolist() == addmm(1, M_3x2, 3, MAT1_3x2, MAT2_2x2)
    out = torch_early.DoubleTensor()
    assert torch_early.addmm(m, mat1, mat2, out=out) is out
    assert out.tolist() == addmm(1, M_3x2, 1, MAT1_3x2, MAT2_2x2)
    assert m.tolist() == M_3x2


def test_addmm_keywords():
    m, mat1, mat2 = (torch_early.FloatTensor(x) for x in (M_3x2, MAT1_3x2, MAT2_2x2))
    assert m.addmm(beta=2, mat1=mat1, mat2=mat2).tolist() == addmm(2, M_3x2, 1, MAT1_3x2, MAT2_2x2)
    assert m.addmm(mat1, mat2, alpha=3).tolist() == addmm(1, M_3x2, 3, MAT1_3x2, MAT2_2x2)


@pytest.mark.parametrize('name', ['Float', 'Double', 'Int', 'Long'])
def test_addmm_with_transposed_operands(name):
    cls = tensor_class(name)
    mat1 = cls(transpose(MAT1_3x2)).t()  # the same values as MAT1_3x2, stored column by column
    mat2 = cls(transpose(MAT2_2x2)).t()
    m = cls(transpose(M_3x2)).t()
    assert not mat1.is_contiguous()
    assert m.addmm(2, 3, mat1, mat2).tolist() == addmm(2, M_3x2, 3, MAT1_3x2, MAT2_2x2)
    m.addmm_(mat1, mat2)  # in place into a transposed result writes through its strides
    assert m.tolist() == addmm(1, M_3x2, 1, MAT1_3x2, MAT2_2x2)


@pytest.mark.parametrize('name', ['Float', 'Double', 'Int', 'Long'])
def test_addmm_with_narrowed_operands(name):
    cls = tensor_class(name)
    big = [[10 * i + j for j in range(5)] for i in range(4)]
    mat1 = cls(big)[1:4, 1:3]  # a 3x2 window: rows 1-3, columns 1-2
    window = [row[1:3] for row in big[1:4]]
    mat2 = cls(big).narrow(0, 2, 2).narrow(1, 0, 3)  # 2x3
    window2 = [row[0:3] for row in big[2:4]]
    m = cls(3, 3).zero_()
    assert m.addmm(mat1, mat2).tolist() == matmul(window, window2)


def test_addmm_of_larger_matrices_against_the_obvious_product():
    n = 17  # not a multiple of any block size
    a = [[(i * 7 + j * 3) % 11 - 5 for j in range(n)] for i in range(n)]
    b = [[(i * 5 + j * 2) % 13 - 6 for j in range(n)] for i in range(n)]
    result = torch_early.DoubleTensor(n, n).zero_().addmm(
        torch_early.DoubleTensor(a), torch_early.DoubleTensor(b))
    assert result.tolist() == matmul(a, b)


def test_addmm_size_mismatches_are_runtime_errors_naming_sizes():
    m = torch_early.FloatTensor(M_3x2)
    with pytest.raises(RuntimeError, match='size mismatch: mat1 is 3x2 and mat2 is 3x2'):
        m.addmm(torch_early.FloatTensor(MAT1_3x2), torch_early.FloatTensor(3, 2))
    with pytest.raises(RuntimeError, match='expected the added matrix to be 3x2'):
        torch_early.FloatTensor(2, 2).addmm(torch_early.FloatTensor(MAT1_3x2),
                                            torch_early.FloatTensor(MAT2_2x2))
    with pytest.raises(RuntimeError, match='expected a matrix for mat1, got a 1D tensor'):
        m.addmm(torch_early.FloatTensor(6), torch_early.FloatTensor(MAT2_2x2))
    assert m.tolist() == M_3x2


def test_addmm_wrong_types_list_the_signatures():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(M_3x2).addmm(1)
    assert str(error.value).startswith(
        'addmm received an invalid combination of arguments - got (int), but expected one of:\n'
        ' * (float beta, float alpha, torch_early.FloatTensor mat1, torch_early.FloatTensor mat2, '
        'out=torch_early.FloatTensor)\n'
        ' * (float beta, float alpha, torch_early.FloatTensor mat1, torch_early.FloatTensor mat2)\n')


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
    # a tensor of another type: only the signatures with tensors there are listed
    with pytest.raises(TypeError, match=r'^FloatTensor.addmv\(DoubleTensor, FloatTensor\): the '
                                        r'tensors must be of one type.*\n.*but expected one of:\n'
                                        r' \* \(torch_early.FloatTensor mat, '
                                        r'torch_early.FloatTensor vec\)\n'
                                        r' \* \.\.\. and 7 more: '):
        torch_early.FloatTensor(T2).addmv(torch_early.DoubleTensor(MAT), torch_early.FloatTensor(VEC))


def test_half_tensors_have_no_products():
    assert not hasattr(torch_early.HalfTensor(2, 2), 'mm')
