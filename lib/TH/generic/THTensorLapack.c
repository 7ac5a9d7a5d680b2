/* LAPACK-backed linear algebra of one float dtype (included by THTensorLapack.c for Float and
 * Double). Every function checks its operands, copies them into fresh column-major matrices (so
 * the inputs are never touched), asks LAPACK for its best workspace (lwork = -1), runs the
 * routine, and hands the column-major results to the result tensors only when it succeeded: a
 * failed `info` frees every temporary and becomes an error in the user's terms, leaving every
 * result tensor (an out= of the caller's) as it was.
 * On the path of `torch_early.gesv(b, a)`: THPFloatTensor_stateless_gesv → THFloatTensor_gesv. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLapack.c"
#else

/* ---- Helpers ---- */

static void THTensor_(checkMatrix)(THTensor *m, int argNumber, const char *name) {
  THArgCheck(m->nDimension == 2, argNumber, "expected a matrix for %s, got a %dD tensor", name,
             m->nDimension);
  THArgCheck(m->size[0] <= INT_MAX && m->size[1] <= INT_MAX, argNumber,
             "%s (size %s) is too large for LAPACK's 32-bit sizes", name, THTensor_(sizeDesc)(m).str);
}

static void THTensor_(checkSquare)(THTensor *m, int argNumber, const char *name) {
  THTensor_(checkMatrix)(m, argNumber, name);
  THArgCheck(m->size[0] == m->size[1], argNumber, "%s must be a square matrix, got size %s", name,
             THTensor_(sizeDesc)(m).str);
}

/* b is the right-hand side of a system with matrix a: as many rows. */
static void THTensor_(checkRightHandSide)(THTensor *b, THTensor *a, int argNumber) {
  THTensor_(checkMatrix)(b, argNumber, "B");
  THArgCheck(b->size[0] == a->size[0], argNumber,
             "size mismatch: A is %s and B is %s (B needs as many rows as A)",
             THTensor_(sizeDesc)(a).str, THTensor_(sizeDesc)(b).str);
}

/* LAPACK's eigenvalue and singular value routines iterate until values converge, which inf and
 * NaN never do: on them the bundled LAPACK loops forever (gesvd), writes out of bounds (geev), or
 * fails with an error that blames the matrix (syev "did not converge", gels "not of full rank",
 * pstrf "not positive definite"). The functions over those routines refuse such input first; the
 * direct factorisations (LU, Cholesky, QR, triangular solves) carry inf and NaN through to their
 * results as IEEE arithmetic does, and need no check. */
static void THTensor_(checkFinite)(THTensor *m, int argNumber, const char *function,
                                   const char *name) {
  THTensor *flat = THTensor_(newContiguous)(m);
  const real *p = THTensor_(data)(flat);
  ptrdiff_t n = THTensor_(nElement)(flat), i = 0;
  while (i < n && isfinite(p[i]))
    i++;
  THTensor_(free)(flat);
  THArgCheck(i == n, argNumber, "%s: %s holds inf or NaN, which LAPACK cannot handle", function,
             name);
}

/* Results are handed over one after the other (giveResult), so one tensor given for two results
 * (`eig(out=(x, x))`) would end up holding only the last: refused. Distinct tensors may share
 * memory with each other or with the inputs: each is re-pointed to a fresh result. */
static void THTensor_(checkDistinctResults)(THTensor *first, THTensor *second, int argNumber,
                                            const char *function) {
  THArgCheck(first != second, argNumber,
             "%s: the same tensor was given for two of its results; give each result its own "
             "tensor", function);
}

/* A new rows x cols matrix with column-major strides (1, rows), holding a copy of src if given. */
static THTensor *THTensor_(newColumnMajor)(long rows, long cols, THTensor *src) {
  long size[2] = {rows, cols}, stride[2] = {1, rows};
  THTensor *m = THTensor_(new)();
  THTensor_(resizeNd)(m, 2, size, stride);
  if (src)
    THTensor_(copy)(m, src);
  return m;
}

/* r_ becomes the result (sharing its storage and layout); the temporary reference is dropped. */
static void THTensor_(giveResult)(THTensor *r_, THTensor *result) {
  THTensor_(set)(r_, result);
  THTensor_(free)(result);
}

