/* THBlas: the BLAS routines of every dtype (generic/THBlas.c expanded seven times). With
 * -DUSE_BLAS, Float and Double call the Fortran BLAS symbols declared below; their names are
 * <BLAS_SYMBOL_PREFIX><s|d><routine>_ (for instance scipy_sgemm_ with -DBLAS_SYMBOL_PREFIX=scipy_,
 * plain sgemm_ without it). Every other case runs the reference loops.
 * On the path of `a.mm(b)`: THFloatTensor_addmm → THFloatBlas_gemm → sgemm_. */
#include "THBlas.h"
#include "THParallel.h"

#ifdef USE_BLAS

#ifndef BLAS_SYMBOL_PREFIX
#define BLAS_SYMBOL_PREFIX
#endif
#define TH_FORTRAN(name) TH_CONCAT_3(BLAS_SYMBOL_PREFIX, name, _)

/* Fortran BLAS: every argument by address, 32-bit integers. */
extern void TH_FORTRAN(sswap)(int *n, float *x, int *incx, float *y, int *incy);
extern void TH_FORTRAN(dswap)(int *n, double *x, int *incx, double *y, int *incy);
extern void TH_FORTRAN(sscal)(int *n, float *a, float *x, int *incx);
extern void TH_FORTRAN(dscal)(int *n, double *a, double *x, int *incx);
extern void TH_FORTRAN(scopy)(int *n, float *x, int *incx, float *y, int *incy);
extern void TH_FORTRAN(dcopy)(int *n, double *x, int *incx, double *y, int *incy);
extern void TH_FORTRAN(saxpy)(int *n, float *a, float *x, int *incx, float *y, int *incy);
extern void TH_FORTRAN(daxpy)(int *n, double *a, double *x, int *incx, double *y, int *incy);
extern float TH_FORTRAN(sdot)(int *n, float *x, int *incx, float *y, int *incy);
extern double TH_FORTRAN(ddot)(int *n, double *x, int *incx, double *y, int *incy);
extern void TH_FORTRAN(sgemv)(char *trans, int *m, int *n, float *alpha, float *a, int *lda, float *x,
                              int *incx, float *beta, float *y, int *incy);
extern void TH_FORTRAN(dgemv)(char *trans, int *m, int *n, double *alpha, double *a, int *lda,
                              double *x, int *incx, double *beta, double *y, int *incy);
extern void TH_FORTRAN(sger)(int *m, int *n, float *alpha, float *x, int *incx, float *y, int *incy,
                             float *a, int *lda);
extern void TH_FORTRAN(dger)(int *m, int *n, double *alpha, double *x, int *incx, double *y, int *incy,
                             double *a, int *lda);
extern void TH_FORTRAN(sgemm)(char *transa, char *transb, int *m, int *n, int *k, float *alpha, float *a,
                              int *lda, float *b, int *ldb, float *beta, float *c, int *ldc);
extern void TH_FORTRAN(dgemm)(char *transa, char *transb, int *m, int *n, int *k, double *alpha,
                              double *a, int *lda, double *b, int *ldb, double *beta, double *c, int *ldc);

/* OpenBLAS's thread-count calls, which other BLAS libraries lack: weak, so that the build links
 * against any BLAS, and NULL where the symbols are absent. */
#define TH_OPENBLAS(name) TH_CONCAT_2(BLAS_SYMBOL_PREFIX, name)
extern void TH_OPENBLAS(openblas_set_num_threads)(int threads) __attribute__((weak));
extern int TH_OPENBLAS(openblas_get_num_threads)(void) __attribute__((weak));

/* Whether every value fits the 32-bit integers of the Fortran interface. */
static int THBlas_fitInt(long a, long b, long c, long d, long e, long f) {
  return labs(a) <= INT_MAX && labs(b) <= INT_MAX && labs(c) <= INT_MAX && labs(d) <= INT_MAX &&
         labs(e) <= INT_MAX && labs(f) <= INT_MAX;
}

#endif

static int gemmShared;  /* set once by THBlas_init, read by every GEMM */

void THBlas_init(void) {
#ifdef USE_BLAS
  if (getenv("OPENBLAS_NUM_THREADS") || getenv("GOTO_NUM_THREADS"))
    return;  /* the user chose the BLAS's threads: it keeps them */
  if (!TH_OPENBLAS(openblas_set_num_threads))
    return;  /* not OpenBLAS: its threads cannot be set from here */
  TH_OPENBLAS(openblas_set_num_threads)(1);
  __atomic_store_n(&gemmShared, 1, __ATOMIC_RELAXED);
#endif
}

int THBlas_sharesGemm(void) {
  return __atomic_load_n(&gemmShared, __ATOMIC_RELAXED);
}

int THBlas_blasThreads(void) {
#ifdef USE_BLAS
  if (TH_OPENBLAS(openblas_get_num_threads))
    return TH_OPENBLAS(openblas_get_num_threads)();
#endif
  return -1;
}

/* A GEMM of fewer multiply-adds than TH_OMP_OVERHEAD_THRESHOLD times this runs on one thread:
 * sharing it out would cost more (waking a thread, and each thread packing its own copy of the
 * shared operand) than it saves. */
#define TH_BLAS_GEMM_WORK_PER_ELEMENT 2
/* C is shared out in blocks of this many rows or columns, a multiple of the kernels' tiles. */
#define TH_BLAS_GEMM_BLOCK 16

static int THBlas_isTransposed(char trans) {
  return trans == 't' || trans == 'T' || trans == 'c' || trans == 'C';
}

#include "generic/THBlas.c"
#include "THGenerateAllTypes.h"
