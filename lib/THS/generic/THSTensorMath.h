/* Math between sparse and dense tensors, expanded once per dtype by THSTensor.h. The names say
 * which operands are sparse (as in the era's THS): sp<op> takes a sparse operand and gives a dense
 * result, ssp<op> gives a sparse result. The result comes first and may be the same tensor as an
 * operand; every size is checked first (THArgCheck naming the sizes). The products take sparse
 * matrices without dense dimensions. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THSTensorMath.h"
#else

/* dense r_ = t + value * sparse, t and sparse of the same sizes (r_ = t: t += value * sparse). */
TH_API void THSTensor_(spcadd)(THTensor *r_, THTensor *t, real value, THSTensor *sparse);
/* sparse r_ = the elements of the dense t at the positions of mask's entries: r_ has mask's indices
 * (repeats and order included) and, for each, the value (block) of t there. t and mask have the
 * same sizes. */
TH_API void THSTensor_(sparseMask)(THSTensor *r_, THTensor *t, THSTensor *mask);

/* ---- sparse with sparse, and with numbers (r_ may be t: in place) ---- */
/* r_ = t * value, t / value (an integer division for the integer dtypes), t ^ value (Float and
 * Double only, as TH's pow; repeated positions are added up first). pow refuses value 0, whose
 * result (all ones) is not sparse. */
TH_API void THSTensor_(mul)(THSTensor *r_, THSTensor *t, real value);
TH_API void THSTensor_(div)(THSTensor *r_, THSTensor *t, real value);
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)  /* as TH's own pow */
TH_API void THSTensor_(pow)(THSTensor *r_, THSTensor *t, real value);
#endif
/* r_ = t + value * src and r_ = t - value * src, t and src of the same sizes (and, when both have
 * entries, the same sparse dimensions); the result is coalesced. */
TH_API void THSTensor_(cadd)(THSTensor *r_, THSTensor *t, real value, THSTensor *src);
TH_API void THSTensor_(csub)(THSTensor *r_, THSTensor *t, real value, THSTensor *src);
/* r_ = t * src element by element: an entry at each position both have; coalesced. */
TH_API void THSTensor_(cmul)(THSTensor *r_, THSTensor *t, THSTensor *src);
/* dense r_ = beta * t + alpha * (sparse @ dense): sparse is n x k, dense k x m, t n x m. */
TH_API void THSTensor_(spaddmm)(THTensor *r_, real beta, THTensor *t, real alpha,
                                THSTensor *sparse, THTensor *dense);
/* dense r_ = sparse @ dense. */
TH_API void THSTensor_(spmm)(THTensor *r_, THSTensor *sparse, THTensor *dense);
/* sparse r_ = beta * t + alpha * (sparse @ dense), t a sparse n x m matrix; the result is
 * contiguous (coalesced), and holds a full row of m entries for each row of `sparse` that has
 * entries. */
TH_API void THSTensor_(sspaddmm)(THSTensor *r_, real beta, THSTensor *t, real alpha,
                                 THSTensor *sparse, THTensor *dense);
/* sparse r_ = sparse @ dense, laid out as sspaddmm's. */
TH_API void THSTensor_(sspmm)(THSTensor *r_, THSTensor *sparse, THTensor *dense);
/* hybrid sparse r_ = alpha * (sparse @ dense): one sparse dimension (the rows) and one dense (the
 * m columns), an entry (a row of m values) for each row of `sparse` that has entries; coalesced. */
TH_API void THSTensor_(hspmm)(THSTensor *r_, real alpha, THSTensor *sparse, THTensor *dense);

#endif
