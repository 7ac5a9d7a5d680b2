/* THTensorPointwise: the element-wise functions (neg, abs, sign, clamp, cmax, cmin; for float
 * types exp, log, sin..., sigmoid, pow, atan2, lerp), declarations expanded per dtype by
 * THTensor.h. As in THTensorArithmetic.h, the result comes first, may be the same tensor as an
 * input and is resized by the callee; tensor operands need as many elements as t (shapes may
 * differ), checked before anything is written. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorPointwise.h"
#else

/* ---- Every dtype ---- */

/* r = t limited to [minValue, maxValue] */
TH_API void THTensor_(clamp)(THTensor *r_, THTensor *t, real minValue, real maxValue);
/* r = the larger / smaller of t and src (or value), element by element */
TH_API void THTensor_(cmax)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(cmin)(THTensor *r_, THTensor *t, THTensor *src);
TH_API void THTensor_(cmaxValue)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(cminValue)(THTensor *r_, THTensor *t, real value);

/* ---- Signed types (negation wraps for the most negative integer, as in two's complement) ---- */
#if !defined(TH_REAL_IS_BYTE)
TH_API void THTensor_(neg)(THTensor *r_, THTensor *t);
TH_API void THTensor_(abs)(THTensor *r_, THTensor *t);
#endif
/* -1, 0 or 1 (0 for NaN; ByteTensor: 0 or 1) */
TH_API void THTensor_(sign)(THTensor *r_, THTensor *t);

/* ---- Float and Double ---- */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
TH_API void THTensor_(acos)(THTensor *r_, THTensor *t);
TH_API void THTensor_(asin)(THTensor *r_, THTensor *t);
TH_API void THTensor_(atan)(THTensor *r_, THTensor *t);
TH_API void THTensor_(ceil)(THTensor *r_, THTensor *t);
TH_API void THTensor_(cos)(THTensor *r_, THTensor *t);
TH_API void THTensor_(cosh)(THTensor *r_, THTensor *t);
TH_API void THTensor_(exp)(THTensor *r_, THTensor *t);
TH_API void THTensor_(floor)(THTensor *r_, THTensor *t);
/* t - trunc(t) */
TH_API void THTensor_(frac)(THTensor *r_, THTensor *t);
TH_API void THTensor_(log)(THTensor *r_, THTensor *t);
TH_API void THTensor_(log1p)(THTensor *r_, THTensor *t);
/* 1 / t */
TH_API void THTensor_(cinv)(THTensor *r_, THTensor *t);
/* halfway cases away from zero */
TH_API void THTensor_(round)(THTensor *r_, THTensor *t);
/* 1 / sqrt(t) */
TH_API void THTensor_(rsqrt)(THTensor *r_, THTensor *t);
/* 1 / (1 + exp(-t)) */
TH_API void THTensor_(sigmoid)(THTensor *r_, THTensor *t);
TH_API void THTensor_(sin)(THTensor *r_, THTensor *t);
TH_API void THTensor_(sinh)(THTensor *r_, THTensor *t);
TH_API void THTensor_(sqrt)(THTensor *r_, THTensor *t);
TH_API void THTensor_(tan)(THTensor *r_, THTensor *t);
TH_API void THTensor_(tanh)(THTensor *r_, THTensor *t);
TH_API void THTensor_(trunc)(THTensor *r_, THTensor *t);

/* r = t ^ value;  r = value ^ t (a scalar base);  r = t ^ src */
TH_API void THTensor_(pow)(THTensor *r_, THTensor *t, real value);
TH_API void THTensor_(tpow)(THTensor *r_, real value, THTensor *t);
TH_API void THTensor_(cpow)(THTensor *r_, THTensor *t, THTensor *src);
/* r = atan2(t, src), the angle of the point (src, t) */
TH_API void THTensor_(atan2)(THTensor *r_, THTensor *t, THTensor *src);
/* r = t + weight * (src - t) */
TH_API void THTensor_(lerp)(THTensor *r_, THTensor *t, THTensor *src, real weight);
#endif

#endif
