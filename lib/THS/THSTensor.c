/* THSTensor: construction, coalescing (contiguous), transposition and conversion to dense of
 * sparse tensors, made by expanding generic/THSTensor.c for the seven regular dtypes. */
#include "THSTensor.h"

#include "generic/THSTensor.c"
#include "THGenerateAllTypes.h"
