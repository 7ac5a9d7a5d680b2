"""Linear algebra through LAPACK, for FloatTensor and DoubleTensor.

Each operation copies its inputs into column-major (Fortran-ordered) matrices, runs one LAPACK
routine, and returns LAPACK's results as they are: column-major tensors (stride 1 down a column).
Results are checked against NumPy (solve, lstsq, eigh, eig, svd, inv, cholesky) and by putting the
factors back together (A X = B, Q R = A, U diag(S) V' = A, L L' = A). Singular, non positive
definite and badly shaped inputs are RuntimeErrors that say what is wrong.
"""
import numpy
import pytest

import torch_early
from tensor_checks import FLOAT_DTYPES, NUMPY


def lapack_is_built():
    """Whether this build links LAPACK (a build without BLAS has none: every call says so, which
    the C suite checks)."""
    try:
        torch_early.DoubleTensor([[2]]).inverse()
        return True
    except RuntimeError as error:
        if 'requires LAPACK, which this build was compiled without' in str(error):
            return False
        raise


pytestmark = pytest.mark.skipif(not lapack_is_built(), reason='built without LAPACK')


def tolerance(name):
    return 1e-4 if name == 'Float' else 1e-10


def close(actual, expected, name, scale=1):
    numpy.testing.assert_allclose(actual, expected, rtol=tolerance(name) * scale,
                                  atol=tolerance(name) * scale)


def random_matrix(name, rows, cols, seed=0):
    return numpy.random.RandomState(seed).randn(rows, cols).astype(NUMPY[name])


def spd_matrix(name, n, seed=0):
    """A symmetric positive definite matrix, well conditioned."""
    a = numpy.random.RandomState(seed).randn(n, n)
    return (a @ a.T + n * numpy.eye(n)).astype(NUMPY[name])


def tensor(array):
    """A torch_early tensor with array's values, in its own (contiguous) memory."""
    return torch_early.from_numpy(numpy.ascontiguousarray(array)).clone()


def is_column_major(t):
    return t.stride(0) == 1 and t.stride(1) == t.size(0)


# ---- solving linear systems -----------------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_gesv_solves_and_returns_column_major_results(name):
    a, b = random_matrix(name, 5, 5), random_matrix(name, 5, 3, seed=1)
    a_t, b_t = tensor(a), tensor(b)
    x, lu = torch_early.gesv(b_t, a_t)
    close(x.numpy(), numpy.linalg.solve(a.astype(numpy.float64), b), name, 10)
    assert is_column_major(x) and is_column_major(lu)
    assert a_t.numpy().tolist() == a.tolist() and b_t.numpy().tolist() == b.tolist()  # untouched
    x2, lu2 = b_t.gesv(a_t)                                         # the method form
    assert x2.tolist() == x.tolist() and lu2.tolist() == lu.tolist()


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_gesv_reads_transposed_and_narrowed_operands(name):
    a, b = random_matrix(name, 4, 4), random_matrix(name, 6, 7, seed=2)
    a_transposed = tensor(a.T).t()                                  # a, stored column by column
    b_window = tensor(b)[1:5, 2:4]                                   # a 4 x 2 window
    x, _ = torch_early.gesv(b_window, a_transposed)
    close(x.numpy(), numpy.linalg.solve(a.astype(numpy.float64), b[1:5, 2:4]), name, 10)


