"""out= that shares memory with an input, for operations that are not element-wise.

A product, a scan, a reduction, an index or a sort reads elements of its inputs after it has
written elements of its result: with out= a view of an input in another layout (a.t()), it would
read elements it had already overwritten. TH computes such a result into a fresh tensor and copies
it in (THTensor_(resultApartFrom), lib/TH/generic/THTensor.h), so out= receives what NumPy gives
from the inputs' values before the call, and keeps its own layout and storage. Values are small
integers, which every dtype holds exactly.
"""
import numpy
import pytest

import torch_early
from tensor_checks import DTYPES, FLOAT_DTYPES, NUMPY, tensor_class

A = numpy.array([[2, 5, 3], [1, 4, 2], [5, 3, 1]])
B = numpy.array([[1, 0, 2], [2, 1, 0], [0, 1, 1]])
BATCH = numpy.arange(18).reshape(2, 3, 3) % 3
V = numpy.array([1, 2, 3])


def tensors(name):
    cls = tensor_class(name)
    return cls(A.tolist()), cls(B.tolist())


def check(result, out, expected, name):
    """The call returned out, which holds `expected`, and still views the input's storage."""
    assert result is out
    assert out.tolist() == numpy.asarray(expected).astype(NUMPY[name]).tolist()


def renorm_reference(m, p, dim, maxnorm):
    result = m.astype(float)
    for i in range(m.shape[dim]):
        index = [slice(None)] * 2
        index[dim] = i
        norm = numpy.sum(numpy.abs(m[tuple(index)]) ** p) ** (1.0 / p)
        if norm > maxnorm:
            result[tuple(index)] = m[tuple(index)] * (maxnorm / (norm + 1e-7))
    return result


# ---- the reproducers: out= the transpose of an input ----------------------------------------

OPERATIONS = {
    'mm': (lambda a, b, out: torch_early.mm(a, b, out=out), lambda: A @ B),
    'mm, second factor': (lambda a, b, out: torch_early.mm(b, a, out=out), lambda: B @ A),
    'cumsum': (lambda a, b, out: torch_early.cumsum(a, 0, out=out), lambda: numpy.cumsum(A, 0)),
    'cumprod': (lambda a, b, out: torch_early.cumprod(a, 1, out=out),
                lambda: numpy.cumprod(A, 1)),
    'tril': (lambda a, b, out: torch_early.tril(a, 0, out=out), lambda: numpy.tril(A)),
    'triu': (lambda a, b, out: torch_early.triu(a, 1, out=out), lambda: numpy.triu(A, 1)),
    'cross': (lambda a, b, out: torch_early.cross(a, b, 0, out=out),
              lambda: numpy.cross(A, B, axis=0)),
    'addr': (lambda a, b, out: torch_early.addr(a, a.new(V.tolist()), a.new(V.tolist()), out=out),
             lambda: A + numpy.outer(V, V)),
    'addmm': (lambda a, b, out: torch_early.addmm(a, a, b, out=out), lambda: A + A @ B),
    'addbmm': (lambda a, b, out: torch_early.addbmm(a, a.new(BATCH.tolist()),
                                                     a.new(BATCH.tolist()), out=out),
               lambda: A + sum(m @ m for m in BATCH)),
    'index_select': (lambda a, b, out: torch_early.index_select(
        a, 0, torch_early.LongTensor([2, 0, 1]), out=out), lambda: A[[2, 0, 1]]),
    'gather': (lambda a, b, out: torch_early.gather(
        a, 1, torch_early.LongTensor([[2, 1, 0]] * 3), out=out), lambda: A[:, [2, 1, 0]]),
}


@pytest.mark.parametrize('op', sorted(OPERATIONS))
def test_the_reproducers_into_the_transpose_of_an_input(op):
    a, b = tensors('Double')
    call, reference = OPERATIONS[op]
    out = a.t()
    check(call(a, b, out), out, reference(), 'Double')
    assert a.tolist() == reference().T.tolist()        # written through the view into a


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_renorm_into_the_transpose_of_its_input(name):
    a, _ = tensors(name)
    out = a.t()
    result = torch_early.renorm(a, 2, 0, 5, out=out)
    assert result is out
    assert numpy.allclose(out.numpy(), renorm_reference(A, 2, 0, 5), rtol=1e-6)


