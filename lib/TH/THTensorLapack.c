/* THTensorLapack: LAPACK-backed linear algebra: gesv, gels, trtrs, symeig, eig, svd, inverse, potrf/potrs/potri, pstrf, qr, geqrf/orgqr/ormqr, btrifact/btrisolve; made by expanding generic/THTensorLapack.c for the float dtypes (Float, Double).
 * On the path of `torch_early.gesv(b, a)` → THPFloatTensor_stateless_gesv → THFloatTensor_gesv → sgesv_. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#include "generic/THTensorLapack.c"
#include "THGenerateFloatTypes.h"
