/* THTensorPointwise: element-wise math: unary functions (exp, log, sigmoid, ...), pow, fmod, remainder, clamp, lerp, atan2, addcmul/addcdiv, cmax/cmin, sign, neg, abs, reciprocal; made by expanding generic/THTensorPointwise.c for the seven regular dtypes.
 * On the path of `a.exp()` → THPFloatTensor_exp → THFloatTensor_exp. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THTensorPointwise.c"
#include "THGenerateAllTypes.h"
