/* THTensorSort: sorting and selection: sort, topk, kthvalue, median, mode; made by expanding generic/THTensorSort.c for the seven regular dtypes.
 * On the path of `a.sort(0)` → THPFloatTensor_sort → THFloatTensor_sort. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#include "generic/THTensorSort.c"
#include "THGenerateAllTypes.h"
