/* The argument checks the THNN kernels share, for one float type (included by each family's
 * driver through THGenerateFloatTypes.h). Private to lib/THNN. Every failure is a TH argument
 * error naming the sizes; `argNumber` is the C position of the argument at fault (state is 1,
 * input 2, ...), which the bindings turn into the Python argument's name. */
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

#endif
