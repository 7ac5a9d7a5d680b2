/* THLapack: the LAPACK routines of Float and Double (generic/THLapack.c expanded twice). With
 * -DUSE_LAPACK they call the Fortran symbols <BLAS_SYMBOL_PREFIX><s|d><routine>_ (scipy_sgesv_
 * with -DBLAS_SYMBOL_PREFIX=scipy_, plain sgesv_ without); without it they raise an error.
 * On the path of `torch_early.gesv(b, a)`: THFloatTensor_gesv → THFloatLapack_gesv → sgesv_. */
#include <stddef.h>

#include "THLapack.h"

#ifdef USE_LAPACK
#ifndef BLAS_SYMBOL_PREFIX
#define BLAS_SYMBOL_PREFIX
#endif
#define TH_LAPACK_FORTRAN(name) TH_CONCAT_3(BLAS_SYMBOL_PREFIX, name, _)

void THLapack_require(const char *routine) {
  (void)routine;
}
#else
void THLapack_require(const char *routine) {
  THError("%s requires LAPACK, which this build was compiled without", routine);
}
#endif

#include "generic/THLapack.c"
#include "THGenerateFloatTypes.h"
