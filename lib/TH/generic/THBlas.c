/* The BLAS routines of one dtype (included by THBlas.c once per dtype). Each one normalises
 * degenerate arguments, hands Float/Double to the Fortran BLAS when built with USE_BLAS and the
 * sizes fit in int, and otherwise runs a reference loop (column-major: a(i,j) = a[i + j*lda]). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THBlas.c"
#else

#if defined(USE_BLAS) && (defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE))
#define TH_BLAS_USE_FORTRAN 1
#if defined(TH_REAL_IS_DOUBLE)
#define THBlas_fortran(name) TH_FORTRAN(TH_CONCAT_2(d, name))
#else
#define THBlas_fortran(name) TH_FORTRAN(TH_CONCAT_2(s, name))
#endif
#else
#define TH_BLAS_USE_FORTRAN 0
#endif

void THBlas_(swap)(long n, real *x, long incx, real *y, long incy) {
  if (n == 1) {
    incx = 1;
    incy = 1;
  }
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(n, incx, incy, 0, 0, 0)) {
    int i_n = (int)n, i_incx = (int)incx, i_incy = (int)incy;
    THBlas_fortran(swap)(&i_n, x, &i_incx, y, &i_incy);
    return;
  }
#endif
  for (long i = 0; i < n; i++) {
    real tmp = x[i * incx];
    x[i * incx] = y[i * incy];
    y[i * incy] = tmp;
  }
}

void THBlas_(scal)(long n, real a, real *x, long incx) {
  if (n == 1)
    incx = 1;
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(n, incx, 0, 0, 0, 0)) {
    int i_n = (int)n, i_incx = (int)incx;
    THBlas_fortran(scal)(&i_n, &a, x, &i_incx);
    return;
  }
#endif
  for (long i = 0; i < n; i++)
    x[i * incx] *= a;
}

void THBlas_(copy)(long n, real *x, long incx, real *y, long incy) {
  if (n == 1) {
    incx = 1;
    incy = 1;
  }
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(n, incx, incy, 0, 0, 0)) {
    int i_n = (int)n, i_incx = (int)incx, i_incy = (int)incy;
    THBlas_fortran(copy)(&i_n, x, &i_incx, y, &i_incy);
    return;
  }
#endif
  for (long i = 0; i < n; i++)
    y[i * incy] = x[i * incx];
}

void THBlas_(axpy)(long n, real a, real *x, long incx, real *y, long incy) {
  if (n == 1) {
    incx = 1;
    incy = 1;
  }
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(n, incx, incy, 0, 0, 0)) {
    int i_n = (int)n, i_incx = (int)incx, i_incy = (int)incy;
    THBlas_fortran(axpy)(&i_n, &a, x, &i_incx, y, &i_incy);
    return;
  }
#endif
  for (long i = 0; i < n; i++)
    y[i * incy] += a * x[i * incx];
}

real THBlas_(dot)(long n, real *x, long incx, real *y, long incy) {
  if (n == 1) {
    incx = 1;
    incy = 1;
  }
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(n, incx, incy, 0, 0, 0)) {
    int i_n = (int)n, i_incx = (int)incx, i_incy = (int)incy;
    return (real)THBlas_fortran(dot)(&i_n, x, &i_incx, y, &i_incy);
  }
#endif
  accreal sum = 0;
  for (long i = 0; i < n; i++)
    sum += (accreal)x[i * incx] * y[i * incy];
  return (real)sum;
}

void THBlas_(gemv)(char trans, long m, long n, real alpha, real *a, long lda, real *x, long incx,
                   real beta, real *y, long incy) {
  if (n == 1)
    lda = m;
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(m, n, lda, incx, incy, 0)) {
    int i_m = (int)m, i_n = (int)n, i_lda = (int)lda, i_incx = (int)incx, i_incy = (int)incy;
    THBlas_fortran(gemv)(&trans, &i_m, &i_n, &alpha, a, &i_lda, x, &i_incx, &beta, y, &i_incy);
    return;
  }
#endif
  if (THBlas_isTransposed(trans)) {          /* y (n) = beta*y + alpha * a' x */
    for (long i = 0; i < n; i++) {
      real sum = 0;
      const real *column = a + i * lda;
      for (long j = 0; j < m; j++)
        sum += column[j] * x[j * incx];
      y[i * incy] = beta == 0 ? alpha * sum : beta * y[i * incy] + alpha * sum;
    }
  } else {                                   /* y (m) = beta*y + alpha * a x */
    for (long i = 0; i < m; i++)
      y[i * incy] = beta == 0 ? 0 : beta * y[i * incy];
    for (long j = 0; j < n; j++) {
      real z = alpha * x[j * incx];
      const real *column = a + j * lda;
      for (long i = 0; i < m; i++)
        y[i * incy] += z * column[i];
    }
  }
}

void THBlas_(ger)(long m, long n, real alpha, real *x, long incx, real *y, long incy, real *a, long lda) {
  if (n == 1)
    lda = m;
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(m, n, lda, incx, incy, 0)) {
    int i_m = (int)m, i_n = (int)n, i_lda = (int)lda, i_incx = (int)incx, i_incy = (int)incy;
    THBlas_fortran(ger)(&i_m, &i_n, &alpha, x, &i_incx, y, &i_incy, a, &i_lda);
    return;
  }
