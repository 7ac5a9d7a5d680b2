/* THTensorCreate: filling (fill, zero: Half too) and creation (zeros, ones, eye, range, linspace,
 * logspace, diag, tril, triu), made by expanding generic/THTensorCreate.c for the seven regular
 * dtypes and Half.
 * On the path of `torch_early.eye(3)` → THPFloatTensor_stateless_eye → THFloatTensor_eye. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THTensorCreate.c"
#include "THGenerateAllTypes.h"

#include "generic/THTensorCreate.c"
#include "THGenerateHalfType.h"