static void THTensor_(makeEmpty)(THTensor *r_) {
  THTensor_(resizeNd)(r_, 0, NULL, NULL);
}

/* A negative info names an argument LAPACK rejected: a bug of ours, reported as such. */
static void THTensor_(checkLapackArguments)(int info, const char *routine) {
  if (info < 0)
    THError("LAPACK %s rejected its argument %d", routine, -info);
}

/* For the routines that fail only on bad arguments: frees a and b (either may be NULL) before
 * reporting such a failure. */
static void THTensor_(checkLapackArgumentsFreeing)(int info, const char *routine, THTensor *a,
                                                   THTensor *b) {
  if (info < 0) {
    THTensor_(free)(a);
    THTensor_(free)(b);
    THTensor_(checkLapackArguments)(info, routine);
  }
}

/* A workspace of the size LAPACK answered to a query (at least 1). */
static real *THTensor_(newWorkspace)(real answer, int *lwork) {
  *lwork = answer < 1 ? 1 : (int)answer;
  return THAlloc(sizeof(real) * (size_t)*lwork);
}

/* Sets the triangle of a column-major square matrix that the factor does not use to zero: below
 * the diagonal when the upper one is kept. */
static void THTensor_(zeroOtherTriangle)(THTensor *m, const char *uplo) {
  long n = m->size[0];
  real *p = THTensor_(data)(m);
  int upper = *uplo == 'U' || *uplo == 'u';
  for (long j = 0; j < m->size[1]; j++)
    for (long i = 0; i < n; i++)
      if (upper ? i > j : i < j)
        p[i + j * n] = 0;
}

/* Copies the uplo triangle of a column-major square matrix onto the other one. */
static void THTensor_(mirrorTriangle)(THTensor *m, const char *uplo) {
  long n = m->size[0];
  real *p = THTensor_(data)(m);
  int upper = *uplo == 'U' || *uplo == 'u';
  for (long j = 0; j < n; j++)
    for (long i = j + 1; i < n; i++) {
      if (upper)
        p[i + j * n] = p[j + i * n];
      else
        p[j + i * n] = p[i + j * n];
    }
}

/* ---- Solving ---- */

void THTensor_(gesv)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a) {
  THTensor_(checkDistinctResults)(rb_, ra_, 2, "gesv");
  THTensor_(checkSquare)(a, 4, "A");
  THTensor_(checkRightHandSide)(b, a, 3);
  THLapack_require("gesv");
  int n = (int)a->size[0], nrhs = (int)b->size[1], info;
  THTensor *lu = THTensor_(newColumnMajor)(n, n, a);
  THTensor *x = THTensor_(newColumnMajor)(n, nrhs, b);
  int *ipiv = THAlloc(sizeof(int) * (size_t)n);
  THLapack_(gesv)(n, nrhs, THTensor_(data)(lu), n, ipiv, THTensor_(data)(x), n, &info);
  THFree(ipiv);
  if (info != 0) {
    THTensor_(free)(lu);
    THTensor_(free)(x);
    THTensor_(checkLapackArguments)(info, "gesv");
    THError("the matrix is singular: U(%d,%d) is zero", info, info);
  }
  THTensor_(giveResult)(rb_, x);
  THTensor_(giveResult)(ra_, lu);
}

void THTensor_(trtrs)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a, const char *uplo,
                      const char *trans, const char *diag) {
  THTensor_(checkDistinctResults)(rb_, ra_, 2, "trtrs");
  THTensor_(checkSquare)(a, 4, "A");
  THTensor_(checkRightHandSide)(b, a, 3);
  THLapack_require("trtrs");
  int n = (int)a->size[0], nrhs = (int)b->size[1], info;
  THTensor *tri = THTensor_(newColumnMajor)(n, n, a);
  THTensor *x = THTensor_(newColumnMajor)(n, nrhs, b);
  THLapack_(trtrs)(uplo[0], trans[0], diag[0], n, nrhs, THTensor_(data)(tri), n, THTensor_(data)(x),
                   n, &info);
  if (info != 0) {
    THTensor_(free)(tri);
    THTensor_(free)(x);
    THTensor_(checkLapackArguments)(info, "trtrs");
    THError("the triangular matrix is singular: A(%d,%d) is zero", info, info);
  }
  THTensor_(giveResult)(rb_, x);
  THTensor_(giveResult)(ra_, tri);
}

