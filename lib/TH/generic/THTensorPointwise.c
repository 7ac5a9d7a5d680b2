/* THTensorPointwise: element-wise math: unary functions (exp, log, sigmoid, ...), pow, fmod, remainder, clamp, lerp, atan2, addcmul/addcdiv, cmax/cmin, sign, neg, abs, reciprocal.
 * Included by THTensorPointwise.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorPointwise.c"
#else

#endif
