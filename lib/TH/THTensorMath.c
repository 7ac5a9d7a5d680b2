/* THTensorMath: tensor math of every dtype, made by expanding generic/THTensorMath.c for the seven
 * regular dtypes (Half has no math).
 * On the path of `a.add(b)`: THPFloatTensor_add → THFloatTensor_cadd(r, a, 1, b). */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THTensorMath.c"
#include "THGenerateAllTypes.h"
