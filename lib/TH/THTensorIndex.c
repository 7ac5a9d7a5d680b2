/* THTensorIndex: indexing, masking and joining (index_select/copy/add/fill, gather, scatter,
 * maskedFill/Copy/Select, nonzero, cat), made by expanding generic/THTensorIndex.c for the seven
 * regular dtypes.
 * On the path of `a.index_select(0, i)` → THPFloatTensor_index_select → THFloatTensor_indexSelect. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorIndex.c"
#include "THGenerateAllTypes.h"
