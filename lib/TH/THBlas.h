/* THBlas: the BLAS routines TH needs (swap, scal, copy, axpy, dot, gemv, ger, gemm) for every
 * dtype, with long sizes and column-major (Fortran) conventions. Float and Double go to the linked
 * BLAS when built with -DUSE_BLAS; everything else runs the reference loops in generic/THBlas.c.
 * On the path of `a.mm(b)`: THFloatTensor_addmm → THFloatBlas_gemm → sgemm_. */
#ifndef TH_BLAS_INC
#define TH_BLAS_INC

#include "THGeneral.h"

#define THBlas_(NAME) TH_CONCAT_4(TH, Real, Blas_, NAME)

#include "generic/THBlas.h"
#include "THGenerateAllTypes.h"

/* One thread pool for the whole process: TH's parallel loops own the cores, so the BLAS runs on
 * the thread that calls it, and THBlas_(gemm) shares a large product out across TH's threads
 * itself (blocks of C's rows or columns), under the busy-machine guard of THParallel.h. Called
 * once, when torch_early is imported: sets OpenBLAS to one thread, unless the user set its thread
 * count (OPENBLAS_NUM_THREADS or GOTO_NUM_THREADS), or the BLAS is not OpenBLAS; in those cases
 * the BLAS keeps its own threads and THBlas shares nothing out. */
TH_API void THBlas_init(void);
/* Whether THBlas_(gemm) shares large products across TH's threads (THBlas_init made BLAS
 * single-threaded); and the BLAS's own thread count (-1 when it cannot be asked). */
TH_API int THBlas_sharesGemm(void);
TH_API int THBlas_blasThreads(void);

#endif