def test_gesv_writes_into_out():
    a, b = tensor(spd_matrix('Double', 3)), tensor(random_matrix('Double', 3, 2))
    x, lu = torch_early.DoubleTensor(), torch_early.DoubleTensor()
    result = torch_early.gesv(b, a, out=(x, lu))
    assert result[0] is x and result[1] is lu
    close((a.numpy() @ x.numpy()), b.numpy(), 'Double')


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_gels_solves_least_squares(name):
    a, b = random_matrix(name, 7, 3), random_matrix(name, 7, 2, seed=3)
    x, qr = torch_early.gels(tensor(b), tensor(a))
    assert x.size() == (3, 2)                                        # n x k: X alone
    expected = numpy.linalg.lstsq(a.astype(numpy.float64), b, rcond=None)[0]
    close(x.numpy(), expected, name, 10)
    assert qr.size() == (7, 3)
    residual = (tensor(a) @ x - tensor(b)).norm()                    # A X works as it did in 2017
    assert abs(residual - numpy.linalg.norm(a.astype(numpy.float64) @ expected - b)) < 1e-3


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_gels_into_its_own_operands(name):
    a, b = random_matrix(name, 6, 4), random_matrix(name, 6, 2, seed=3)
    ta, tb = tensor(a), tensor(b)
    x, _ = torch_early.gels(tb, ta, out=(tb, ta))
    assert x is tb and tb.size() == (4, 2)
    close(tb.numpy(), numpy.linalg.lstsq(a.astype(numpy.float64), b, rcond=None)[0], name, 10)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_gels_finds_the_minimum_norm_solution_of_a_wide_system(name):
    a, b = random_matrix(name, 2, 5), random_matrix(name, 2, 1, seed=4)
    x, _ = tensor(b).gels(tensor(a))
    expected = numpy.linalg.lstsq(a.astype(numpy.float64), b, rcond=None)[0]
    close(x.numpy(), expected, name, 10)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_trtrs_solves_triangular_systems(name):
    a = random_matrix(name, 4, 4) + 4 * numpy.eye(4, dtype=NUMPY[name])
    b = random_matrix(name, 4, 2, seed=5)
    upper, lower = numpy.triu(a), numpy.tril(a)
    solve = lambda m: numpy.linalg.solve(m.astype(numpy.float64), b)
    x, cloned = torch_early.trtrs(tensor(b), tensor(a))              # upper: the lower part is ignored
    close(x.numpy(), solve(upper), name, 10)
    assert cloned.tolist() == a.tolist()
    close(tensor(b).trtrs(tensor(a), False)[0].numpy(), solve(lower), name, 10)
    close(tensor(b).trtrs(tensor(a), transpose=True)[0].numpy(), solve(upper.T), name, 10)
    unit = numpy.triu(a, 1) + numpy.eye(4)
    close(tensor(b).trtrs(tensor(a), unitriangular=True)[0].numpy(), solve(unit), name, 10)


# ---- eigenvalues and singular values --------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_symeig_matches_eigh(name):
    a = spd_matrix(name, 5) - 6 * numpy.eye(5, dtype=NUMPY[name])   # some negative eigenvalues
    e, v = tensor(a).symeig(eigenvectors=True)
    expected = numpy.linalg.eigh(a.astype(numpy.float64))[0]
    close(e.numpy(), expected, name, 10)                             # ascending
    close(a @ v.numpy(), v.numpy() * e.numpy(), name, 100)           # A v = lambda v, column by column
    close(v.numpy().T @ v.numpy(), numpy.eye(5), name, 10)
    assert is_column_major(v)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_symeig_reads_one_triangle_and_computes_vectors_only_when_asked(name):
    a = spd_matrix(name, 4)
    garbage_below, garbage_above = numpy.triu(a) + numpy.tril(numpy.full((4, 4), 50.0), -1), \
        numpy.tril(a) + numpy.triu(numpy.full((4, 4), 50.0), 1)
    expected = numpy.linalg.eigh(a.astype(numpy.float64))[0]
    e, v = torch_early.symeig(tensor(garbage_below.astype(NUMPY[name])))
    close(e.numpy(), expected, name, 10)
    assert v.dim() == 0                                              # no eigenvectors asked for
    e, _ = torch_early.symeig(tensor(garbage_above.astype(NUMPY[name])), False, False)
    close(e.numpy(), expected, name, 10)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_eig_gives_real_and_imaginary_parts(name):
    a = random_matrix(name, 5, 5, seed=6)
    e, v = tensor(a).eig()
    assert e.size() == (5, 2) and v.dim() == 0
    ours = numpy.sort_complex(e.numpy()[:, 0] + 1j * e.numpy()[:, 1])
    expected = numpy.sort_complex(numpy.linalg.eigvals(a.astype(numpy.float64)))
    close(ours, expected, name, 10)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_eig_eigenvectors_of_a_symmetric_matrix(name):
    a = spd_matrix(name, 4)
    e, v = torch_early.eig(tensor(a), True)
    close(a @ v.numpy(), v.numpy() * e.numpy()[:, 0], name, 100)
    close(e.numpy()[:, 1], numpy.zeros(4), name)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
