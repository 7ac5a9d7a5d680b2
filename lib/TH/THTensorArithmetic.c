/* THTensorArithmetic: element-wise arithmetic (add, sub, mul, div with a number or a tensor, fmod,
 * remainder, addcmul, addcdiv), made by expanding generic/THTensorArithmetic.c for the seven
 * regular dtypes (Half has no math).
 * On the path of `a.add(b)`: THPFloatTensor_add → THFloatTensor_cadd(r, a, 1, b). */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorElementwise.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorArithmetic.c"
#include "THGenerateAllTypes.h"
