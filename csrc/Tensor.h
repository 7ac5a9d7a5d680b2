/* Tensor: declarations of the per-dtype tensor types (torch_early._C.FloatTensorBase ...),
 * expanded from generic/Tensor.h for the seven regular dtypes and Half. */
#ifndef THP_TENSOR_H
#define THP_TENSOR_H

#include "generic/Tensor.h"
#include <THGenerateAllTypes.h>

#include "generic/Tensor.h"
#include <THGenerateHalfType.h>

#include "generic/utils.h"
#include <THGenerateAllTypes.h>

#include "generic/utils.h"
#include <THGenerateHalfType.h>

#endif
