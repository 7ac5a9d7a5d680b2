/* Copies between tensors of any two dtypes: the element counts must be equal, the shapes need not
 * (both are walked in row-major order). Expanded once per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCopy.h"
#else

TH_API void THTensor_(copy)(THTensor *tensor, THTensor *src);
TH_API void THTensor_(copyByte)(THTensor *tensor, THByteTensor *src);
TH_API void THTensor_(copyChar)(THTensor *tensor, THCharTensor *src);
TH_API void THTensor_(copyShort)(THTensor *tensor, THShortTensor *src);
TH_API void THTensor_(copyInt)(THTensor *tensor, THIntTensor *src);
TH_API void THTensor_(copyLong)(THTensor *tensor, THLongTensor *src);
TH_API void THTensor_(copyFloat)(THTensor *tensor, THFloatTensor *src);
TH_API void THTensor_(copyDouble)(THTensor *tensor, THDoubleTensor *src);
TH_API void THTensor_(copyHalf)(THTensor *tensor, THHalfTensor *src);

#endif
