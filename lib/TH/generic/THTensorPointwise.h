/* THTensorPointwise: element-wise math: unary functions (exp, log, sigmoid, ...), pow, fmod, remainder, clamp, lerp, atan2, addcmul/addcdiv, cmax/cmin, sign, neg, abs, reciprocal.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorPointwise.h"
#else

#endif