@pytest.mark.parametrize('shape', [(6, 4), (4, 6), (5, 5)])
def test_svd_puts_the_matrix_back_together(name, shape):
    a = random_matrix(name, *shape, seed=7)
    k = min(shape)
    u, s, v = tensor(a).svd()
    assert u.size() == (shape[0], k) and s.size() == (k,) and v.size() == (shape[1], k)
    close(s.numpy(), numpy.linalg.svd(a.astype(numpy.float64), compute_uv=False), name, 10)
    close(u.numpy() @ numpy.diag(s.numpy()) @ v.numpy().T, a, name, 10)
    u, s, v = torch_early.svd(tensor(a), some=False)
    assert u.size() == (shape[0], shape[0]) and v.size() == (shape[1], shape[1])
    close(u.numpy().T @ u.numpy(), numpy.eye(shape[0]), name, 10)


# ---- inverse and Cholesky -------------------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_inverse_matches_numpy(name):
    a = random_matrix(name, 6, 6, seed=8)
    inverse = tensor(a).inverse()
    close(inverse.numpy(), numpy.linalg.inv(a.astype(numpy.float64)), name, 100)
    assert is_column_major(inverse)
    close(torch_early.inverse(tensor(a.T).t()).numpy(), numpy.linalg.inv(a.astype(numpy.float64)),
          name, 100)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_potrf_is_the_cholesky_factor(name):
    a = spd_matrix(name, 5)
    lower = numpy.linalg.cholesky(a.astype(numpy.float64))
    close(tensor(a).potrf(upper=False).numpy(), lower, name, 10)
    u = tensor(a).potrf()
    close(u.numpy(), lower.T, name, 10)                             # upper: A = U'U, zeros below
    close(u.numpy().T @ u.numpy(), a, name, 10)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_potrs_and_potri_work_from_the_factor(name):
    a, b = spd_matrix(name, 4), random_matrix(name, 4, 3, seed=9)
    exact = numpy.linalg.solve(a.astype(numpy.float64), b)
    for upper in (True, False):
        factor = tensor(a).potrf(upper)
        close(tensor(b).potrs(factor, upper).numpy(), exact, name, 10)
        close(torch_early.potri(factor, upper).numpy(), numpy.linalg.inv(a.astype(numpy.float64)),
              name, 10)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_pstrf_pivots_and_factors(name):
    a = spd_matrix(name, 5, seed=10)
    u, piv = tensor(a).pstrf()
    assert isinstance(piv, torch_early.IntTensor)
    p = piv.numpy()
    assert sorted(p.tolist()) == list(range(5))                      # 0-based row numbers
    assert p[0] == numpy.argmax(numpy.diag(a))                      # the largest diagonal first
    close(u.numpy().T @ u.numpy(), a[p][:, p], name, 10)
    lower, piv = tensor(a).pstrf(False)
    close(lower.numpy() @ lower.numpy().T, a[piv.numpy()][:, piv.numpy()], name, 10)


