/* The argument checks the THNN kernels share, for one float type (included by each family's
 * driver through THGenerateFloatTypes.h). Private to lib/THNN. Every failure is a TH argument
 * error naming the sizes; `argNumber` is the C position of the argument at fault (state is 1,
 * input 2, ...), which the bindings turn into the Python argument's name. */
#include <stdio.h>

#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THNNChecks.h"
#else

/* t has as many elements as reference, laid out in any shape. */
static inline void THNN_(checkSameNumel)(THTensor *reference, THTensor *t, int argNumber,
                                         const char *name) {
  ptrdiff_t expected = THTensor_(nElement)(reference), got = THTensor_(nElement)(t);
  THArgCheck(expected == got, argNumber, "%s should have %td elements (size %s), but got %td "
             "(size %s)", name, expected, THTensor_(sizeDesc)(reference).str, got,
             THTensor_(sizeDesc)(t).str);
}

/* t has exactly reference's sizes. */
static inline void THNN_(checkSameSize)(THTensor *reference, THTensor *t, int argNumber,
                                        const char *name) {
  THArgCheck(THTensor_(isSameSizeAs)(reference, t), argNumber, "%s should be of size %s, but "
             "got size %s", name, THTensor_(sizeDesc)(reference).str,
             THTensor_(sizeDesc)(t).str);
}

/* t has one of two numbers of dimensions (the single-sample and the batch forms of a module). */
static inline void THNN_(checkDims)(THTensor *t, int argNumber, const char *name, int dims,
                                    int batchDims) {
  THArgCheck(t->nDimension == dims || t->nDimension == batchDims, argNumber,
             "%s should be a %dD or %dD tensor, but got size %s", name, dims, batchDims,
             THTensor_(sizeDesc)(t).str);
}

/* ---- Linear, Normalization and Spatial ---- */

/* t is a 1-D tensor of n elements (a per-feature vector: bias, running_mean, ...). */
static inline void THNN_(checkVector)(THTensor *t, long n, int argNumber, const char *name) {
  THArgCheck(t->nDimension == 1 && t->size[0] == n, argNumber,
             "%s should be a 1D tensor of size %ld, but got size %s", name, n,
             THTensor_(sizeDesc)(t).str);
}

/* t has the given sizes (ndim of them, at most 5). */
static inline void THNN_(checkSizes)(THTensor *t, int argNumber, const char *name, int ndim,
                                     const long *sizes) {
  int same = t->nDimension == ndim;
  for (int d = 0; same && d < ndim; d++)
    same = t->size[d] == sizes[d];
  if (!same) {
    char want[128] = "";
    for (int d = 0, used = 0; d < ndim && used < (int)sizeof(want); d++)
      used += snprintf(want + used, sizeof(want) - used, d ? "x%ld" : "%ld", sizes[d]);
    THArgCheck(0, argNumber, "%s should be of size %s, but got size %s", name, want,
               THTensor_(sizeDesc)(t).str);
  }
}

/* Window sizes, strides and dilations are positive; paddings are at least 0. */
static inline void THNN_(checkWindow)(int kW, int kH, int dW, int dH, int padW, int padH,
                                      int kernelArg) {
  THArgCheck(kW > 0 && kH > 0, kernelArg, "kernel size should be greater than zero, but got "
             "kH: %d kW: %d", kH, kW);
  THArgCheck(dW > 0 && dH > 0, kernelArg + 2, "stride should be greater than zero, but got "
             "dH: %d dW: %d", dH, dW);
  THArgCheck(padW >= 0 && padH >= 0, kernelArg + 4, "padding should be at least zero, but got "
             "padH: %d padW: %d", padH, padW);
}

#endif
