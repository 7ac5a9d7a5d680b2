/* SparseTensor: the sparse tensor types — generic/SparseTensor.c (with the wrappers cwrap
 * generated from generic/SparseTensorMethods.cwrap) compiled for the seven regular dtypes. */
#include "THP.h"

#include "generic/SparseTensor.c"
#include <THGenerateAllTypes.h>
