/* THTensorReduce: reductions and scans: mean, std, var, norm, dist, renorm, max, min, cumsum, cumprod, trace, all, any.
 * Included by THTensorReduce.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorReduce.c"
#else

#endif
