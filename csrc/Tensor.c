/* Tensor: compiles generic/Tensor.c once per dtype. That file includes the wrappers cwrap
 * generated from generic/TensorMethods.cwrap, so `add` becomes THPFloatTensor_add,
 * THPDoubleTensor_add, ... here. */
#include "THP.h"

#include "generic/Tensor.c"
#include <THGenerateAllTypes.h>

#include "generic/Tensor.c"
#include <THGenerateHalfType.h>
