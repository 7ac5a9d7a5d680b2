/* The THTensorLapack cases for one float dtype (expanded by test_lapack.c through
 * THGenerateFloatTypes.h). Each decomposition is checked by putting its factors back together
 * (A X = B, U'U = A, Q R = A, U diag(S) V' = A) and against small matrices whose answers are known;
 * inputs must come out untouched and results column-major. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/lapack_cases.c"
#else

#if defined(TH_REAL_IS_FLOAT)
#define CASE_TOL 1e-4
#else
#define CASE_TOL 1e-10
#endif

/* A rows x cols row-major matrix holding values (given row by row). */
static THTensor *Case_(matrix)(long rows, long cols, const double *values) {
  THTensor *m = THTensor_(newWithSize2d)(rows, cols);
  for (long k = 0; k < rows * cols; k++)
    THTensor_(data)(m)[k] = (real)values[k];
  return m;
}

/* The largest |x - y| over two tensors of the same size. */
static double Case_(maxDiff)(THTensor *x, THTensor *y) {
  double worst = 0;
  CHECK(THTensor_(isSameSizeAs)(x, y));
  TH_TENSOR_APPLY2(real, x, real, y, {
    double d = fabs((double)*x_data - (double)*y_data);
    worst = d > worst ? d : worst;
  });
  return worst;
}

/* a @ b (optionally a' @ b), as a new tensor. */
static THTensor *Case_(times)(THTensor *a, int transposeA, THTensor *b) {
  THTensor *left = transposeA ? THTensor_(newTranspose)(a, 0, 1) : THTensor_(newWithTensor)(a);
  THTensor *r = THTensor_(new)();
  THTensor_(mm)(r, left, b);
  THTensor_(free)(left);
  return r;
}

static int Case_(isColumnMajor)(THTensor *m) {
  return m->stride[0] == 1 && m->stride[1] == m->size[0];
}

static const double Case_(A3)[9] = {4, -2, 1, 3, 6, -4, 2, 1, 8};        /* det 270 */
static const double Case_(A3rowsSwapped)[9] = {3, 6, -4, 4, -2, 1, 2, 1, 8};
static const double Case_(SPD3)[9] = {4, 2, -2, 2, 10, 4, -2, 4, 9};     /* symmetric, PD */
static const double Case_(B32)[6] = {1, 2, -3, 0, 5, 1};

/* ---- Solving ---- */

