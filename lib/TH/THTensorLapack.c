/* THTensorLapack: linear algebra over LAPACK (gesv, trtrs, gels, syev, geev, gesvd, getri, potrf,
 * potrs, potri, pstrf, qr, geqrf, orgqr, ormqr, btrifact, btrisolve), made by expanding
 * generic/THTensorLapack.c for Float and Double.
 * On the path of `torch_early.gesv(b, a)`: THPFloatTensor_stateless_gesv → THFloatTensor_gesv →
 * THFloatLapack_gesv → sgesv_. */
#include <limits.h>
#include <math.h>

#include "THTensor.h"
#include "THLapack.h"
#include "THTensorApply.h"

#include "generic/THTensorLapack.c"
#include "THGenerateFloatTypes.h"