# ---- the family: every dtype, and out= the same view, a row or a column of an input ----------

@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('op', sorted(OPERATIONS))
@pytest.mark.parametrize('out_view', ['transposed', 'same view', 'the tensor itself'])
def test_every_dtype_into_a_view_of_an_input(name, op, out_view):
    a, b = tensors(name)
    call, reference = OPERATIONS[op]
    out = {'transposed': lambda: a.t(), 'same view': lambda: a[:],
           'the tensor itself': lambda: a}[out_view]()
    expected = reference()
    check(call(a, b, out), out, expected, name)
    in_a = expected.T if out_view == 'transposed' else expected
    assert a.tolist() == in_a.astype(NUMPY[name]).tolist()


def test_cumsum_into_its_own_input_is_right():
    a = torch_early.DoubleTensor(A.tolist())
    assert torch_early.cumsum(a, 0, out=a) is a
    assert a.tolist() == numpy.cumsum(A, 0).tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_reductions_into_a_row_of_their_input(name):
    for op, reference in [
            (lambda a, out: torch_early.sum(a, 0, out=out), A.sum(0)),
            (lambda a, out: torch_early.prod(a, 0, out=out), A.prod(0)),
            (lambda a, out: torch_early.max(a, 0, out=(out, torch_early.LongTensor()))[0],
             A.max(0)),
            (lambda a, out: torch_early.min(a, 0, out=(out, torch_early.LongTensor()))[0],
             A.min(0))]:
        a, _ = tensors(name)
        out = a[0:1]
        assert op(a, out) is out
        expected = numpy.vstack([reference, A[1:]])
        assert a.tolist() == expected.astype(NUMPY[name]).tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_products_into_a_column_or_a_row_of_a_factor(name):
    a, _ = tensors(name)
    column = a[:, 0]                                    # mv(a, a[:, 0]) into a[:, 0]
    assert torch_early.mv(a, column, out=column) is column
    expected = A.copy()
    expected[:, 0] = A @ A[:, 0]
    assert a.tolist() == expected.astype(NUMPY[name]).tolist()
    a, _ = tensors(name)
    row = a[1]                                          # diag(a) into a[1]
    assert torch_early.diag(a, 0, out=row) is row
    expected = A.copy()
    expected[1] = numpy.diag(A)
    assert a.tolist() == expected.astype(NUMPY[name]).tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_sort_and_selections_into_a_view_of_their_input(name):
    a, _ = tensors(name)
    out = a.t()
    values, _ = torch_early.sort(a, 0, out=(out, torch_early.LongTensor()))
    assert values is out and out.tolist() == numpy.sort(A, 0).tolist()
    a, _ = tensors(name)
    values, _ = torch_early.sort(a, 1, True, out=(a, torch_early.LongTensor()))
    assert values is a and a.tolist() == (-numpy.sort(-A, 1)).tolist()
    a, _ = tensors(name)
    out = a[:, 0:2]
    torch_early.topk(a, 2, 1, out=(out, torch_early.LongTensor()))
    expected = A.copy()
    expected[:, 0:2] = -numpy.sort(-A, 1)[:, :2]
    assert a.tolist() == expected.tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_cat_and_masked_select_into_a_view_of_their_inputs(name):
    a, _ = tensors(name)
    out = a[1:3]
    assert torch_early.cat([a[0:1], a[1:2]], 0, out=out) is out
    assert a.tolist() == [A[0].tolist(), A[0].tolist(), A[1].tolist()]
    a, _ = tensors(name)
    out = a[:, 0]
    torch_early.masked_select(a, torch_early.ByteTensor(numpy.eye(3, dtype='uint8').tolist()),
                              out=out)
    expected = A.copy()
    expected[:, 0] = numpy.diag(A)
    assert a.tolist() == expected.tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_in_place_writes_whose_source_is_a_view_of_the_tensor(name):
    order = torch_early.LongTensor([2, 0, 1])
    a, _ = tensors(name)
    a.index_copy_(0, order, a.t())
    expected = A.copy()
    expected[[2, 0, 1]] = A.T
    assert a.tolist() == expected.tolist()
    a, _ = tensors(name)
    a.scatter_(1, torch_early.LongTensor([[1, 2, 0]] * 3), a.t())
    expected = A.copy()
    for i in range(3):
        expected[i, [1, 2, 0]] = A.T[i]
    assert a.tolist() == expected.tolist()
    a, _ = tensors(name)
    a.masked_copy_(torch_early.ByteTensor([[0, 1, 0], [1, 0, 1], [0, 1, 0]]), a.t())
    expected = A.copy()
    expected[[0, 1, 1, 2], [1, 0, 2, 1]] = A.T.flatten()[:4]
    assert a.tolist() == expected.tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_copy_from_a_view_of_the_tensor(name):
    a, _ = tensors(name)
    assert a.copy_(a.t()) is a
    assert a.tolist() == A.T.tolist()
    a, _ = tensors(name)
    a[1:3].copy_(a[0:2])                                 # overlapping rows, contiguous
    assert a.tolist() == [A[0].tolist(), A[0].tolist(), A[1].tolist()]


