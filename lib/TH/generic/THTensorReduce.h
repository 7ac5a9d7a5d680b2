/* THTensorReduce: reductions and scans: mean, std, var, norm, dist, renorm, max, min, cumsum, cumprod, trace, all, any.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorReduce.h"
#else

#endif
