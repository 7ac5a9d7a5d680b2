"""legacy.nn's table modules (inputs or outputs that are tables, i.e. lists of tensors): forward
against a reference computed by hand, backward against central differences, the errors."""
import math

import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_module_gradients, check_type_conversion,
                              random_double, tensors_of)


def pair(*sizes):
    return [random_double(*sizes), random_double(*sizes)]


# -- element-wise

def test_caddtable():
    x = [random_double(2, 3) for _ in range(3)]
    module = nn.CAddTable().double()
    assert_close(module.forward(x), x[0] + x[1] + x[2])
    check_module_gradients(module, x)
    check_type_conversion(module, x)


def test_caddtable_inplace_writes_into_the_first_input():
    x = pair(3)
    expected = x[0] + x[1]
    module = nn.CAddTable(True).double()
    output = module.forward(x)
    assert output.data_ptr() == x[0].data_ptr()
    assert_close(x[0], expected)
    g = random_double(3)
    assert all(gi is g for gi in module.backward(x, g))


def test_csubtable_cmultable_cdivtable():
    x = pair(2, 3)
    assert_close(nn.CSubTable().double().forward(x), x[0] - x[1])
    triple = x + [random_double(2, 3)]
    assert_close(nn.CMulTable().double().forward(triple), x[0] * x[1] * triple[2])
    positive = [x[0], x[1].abs().add_(0.5)]
    assert_close(nn.CDivTable().double().forward(positive), x[0] / positive[1])
    for module, input in ((nn.CSubTable(), x), (nn.CMulTable(), triple), (nn.CDivTable(), positive)):
        check_module_gradients(module.double(), input)


def test_cmultable_gradient_with_a_zero_factor():
    x = [torch.DoubleTensor([0, 2]), torch.DoubleTensor([3, 4])]
    module = nn.CMulTable().double()
    module.forward(x)
    gradInput = module.backward(x, torch.DoubleTensor([1, 1]))
    assert_close(gradInput, [[3, 4], [0, 2]])


def test_elementwise_tables_errors():
    with pytest.raises(TypeError, match='CAddTable expects a table \\(list\\) of tensors as input, '
                                        'but got DoubleTensor'):
        nn.CAddTable().double().forward(random_double(2))
    with pytest.raises(ValueError, match='CSubTable expects a table of 2 tensors, but got 3'):
        nn.CSubTable().double().forward([random_double(2)] * 3)
    with pytest.raises(RuntimeError, match='CMulTable: the tensors of its input table must have '
                                           'the same size, but got 2 and 3'):
        nn.CMulTable().double().forward([random_double(2), random_double(3)])
    with pytest.raises(ValueError, match='at least 1'):
        nn.CAddTable().double().forward([])


# -- joining and splitting

@pytest.mark.parametrize('dim,expected_dim', [(0, 0), (2, 2), (-1, 2)])
def test_jointable(dim, expected_dim):
    x = [random_double(2, 3, 2), random_double(2, 3, 2)]
    module = nn.JoinTable(dim).double()
    assert_close(module.forward(x), torch.cat(x, expected_dim))
    check_module_gradients(module, x)


def test_jointable_batch_dimension():
    module = nn.JoinTable(0, 1).double()
    vectors, batches = [random_double(2), random_double(3)], [random_double(4, 2), random_double(4, 3)]
    assert_close(module.forward(vectors), torch.cat(vectors, 0))
    assert_close(module.forward(batches), torch.cat(batches, 1))


def test_jointable_errors():
    with pytest.raises(RuntimeError, match='JoinTable: the tensors must agree in every dimension '
                                           'but 0, but got sizes 2x3 and 2x2'):
        nn.JoinTable(0).double().forward([random_double(2, 3), random_double(2, 2)])
    with pytest.raises(IndexError, match='JoinTable: dimension 2 out of range for 2D inputs'):
        nn.JoinTable(2).double().forward(pair(2, 2))


def test_splittable():
    x = random_double(3, 4)
    module = nn.SplitTable(1).double()
    output = module.forward(x)
    assert len(output) == 4
    assert_close(output, [x.select(1, i) for i in range(4)])
    check_module_gradients(module, x)
    assert len(nn.SplitTable(-1).double().forward(x)) == 4
    assert len(nn.SplitTable(0, 1).double().forward(x)) == 4      # a batch of vectors: split dim 1
    with pytest.raises(IndexError, match='SplitTable: dimension 2 out of range for a 2D input'):
        nn.SplitTable(2).double().forward(x)
    with pytest.raises(TypeError, match='SplitTable expects a tensor as input, but got list'):
        nn.SplitTable(0).forward([x])


