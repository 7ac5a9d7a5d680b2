/* THLapack: the LAPACK routines TH needs, for Float and Double, with the Fortran conventions
 * (column-major matrices, 32-bit int sizes, info reports the outcome). Built with -DUSE_LAPACK they
 * call the linked LAPACK; without it every one raises an error saying so.
 * On the path of `torch_early.gesv(b, a)`: THFloatTensor_gesv → THFloatLapack_gesv → sgesv_. */
#ifndef TH_LAPACK_INC
#define TH_LAPACK_INC

#include "THGeneral.h"

#define THLapack_(NAME) TH_CONCAT_4(TH, Real, Lapack_, NAME)

/* Nothing when built with LAPACK; otherwise raises "<routine> requires LAPACK, which this build
 * was compiled without". Tensor functions call it before allocating anything. */
TH_API void THLapack_require(const char *routine);

#include "generic/THLapack.h"
#include "THGenerateFloatTypes.h"

#endif
