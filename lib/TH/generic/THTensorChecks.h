/* THTensorChecks: the argument checks that several files of TH share, private to lib/TH (TH.h does
 * not include it). Each driver that needs them expands this file once per dtype, before its
 * generic sources. A check runs before its function writes anything and names the argument by
 * its position (argNumber, 1-based) in the TH function that failed. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorChecks.h"
#else

/* A dimension of t, 0-based. One outside the tensor is an index error (IndexError in Python). */
static inline void THTensor_(checkDim)(const THTensor *t, int dim, int argNumber) {
  THIndexCheck(dim >= 0 && dim < t->nDimension, argNumber, "dimension %d out of range of %dD tensor",
               dim, t->nDimension);
}

/* An index along dimension dim of t: it lies in [0, t->size[dim]). */
static inline void THTensor_(checkIndex)(const THTensor *t, int dim, long index, int argNumber) {
  THIndexCheck(index >= 0 && index < t->size[dim], argNumber,
               "index %ld is out of range for dimension %d (of size %ld)", index, dim, t->size[dim]);
}

/* The operands of an element-wise operation have as many elements; their shapes may differ (both
 * are read in row-major order). */
static inline void THTensor_(checkSameNumel)(const THTensor *t, const THTensor *src, int argNumber) {
  ptrdiff_t n = THTensor_(nElement)(t), srcN = THTensor_(nElement)(src);
  THArgCheck(n == srcN, argNumber,
             "inconsistent tensor size: expected %td elements (size %s) but got %td (size %s)", n,
             THTensor_(sizeDesc)(t).str, srcN, THTensor_(sizeDesc)(src).str);
}

#endif
