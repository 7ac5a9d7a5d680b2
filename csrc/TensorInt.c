/* TensorInt: the tensor type of Int — generic/Tensor.c (with the wrappers cwrap generated) compiled
 * for one dtype. Each dtype has a file of its own so that the build compiles them in parallel. */
#include "THP.h"

#include "generic/Tensor.c"
#include <THGenerateIntType.h>
