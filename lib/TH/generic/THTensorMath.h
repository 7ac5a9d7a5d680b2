/* Tensor math, expanded for the seven regular dtypes by THTensor.h. The result comes first and may
 * be the same tensor as an input; functions resize their result themselves. Element-wise
 * functions need equal element counts (shapes may differ); every check runs before anything is
 * written. Sums and products accumulate in accreal (long for integers, double for floats). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMath.h"
#else

/* ---- Filling ---- */
TH_API void THTensor_(fill)(THTensor *r_, real value);
TH_API void THTensor_(zero)(THTensor *r_);

/* ---- With a scalar: r = t op value. Integer division by 0 is an error. ---- */
TH_API void THTensor_(add)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(sub)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(mul)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(div)(THTensor *r_, THTensor *t, real value);

/* ---- Element-wise: r = t + value*src, t - value*src, t*src, t/src ---- */
TH_API void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src);
TH_API void THTensor_(csub)(THTensor *r_, THTensor *t, real value, THTensor *src);
TH_API void THTensor_(cmul)(THTensor *r_, THTensor *t, THTensor *src);
/* Integer types: a zero anywhere in src is an error (checked before writing). */
TH_API void THTensor_(cdiv)(THTensor *r_, THTensor *t, THTensor *src);

/* ---- Reductions ---- */
TH_API accreal THTensor_(sumall)(THTensor *t);
TH_API accreal THTensor_(prodall)(THTensor *t);
/* Reduce along dimension: r has t's sizes with size 1 at dimension. */
TH_API void THTensor_(sum)(THTensor *r_, THTensor *t, int dimension);
TH_API void THTensor_(prod)(THTensor *r_, THTensor *t, int dimension);
TH_API accreal THTensor_(dot)(THTensor *t, THTensor *src);
TH_API ptrdiff_t THTensor_(numel)(THTensor *t);

/* ---- Masks: mask is a ByteTensor with as many elements as the tensor; its 1s pick elements in
 * row-major order, its 0s skip them; any other value is an error. ---- */
TH_API void THTensor_(maskedFill)(THTensor *tensor, THByteTensor *mask, real value);
/* Writes the picked elements of tensor from src's elements, taken in order. */
TH_API void THTensor_(maskedCopy)(THTensor *tensor, THByteTensor *mask, THTensor *src);
/* r = the picked elements of src, as a 1-D tensor (empty when nothing is picked). */
TH_API void THTensor_(maskedSelect)(THTensor *r_, THTensor *src, THByteTensor *mask);

#endif
