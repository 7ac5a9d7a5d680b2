/* The BLAS routines, expanded for the seven regular dtypes by THBlas.h. Column-major, as in
 * Fortran BLAS: an m x n matrix a has element (i, j) at a[i + j*lda]. trans is 'n' or 't'. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THBlas.h"
#else

/* Level 1 */
TH_API void THBlas_(swap)(long n, real *x, long incx, real *y, long incy);
TH_API void THBlas_(scal)(long n, real a, real *x, long incx);
TH_API void THBlas_(copy)(long n, real *x, long incx, real *y, long incy);
TH_API void THBlas_(axpy)(long n, real a, real *x, long incx, real *y, long incy);
TH_API real THBlas_(dot)(long n, real *x, long incx, real *y, long incy);

/* Level 2: y = alpha*op(a)*x + beta*y, and a += alpha*x*y' */
TH_API void THBlas_(gemv)(char trans, long m, long n, real alpha, real *a, long lda, real *x, long incx,
                          real beta, real *y, long incy);
TH_API void THBlas_(ger)(long m, long n, real alpha, real *x, long incx, real *y, long incy, real *a,
                         long lda);

/* Level 3: c = alpha*op(a)*op(b) + beta*c, c is m x n, k the inner size. beta == 0 ignores c. */
TH_API void THBlas_(gemm)(char transa, char transb, long m, long n, long k, real alpha, real *a, long lda,
                          real *b, long ldb, real beta, real *c, long ldc);

#endif
