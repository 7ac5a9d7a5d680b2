/* THTensorLinear: BLAS-level tensor ops (dot, addmm, addmv, addr, addbmm, baddbmm, mm, mv, bmm, ger,
 * cross), made by expanding generic/THTensorLinear.c for the seven regular dtypes.
 * On the path of `a.mm(b)`: THPFloatTensor_mm → THFloatTensor_mm → THFloatTensor_addmm → sgemm_. */
#include "THTensor.h"
#include "THBlas.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorLinear.c"
#include "THGenerateAllTypes.h"