def test_split_then_join_is_identity():
    net = nn.Sequential().add(nn.SplitTable(0)).add(nn.JoinTable(0)).double()
    x = random_double(6)
    assert_close(net.forward(x), x)
    assert [t.size() for t in net.modules[0].output] == [torch.Size([1])] * 6
    check_module_gradients(net, x)


# -- selecting

def test_selecttable():
    x = [random_double(2), [random_double(3), random_double(1)], random_double(4)]
    module = nn.SelectTable(1).double()
    assert module.forward(x) is x[1]
    g = [random_double(3), random_double(1)]
    gradInput = module.backward(x, g)
    assert_close(gradInput, [[0, 0], g, [0, 0, 0, 0]])
    check_module_gradients(module, x)
    assert nn.SelectTable(-1).forward(x) is x[2]
    assert repr(module) == 'nn.SelectTable(1)'
    with pytest.raises(IndexError, match='SelectTable: index 3 out of range for a table of 3'):
        module.__class__(3).forward(x)


def test_narrowtable():
    x = [random_double(i + 1) for i in range(5)]
    assert nn.NarrowTable(1).forward(x) == x[1:2]
    module = nn.NarrowTable(2, 3).double()
    assert module.forward(x) == x[2:5]
    g = [random_double(3), random_double(4), random_double(5)]
    assert_close(module.backward(x, g), [[0], [0, 0]] + g)
    check_module_gradients(module, x)
    with pytest.raises(IndexError, match='NarrowTable: elements 4 to 5 out of range for a table of 5'):
        nn.NarrowTable(4, 2).forward(x)


def test_flattentable():
    x = [random_double(1), [random_double(2), [random_double(3)]], random_double(4)]
    module = nn.FlattenTable().double()
    output = module.forward(x)
    assert [id(t) for t in output] == [id(t) for t in tensors_of(x)]
    assert module.input_map == [0, [1, [2]], 3]
    g = [random_double(n) for n in (1, 2, 3, 4)]
    gradInput = module.backward(x, g)
    assert gradInput[0] is g[0] and gradInput[1][1][0] is g[2] and gradInput[2] is g[3]
    check_module_gradients(module, x)
    x[1].append(random_double(5))
    module.forward(x)
    assert module.input_map == [0, [1, [2], 3], 4] and len(module.output) == 5
    with pytest.raises(TypeError, match='FlattenTable: a table holds tensors and tables, not int'):
        module.forward([random_double(1), 3])


# -- pairs of vectors

def test_dotproduct():
    a, b = pair(4, 3)
    module = nn.DotProduct().double()
    assert_close(module.forward([a, b]), [sum(a[i][j] * b[i][j] for j in range(3)) for i in range(4)])
    check_module_gradients(module, [a, b])
    v, w = pair(3)
    assert_close(module.forward([v, w]), [v.dot(w)])
    check_module_gradients(module, [v, w])


def test_cosinedistance():
    a, b = pair(4, 3)
    module = nn.CosineDistance().double()
    expected = [a[i].dot(b[i]) / (a[i].norm() * b[i].norm()) for i in range(4)]
    assert_close(module.forward([a, b]), expected)
    check_module_gradients(module, [a, b])
    check_module_gradients(module, pair(5))


def test_cosinedistance_of_a_zero_vector_is_zero():
    module = nn.CosineDistance().double()
    x = [torch.DoubleTensor(3).zero_(), random_double(3)]
    assert_close(module.forward(x), [0])
    assert not any(math.isnan(v) for t in module.backward(x, torch.DoubleTensor([1]))
                   for v in t.tolist())


@pytest.mark.parametrize('p', [1, 2, 1.5, 3])
def test_pairwisedistance(p):
    a, b = pair(4, 5)
    module = nn.PairwiseDistance(p).double()
    expected = [sum(abs(a[i][j] - b[i][j]) ** p for j in range(5)) ** (1.0 / p) for i in range(4)]
    assert_close(module.forward([a, b]), expected)
    check_module_gradients(module, [a, b])
    check_module_gradients(module, pair(3))
    assert repr(module) == 'nn.PairwiseDistance(%s)' % p


def test_pairs_errors():
    with pytest.raises(RuntimeError, match='DotProduct expects two vectors or two batches of '
                                           'vectors of the same size, but got sizes 2x3 and 3x2'):
        nn.DotProduct().double().forward([random_double(2, 3), random_double(3, 2)])
    with pytest.raises(ValueError, match='the norm must be positive, but got p = 0'):
        nn.PairwiseDistance(0)


