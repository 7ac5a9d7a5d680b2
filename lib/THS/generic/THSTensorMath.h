/* Math between sparse and dense tensors, expanded once per dtype by THSTensor.h. The names say
 * which operands are sparse (as in the era's THS): sp<op> takes a sparse operand and gives a dense
 * result, ssp<op> gives a sparse result. The result comes first and may be the same tensor as an
 * operand; every size is checked first (THArgCheck naming the sizes). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THSTensorMath.h"
#else

/* dense r_ = t + value * sparse, t and sparse of the same sizes (r_ = t: t += value * sparse). */
TH_API void THSTensor_(spcadd)(THTensor *r_, THTensor *t, real value, THSTensor *sparse);
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

#endif