# ---- QR ---------------------------------------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
@pytest.mark.parametrize('shape', [(6, 3), (3, 5)])
def test_qr_gives_orthonormal_q_and_upper_triangular_r(name, shape):
    a = random_matrix(name, *shape, seed=11)
    q, r = tensor(a).qr()
    k = min(shape)
    assert q.size() == (shape[0], k) and r.size() == (k, shape[1])
    close(q.numpy() @ r.numpy(), a, name, 10)
    close(q.numpy().T @ q.numpy(), numpy.eye(k), name, 10)
    assert numpy.all(numpy.tril(r.numpy(), -1) == 0)
    _, numpy_r = numpy.linalg.qr(a.astype(numpy.float64))
    close(numpy.abs(r.numpy()), numpy.abs(numpy_r), name, 10)       # the same R up to signs


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_geqrf_orgqr_ormqr_rebuild_and_apply_q(name):
    a, c = random_matrix(name, 5, 3, seed=12), random_matrix(name, 5, 2, seed=13)
    compact, tau = tensor(a).geqrf()
    assert compact.size() == (5, 3) and tau.size() == (3,)
    q, r = tensor(a).qr()
    # orgqr and ormqr give a pair, (the result, self unchanged), as in the first releases.
    q_again, same = compact.orgqr(tau)
    assert same is compact
    close(q_again.numpy(), q.numpy(), name)
    close(numpy.triu(compact.numpy())[:3], r.numpy(), name)
    q_transposed_a, same = compact.ormqr(tau, tensor(a), transpose=True)  # Q'a = [R; 0]
    assert same is compact
    close(q_transposed_a.numpy(), numpy.vstack([r.numpy(), numpy.zeros((2, 3))]), name, 10)
    padded = numpy.vstack([c[:3], numpy.zeros((2, 2), dtype=c.dtype)])
    close(compact.ormqr(tau, tensor(padded))[0].numpy(), q.numpy() @ c[:3], name, 10)
    qc, _ = torch_early.ormqr(compact, tau, tensor(c))              # Q c, then Q'(Q c) = c
    close(torch_early.ormqr(compact, tau, qc, True, True)[0].numpy(), c, name, 10)
    c_q, _ = compact.ormqr(tau, tensor(c.T), left=False)            # c'Q = (Q'c)'
    close(c_q.numpy(), compact.ormqr(tau, tensor(c), transpose=True)[0].numpy().T, name, 10)


# ---- batched LU -------------------------------------------------------------------------------

@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_btrifact_and_btrisolve_solve_a_batch(name):
    rng = numpy.random.RandomState(14)
    a = rng.randn(4, 3, 3).astype(NUMPY[name])
    b = rng.randn(4, 3).astype(NUMPY[name])
    lu, pivots = tensor(a).btrifact()
    assert isinstance(pivots, torch_early.IntTensor) and pivots.size() == (4, 3)
    assert lu.stride() == (9, 1, 3)                                  # each matrix column-major
    x = tensor(b).btrisolve(lu, pivots)
    expected = numpy.linalg.solve(a.astype(numpy.float64), b[..., None].astype(numpy.float64))[..., 0]
    close(x.numpy(), expected, name, 100)
    lu, pivots = torch_early.btrifact(tensor(a), pivot=False)
    assert pivots.tolist() == [[1, 2, 3]] * 4
    close(torch_early.btrisolve(tensor(b), lu, pivots).numpy(), expected, name, 1000)


@pytest.mark.parametrize('pivot', [True, False])
def test_btrifact_with_info_reports_singular_matrices_there_instead_of_raising(pivot):
    batch = torch_early.DoubleTensor([[[2, 1], [1, 3]], [[1, 2], [2, 4]], [[4, 1], [1, 2]]])
    info = torch_early.IntTensor()
    lu, pivots = batch.btrifact(info=info, pivot=pivot)
    assert info.tolist() == [0, 2, 0]                  # U(2,2) of the second matrix is zero
    assert pivots.size() == (3, 2)
    good = torch_early.btrifact(batch.index_select(0, torch_early.LongTensor([0, 2])))[0]
    assert lu.index_select(0, torch_early.LongTensor([0, 2])).tolist() == good.tolist()
    assert torch_early.btrifact(batch.narrow(0, 0, 1), info=info)[0].size() == (1, 2, 2)
    assert info.tolist() == [0]
    with pytest.raises(TypeError, match='btrifact received an invalid combination'):
        batch.btrifact(info=torch_early.LongTensor())


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_btriunpack_gives_p_l_u_whose_product_is_the_batch(name):
    rng = numpy.random.RandomState(3)
    a = rng.randn(3, 4, 4).astype(NUMPY[name])
    P, L, U = torch_early.btriunpack(*tensor(a).btrifact())
    product = numpy.matmul(P.numpy(), numpy.matmul(L.numpy(), U.numpy()))
    close(product, a, name, 100)
    assert numpy.array_equal(numpy.triu(L.numpy()[0]), numpy.eye(4))     # unit lower
    assert numpy.array_equal(numpy.tril(U.numpy()[0], -1), numpy.zeros((4, 4)))
    assert numpy.array_equal(P.numpy()[1].sum(0), numpy.ones(4))          # a permutation
    assert torch_early.btriunpack(*tensor(a).btrifact(), unpack_data=False)[1] is None
    with pytest.raises(RuntimeError, match='batch of square matrices'):
        torch_early.btriunpack(tensor(a[0]), torch_early.IntTensor(4))


