/* THTensor: a strided view onto a storage; element (i0,...,ik) lives at
 * storage->data[storageOffset + i0*stride[0] + ... + ik*stride[k]].
 * This header declares, for every dtype, the tensor basics and copies (also for Half), then the
 * families of operations (seven dtypes; Half can only be filled). On the path of `a.add(b)`:
 * THPFloatTensor_add → THFloatTensor_cadd. */
#ifndef TH_TENSOR_INC
#define TH_TENSOR_INC

#include "THStorage.h"
#include "THRandom.h"

#define THTensor TH_CONCAT_3(TH, Real, Tensor)
#define THTensor_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)

/* The only tensor flag: retain/free count references. */
#define TH_TENSOR_REFCOUNTED 1

/* Tensors of up to this many dimensions keep their sizes and strides inside the struct. */
#define TH_TENSOR_INLINE_DIMS 4

#include "generic/THTensor.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensor.h"
#include "THGenerateHalfType.h"

#include "generic/THTensorCopy.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorCopy.h"
#include "THGenerateHalfType.h"

/* The families of tensor operations, one header each (Half has fill and zero only). */
#include "generic/THTensorCreate.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorCreate.h"
#include "THGenerateHalfType.h"

#include "generic/THTensorArithmetic.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorPointwise.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorReduce.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorCompare.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorIndex.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorSort.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorLinear.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorRandom.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorLapack.h"
#include "THGenerateFloatTypes.h"

#endif