void THTensor_(gels)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a) {
  THTensor_(checkDistinctResults)(rb_, ra_, 2, "gels");
  THTensor_(checkMatrix)(a, 4, "A");
  THTensor_(checkRightHandSide)(b, a, 3);
  THTensor_(checkFinite)(a, 4, "gels", "A");
  THTensor_(checkFinite)(b, 3, "gels", "B");
  THLapack_require("gels");
  int m = (int)a->size[0], n = (int)a->size[1], nrhs = (int)b->size[1], info;
  int ldb = m > n ? m : n;
  THTensor *qr = THTensor_(newColumnMajor)(m, n, a);
  THTensor *x = THTensor_(newColumnMajor)(ldb, nrhs, NULL);   /* room for X when n > m */
  THTensor_(zero)(x);
  THTensor *top = THTensor_(newNarrow)(x, 0, 0, m);
  THTensor_(copy)(top, b);
  THTensor_(free)(top);
  real answer;
  int lwork;
  THLapack_(gels)('N', m, n, nrhs, THTensor_(data)(qr), m, THTensor_(data)(x), ldb, &answer, -1, &info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(gels)('N', m, n, nrhs, THTensor_(data)(qr), m, THTensor_(data)(x), ldb, work, lwork, &info);
  THFree(work);
  if (info != 0) {
    THTensor_(free)(qr);
    THTensor_(free)(x);
    THTensor_(checkLapackArguments)(info, "gels");
    THError("the matrix does not have full rank: R(%d,%d) is zero", info, info);
  }
  THTensor_(narrow)(x, NULL, 0, 0, n);   /* X; the rows below (m > n) hold residual terms */
  THTensor_(giveResult)(rb_, x);
  THTensor_(giveResult)(ra_, qr);
}

/* ---- Eigenvalues and singular values ---- */

void THTensor_(syev)(THTensor *re_, THTensor *rv_, THTensor *a, const char *jobz, const char *uplo) {
  THTensor_(checkDistinctResults)(re_, rv_, 2, "symeig");
  THTensor_(checkSquare)(a, 3, "the input");
  THTensor_(checkFinite)(a, 3, "symeig", "the input");
  THLapack_require("syev");
  int n = (int)a->size[0], info, lwork;
  THTensor *v = THTensor_(newColumnMajor)(n, n, a);
  THTensor *e = THTensor_(newWithSize1d)(n);
  real answer;
  THLapack_(syev)(jobz[0], uplo[0], n, THTensor_(data)(v), n, THTensor_(data)(e), &answer, -1, &info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(syev)(jobz[0], uplo[0], n, THTensor_(data)(v), n, THTensor_(data)(e), work, lwork, &info);
  THFree(work);
  if (info != 0) {
    THTensor_(free)(e);
    THTensor_(free)(v);
    THTensor_(checkLapackArguments)(info, "syev");
    THError("the eigenvalue computation did not converge (%d off-diagonal elements remain)", info);
  }
  THTensor_(giveResult)(re_, e);
  if (jobz[0] == 'V' || jobz[0] == 'v') {
    THTensor_(giveResult)(rv_, v);
  } else {
    THTensor_(free)(v);
    THTensor_(makeEmpty)(rv_);
  }
}

void THTensor_(geev)(THTensor *re_, THTensor *rv_, THTensor *a, const char *jobvr) {
  THTensor_(checkDistinctResults)(re_, rv_, 2, "eig");
  THTensor_(checkSquare)(a, 3, "the input");
  THTensor_(checkFinite)(a, 3, "eig", "the input");
  THLapack_require("geev");
  int n = (int)a->size[0], info, lwork;
  int wantVectors = jobvr[0] == 'V' || jobvr[0] == 'v';
  THTensor *scratch = THTensor_(newColumnMajor)(n, n, a);
  THTensor *v = wantVectors ? THTensor_(newColumnMajor)(n, n, NULL) : NULL;
  real *wr = THAlloc(sizeof(real) * (size_t)n), *wi = THAlloc(sizeof(real) * (size_t)n);
  real unusedVl, answer;
  real *pv = v ? THTensor_(data)(v) : &unusedVl;
  int ldv = v ? n : 1;
  THLapack_(geev)('N', jobvr[0], n, THTensor_(data)(scratch), n, wr, wi, &unusedVl, 1, pv, ldv, &answer,
                  -1, &info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(geev)('N', jobvr[0], n, THTensor_(data)(scratch), n, wr, wi, &unusedVl, 1, pv, ldv, work,
                  lwork, &info);
  THFree(work);
  THTensor_(free)(scratch);
  if (info != 0) {
    THFree(wr);
    THFree(wi);
    THTensor_(free)(v);
    THTensor_(checkLapackArguments)(info, "geev");
    THError("the eigenvalue computation did not converge (only eigenvalues %d to %d were found)",
            info + 1, n);
  }
  THTensor *e = THTensor_(newWithSize2d)(n, 2);
  real *pe = THTensor_(data)(e);
  for (int i = 0; i < n; i++) {
    pe[2 * i] = wr[i];
    pe[2 * i + 1] = wi[i];
  }
  THFree(wr);
  THFree(wi);
  THTensor_(giveResult)(re_, e);
  if (v)
    THTensor_(giveResult)(rv_, v);
  else
    THTensor_(makeEmpty)(rv_);
}

void THTensor_(gesvd)(THTensor *ru_, THTensor *rs_, THTensor *rv_, THTensor *a, const char *jobu) {
  THTensor_(checkDistinctResults)(ru_, rs_, 2, "svd");
  THTensor_(checkDistinctResults)(rs_, rv_, 3, "svd");
  THTensor_(checkDistinctResults)(ru_, rv_, 3, "svd");
  THTensor_(checkMatrix)(a, 4, "the input");
  THTensor_(checkFinite)(a, 4, "svd", "the input");
  THLapack_require("gesvd");
  int m = (int)a->size[0], n = (int)a->size[1], k = m < n ? m : n, info, lwork;
  int all = jobu[0] == 'A' || jobu[0] == 'a';
  int uCols = all ? m : k, vtRows = all ? n : k;
  THTensor *scratch = THTensor_(newColumnMajor)(m, n, a);
  THTensor *u = THTensor_(newColumnMajor)(m, uCols, NULL);
  THTensor *vt = THTensor_(newColumnMajor)(vtRows, n, NULL);
  THTensor *s = THTensor_(newWithSize1d)(k);
  real answer;
  THLapack_(gesvd)(jobu[0], jobu[0], m, n, THTensor_(data)(scratch), m, THTensor_(data)(s),
                   THTensor_(data)(u), m, THTensor_(data)(vt), vtRows, &answer, -1, &info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(gesvd)(jobu[0], jobu[0], m, n, THTensor_(data)(scratch), m, THTensor_(data)(s),
                   THTensor_(data)(u), m, THTensor_(data)(vt), vtRows, work, lwork, &info);
  THFree(work);
  THTensor_(free)(scratch);
  if (info != 0) {
    THTensor_(free)(u);
    THTensor_(free)(s);
    THTensor_(free)(vt);
    THTensor_(checkLapackArguments)(info, "gesvd");
    THError("the SVD did not converge (%d superdiagonals did not reach zero)", info);
  }
  THTensor_(transpose)(vt, NULL, 0, 1);                     /* V = VT' */
  THTensor_(giveResult)(ru_, u);
  THTensor_(giveResult)(rs_, s);
  THTensor_(giveResult)(rv_, vt);
}

/* ---- Inverse ---- */

void THTensor_(getri)(THTensor *ra_, THTensor *a) {
  THTensor_(checkSquare)(a, 2, "the input");
  THLapack_require("getri");
  int n = (int)a->size[0], info, lwork;
  THTensor *inv = THTensor_(newColumnMajor)(n, n, a);
  int *ipiv = THAlloc(sizeof(int) * (size_t)n);
  THLapack_(getrf)(n, n, THTensor_(data)(inv), n, ipiv, &info);
  if (info == 0) {
    real answer;
    THLapack_(getri)(n, THTensor_(data)(inv), n, ipiv, &answer, -1, &info);
    real *work = THTensor_(newWorkspace)(answer, &lwork);
    THLapack_(getri)(n, THTensor_(data)(inv), n, ipiv, work, lwork, &info);
    THFree(work);
  }
  THFree(ipiv);
  if (info != 0) {
    THTensor_(free)(inv);
    THTensor_(checkLapackArguments)(info, "getri");
    THError("the matrix is singular: U(%d,%d) is zero", info, info);
  }
  THTensor_(giveResult)(ra_, inv);
}

/* ---- Cholesky ---- */

void THTensor_(potrf)(THTensor *ra_, THTensor *a, const char *uplo) {
  THTensor_(checkSquare)(a, 2, "the input");
  THLapack_require("potrf");
  int n = (int)a->size[0], info;
  THTensor *factor = THTensor_(newColumnMajor)(n, n, a);
  THLapack_(potrf)(uplo[0], n, THTensor_(data)(factor), n, &info);
  if (info != 0) {
    THTensor_(free)(factor);
    THTensor_(checkLapackArguments)(info, "potrf");
    THError("the matrix is not positive definite: its leading minor of order %d is not positive",
            info);
  }
  THTensor_(zeroOtherTriangle)(factor, uplo);
  THTensor_(giveResult)(ra_, factor);
}

void THTensor_(potrs)(THTensor *rb_, THTensor *b, THTensor *a, const char *uplo) {
  THTensor_(checkSquare)(a, 3, "the Cholesky factor");
  THTensor_(checkRightHandSide)(b, a, 2);
  THLapack_require("potrs");
  int n = (int)a->size[0], nrhs = (int)b->size[1], info;
  THTensor *factor = THTensor_(newColumnMajor)(n, n, a);
  THTensor *x = THTensor_(newColumnMajor)(n, nrhs, b);
  THLapack_(potrs)(uplo[0], n, nrhs, THTensor_(data)(factor), n, THTensor_(data)(x), n, &info);
  THTensor_(free)(factor);
  THTensor_(checkLapackArgumentsFreeing)(info, "potrs", x, NULL);
  THTensor_(giveResult)(rb_, x);
}

void THTensor_(potri)(THTensor *ra_, THTensor *a, const char *uplo) {
  THTensor_(checkSquare)(a, 2, "the Cholesky factor");
  THLapack_require("potri");
  int n = (int)a->size[0], info;
  THTensor *inv = THTensor_(newColumnMajor)(n, n, a);
  THLapack_(potri)(uplo[0], n, THTensor_(data)(inv), n, &info);
  if (info != 0) {
    THTensor_(free)(inv);
    THTensor_(checkLapackArguments)(info, "potri");
    THError("the matrix is singular: the factor's (%d,%d) element is zero", info, info);
  }
  THTensor_(mirrorTriangle)(inv, uplo);
  THTensor_(giveResult)(ra_, inv);
}

void THTensor_(pstrf)(THTensor *ra_, THIntTensor *rpiv_, THTensor *a, const char *uplo, real tol) {
  THTensor_(checkSquare)(a, 3, "the input");
  THTensor_(checkFinite)(a, 3, "pstrf", "the input");
  THLapack_require("pstrf");
  int n = (int)a->size[0], rank, info;
  THTensor *factor = THTensor_(newColumnMajor)(n, n, a);
  THIntTensor *piv = THIntTensor_newWithSize1d(n);
  real *work = THAlloc(sizeof(real) * 2 * (size_t)n);
  THLapack_(pstrf)(uplo[0], n, THTensor_(data)(factor), n, THIntTensor_data(piv), &rank, tol, work,
                   &info);
  THFree(work);
  if (info != 0) {
    THTensor_(free)(factor);
    THIntTensor_free(piv);
    THTensor_(checkLapackArguments)(info, "pstrf");
    THError("the matrix is not positive definite, or only semi-definite: its computed rank is %d "
            "of %d", rank, n);
  }
  int *p = THIntTensor_data(piv);
  for (int i = 0; i < n; i++)
    p[i] -= 1;                                              /* LAPACK counts from 1 */
  THTensor_(zeroOtherTriangle)(factor, uplo);
  THTensor_(giveResult)(ra_, factor);
  THIntTensor_set(rpiv_, piv);
  THIntTensor_free(piv);
}

/* ---- QR ---- */

/* geqrf on a column-major copy of a: the compact form, its tau (min(m, n) scales). */
static void THTensor_(compactQR)(THTensor *a, THTensor **compact, THTensor **tau, int *info) {
  int m = (int)a->size[0], n = (int)a->size[1], k = m < n ? m : n, lwork;
  *compact = THTensor_(newColumnMajor)(m, n, a);
  *tau = THTensor_(newWithSize1d)(k);
  real answer;
  THLapack_(geqrf)(m, n, THTensor_(data)(*compact), m, THTensor_(data)(*tau), &answer, -1, info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(geqrf)(m, n, THTensor_(data)(*compact), m, THTensor_(data)(*tau), work, lwork, info);
  THFree(work);
}

/* Overwrites the first cols columns of the column-major m x n compact form with Q's columns. */
static void THTensor_(formQ)(THTensor *compact, int cols, THTensor *tau, int *info) {
  int m = (int)compact->size[0], k = (int)THTensor_(nElement)(tau), lwork;
  real answer;
  THLapack_(orgqr)(m, cols, k, THTensor_(data)(compact), m, THTensor_(data)(tau), &answer, -1, info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(orgqr)(m, cols, k, THTensor_(data)(compact), m, THTensor_(data)(tau), work, lwork, info);
  THFree(work);
}

void THTensor_(qr)(THTensor *rq_, THTensor *rr_, THTensor *a) {
  THTensor_(checkDistinctResults)(rq_, rr_, 2, "qr");
  THTensor_(checkMatrix)(a, 3, "the input");
  THLapack_require("geqrf");
  int m = (int)a->size[0], n = (int)a->size[1], k = m < n ? m : n, info;
  THTensor *compact, *tau;
  THTensor_(compactQR)(a, &compact, &tau, &info);
  THTensor *top = THTensor_(newNarrow)(compact, 0, 0, k);
  THTensor *r = THTensor_(newColumnMajor)(k, n, top);
  THTensor_(free)(top);
  THTensor_(zeroOtherTriangle)(r, "U");
  if (info == 0)
    THTensor_(formQ)(compact, k, tau, &info);
  THTensor_(free)(tau);
  THTensor_(checkLapackArgumentsFreeing)(info, "qr", compact, r);
  THTensor_(narrow)(compact, NULL, 1, 0, k);
  THTensor_(giveResult)(rq_, compact);
  THTensor_(giveResult)(rr_, r);
}

void THTensor_(geqrf)(THTensor *ra_, THTensor *rtau_, THTensor *a) {
  THTensor_(checkDistinctResults)(ra_, rtau_, 2, "geqrf");
  THTensor_(checkMatrix)(a, 3, "the input");
  THLapack_require("geqrf");
  int info;
  THTensor *compact, *tau;
  THTensor_(compactQR)(a, &compact, &tau, &info);
  THTensor_(checkLapackArgumentsFreeing)(info, "geqrf", compact, tau);
  THTensor_(giveResult)(ra_, compact);
  THTensor_(giveResult)(rtau_, tau);
}

/* tau holds the scales of reflectors stored in a (geqrf's form): at most min(rows, columns). */
static void THTensor_(checkReflectors)(THTensor *a, THTensor *tau, long most, int argNumber) {
  THArgCheck(tau->nDimension == 1 && tau->size[0] <= most, argNumber,
             "expected tau to be a vector of at most %ld elements for a matrix of size %s, got "
             "size %s", most, THTensor_(sizeDesc)(a).str, THTensor_(sizeDesc)(tau).str);
}

void THTensor_(orgqr)(THTensor *ra_, THTensor *a, THTensor *tau) {
  THTensor_(checkMatrix)(a, 2, "the input");
  int m = (int)a->size[0], n = (int)a->size[1], cols = m < n ? m : n, info;
  THTensor_(checkReflectors)(a, tau, cols, 3);
  THLapack_require("orgqr");
  THTensor *q = THTensor_(newColumnMajor)(m, n, a);
  THTensor *scales = THTensor_(newContiguous)(tau);
  THTensor_(formQ)(q, cols, scales, &info);
  THTensor_(free)(scales);
  THTensor_(checkLapackArgumentsFreeing)(info, "orgqr", q, NULL);
  THTensor_(narrow)(q, NULL, 1, 0, cols);
  THTensor_(giveResult)(ra_, q);
}

void THTensor_(ormqr)(THTensor *ra_, THTensor *a, THTensor *tau, THTensor *c, const char *side,
                      const char *trans) {
  THTensor_(checkMatrix)(a, 2, "the input");
  THTensor_(checkMatrix)(c, 4, "mat");
  int left = side[0] == 'L' || side[0] == 'l';
  long order = left ? c->size[0] : c->size[1];     /* Q is order x order */
  THArgCheck(a->size[0] == order, 4,
             "size mismatch: Q is %ldx%ld (from the input of size %s) and cannot multiply mat of "
             "size %s from the %s", a->size[0], a->size[0], THTensor_(sizeDesc)(a).str,
             THTensor_(sizeDesc)(c).str, left ? "left" : "right");
  THTensor_(checkReflectors)(a, tau, a->size[0] < a->size[1] ? a->size[0] : a->size[1], 3);
  THLapack_require("ormqr");
  int m = (int)c->size[0], n = (int)c->size[1], k = (int)tau->size[0], info, lwork;
  THTensor *reflectors = THTensor_(newColumnMajor)(a->size[0], a->size[1], a);
  THTensor *scales = THTensor_(newContiguous)(tau);
  THTensor *result = THTensor_(newColumnMajor)(m, n, c);
  real answer;
  THLapack_(ormqr)(side[0], trans[0], m, n, k, THTensor_(data)(reflectors), (int)order,
                   THTensor_(data)(scales), THTensor_(data)(result), m, &answer, -1, &info);
  real *work = THTensor_(newWorkspace)(answer, &lwork);
  THLapack_(ormqr)(side[0], trans[0], m, n, k, THTensor_(data)(reflectors), (int)order,
                   THTensor_(data)(scales), THTensor_(data)(result), m, work, lwork, &info);
  THFree(work);
  THTensor_(free)(reflectors);
  THTensor_(free)(scales);
  THTensor_(checkLapackArgumentsFreeing)(info, "ormqr", result, NULL);
  THTensor_(giveResult)(ra_, result);
}

/* ---- Batched LU ---- */

/* LU without row exchanges of a column-major n x n matrix, in place; like getrf, returns 0 or
 * the 1-based index of the first zero pivot. */
static int THTensor_(luWithoutPivoting)(real *a, int n) {
  for (int k = 0; k < n; k++) {
    real pivot = a[k + (long)k * n];
    if (pivot == 0)
      return k + 1;
    for (int i = k + 1; i < n; i++)
      a[i + (long)k * n] /= pivot;
    for (int j = k + 1; j < n; j++) {
      real ukj = a[k + (long)j * n];
      for (int i = k + 1; i < n; i++)
        a[i + (long)j * n] -= a[i + (long)k * n] * ukj;
    }
  }
  return 0;
}

/* A new B x n x n tensor whose matrices are column-major (strides n*n, 1, n), holding src. */
static THTensor *THTensor_(newColumnMajorBatch)(THTensor *src) {
  long batches = src->size[0], n = src->size[1];
  long size[3] = {batches, n, n}, stride[3] = {n * n, 1, n};
  THTensor *t = THTensor_(new)();
  THTensor_(resizeNd)(t, 3, size, stride);
  THTensor_(copy)(t, src);
  return t;
}

static void THTensor_(checkSquareBatch)(THTensor *a, int argNumber, const char *name) {
  THArgCheck(a->nDimension == 3 && a->size[1] == a->size[2], argNumber,
             "expected %s to be a batch of square matrices (B x n x n), got size %s", name,
             THTensor_(sizeDesc)(a).str);
  THArgCheck(a->size[1] <= INT_MAX, argNumber, "%s (size %s) is too large for LAPACK's 32-bit sizes",
             name, THTensor_(sizeDesc)(a).str);
}

void THTensor_(btrifact)(THTensor *ra_, THIntTensor *rpivots_, THTensor *a, int pivot) {
  THTensor_(btrifactWithInfo)(ra_, rpivots_, NULL, a, pivot);
}

/* With rinfo_ NULL a singular matrix is an error; otherwise every matrix is factorised and
 * rinfo_[b] receives LAPACK's info for matrix b: 0, or i when U(i,i) is exactly zero. */
void THTensor_(btrifactWithInfo)(THTensor *ra_, THIntTensor *rpivots_, THIntTensor *rinfo_,
                                 THTensor *a, int pivot) {
  THTensor_(checkSquareBatch)(a, 3, "the input");
  if (pivot)
    THLapack_require("getrf");
  long batches = a->size[0];
  int n = (int)a->size[1], info = 0;
  long failed = -1;
  THTensor *lu = THTensor_(newColumnMajorBatch)(a);
  THIntTensor *pivots = THIntTensor_newWithSize2d(batches, n);
  THIntTensor *infos = THIntTensor_newWithSize1d(batches);
  real *pa = THTensor_(data)(lu);
  int *pp = THIntTensor_data(pivots);
  /* a singular matrix stops the loop unless infos are wanted; a rejected argument always does */
  for (long b = 0; b < batches && info >= 0 && (failed < 0 || rinfo_ != NULL); b++) {
    real *matrix = pa + b * (long)n * n;
    int *rows = pp + b * n;
    if (pivot) {
      THLapack_(getrf)(n, n, matrix, n, rows, &info);
    } else {
      info = THTensor_(luWithoutPivoting)(matrix, n);
      for (int i = 0; i < n; i++)
        rows[i] = i + 1;
    }
    THIntTensor_set1d(infos, b, info);
    if (info > 0 && failed < 0)
      failed = b;
  }
  if (info < 0 || (failed >= 0 && rinfo_ == NULL)) {
    int first = failed >= 0 ? THIntTensor_get1d(infos, failed) : 0;
    THTensor_(free)(lu);
    THIntTensor_free(pivots);
    THIntTensor_free(infos);
    THTensor_(checkLapackArguments)(info, "getrf");
    THError("the matrix is singular: U(%d,%d) of batch element %ld is zero%s", first, first,
            failed, pivot ? "" : " (LU without pivoting)");
  }
  THTensor_(giveResult)(ra_, lu);
  THIntTensor_set(rpivots_, pivots);
  THIntTensor_free(pivots);
  if (rinfo_ != NULL)
    THIntTensor_set(rinfo_, infos);
  THIntTensor_free(infos);
}

void THTensor_(btrisolve)(THTensor *rb_, THTensor *b, THTensor *atf, THIntTensor *pivots) {
  THTensor_(checkSquareBatch)(atf, 3, "LU");
  long batches = atf->size[0], n = atf->size[1];
  THArgCheck(b->nDimension == 2 && b->size[0] == batches && b->size[1] == n, 2,
             "expected b to be %ldx%ld (batch x the LU's size), got size %s", batches, n,
             THTensor_(sizeDesc)(b).str);
  THArgCheck(pivots->nDimension == 2 && pivots->size[0] == batches && pivots->size[1] == n, 4,
             "expected pivots to be %ldx%ld (batch x the LU's size), got size %s", batches, n,
             THIntTensor_sizeDesc(pivots).str);
  int outOfRange = 0, badPivot = 0;
  TH_TENSOR_APPLY(int, pivots, if (*pivots_data < 1 || *pivots_data > n) {
    outOfRange = 1;
    badPivot = *pivots_data;
  });
  THIndexCheck(!outOfRange, 4, "pivot %d out of range: pivots are row numbers from 1 to %ld",
               badPivot, n);
  THLapack_require("getrs");
  int info = 0;
  THTensor *lu = THTensor_(newColumnMajorBatch)(atf);
  THIntTensor *rows = THIntTensor_newContiguous(pivots);
  THTensor *x = THTensor_(newWithSize2d)(batches, n);         /* each row a column-major n x 1 */
  THTensor_(copy)(x, b);
  for (long i = 0; i < batches && info == 0; i++)
    THLapack_(getrs)('N', (int)n, 1, THTensor_(data)(lu) + i * n * n, (int)n,
                     THIntTensor_data(rows) + i * n, THTensor_(data)(x) + i * n, (int)n, &info);
  THTensor_(free)(lu);
  THIntTensor_free(rows);
  THTensor_(checkLapackArgumentsFreeing)(info, "getrs", x, NULL);
  THTensor_(giveResult)(rb_, x);
}

#endif
