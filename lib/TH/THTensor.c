/* THTensor: the tensor basics and copies of every dtype, made by expanding generic/THTensor.c and
 * generic/THTensorCopy.c for the seven regular dtypes and Half.
 * On the path of `t.narrow(0, 1, 2)`: THPFloatTensor_narrow → THFloatTensor_newNarrow. */
#include "THTensor.h"
#include "THAtomic.h"
#include "THTensorApply.h"
#include "THTensorElementwise.h"
#include "THParallel.h"

#include <stdio.h>

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorChecks.h"
#include "THGenerateHalfType.h"

#include "generic/THTensor.c"
#include "THGenerateAllTypes.h"

#include "generic/THTensor.c"
#include "THGenerateHalfType.h"

#include "generic/THTensorCopy.c"
#include "THGenerateAllTypes.h"

#include "generic/THTensorCopy.c"
#include "THGenerateHalfType.h"