# ---- out= an operand of other sizes than the result ------------------------------------------
# Element-wise too: `a.add(b, out=b)` with b of other sizes than a resizes b to a's sizes before
# anything is read, which lays b out anew (an expanded b grows a storage of fresh elements). TH
# reads such an operand from a copy taken before the resize (THTensor_(newCopyBeforeResize)).
# An integer division by what the resize left there died of SIGFPE; the rest read garbage.

def operand_of_other_sizes(cls, layout):
    """b: 1x3 holding [2, 3, 4] (expanded from [[2]] or transposed), a: 1x1x3 [[[4, 6, 8]]]."""
    a = cls([[[4, 6, 8]]])
    if layout == 'expanded':
        b, values = cls([[2]]).expand(1, 3), [2, 2, 2]
    else:
        b, values = cls([[2], [3], [4]]).t(), [2, 3, 4]
    return a, b, numpy.array(values)


BINARY = {
    'add': (lambda a, b, out: a.add(b, out=out), lambda x, y: x + y),
    'add with a value': (lambda a, b, out: a.add(3, b, out=out), lambda x, y: x + 3 * y),
    'sub': (lambda a, b, out: a.sub(b, out=out), lambda x, y: x - y),
    'mul': (lambda a, b, out: a.mul(b, out=out), lambda x, y: x * y),
    'cmax': (lambda a, b, out: a.cmax(b, out=out), numpy.maximum),
    'cmin': (lambda a, b, out: a.cmin(b, out=out), numpy.minimum),
    'div': (lambda a, b, out: a.div(b, out=out), None),
    'fmod': (lambda a, b, out: a.fmod(b, out=out), numpy.fmod),
    'remainder': (lambda a, b, out: a.remainder(b, out=out), numpy.remainder),
    'addcmul': (lambda a, b, out: torch_early.addcmul(a, 1, a, b, out=out), lambda x, y: x + x * y),
}


@pytest.mark.parametrize('name', DTYPES)
@pytest.mark.parametrize('layout', ['expanded', 'transposed'])
@pytest.mark.parametrize('op', sorted(BINARY))
def test_out_an_operand_of_other_sizes_reads_its_values_first(name, layout, op):
    call, reference = BINARY[op]
    a, b, values = operand_of_other_sizes(tensor_class(name), layout)
    x = numpy.array([[[4, 6, 8]]])
    if reference is None:      # div: true division for floats, truncating for integers
        expected = x / values if name in FLOAT_DTYPES else numpy.trunc(x / values)
    else:
        expected = reference(x, values)
    result = call(a, b, b)
    assert result is b and b.size() == (1, 1, 3)
    assert b.tolist() == expected.astype(NUMPY[name]).tolist()


@pytest.mark.parametrize('name', DTYPES)
def test_addcdiv_and_the_fuzzers_reproducer_into_an_expanded_divisor(name):
    cls = tensor_class(name)
    t0, t1 = cls([[[4]]]).expand(1, 1, 3), cls([[2]]).expand(1, 3)
    assert t0.remainder(t1, out=t1).tolist() == [[[0, 0, 0]]]
    t, d = cls([[[1, 1, 1]]]), cls([[2]]).expand(1, 3)
    assert torch_early.addcdiv(t, 1, cls([[[4, 4, 4]]]), d, out=d).tolist() == [[[3, 3, 3]]]
