/* THTensorCreate: creation: zeros, ones, eye, range, linspace, logspace, diag, tril, triu, randperm; made by expanding generic/THTensorCreate.c for the seven regular dtypes.
 * On the path of `torch_early.eye(3)` → THPFloatTensor_stateless_eye → THFloatTensor_eye. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#include "generic/THTensorCreate.c"
#include "THGenerateAllTypes.h"
