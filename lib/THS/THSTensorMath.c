/* THSTensorMath: sparse-with-dense math (spcadd, spaddmm, spmm, sspaddmm, sspmm), made by
 * expanding generic/THSTensorMath.c for the seven regular dtypes. */
#include "THSTensor.h"
#include "THParallel.h"

#include "generic/THSTensorMath.c"
#include "THGenerateAllTypes.h"