# ---- errors ---------------------------------------------------------------------------------

def test_singular_matrices_are_runtime_errors_naming_the_zero_pivot():
    singular = torch_early.DoubleTensor([[1, 2, 3], [2, 4, 6], [1, 0, 1]])
    with pytest.raises(RuntimeError, match=r'the matrix is singular: U\(3,3\) is zero'):
        singular.inverse()
    with pytest.raises(RuntimeError, match=r'the matrix is singular: U\(3,3\) is zero'):
        torch_early.gesv(torch_early.DoubleTensor(3, 1).fill_(1), singular)
    with pytest.raises(RuntimeError, match='the matrix is singular'):
        torch_early.btrifact(torch_early.DoubleTensor(2, 3, 3).zero_())


def test_a_matrix_that_is_not_positive_definite_is_a_runtime_error():
    with pytest.raises(RuntimeError, match='the matrix is not positive definite: its leading minor '
                                           'of order 2 is not positive'):
        torch_early.FloatTensor([[1, 2], [2, 1]]).potrf()


def out_tensors(count):
    """Tensors a caller passes as out=, holding values that must survive a failed call."""
    return tuple(torch_early.DoubleTensor([[7, 7], [7, 7]]) for _ in range(count))


def test_a_failed_decomposition_leaves_its_out_tensors_as_they_were():
    # LAPACK finds the failure in the middle of its work; nothing reaches out= before the answer
    # is known to be good.
    singular = torch_early.DoubleTensor([[1, 2, 3], [2, 4, 6], [1, 0, 1]])
    b = torch_early.DoubleTensor(3, 2).fill_(1)
    indefinite = torch_early.DoubleTensor([[1, 2], [2, 1]])
    rank_two = torch_early.DoubleTensor([[1, 0, 0], [0, 0, 0], [0, 0, 1]])
    calls = [
        (1, lambda out: torch_early.potrf(indefinite, out=out[0])),
        (1, lambda out: torch_early.potrf(indefinite, False, out=out[0])),
        (1, lambda out: torch_early.inverse(singular, out=out[0])),
        (1, lambda out: torch_early.potri(torch_early.DoubleTensor(3, 3).zero_(), out=out[0])),
        (2, lambda out: torch_early.gesv(b, singular, out=out)),
        (2, lambda out: torch_early.trtrs(b, torch_early.DoubleTensor(3, 3).zero_(), out=out)),
        (2, lambda out: torch_early.gels(b, rank_two, out=out)),
    ]
    for count, call in calls:
        out = out_tensors(count)
        storages = [t.storage().data_ptr() for t in out]
        with pytest.raises(RuntimeError, match='positive definite|singular|full rank'):
            call(out)
        for tensor, storage in zip(out, storages):
            assert tensor.tolist() == [[7, 7], [7, 7]]
            assert tensor.storage().data_ptr() == storage


def test_bad_shapes_are_runtime_errors_naming_the_sizes():
    f = torch_early.FloatTensor
    with pytest.raises(RuntimeError, match='A must be a square matrix, got size 2x3'):
        torch_early.gesv(f(2, 1), f(2, 3))
    with pytest.raises(RuntimeError, match='size mismatch: A is 3x3 and B is 2x1'):
        torch_early.gesv(f(2, 1), f(3, 3))
    with pytest.raises(RuntimeError, match='expected a matrix for B, got a 1D tensor'):
        torch_early.gesv(f(3), f(3, 3))
    with pytest.raises(RuntimeError, match='the input must be a square matrix, got size 2x3'):
        f(2, 3).inverse()
    with pytest.raises(RuntimeError, match='expected the input to be a batch of square matrices'):
        f(3, 3).btrifact()
    with pytest.raises(RuntimeError, match='expected b to be 2x3'):
        f(3, 3).btrisolve(f(2, 3, 3), torch_early.IntTensor(2, 3).fill_(1))
    with pytest.raises(IndexError, match='pivot 0 out of range'):
        f(2, 3).btrisolve(f(2, 3, 3), torch_early.IntTensor(2, 3).zero_())


