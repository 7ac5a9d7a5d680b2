/* THTensorRandom: the random fills of every dtype, made by expanding generic/THTensorRandom.c for
 * the seven regular dtypes.
 * On the path of `t.uniform_()`: THPFloatTensor_uniform → THFloatTensor_uniform → THRandom_uniform. */
#include "THTensor.h"
#include "THTensorApply.h"

#include "generic/THTensorRandom.c"
#include "THGenerateAllTypes.h"
