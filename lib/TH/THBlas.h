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

#endif
