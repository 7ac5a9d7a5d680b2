/* THTensorCompare: element-wise comparisons and equality. Declarations, expanded per dtype by
 * THTensor.h. Each comparison comes in four forms: against a number or against a tensor of as many
 * elements (shapes may differ; the result has t's shape), giving a ByteTensor of 0s and 1s, or
 * (the forms ending in T) a tensor of t's own type. The result may be t itself. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCompare.h"
#else

TH_API void THTensor_(ltValue)(THByteTensor *r_, THTensor *t, real value);
TH_API void THTensor_(leValue)(THByteTensor *r_, THTensor *t, real value);
TH_API void THTensor_(gtValue)(THByteTensor *r_, THTensor *t, real value);
TH_API void THTensor_(geValue)(THByteTensor *r_, THTensor *t, real value);
TH_API void THTensor_(neValue)(THByteTensor *r_, THTensor *t, real value);
TH_API void THTensor_(eqValue)(THByteTensor *r_, THTensor *t, real value);

TH_API void THTensor_(ltValueT)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(leValueT)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(gtValueT)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(geValueT)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(neValueT)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(eqValueT)(THTensor *r_, THTensor *t, real value);

TH_API void THTensor_(ltTensor)(THByteTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(leTensor)(THByteTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(gtTensor)(THByteTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(geTensor)(THByteTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(neTensor)(THByteTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(eqTensor)(THByteTensor *r_, THTensor *t, THTensor *src);

TH_API void THTensor_(ltTensorT)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(leTensorT)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(gtTensorT)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(geTensorT)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(neTensorT)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(eqTensorT)(THTensor *r_, THTensor *t, THTensor *src);

/* 1 when a and b have the same sizes and equal elements (a NaN equals nothing). */
TH_API int THTensor_(equal)(THTensor *a, THTensor *b);

#if defined(TH_REAL_IS_BYTE)
/* ByteTensors as masks (nonzero is true): r_ = t and / or / xor src, and not t, as 0s and 1s. The
 * operands need as many elements; the result has t's shape and may be t. */
TH_API void THTensor_(logicalAnd)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(logicalOr)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(logicalXor)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(logicalNot)(THTensor *r_, THTensor *t);
#endif

#endif
