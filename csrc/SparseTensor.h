/* SparseTensor: declarations of the per-dtype sparse tensor types
 * (torch_early._C.SparseFloatTensorBase ...), expanded from generic/SparseTensor.h for the seven
 * regular dtypes (Half tensors only store and convert, so there is no sparse Half). */
#ifndef THP_SPARSE_TENSOR_H
#define THP_SPARSE_TENSOR_H

#include "generic/SparseTensor.h"
#include <THGenerateAllTypes.h>

#endif
