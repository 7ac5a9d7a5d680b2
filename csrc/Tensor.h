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

/* X(Real) for each dtype, in the order of the dtype indices: X(Byte) X(Char) ... X(Half). */
#define THP_FOR_EACH_DTYPE(X) X(Byte) X(Char) X(Short) X(Int) X(Long) X(Float) X(Double) X(Half)

/* nb_int and nb_float of every tensor type, shared (csrc/TensorNumber.c): int(t) and float(t) of
 * a one-element tensor. A tensor converts to a number but is not one; its nb_float being this
 * one's is how THPUtils_checkDouble tells them apart. */
extern PyNumberMethods THPTensor_numberMethods;

#endif