def test_wrong_types_are_type_errors_listing_the_signatures():
    with pytest.raises(TypeError) as error:
        torch_early.FloatTensor(3, 3).symeig('yes')
    message = str(error.value)
    assert message.startswith('symeig received an invalid combination of arguments - got (str)')
    assert '(bool eigenvectors, bool upper)' in message
    with pytest.raises(TypeError, match='gesv received an invalid combination'):
        torch_early.gesv(torch_early.FloatTensor(3, 1), torch_early.DoubleTensor(3, 3))


def test_integer_tensors_have_no_lapack():
    assert not hasattr(torch_early.IntTensor(2, 2), 'inverse')
    assert not hasattr(torch_early.LongTensor(2, 2), 'gesv')


# ---- inf and NaN --------------------------------------------------------------------------------
# The bundled LAPACK crashes in geev and loops forever in gesvd on inf and NaN, and its other
# iterative routines fail with messages that blame the matrix; those functions refuse such input
# first. The calls that crashed or hung run in a child process, so that a regression fails this
# test instead of stopping the suite.

INF = float('inf')

CRASHED_OR_HUNG = [
    "torch_early.DoubleTensor([[1, -float('inf')], [float('inf'), 1]]).eig()",
    "torch_early.FloatTensor([[1, -float('inf')], [float('inf'), 1]]).eig()",
    "torch_early.DoubleTensor([[1, -float('inf')], [float('inf'), 1]]).eig(True)",
    "torch_early.DoubleTensor([[float('inf'), 1, 1], [1, 1, 1], [1, 1, 1]]).svd()",
    "torch_early.FloatTensor([[float('inf'), 1, 1], [1, 1, 1], [1, 1, 1]]).svd()",
    "torch_early.DoubleTensor([[-float('inf'), 1, 1], [1, 1, 1], [1, 1, 1]]).svd(False)",
]


