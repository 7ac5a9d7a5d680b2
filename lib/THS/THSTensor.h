/* THSTensor: a sparse tensor of one dtype — the sizes of a dense tensor, and only the entries
 * that are not zero: column k of `indices` (a THLongTensor of nDimension x nnz) is the position of
 * `values[k]`. This header declares, for the seven regular dtypes, the basics
 * (generic/THSTensor.h) and the math with dense tensors (generic/THSTensorMath.h). */
#ifndef THS_TENSOR_INC
#define THS_TENSOR_INC

#include "TH.h"

#define THSTensor TH_CONCAT_3(THS, Real, Tensor)
#define THSTensor_(NAME) TH_CONCAT_4(THS, Real, Tensor_, NAME)

#include "generic/THSTensor.h"
#include "THGenerateAllTypes.h"

#include "generic/THSTensorMath.h"
#include "THGenerateAllTypes.h"

#endif