TEST(Case_(gesv_solves_and_returns_the_LU_factors)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(A3)), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor *keepA = THTensor_(newClone)(a), *x = THTensor_(new)(), *lu = THTensor_(new)();
  THTensor_(gesv)(x, lu, b, a);
  THTensor *ax = Case_(times)(a, 0, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  CHECK(Case_(isColumnMajor)(x) && Case_(isColumnMajor)(lu));
  CHECK_NEAR(Case_(maxDiff)(a, keepA), 0, 0);
  CHECK_NEAR(THTensor_(get2d)(lu, 0, 0), 4, CASE_TOL);                /* the largest pivot, 4 */
  THTensor *transposedA = THTensor_(newTranspose)(keepA, 0, 1);       /* a non-contiguous input */
  THTensor_(gesv)(x, lu, b, transposedA);
  THTensor_(free)(ax);
  ax = Case_(times)(keepA, 1, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  THTensor_(free)(transposedA);
  THTensor_(free)(ax);
  THTensor_(free)(lu);
  THTensor_(free)(x);
  THTensor_(free)(keepA);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

TEST(Case_(trtrs_solves_triangular_systems)) {
  static const double upper[9] = {2, 1, -1, 0, 3, 2, 0, 0, 4};
  THTensor *a = Case_(matrix)(3, 3, upper), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor *x = THTensor_(new)(), *cloned = THTensor_(new)();
  THTensor_(trtrs)(x, cloned, b, a, "U", "N", "N");
  THTensor *ax = Case_(times)(a, 0, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  CHECK_NEAR(Case_(maxDiff)(cloned, a), 0, 0);
  THTensor_(free)(ax);
  THTensor_(trtrs)(x, cloned, b, a, "U", "T", "N");                    /* a' x = b */
  ax = Case_(times)(a, 1, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  THTensor_(free)(ax);
  THTensor *lower = THTensor_(newTranspose)(a, 0, 1);
  THTensor_(trtrs)(x, cloned, b, lower, "L", "N", "U");                /* unit diagonal: 1s read */
  THTensor *unit = THTensor_(newClone)(lower);
  for (long i = 0; i < 3; i++)
    THTensor_(set2d)(unit, i, i, 1);
  ax = Case_(times)(unit, 0, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  THTensor_(set2d)(a, 1, 1, 0);
  EXPECT_TH_ERROR(THTensor_(trtrs)(x, cloned, b, a, "U", "N", "N"),
                  "the triangular matrix is singular: A(2,2) is zero");
  THTensor_(free)(ax);
  THTensor_(free)(unit);
  THTensor_(free)(lower);
  THTensor_(free)(cloned);
  THTensor_(free)(x);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

TEST(Case_(gels_finds_the_exact_solution_of_a_consistent_tall_system)) {
  static const double tall[8] = {1, 0, 0, 1, 1, 1, 2, -1};           /* 4 x 2 */
  static const double solution[4] = {3, -1, 2, 5};                  /* 2 x 2 */
  THTensor *a = Case_(matrix)(4, 2, tall), *known = Case_(matrix)(2, 2, solution);
  THTensor *b = Case_(times)(a, 0, known), *x = THTensor_(new)(), *qr = THTensor_(new)();
  THTensor_(gels)(x, qr, b, a);
  CHECK_EQ_LONG(x->size[0], 2);                                     /* n rows: X alone */
  CHECK_NEAR(Case_(maxDiff)(x, known), 0, CASE_TOL);
  CHECK_EQ_LONG(qr->size[0], 4);
  CHECK_EQ_LONG(qr->size[1], 2);
  THTensor *wide = THTensor_(newTranspose)(a, 0, 1);                /* 2 x 4: minimum norm */
  THTensor *rhs = Case_(matrix)(2, 2, solution);
  THTensor_(gels)(x, qr, rhs, wide);
  CHECK_EQ_LONG(x->size[0], 4);
  THTensor *back = Case_(times)(wide, 0, x);
  CHECK_NEAR(Case_(maxDiff)(back, rhs), 0, CASE_TOL);
  THTensor_(free)(back);
  THTensor_(free)(rhs);
  THTensor_(free)(wide);
  THTensor_(free)(qr);
  THTensor_(free)(x);
  THTensor_(free)(b);
  THTensor_(free)(known);
  THTensor_(free)(a);
}

/* ---- Eigenvalues and singular values ---- */

TEST(Case_(syev_finds_ascending_eigenvalues_and_orthonormal_eigenvectors)) {
  static const double sym[4] = {2, 1, 1, 2};                        /* eigenvalues 1 and 3 */
  THTensor *a = Case_(matrix)(2, 2, sym), *e = THTensor_(new)(), *v = THTensor_(new)();
  THTensor_(syev)(e, v, a, "V", "U");
  CHECK_NEAR(THTensor_(get1d)(e, 0), 1, CASE_TOL);
  CHECK_NEAR(THTensor_(get1d)(e, 1), 3, CASE_TOL);
  THTensor *av = Case_(times)(a, 0, v), *vtv = Case_(times)(v, 1, v);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 2; j++) {
      CHECK_NEAR(THTensor_(get2d)(av, i, j), THTensor_(get2d)(v, i, j) * THTensor_(get1d)(e, j), CASE_TOL);
      CHECK_NEAR(THTensor_(get2d)(vtv, i, j), i == j, CASE_TOL);
    }
  THTensor_(set2d)(a, 1, 0, 100);                                   /* only the upper triangle is read */
  THTensor_(syev)(e, v, a, "N", "U");
  CHECK_NEAR(THTensor_(get1d)(e, 1), 3, CASE_TOL);
  CHECK_EQ_LONG(v->nDimension, 0);                                   /* no eigenvectors asked for */
  THTensor_(free)(vtv);
  THTensor_(free)(av);
  THTensor_(free)(v);
  THTensor_(free)(e);
  THTensor_(free)(a);
}

TEST(Case_(geev_returns_real_and_imaginary_parts)) {
  static const double rotation[4] = {0, -1, 1, 0};                  /* eigenvalues +-i */
  static const double triangular[9] = {1, 5, 7, 0, 2, 3, 0, 0, -4};
  THTensor *a = Case_(matrix)(2, 2, rotation), *e = THTensor_(new)(), *v = THTensor_(new)();
  THTensor_(geev)(e, v, a, "N");
  CHECK_EQ_LONG(e->size[0], 2);
  CHECK_EQ_LONG(e->size[1], 2);
  CHECK_NEAR(THTensor_(get2d)(e, 0, 0), 0, CASE_TOL);
  CHECK_NEAR(fabs((double)THTensor_(get2d)(e, 0, 1)), 1, CASE_TOL);
  CHECK_NEAR(THTensor_(get2d)(e, 0, 1) + THTensor_(get2d)(e, 1, 1), 0, CASE_TOL);
  CHECK_EQ_LONG(v->nDimension, 0);
  THTensor *t = Case_(matrix)(3, 3, triangular);
  THTensor_(geev)(e, v, t, "V");
  THTensor *tv = Case_(times)(t, 0, v);
  for (long j = 0; j < 3; j++) {
    CHECK_NEAR(THTensor_(get2d)(e, j, 1), 0, CASE_TOL);
    for (long i = 0; i < 3; i++)
      CHECK_NEAR(THTensor_(get2d)(tv, i, j), THTensor_(get2d)(v, i, j) * THTensor_(get2d)(e, j, 0),
                 CASE_TOL * 10);
  }
  THTensor_(free)(tv);
  THTensor_(free)(t);
  THTensor_(free)(v);
  THTensor_(free)(e);
  THTensor_(free)(a);
}

/* u diag(s) v' against a. */
static double Case_(svdError)(THTensor *u, THTensor *s, THTensor *v, THTensor *a) {
  long k = s->size[0];
  THTensor *uk = THTensor_(newNarrow)(u, 1, 0, k), *vk = THTensor_(newNarrow)(v, 1, 0, k);
  THTensor *us = THTensor_(newClone)(uk);
  for (long i = 0; i < us->size[0]; i++)
    for (long j = 0; j < k; j++)
      THTensor_(set2d)(us, i, j, THTensor_(get2d)(us, i, j) * THTensor_(get1d)(s, j));
  THTensor *vkT = THTensor_(newTranspose)(vk, 0, 1);
  THTensor *back = Case_(times)(us, 0, vkT);
  double err = Case_(maxDiff)(back, a);
  THTensor_(free)(back);
  THTensor_(free)(vkT);
  THTensor_(free)(us);
  THTensor_(free)(vk);
  THTensor_(free)(uk);
  return err;
}

TEST(Case_(gesvd_puts_the_matrix_back_together)) {
  static const double values[6] = {3, 1, 1, -1, 3, 1};              /* singular values sqrt(12), sqrt(10) */
  THTensor *a = Case_(matrix)(2, 3, values);
  THTensor *u = THTensor_(new)(), *s = THTensor_(new)(), *v = THTensor_(new)();
  THTensor_(gesvd)(u, s, v, a, "S");
  CHECK_EQ_LONG(u->size[1], 2);
  CHECK_EQ_LONG(v->size[0], 3);
  CHECK_EQ_LONG(v->size[1], 2);
  CHECK_NEAR(THTensor_(get1d)(s, 0), sqrt(12.0), CASE_TOL);
  CHECK_NEAR(THTensor_(get1d)(s, 1), sqrt(10.0), CASE_TOL);
  CHECK_NEAR(Case_(svdError)(u, s, v, a), 0, CASE_TOL);
  THTensor_(gesvd)(u, s, v, a, "A");
  CHECK_EQ_LONG(v->size[1], 3);                                     /* square V */
  CHECK_NEAR(Case_(svdError)(u, s, v, a), 0, CASE_TOL);
  THTensor_(free)(v);
  THTensor_(free)(s);
  THTensor_(free)(u);
  THTensor_(free)(a);
}

/* ---- Inverse and Cholesky ---- */

TEST(Case_(getri_inverts_and_rejects_singular_matrices)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(A3)), *inv = THTensor_(new)();
  THTensor_(getri)(inv, a);
  THTensor *product = Case_(times)(a, 0, inv), *eye = THTensor_(newWithSize2d)(3, 3);
  THTensor_(zero)(eye);
  for (long i = 0; i < 3; i++)
    THTensor_(set2d)(eye, i, i, 1);
  CHECK_NEAR(Case_(maxDiff)(product, eye), 0, CASE_TOL);
  CHECK(Case_(isColumnMajor)(inv));
  static const double singular[9] = {1, 2, 3, 2, 4, 6, 1, 0, 1};
  THTensor *s = Case_(matrix)(3, 3, singular);
  EXPECT_TH_ERROR(THTensor_(getri)(inv, s), "the matrix is singular: U(3,3) is zero");
  THTensor_(free)(s);
  THTensor_(free)(eye);
  THTensor_(free)(product);
  THTensor_(free)(inv);
  THTensor_(free)(a);
}

TEST(Case_(potrf_potrs_potri_from_the_cholesky_factor)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(SPD3)), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor *u = THTensor_(new)(), *l = THTensor_(new)(), *x = THTensor_(new)(), *inv = THTensor_(new)();
  THTensor_(potrf)(u, a, "U");
  THTensor *utu = Case_(times)(u, 1, u);
  CHECK_NEAR(Case_(maxDiff)(utu, a), 0, CASE_TOL);
  CHECK_NEAR(THTensor_(get2d)(u, 1, 0), 0, 0);                       /* the other triangle is zero */
  CHECK_NEAR(THTensor_(get2d)(u, 0, 0), 2, CASE_TOL);
  THTensor_(potrf)(l, a, "L");
  THTensor *lT = THTensor_(newTranspose)(l, 0, 1);
  THTensor *llt = Case_(times)(l, 0, lT);
  CHECK_NEAR(Case_(maxDiff)(llt, a), 0, CASE_TOL);
  CHECK_NEAR(THTensor_(get2d)(l, 0, 1), 0, 0);
  THTensor_(potrs)(x, b, u, "U");
  THTensor *ax = Case_(times)(a, 0, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  THTensor_(potrs)(x, b, l, "L");
  THTensor_(free)(ax);
  ax = Case_(times)(a, 0, x);
  CHECK_NEAR(Case_(maxDiff)(ax, b), 0, CASE_TOL);
  THTensor_(potri)(inv, u, "U");
  THTensor *product = Case_(times)(a, 0, inv);
  for (long i = 0; i < 3; i++)
    for (long j = 0; j < 3; j++)
      CHECK_NEAR(THTensor_(get2d)(product, i, j), i == j, CASE_TOL);
  CHECK_NEAR(THTensor_(get2d)(inv, 2, 0), THTensor_(get2d)(inv, 0, 2), 0);   /* both triangles */
  static const double indefinite[4] = {1, 2, 2, 1};
  THTensor *bad = Case_(matrix)(2, 2, indefinite);
  EXPECT_TH_ERROR(THTensor_(potrf)(u, bad, "U"),
                  "the matrix is not positive definite: its leading minor of order 2 is not positive");
  THTensor_(free)(bad);
  THTensor_(free)(product);
  THTensor_(free)(ax);
  THTensor_(free)(llt);
  THTensor_(free)(lT);
  THTensor_(free)(utu);
  THTensor_(free)(inv);
  THTensor_(free)(x);
  THTensor_(free)(l);
  THTensor_(free)(u);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

TEST(Case_(pstrf_pivots_the_largest_diagonal_first)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(SPD3)), *u = THTensor_(new)();
  THIntTensor *piv = THIntTensor_new();
  THTensor_(pstrf)(u, piv, a, "U", -1);
  CHECK_EQ_LONG(THIntTensor_get1d(piv, 0), 1);                       /* a(1,1) = 10 is largest */
  THTensor *permuted = THTensor_(newWithSize2d)(3, 3);
  for (long i = 0; i < 3; i++)
    for (long j = 0; j < 3; j++)
      THTensor_(set2d)(permuted, i, j,
                       THTensor_(get2d)(a, THIntTensor_get1d(piv, i), THIntTensor_get1d(piv, j)));
  THTensor *utu = Case_(times)(u, 1, u);
  CHECK_NEAR(Case_(maxDiff)(utu, permuted), 0, CASE_TOL);
  THTensor_(free)(utu);
  THTensor_(free)(permuted);
  THIntTensor_free(piv);
  THTensor_(free)(u);
  THTensor_(free)(a);
}

/* ---- QR ---- */

TEST(Case_(qr_geqrf_orgqr_ormqr_agree)) {
  static const double values[8] = {1, 2, 3, 4, 5, 6, 7, 10};         /* 4 x 2 */
  THTensor *a = Case_(matrix)(4, 2, values), *q = THTensor_(new)(), *r = THTensor_(new)();
  THTensor_(qr)(q, r, a);
  CHECK_EQ_LONG(q->size[0], 4);
  CHECK_EQ_LONG(q->size[1], 2);
  CHECK_EQ_LONG(r->size[0], 2);
  CHECK_NEAR(THTensor_(get2d)(r, 1, 0), 0, 0);
  THTensor *qr = Case_(times)(q, 0, r), *qtq = Case_(times)(q, 1, q);
  CHECK_NEAR(Case_(maxDiff)(qr, a), 0, CASE_TOL * 10);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 2; j++)
      CHECK_NEAR(THTensor_(get2d)(qtq, i, j), i == j, CASE_TOL);
  THTensor *compact = THTensor_(new)(), *tau = THTensor_(new)(), *q2 = THTensor_(new)();
  THTensor_(geqrf)(compact, tau, a);
  CHECK_EQ_LONG(tau->size[0], 2);
  THTensor_(orgqr)(q2, compact, tau);
  CHECK_NEAR(Case_(maxDiff)(q2, q), 0, CASE_TOL);
  THTensor *c = Case_(matrix)(4, 2, values), *qtc = THTensor_(new)();
  THTensor_(ormqr)(qtc, compact, tau, c, "L", "T");                  /* Q' a = [R; 0] */
  THTensor *top = THTensor_(newNarrow)(qtc, 0, 0, 2);
  CHECK_NEAR(Case_(maxDiff)(top, r), 0, CASE_TOL * 10);
  THTensor *c24 = THTensor_(newTranspose)(c, 0, 1);
  EXPECT_TH_ERROR(THTensor_(ormqr)(qtc, compact, tau, c24, "L", "N"), "size mismatch: Q is 4x4");
  EXPECT_TH_ERROR(THTensor_(orgqr)(q2, compact, a), "expected tau to be a vector of at most 2");
  THTensor_(free)(c24);
  THTensor_(free)(top);
  THTensor_(free)(qtc);
  THTensor_(free)(c);
  THTensor_(free)(q2);
  THTensor_(free)(tau);
  THTensor_(free)(compact);
  THTensor_(free)(qtq);
  THTensor_(free)(qr);
  THTensor_(free)(r);
  THTensor_(free)(q);
  THTensor_(free)(a);
}

/* ---- Batched LU ---- */

TEST(Case_(btrifact_and_btrisolve_solve_each_system_of_a_batch)) {
  THTensor *batch = THTensor_(newWithSize3d)(2, 3, 3), *slice = THTensor_(new)();
  THTensor *first = Case_(matrix)(3, 3, Case_(A3rowsSwapped)), *second = Case_(matrix)(3, 3, Case_(SPD3));
  THTensor_(select)(slice, batch, 0, 0);
  THTensor_(copy)(slice, first);
  THTensor_(select)(slice, batch, 0, 1);
  THTensor_(copy)(slice, second);
  THTensor *b = THTensor_(newWithSize2d)(2, 3);
  for (long k = 0; k < 6; k++)
    THTensor_(data)(b)[k] = (real)Case_(B32)[k];
  for (int pivot = 0; pivot < 2; pivot++) {
    THTensor *lu = THTensor_(new)(), *x = THTensor_(new)();
    THIntTensor *pivots = THIntTensor_new();
    THTensor_(btrifact)(lu, pivots, batch, pivot);
    CHECK_EQ_LONG(lu->stride[1], 1);                                 /* column-major matrices */
    CHECK_EQ_LONG(THIntTensor_get2d(pivots, 0, 0), pivot ? 2 : 1);   /* the 4 of row 2 first */
    THTensor_(btrisolve)(x, b, lu, pivots);
    for (long i = 0; i < 2; i++) {
      THTensor *xi = THTensor_(newSelect)(x, 0, i), *ai = THTensor_(newSelect)(batch, 0, i);
      for (long row = 0; row < 3; row++) {
        double acc = 0;
        for (long col = 0; col < 3; col++)
          acc += (double)THTensor_(get2d)(ai, row, col) * THTensor_(get1d)(xi, col);
        CHECK_NEAR(acc, THTensor_(get2d)(b, i, row), CASE_TOL);
      }
      THTensor_(free)(ai);
      THTensor_(free)(xi);
    }
    THIntTensor_set2d(pivots, 0, 1, 7);
    EXPECT_TH_ERROR(THTensor_(btrisolve)(x, b, lu, pivots), "pivot 7 out of range");
    THIntTensor_free(pivots);
    THTensor_(free)(x);
    THTensor_(free)(lu);
  }
  THTensor_(free)(b);
  THTensor_(free)(second);
  THTensor_(free)(first);
  THTensor_(free)(slice);
  THTensor_(free)(batch);
}

/* ---- Errors ---- */

TEST(Case_(bad_shapes_and_singular_systems_are_errors_naming_them)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(A3)), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor *wide = THTensor_(newWithSize2d)(2, 3), *v = THTensor_(newWithSize1d)(3);
  THTensor *zeros = THTensor_(newWithSize2d)(3, 3), *r1 = THTensor_(new)(), *r2 = THTensor_(new)();
  THTensor_(zero)(zeros);
  THTensor_(fill)(wide, 1);
  THIntTensor *piv = THIntTensor_new();
  EXPECT_TH_ERROR(THTensor_(gesv)(r1, r2, b, wide), "A must be a square matrix, got size 2x3");
  EXPECT_TH_ERROR(THTensor_(gesv)(r1, r2, wide, a), "size mismatch: A is 3x3 and B is 2x3");
  EXPECT_TH_ERROR(THTensor_(gesv)(r1, r2, v, a), "expected a matrix for B, got a 1D tensor");
  EXPECT_TH_ERROR(THTensor_(gesv)(r1, r2, b, zeros), "the matrix is singular: U(1,1) is zero");
  EXPECT_TH_ERROR(THTensor_(getri)(r1, wide), "the input must be a square matrix, got size 2x3");
  EXPECT_TH_ERROR(THTensor_(syev)(r1, r2, wide, "V", "U"), "must be a square matrix, got size 2x3");
  EXPECT_TH_ERROR(THTensor_(gels)(r1, r2, b, wide), "size mismatch: A is 2x3 and B is 3x2");
  EXPECT_TH_ERROR(THTensor_(potrs)(r1, wide, a, "U"), "size mismatch: A is 3x3 and B is 2x3");
  EXPECT_TH_ERROR(THTensor_(gesvd)(r1, r2, zeros, v, "S"), "expected a matrix for the input, got a 1D tensor");
  EXPECT_TH_ERROR(THTensor_(btrifact)(r1, piv, a, 1), "expected the input to be a batch of square matrices (B x n x n), got size 3x3");
  THTensor_(free)(r2);
  THTensor_(free)(r1);
  THTensor_(free)(zeros);
  THIntTensor_free(piv);
  THTensor_(free)(v);
  THTensor_(free)(wide);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

/* A 2x2 result tensor holding 7s, as a caller's out= would be. */
static THTensor *Case_(sevens)(void) {
  THTensor *r = THTensor_(newWithSize2d)(2, 2);
  THTensor_(fill)(r, 7);
  return r;
}

/* r is still the 2x2 tensor of 7s it was, on the same storage. */
static int Case_(untouched)(THTensor *r, THStorage *storage) {
  int ok = r->storage == storage && r->nDimension == 2 && r->size[0] == 2 && r->size[1] == 2;
  for (long k = 0; ok && k < 4; k++)
    ok = THTensor_(data)(r)[k] == 7;
  return ok;
}

/* A routine that fails on its input (singular, not positive definite) leaves every result tensor
 * as it was: nothing is written before the failure is known. */
TEST(Case_(failures_leave_every_result_as_it_was)) {
  THTensor *b = Case_(matrix)(3, 2, Case_(B32)), *zeros = THTensor_(newWithSize2d)(3, 3);
  THTensor_(zero)(zeros);
  static const double indefinite[4] = {1, 2, 2, 1};
  static const double zeroColumn[9] = {1, 0, 0, 0, 0, 0, 0, 0, 1};      /* rank 2 */
  THTensor *bad = Case_(matrix)(2, 2, indefinite), *rank2 = Case_(matrix)(3, 3, zeroColumn);
  THTensor *zeroBatch = THTensor_(newWithSize3d)(2, 3, 3);
  THTensor_(zero)(zeroBatch);
  THTensor *r1 = Case_(sevens)(), *r2 = Case_(sevens)();
  THStorage *s1 = r1->storage, *s2 = r2->storage;
  THIntTensor *piv = THIntTensor_newWithSize1d(2);
  THIntTensor_fill(piv, 7);
  EXPECT_TH_ERROR(THTensor_(gesv)(r1, r2, b, zeros), "singular");
  EXPECT_TH_ERROR(THTensor_(trtrs)(r1, r2, b, zeros, "U", "N", "N"), "singular");
  EXPECT_TH_ERROR(THTensor_(gels)(r1, r2, b, rank2), "does not have full rank");
  EXPECT_TH_ERROR(THTensor_(getri)(r1, zeros), "singular");
  EXPECT_TH_ERROR(THTensor_(potrf)(r1, bad, "U"), "not positive definite");
  EXPECT_TH_ERROR(THTensor_(potrf)(r1, bad, "L"), "not positive definite");
  EXPECT_TH_ERROR(THTensor_(potri)(r1, zeros, "U"), "singular");
  EXPECT_TH_ERROR(THTensor_(pstrf)(r1, piv, zeros, "U", -1), "computed rank is 0 of 3");
  EXPECT_TH_ERROR(THTensor_(btrifact)(r1, piv, zeroBatch, 1), "of batch element 0 is zero");
  EXPECT_TH_ERROR(THTensor_(btrifact)(r1, piv, zeroBatch, 0), "(LU without pivoting)");
  THIntTensor *info = THIntTensor_new();                   /* with infos: reported, not raised */
  THTensor *lu = THTensor_(new)();
  THIntTensor *luPivots = THIntTensor_new();
  THTensor_(btrifactWithInfo)(lu, luPivots, info, zeroBatch, 1);
  CHECK_EQ_LONG(info->nDimension, 1);
  CHECK_EQ_LONG(THIntTensor_get1d(info, 0), 1);           /* U(1,1) of a zero matrix is zero */
  THIntTensor_free(luPivots);
  THTensor_(free)(lu);
  THIntTensor_free(info);
  CHECK(Case_(untouched)(r1, s1));
  CHECK(Case_(untouched)(r2, s2));
  CHECK_EQ_LONG(piv->nDimension, 1);
  CHECK_EQ_LONG(THIntTensor_get1d(piv, 1), 7);
  THIntTensor_free(piv);
  THTensor_(free)(r2);
  THTensor_(free)(r1);
  THTensor_(free)(zeroBatch);
  THTensor_(free)(rank2);
  THTensor_(free)(bad);
  THTensor_(free)(zeros);
  THTensor_(free)(b);
}

/* The routines that iterate until values converge (syev, geev, gesvd) and those whose failure
 * would blame the matrix's rank (gels, pstrf) refuse inf and NaN before LAPACK sees them: the
 * bundled LAPACK hangs in gesvd and writes out of bounds in geev on such input. Every result
 * stays as it was. */
TEST(Case_(the_iterative_routines_refuse_inf_and_nan)) {
  const real bad[3] = {INFINITY, -INFINITY, NAN};
  THTensor *r1 = Case_(sevens)(), *r2 = Case_(sevens)(), *r3 = Case_(sevens)();
  THStorage *s1 = r1->storage, *s2 = r2->storage, *s3 = r3->storage;
  THIntTensor *piv = THIntTensor_new();
  for (int k = 0; k < 3; k++) {
    THTensor *a = Case_(matrix)(3, 3, Case_(SPD3)), *b = Case_(matrix)(3, 2, Case_(B32));
    THTensor_(set2d)(a, 2, 1, bad[k]);
    THTensor *transposed = THTensor_(newTranspose)(a, 0, 1);        /* any layout is scanned */
    EXPECT_TH_ERROR(THTensor_(syev)(r1, r2, a, "V", "U"), "symeig: the input holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(syev)(r1, r2, transposed, "N", "L"), "symeig: the input holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(geev)(r1, r2, a, "V"), "eig: the input holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(geev)(r1, r2, transposed, "N"), "eig: the input holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(gesvd)(r1, r2, r3, a, "S"), "svd: the input holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(gesvd)(r1, r2, r3, transposed, "A"), "svd: the input holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(gels)(r1, r2, b, a), "gels: A holds inf or NaN");
    EXPECT_TH_ERROR(THTensor_(pstrf)(r1, piv, a, "U", -1), "pstrf: the input holds inf or NaN");
    THTensor_(set2d)(b, 1, 1, bad[k]);
    THTensor *good = Case_(matrix)(3, 3, Case_(SPD3));
    EXPECT_TH_ERROR(THTensor_(gels)(r1, r2, b, good), "gels: B holds inf or NaN");
    THTensor_(free)(good);
    THTensor_(free)(transposed);
    THTensor_(free)(b);
    THTensor_(free)(a);
  }
  CHECK(Case_(untouched)(r1, s1));
  CHECK(Case_(untouched)(r2, s2));
  CHECK(Case_(untouched)(r3, s3));
  CHECK_EQ_LONG(piv->nDimension, 0);
  THIntTensor_free(piv);
  THTensor_(free)(r3);
  THTensor_(free)(r2);
  THTensor_(free)(r1);
}

/* The direct factorisations carry inf and NaN into their results, as IEEE arithmetic does. */
TEST(Case_(the_direct_factorisations_carry_nan_through)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(SPD3)), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor_(set2d)(a, 0, 0, NAN);
  THTensor *x = THTensor_(new)(), *lu = THTensor_(new)(), *q = THTensor_(new)(), *r = THTensor_(new)();
  THTensor_(gesv)(x, lu, b, a);
  CHECK(isnan(THTensor_(get2d)(x, 0, 0)));
  THTensor_(qr)(q, r, a);
  CHECK(isnan(THTensor_(get2d)(r, 0, 0)));
  THTensor_(getri)(x, a);
  CHECK(isnan(THTensor_(get2d)(x, 0, 0)));
  THTensor_(free)(r);
  THTensor_(free)(q);
  THTensor_(free)(lu);
  THTensor_(free)(x);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

/* One tensor given for two results would hold only the last one handed over: refused, before
 * anything is written. */
TEST(Case_(one_tensor_for_two_results_is_refused)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(SPD3)), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor *r = Case_(sevens)(), *other = Case_(sevens)();
  THStorage *storage = r->storage, *otherStorage = other->storage;
  EXPECT_TH_ERROR(THTensor_(gesv)(r, r, b, a), "gesv: the same tensor was given for two of its results");
  EXPECT_TH_ERROR(THTensor_(trtrs)(r, r, b, a, "U", "N", "N"), "trtrs: the same tensor");
  EXPECT_TH_ERROR(THTensor_(gels)(r, r, b, a), "gels: the same tensor");
  EXPECT_TH_ERROR(THTensor_(syev)(r, r, a, "V", "U"), "symeig: the same tensor");
  EXPECT_TH_ERROR(THTensor_(geev)(r, r, a, "V"), "eig: the same tensor");
  EXPECT_TH_ERROR(THTensor_(geev)(r, r, a, "N"), "eig: the same tensor");
  EXPECT_TH_ERROR(THTensor_(gesvd)(r, r, other, a, "S"), "svd: the same tensor");
  EXPECT_TH_ERROR(THTensor_(gesvd)(other, r, r, a, "S"), "svd: the same tensor");
  EXPECT_TH_ERROR(THTensor_(gesvd)(r, other, r, a, "A"), "svd: the same tensor");
  EXPECT_TH_ERROR(THTensor_(qr)(r, r, a), "qr: the same tensor");
  EXPECT_TH_ERROR(THTensor_(geqrf)(r, r, a), "geqrf: the same tensor");
  CHECK(Case_(untouched)(r, storage));
  CHECK(Case_(untouched)(other, otherStorage));
  THTensor_(free)(other);
  THTensor_(free)(r);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

/* Results may be the input itself, or share memory with it or with each other: the input is read
 * into LAPACK's own copy first, and each result is re-pointed to fresh memory at the end. */
TEST(Case_(results_may_share_memory_with_the_input)) {
  static const double values[6] = {3, 1, 1, -1, 3, 1};
  THTensor *a = Case_(matrix)(2, 3, values), *keep = THTensor_(newClone)(a);
  THTensor *s = THTensor_(new)(), *v = THTensor_(newTranspose)(a, 0, 1);   /* a view of a */
  THTensor_(gesvd)(a, s, v, a, "S");                                      /* U into a itself */
  CHECK_NEAR(Case_(svdError)(a, s, v, keep), 0, CASE_TOL);
  THTensor *sym = Case_(matrix)(3, 3, Case_(SPD3)), *symKeep = THTensor_(newClone)(sym);
  THTensor *e = THTensor_(newNarrow)(sym, 0, 0, 1);                       /* a view of sym */
  THTensor_(syev)(e, sym, sym, "V", "U");
  THTensor *av = Case_(times)(symKeep, 0, sym);
  for (long i = 0; i < 3; i++)
    for (long j = 0; j < 3; j++)
      CHECK_NEAR(THTensor_(get2d)(av, i, j), THTensor_(get2d)(sym, i, j) * THTensor_(get1d)(e, j),
                 CASE_TOL * 10);
  THTensor_(free)(av);
  THTensor_(free)(e);
  THTensor_(free)(symKeep);
  THTensor_(free)(sym);
  THTensor_(free)(v);
  THTensor_(free)(s);
  THTensor_(free)(keep);
  THTensor_(free)(a);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(gesv_solves_and_returns_the_LU_factors)),
  TEST_ENTRY(Case_(trtrs_solves_triangular_systems)),
  TEST_ENTRY(Case_(gels_finds_the_exact_solution_of_a_consistent_tall_system)),
  TEST_ENTRY(Case_(syev_finds_ascending_eigenvalues_and_orthonormal_eigenvectors)),
  TEST_ENTRY(Case_(geev_returns_real_and_imaginary_parts)),
  TEST_ENTRY(Case_(gesvd_puts_the_matrix_back_together)),
  TEST_ENTRY(Case_(getri_inverts_and_rejects_singular_matrices)),
  TEST_ENTRY(Case_(potrf_potrs_potri_from_the_cholesky_factor)),
  TEST_ENTRY(Case_(pstrf_pivots_the_largest_diagonal_first)),
  TEST_ENTRY(Case_(qr_geqrf_orgqr_ormqr_agree)),
  TEST_ENTRY(Case_(btrifact_and_btrisolve_solve_each_system_of_a_batch)),
  TEST_ENTRY(Case_(bad_shapes_and_singular_systems_are_errors_naming_them)),
  TEST_ENTRY(Case_(failures_leave_every_result_as_it_was)),
  TEST_ENTRY(Case_(the_iterative_routines_refuse_inf_and_nan)),
  TEST_ENTRY(Case_(the_direct_factorisations_carry_nan_through)),
  TEST_ENTRY(Case_(one_tensor_for_two_results_is_refused)),
  TEST_ENTRY(Case_(results_may_share_memory_with_the_input)),
};

/* Built without LAPACK: each function says so, before touching anything. */
TEST(Case_(without_lapack_every_function_says_so)) {
  THTensor *a = Case_(matrix)(3, 3, Case_(A3)), *b = Case_(matrix)(3, 2, Case_(B32));
  THTensor *r1 = THTensor_(new)(), *r2 = THTensor_(new)();
  EXPECT_TH_ERROR(THTensor_(gesv)(r1, r2, b, a), "gesv requires LAPACK, which this build was compiled without");
  EXPECT_TH_ERROR(THTensor_(getri)(r1, a), "getri requires LAPACK");
  EXPECT_TH_ERROR(THTensor_(potrf)(r1, a, "U"), "potrf requires LAPACK");
  EXPECT_TH_ERROR(THTensor_(qr)(r1, r2, a), "geqrf requires LAPACK");
  CHECK_EQ_LONG(r1->nDimension, 0);
  THTensor_(free)(r2);
  THTensor_(free)(r1);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

static const harness_test Case_(testsWithoutLapack)[] = {
  TEST_ENTRY(Case_(without_lapack_every_function_says_so)),
};

#undef CASE_TOL

#endif
