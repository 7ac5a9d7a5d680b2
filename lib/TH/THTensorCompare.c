/* THTensorCompare: comparisons (lt, le, gt, ge, ne, eq against a value or a tensor, as ByteTensor or same-type results) and equal; made by expanding generic/THTensorCompare.c for the seven regular dtypes.
 * On the path of `a.lt(b)` → THPFloatTensor_lt → THFloatTensor_ltTensor. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#include "generic/THTensorCompare.c"
#include "THGenerateAllTypes.h"
