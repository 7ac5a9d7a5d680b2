/* THVector kernels of one dtype (declarations, expanded by THVector.h). Each works on n
 * contiguous elements; the result may be the same array as an input. Kernels never raise errors
 * and are safe to call from inside an OpenMP region. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THVector.h"
#else

/* x[i] = c */
TH_API void THVector_(fill)(real *x, real c, ptrdiff_t n);
/* y[i] = x[i] + c */
TH_API void THVector_(adds)(real *y, const real *x, real c, ptrdiff_t n);
/* y[i] = x[i] * c */
TH_API void THVector_(muls)(real *y, const real *x, real c, ptrdiff_t n);
/* z[i] = x[i] + c * y[i] */
TH_API void THVector_(cadd)(real *z, const real *x, real c, const real *y, ptrdiff_t n);
/* z[i] = x[i] * y[i] */
TH_API void THVector_(cmul)(real *z, const real *x, const real *y, ptrdiff_t n);
/* x[0] + ... + x[n-1], accumulated in accreal */
TH_API accreal THVector_(sum)(const real *x, ptrdiff_t n);
/* Column sums of a block of `rows` rows of n elements, rowStride apart: acc[j] += x[k*rowStride + j]
 * over k. For float, each group of eight rows is added in float first, pairwise (a partial within
 * three float roundings of exact) and only the partial goes into the double acc. */
TH_API void THVector_(sumRows)(accreal *acc, const real *x, ptrdiff_t rows, ptrdiff_t rowStride,
                               ptrdiff_t n);
/* Running column extremes over rows first..first+rows-1 of x (rowStride apart, n columns): where
 * x[k*rowStride + j] > best[j] (maxRows) or < best[j] (minRows), best[j] becomes it and at[j] = k.
 * Plain comparisons: returns 1 when a NaN went by (the caller then applies its NaN rule), else 0. */
TH_API int THVector_(maxRows)(real *best, int32_t *at, const real *x, ptrdiff_t first,
                              ptrdiff_t rows, ptrdiff_t rowStride, ptrdiff_t n);
TH_API int THVector_(minRows)(real *best, int32_t *at, const real *x, ptrdiff_t first,
                              ptrdiff_t rows, ptrdiff_t rowStride, ptrdiff_t n);

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
/* y[i] = x[i] / c (integer division stays in THTensorArithmetic: it has no SIMD form and must guard
 * against division by zero and overflow) */
TH_API void THVector_(divs)(real *y, const real *x, real c, ptrdiff_t n);
/* z[i] = x[i] / y[i] */
TH_API void THVector_(cdiv)(real *z, const real *x, const real *y, ptrdiff_t n);
/* y[i] = exp(x[i]) */
TH_API void THVector_(exp)(real *y, const real *x, ptrdiff_t n);
/* y[i] = 1 / (1 + exp(-x[i])) */
TH_API void THVector_(sigmoid)(real *y, const real *x, ptrdiff_t n);
/* y[i] = tanh(x[i]) (float: within 3 roundings of the C library's; double: the C library's) */
TH_API void THVector_(tanh)(real *y, const real *x, ptrdiff_t n);
#endif

#endif