def test_the_calls_that_crashed_or_hung_are_runtime_errors():
    import subprocess
    import sys
    program = ('import torch_early\n'
               'for call in %r:\n'
               '    try:\n'
               '        eval(call)\n'
               '        print("returned")\n'
               '    except RuntimeError as error:\n'
               '        print(str(error))\n' % CRASHED_OR_HUNG)
    result = subprocess.run([sys.executable, '-c', program], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    messages = result.stdout.splitlines()
    assert len(messages) == len(CRASHED_OR_HUNG)
    for call, message in zip(CRASHED_OR_HUNG, messages):
        function = 'eig' if '.eig(' in call else 'svd'
        assert message.endswith(function + ': the input holds inf or NaN, which LAPACK cannot '
                                'handle'), (call, message)
    assert result.stderr == ''                        # nothing from LAPACK's own error printer


def nonfinite_cases():
    """(function name, the call on a 3x3 matrix a and a 3x2 b): the calls that refuse inf and NaN
    in a."""
    return [
        ('symeig', lambda a, b: a.symeig(True)),
        ('symeig', lambda a, b: torch_early.symeig(a, False, False)),
        ('eig', lambda a, b: a.eig(True)),
        ('eig', lambda a, b: torch_early.eig(a)),
        ('svd', lambda a, b: a.svd()),
        ('svd', lambda a, b: torch_early.svd(a, False)),
        ('gels', lambda a, b: torch_early.gels(b, a)),
        ('pstrf', lambda a, b: a.pstrf()),
    ]


@pytest.mark.parametrize('name', FLOAT_DTYPES)
@pytest.mark.parametrize('value', [INF, -INF, float('nan')])
@pytest.mark.parametrize('where', [(0, 0), (2, 1), 'everywhere'])
def test_the_iterative_routines_refuse_inf_and_nan(name, value, where):
    a = tensor(spd_matrix(name, 3))
    b = tensor(random_matrix(name, 3, 2))
    if where == 'everywhere':
        a.fill_(value)
    else:
        a[where[0]][where[1]] = value
    for transposed in (False, True):                  # any layout is scanned
        operand = a.t() if transposed else a
        for function, call in nonfinite_cases():
            with pytest.raises(RuntimeError, match=function + ': (the input|A) holds inf or NaN'):
                call(operand, b)
    b[1][1] = value
    with pytest.raises(RuntimeError, match='gels: B holds inf or NaN'):
        torch_early.gels(b, tensor(spd_matrix(name, 3)))


def test_a_refused_input_leaves_the_out_tensors_as_they_were():
    bad = torch_early.DoubleTensor([[1, -INF], [INF, 1]])
    for count, call in [(2, lambda out: torch_early.eig(bad, True, out=out)),
                        (2, lambda out: torch_early.symeig(bad, True, out=out)),
                        (3, lambda out: torch_early.svd(bad, out=out))]:
        out = out_tensors(count)
        with pytest.raises(RuntimeError, match='holds inf or NaN'):
            call(out)
        assert all(t.tolist() == [[7, 7], [7, 7]] for t in out)


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_the_direct_factorisations_carry_inf_and_nan_into_their_results(name):
    # LU, Cholesky and QR are finite sequences of IEEE operations: NaN comes out as NaN, as in
    # NumPy, with no error.
    a = tensor(spd_matrix(name, 3))
    a[0][0] = float('nan')
    b = tensor(random_matrix(name, 3, 2))
    assert numpy.isnan(torch_early.gesv(b, a)[0].numpy()).any()
    assert numpy.isnan(a.inverse().numpy()).any()
    assert numpy.isnan(a.qr()[1].numpy()).any()
    assert numpy.isnan(a.geqrf()[0].numpy()).any()
    assert numpy.isnan(torch_early.btrifact(a.view(1, 3, 3))[0].numpy()).any()


@pytest.mark.parametrize('name', FLOAT_DTYPES)
def test_huge_finite_values_are_decomposed(name):
    big = 1e300 if name == 'Double' else 1e37
    a = tensor(random_matrix(name, 3, 3) * big)
    u, s, v = a.svd()
    expected = numpy.linalg.svd(a.numpy().astype(numpy.float64) / big, compute_uv=False)
    close(s.numpy() / big, expected, name, 10)
    e, _ = a.eig()
    assert numpy.isfinite(e.numpy()).all()


# ---- out= tensors: any shape, any memory, but one tensor per result ---------------------------

def test_eig_with_one_tensor_for_both_results_is_refused():
    x = torch_early.DoubleTensor([[2, 1], [1, 3]])
    with pytest.raises(RuntimeError, match="argument 'out': eig: the same tensor was given for "
                                           "two of its results; give each result its own tensor"):
        x.eig(True, out=(x, x))
    assert x.tolist() == [[2, 1], [1, 3]]


def one_tensor_twice_calls():
    a = torch_early.DoubleTensor([[4, 1, 0.5], [1, 3, 0.2], [0.5, 0.2, 2]])
    b = torch_early.DoubleTensor([[1, 2], [3, 4], [5, 6]])
    x, y = torch_early.DoubleTensor(), torch_early.DoubleTensor()
    return [
        ('gesv', lambda: torch_early.gesv(b, a, out=(x, x))),
        ('trtrs', lambda: torch_early.trtrs(b, a, out=(x, x))),
        ('gels', lambda: torch_early.gels(b, a, out=(x, x))),
        ('symeig', lambda: torch_early.symeig(a, True, out=(x, x))),
        ('eig', lambda: torch_early.eig(a, False, out=(x, x))),
        ('svd', lambda: torch_early.svd(a, out=(x, x, y))),
        ('svd', lambda: torch_early.svd(a, out=(y, x, x))),
        ('svd', lambda: torch_early.svd(a, False, out=(x, y, x))),
        ('qr', lambda: torch_early.qr(a, out=(x, x))),
        ('geqrf', lambda: torch_early.geqrf(a, out=(x, x))),
    ]


def test_one_tensor_for_two_results_is_refused_by_every_function():
    for function, call in one_tensor_twice_calls():
        with pytest.raises(RuntimeError, match=function + ': the same tensor was given'):
            call()


def out_layouts(count, a):
    """Ways a caller may give count out= tensors: the wrong shapes, other layouts, the input
    itself or views of it, views of one storage."""
    d = torch_early.DoubleTensor
    shared = d(9, 9)
    return {
        'too large': [d(7, 7).fill_(9) for _ in range(count)],
        'one element': [d(1) for _ in range(count)],
        'expanded': [d(1, 1).fill_(1).expand(5, 5) for _ in range(count)],
        'transposed': [d(4, 6).t() for _ in range(count)],
        'the input first': [a] + [d() for _ in range(count - 1)],
        'the input last': [d() for _ in range(count - 1)] + [a],
        'the input transposed': [a.t()] + [d() for _ in range(count - 1)],
        'views of one storage': [shared.narrow(0, i, 2) for i in range(count)],
    }


OUT_CALLS = [
    ('gesv', 2, lambda a, b, out: torch_early.gesv(b, a, out=out)),
    ('trtrs', 2, lambda a, b, out: torch_early.trtrs(b, a, out=out)),
    ('gels', 2, lambda a, b, out: torch_early.gels(b, a, out=out)),
    ('symeig', 2, lambda a, b, out: torch_early.symeig(a, True, out=out)),
    ('eig', 2, lambda a, b, out: torch_early.eig(a, True, out=out)),
    ('svd', 3, lambda a, b, out: torch_early.svd(a, True, out=out)),
    ('svd all', 3, lambda a, b, out: torch_early.svd(a, False, out=out)),
    ('inverse', 1, lambda a, b, out: torch_early.inverse(a, out=out[0])),
    ('potrf', 1, lambda a, b, out: torch_early.potrf(a, out=out[0])),
    ('potri', 1, lambda a, b, out: torch_early.potri(a, out=out[0])),
    ('potrs', 1, lambda a, b, out: torch_early.potrs(b, a, out=out[0])),
    ('qr', 2, lambda a, b, out: torch_early.qr(a, out=out)),
    ('geqrf', 2, lambda a, b, out: torch_early.geqrf(a, out=out)),
]


@pytest.mark.parametrize('function, count, call', OUT_CALLS, ids=[c[0] for c in OUT_CALLS])
def test_out_tensors_of_any_shape_or_memory_get_the_results(function, count, call):
    def operands():
        return (torch_early.DoubleTensor([[4, 1, 0.5], [1, 3, 0.2], [0.5, 0.2, 2]]),
                torch_early.DoubleTensor([[1, 2], [3, 4], [5, 6]]))
    expected = call(*operands(), tuple(torch_early.DoubleTensor() for _ in range(count)))
    expected = expected if isinstance(expected, tuple) else (expected,)
    for layout in out_layouts(count, operands()[0]):
        a, b = operands()
        out = tuple(out_layouts(count, a)[layout])
        result = call(a, b, out)
        result = result if isinstance(result, tuple) else (result,)
        for got, want, given in zip(result, expected, out):
            assert got is given, layout
            assert got.size() == want.size(), layout
            assert got.tolist() == want.tolist(), layout


def test_svd_into_out_tensors_of_the_wrong_shape_or_the_input_itself():
    a = numpy.array([[3., 1, 1], [-1, 3, 1]])
    for u, s, v in [(torch_early.DoubleTensor(1), torch_early.DoubleTensor(7, 7),
                     torch_early.DoubleTensor(2, 2, 2)),
                    (None, torch_early.DoubleTensor(), None)]:
        x = tensor(a)
        u = x if u is None else u
        v = x.t() if v is None else v
        torch_early.svd(x, True, out=(u, s, v))
        close(u.numpy() @ numpy.diag(s.numpy()) @ v.numpy().T, a, 'Double')
        close(s.numpy(), numpy.linalg.svd(a, compute_uv=False), 'Double')
