/* THTensorPointwise: the element-wise functions (neg, abs, sign, clamp, cmax, cmin; for float
 * types exp, log, sin..., sigmoid, pow, atan2, lerp), made by expanding
 * generic/THTensorPointwise.c for the seven regular dtypes.
 * On the path of `a.exp()` → THPFloatTensor_exp → THFloatTensor_exp. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorElementwise.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorPointwise.c"
#include "THGenerateAllTypes.h"
