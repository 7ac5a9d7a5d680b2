/* THTensorReduce: the reductions (sum, prod, max, min, cumsum, cumprod, trace, all, any, mean, var,
 * std, norm, dist, renorm, histc), made by expanding generic/THTensorReduce.c for the seven
 * regular dtypes.
 * On the path of `a.max(0)` → THPFloatTensor_max → THFloatTensor_max. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorReduce.c"
#include "THGenerateAllTypes.h"