#endif
  for (long j = 0; j < n; j++) {
    real z = alpha * y[j * incy];
    real *column = a + j * lda;
    for (long i = 0; i < m; i++)
      column[i] += z * x[i * incx];
  }
}

/* Column j of c = beta*c + alpha*op(a)*op(b). Without a transposed a, whole columns of a are added
 * (contiguous, vectorisable); with one, each entry is a contiguous dot product. */
static void THBlas_(gemmColumn)(int transa, int transb, long m, long k, long j, real alpha, const real *a,
                                long lda, const real *b, long ldb, real beta, real *c, long ldc) {
  real *cj = c + j * ldc;
  for (long i = 0; i < m; i++)
    cj[i] = beta == 0 ? 0 : beta * cj[i];
  if (!transa) {
    for (long l = 0; l < k; l++) {
      real blj = alpha * (transb ? b[j + l * ldb] : b[l + j * ldb]);
      const real *al = a + l * lda;
      for (long i = 0; i < m; i++)
        cj[i] += blj * al[i];
    }
  } else {
    for (long i = 0; i < m; i++) {
      const real *ai = a + i * lda;
      real sum = 0;
      if (transb) {
        for (long l = 0; l < k; l++)
          sum += ai[l] * b[j + l * ldb];
      } else {
        const real *bj = b + j * ldb;
        for (long l = 0; l < k; l++)
          sum += ai[l] * bj[l];
      }
      cj[i] += alpha * sum;
    }
  }
}

#if TH_BLAS_USE_FORTRAN
/* C's rows [first, first + count) (byRows) or columns: one BLAS call on that block, the matching
 * rows of op(a) or columns of op(b). */
static void THBlas_(gemmBlock)(char transa, char transb, int m, int n, int k, real alpha,
                               real *a, int lda, real *b, int ldb, real beta, real *c, int ldc,
                               int byRows, ptrdiff_t first, ptrdiff_t count) {
  if (count <= 0)
    return;
  int i_count = (int)count;
  if (byRows) {
    real *a_rows = THBlas_isTransposed(transa) ? a + first * lda : a + first;
    THBlas_fortran(gemm)(&transa, &transb, &i_count, &n, &k, &alpha, a_rows, &lda, b, &ldb, &beta,
                         c + first, &ldc);
  } else {
    real *b_columns = THBlas_isTransposed(transb) ? b + first : b + first * ldb;
    THBlas_fortran(gemm)(&transa, &transb, &m, &i_count, &k, &alpha, a, &lda, b_columns, &ldb,
                         &beta, c + first * ldc, &ldc);
  }
}

/* The product on the BLAS: one call, or, when BLAS runs single-threaded (THBlas_init) and this is
 * no thread of another parallel region, one call per TH thread on its share of C, cut along C's
 * larger side in blocks of TH_BLAS_GEMM_BLOCK. Each element of C is the same sum either way. */
static void THBlas_(gemmShared)(char transa, char transb, int m, int n, int k, real alpha,
                                real *a, int lda, real *b, int ldb, real beta, real *c, int ldc) {
  int byRows = m > n;
  ptrdiff_t side = byRows ? m : n;
  ptrdiff_t blocks = (side + TH_BLAS_GEMM_BLOCK - 1) / TH_BLAS_GEMM_BLOCK;
  if (!THBlas_sharesGemm() || blocks < 2 || THParallel_inRegion()) {
    THBlas_fortran(gemm)(&transa, &transb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc);
    return;
  }
  double work = (double)m * n * k / TH_BLAS_GEMM_WORK_PER_ELEMENT;
  TH_PARALLEL_REGION(work,
    ptrdiff_t firstBlock, blockCount;
    THParallel_share(blocks, &firstBlock, &blockCount);
    ptrdiff_t first = firstBlock * TH_BLAS_GEMM_BLOCK;
    ptrdiff_t last = (firstBlock + blockCount) * TH_BLAS_GEMM_BLOCK;
    THBlas_(gemmBlock)(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, byRows,
                       first, (last < side ? last : side) - first););
}
#endif

void THBlas_(gemm)(char transa, char transb, long m, long n, long k, real alpha, real *a, long lda,
                   real *b, long ldb, real beta, real *c, long ldc) {
  int ta = THBlas_isTransposed(transa), tb = THBlas_isTransposed(transb);
  if (n == 1)
    ldc = m;
  if (ta ? m == 1 : k == 1)
    lda = ta ? k : m;
  if (tb ? k == 1 : n == 1)
    ldb = tb ? n : k;
#if TH_BLAS_USE_FORTRAN
  if (THBlas_fitInt(m, n, k, lda, ldb, ldc)) {
    THBlas_(gemmShared)(transa, transb, (int)m, (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb,
                        beta, c, (int)ldc);
    return;
  }
#endif
  TH_PARALLEL_LOOP(j, n, (double)m * n * k,
                   THBlas_(gemmColumn)(ta, tb, m, k, j, alpha, a, lda, b, ldb, beta, c, ldc););
}

#undef TH_BLAS_USE_FORTRAN
#ifdef THBlas_fortran
#undef THBlas_fortran
#endif

#endif
