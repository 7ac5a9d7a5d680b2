/* THTensorCompare: the comparisons (lt, le, gt, ge, ne, eq against a number or a tensor, as
 * ByteTensor or same-type results), equal and the logical ops on masks, made by expanding
 * generic/THTensorCompare.c for the seven regular dtypes.
 * On the path of `a.lt(b)` → THPFloatTensor_lt → THFloatTensor_ltTensor. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorElementwise.h"
#include "THParallel.h"

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorCompare.c"
#include "THGenerateAllTypes.h"
