/* THTensorReduce: the reductions: sum, prod, max, min, cumsum, cumprod, trace, all, any, and (float
 * types) mean, std, var, norm, dist, renorm, histc. Declarations, expanded per dtype by THTensor.h.
 * A reduction along a dimension keeps that dimension with size 1; one over everything returns a
 * number. Sums and products accumulate in accreal (long for integers, double for floats).
 * Dimensions are 0-based; one outside the tensor is an index error naming it. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorReduce.h"
#else

/* ---- Sums and products: over everything (0 and 1 for an empty tensor), or along dimension ---- */
TH_API accreal THTensor_(sumall)(THTensor *t);
TH_API accreal THTensor_(prodall)(THTensor *t);
TH_API void THTensor_(sum)(THTensor *r_, THTensor *t, int dimension);
TH_API void THTensor_(prod)(THTensor *r_, THTensor *t, int dimension);

/* ---- Extremes: the largest / smallest element; a NaN wins over every number ---- */
TH_API real THTensor_(maxall)(THTensor *t);
TH_API real THTensor_(minall)(THTensor *t);
/* values_ and indices_ get t's sizes with size 1 at dimension; indices_ holds the position of the
 * first extreme along it. values_ may be t. */
TH_API void THTensor_(max)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension);
TH_API void THTensor_(min)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension);

/* ---- Scans: r_[..., i, ...] = sum / product of t[..., 0..i, ...] along dimension ---- */
TH_API void THTensor_(cumsum)(THTensor *r_, THTensor *t, int dimension);
TH_API void THTensor_(cumprod)(THTensor *r_, THTensor *t, int dimension);

/* The sum of the diagonal of a matrix. */
TH_API accreal THTensor_(trace)(THTensor *t);

#if defined(TH_REAL_IS_BYTE)
/* ByteTensors as truth values (nonzero is true): 1 when every / some element is true. */
TH_API int THTensor_(logicalall)(THTensor *t);
TH_API int THTensor_(logicalany)(THTensor *t);
#endif

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
/* ---- Statistics. unbiased divides the sum of squared deviations by n - 1, otherwise by n ---- */
TH_API accreal THTensor_(meanall)(THTensor *t);
TH_API accreal THTensor_(varall)(THTensor *t, int unbiased);
TH_API accreal THTensor_(stdall)(THTensor *t, int unbiased);
TH_API void THTensor_(mean)(THTensor *r_, THTensor *t, int dimension);
TH_API void THTensor_(var)(THTensor *r_, THTensor *t, int dimension, int unbiased);
TH_API void THTensor_(std)(THTensor *r_, THTensor *t, int dimension, int unbiased);

/* ---- Norms: (sum |x|^p)^(1/p); p = 0 counts the nonzero elements ---- */
TH_API accreal THTensor_(normall)(THTensor *t, real p);
TH_API void THTensor_(norm)(THTensor *r_, THTensor *t, real p, int dimension);
/* The p-norm of a - b (as many elements). */
TH_API accreal THTensor_(dist)(THTensor *a, THTensor *b, real p);
/* r_ = t with every slice along dimension (t.select(dimension, i)) whose p-norm exceeds maxnorm
 * scaled down to norm maxnorm. */
TH_API void THTensor_(renorm)(THTensor *r_, THTensor *t, real p, int dimension, real maxnorm);

/* ---- Histogram: hist_ (nbins elements) counts the elements of t in each of nbins equal-width
 * bins over [minvalue, maxvalue]; the last bin also holds maxvalue itself, elements outside the
 * range (and NaNs) are not counted. minvalue == maxvalue means the range of t's values (widened
 * by 1 on each side when they are all equal). hist_ may be t. ---- */
TH_API void THTensor_(histc)(THTensor *hist_, THTensor *t, long nbins, real minvalue,
                             real maxvalue);
#endif

#endif