# -- products

def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


def transposed(m):
    return [list(row) for row in zip(*m)]


@pytest.mark.parametrize('transA,transB', [(False, False), (True, False), (False, True), (True, True)])
def test_mm(transA, transB):
    a = random_double(*((3, 4) if transA else (4, 3)))
    b = random_double(*((2, 3) if transB else (3, 2)))
    module = nn.MM(transA, transB).double()
    A = transposed(a.tolist()) if transA else a.tolist()
    B = transposed(b.tolist()) if transB else b.tolist()
    assert_close(module.forward([a, b]), matmul(A, B))
    check_module_gradients(module, [a, b])


def test_mm_batches_and_errors():
    a, b = random_double(2, 4, 3), random_double(2, 3, 5)
    module = nn.MM().double()
    assert_close(module.forward([a, b]), [matmul(a[i].tolist(), b[i].tolist()) for i in range(2)])
    check_module_gradients(module, [a, b])
    with pytest.raises(RuntimeError, match='MM: the sizes of the factors do not match: 4x3 times 4x3'):
        module.forward([random_double(4, 3), random_double(4, 3)])
    with pytest.raises(RuntimeError, match='MM expects two matrices or two batches of matrices'):
        module.forward([random_double(4), random_double(4)])


@pytest.mark.parametrize('trans', [False, True])
def test_mv(trans):
    m, v = random_double(4, 3), random_double(4 if trans else 3)
    module = nn.MV(trans).double()
    M = transposed(m.tolist()) if trans else m.tolist()
    assert_close(module.forward([m, v]), [sum(row[j] * v[j] for j in range(len(row))) for row in M])
    check_module_gradients(module, [m, v])
    batch = [random_double(2, 4, 3), random_double(2, 4 if trans else 3)]
    check_module_gradients(module, batch)
    assert module.forward(batch).size() == torch.Size([2, 3 if trans else 4])


def test_mv_errors():
    with pytest.raises(RuntimeError, match='MV: the sizes do not match: 4x3 times 4'):
        nn.MV().double().forward([random_double(4, 3), random_double(4)])
    with pytest.raises(RuntimeError, match='MV expects a matrix and a vector or a batch of each'):
        nn.MV().double().forward([random_double(4, 3), random_double(1, 1, 3)])


# -- mixture of experts

def test_mixturetable_with_an_expert_tensor():
    gater, experts = random_double(5, 3), random_double(5, 3, 6)
    module = nn.MixtureTable().double()
    expected = [[sum(gater[b][k] * experts[b][k][d] for k in range(3)) for d in range(6)]
                for b in range(5)]
    assert_close(module.forward([gater, experts]), expected)
    check_module_gradients(module, [gater, experts])


def test_mixturetable_with_an_expert_table_and_one_example():
    gater, experts = random_double(3), [random_double(4) for _ in range(3)]
    module = nn.MixtureTable().double()
    expected = [sum(gater[k] * experts[k][d] for k in range(3)) for d in range(4)]
    assert_close(module.forward([gater, experts]), expected)
    check_module_gradients(module, [gater, experts])
    check_module_gradients(module, [random_double(2, 3), [random_double(2, 4) for _ in range(3)]])


def test_mixturetable_expert_dimension_and_errors():
    gater, experts = random_double(2, 3), random_double(2, 4, 3)
    module = nn.MixtureTable(2).double()
    expected = [[sum(gater[b][k] * experts[b][d][k] for k in range(3)) for d in range(4)]
                for b in range(2)]
    assert_close(module.forward([gater, experts]), expected)
    check_module_gradients(module, [gater, experts])
    with pytest.raises(RuntimeError, match='the gater weighs 3 experts, but there are 4'):
        module.forward([gater, random_double(2, 3, 4)])
    with pytest.raises(TypeError, match='MixtureTable expects the table \\[gater, experts\\]'):
        module.forward(gater)


def test_mixturetable_dim_counts_the_batch_as_v0_1_12():
    module = nn.MixtureTable().double()
    assert module.dim == 1
    # one example: the experts (4 x 3, experts along the last dimension) without a batch
    gater, experts = random_double(3), random_double(4, 3)
    expected = [sum(gater[k] * experts[d][k] for k in range(3)) for d in range(4)]
    assert_close(nn.MixtureTable(2).double().forward([gater, experts]), expected)
