/* THTensorArithmetic: element-wise arithmetic, declarations expanded per dtype by THTensor.h. The
 * result comes first, may be the same tensor as an input and is resized by the callee; a tensor
 * operand needs as many elements as t (shapes may differ, both are read in row-major order),
 * checked before anything is written. Integer types: a zero divisor is an error of kind
 * TH_ERROR_ZERO_DIVISION; floating types give inf or nan. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorArithmetic.h"
#else

/* ---- With a number: r = t op value ---- */
TH_API void THTensor_(add)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(sub)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(mul)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(div)(THTensor *r_, THTensor *t, real value);

/* ---- With a tensor: r = t + value*src, t - value*src, t*src, t/src ---- */
TH_API void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src);
TH_API void THTensor_(csub)(THTensor *r_, THTensor *t, real value, THTensor *src);
TH_API void THTensor_(cmul)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(cdiv)(THTensor *r_, THTensor *t, THTensor *src);

/* ---- Remainders: r = t mod value / t mod src. fmod keeps the sign of the dividend (C's fmod
 * and %), remainder the sign of the divisor (Python's %). ---- */
TH_API void THTensor_(fmod)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(cfmod)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(remainder)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(cremainder)(THTensor *r_, THTensor *t, THTensor *src);

/* ---- r = t + value * src1 * src2;  r = t + value * src1 / src2 ---- */
TH_API void THTensor_(addcmul)(THTensor *r_, THTensor *t, real value, THTensor *src1, THTensor *src2);
TH_API void THTensor_(addcdiv)(THTensor *r_, THTensor *t, real value, THTensor *src1, THTensor *src2);

#endif
