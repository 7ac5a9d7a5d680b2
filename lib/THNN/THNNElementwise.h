/* The element-wise loops of THNN's activations and criteria, for a function of one float type
 * (real, accreal), built on TH's own (lib/TH/THTensorElementwise.h): one flat loop when every
 * tensor is contiguous, which the compiler vectorises (and THParallel shares among threads when
 * large), and the strided walk of TH_TENSOR_APPLY otherwise.
 *
 *   THNN_ELEMENTWISE_1(RESULT, A, FORMULA)      each element of RESULT = FORMULA in x (A's element)
 *   THNN_ELEMENTWISE_2(RESULT, A, B, FORMULA)   ... in x (A's element) and y (B's)
 *   THNN_SUM_1(SUM, A, FORMULA)                 SUM = the sum of FORMULA in x, in accreal
 *   THNN_SUM_2(SUM, A, B, FORMULA)              SUM = the sum of FORMULA in x and y, in accreal
 *
 * RESULT must already have A's number of elements and may be A itself (the in-place modules); the
 * operands of THNN_SUM_1/2 must be plain variable names (TH_TENSOR_APPLY names its pointers after
 * them), and are summed in order, on one thread, so that a loss is the same on every run. */
#ifndef THNN_ELEMENTWISE_INC
#define THNN_ELEMENTWISE_INC

#include "THTensorApply.h"
#include "THTensorElementwise.h"

#define THNN_ELEMENTWISE_1(RESULT, A, ...)                                                     \
  do {                                                                                         \
    THTensor *r_ = (RESULT), *t = (A);                                                         \
    TH_ELEMENTWISE_1(real, __VA_ARGS__);                                                       \
  } while (0)

#define THNN_ELEMENTWISE_2(RESULT, A, B, ...)                                                  \
  do {                                                                                         \
    THTensor *r_ = (RESULT), *t = (A), *src = (B);                                             \
    TH_ELEMENTWISE_2(real, __VA_ARGS__);                                                       \
  } while (0)

#define THNN_SUM_1(SUM, A, ...)                                                                \
  do {                                                                                         \
    const real *THNN_ap = TH_ELEMENTWISE_FLAT(A);                                              \
    accreal THNN_sum = 0;                                                                      \
    if (THNN_ap) {                                                                             \
      const ptrdiff_t THNN_n = THTensor_(nElement)(A);                                         \
      for (ptrdiff_t THNN_i = 0; THNN_i < THNN_n; THNN_i++) {                                  \
        real x = THNN_ap[THNN_i];                                                              \
        THNN_sum += (__VA_ARGS__);                                                             \
      }                                                                                        \
    } else {                                                                                   \
      TH_TENSOR_APPLY(real, A, real x = *A##_data; THNN_sum += (__VA_ARGS__););                \
    }                                                                                          \
    (SUM) = THNN_sum;                                                                          \
  } while (0)

#define THNN_SUM_2(SUM, A, B, ...)                                                             \
  do {                                                                                         \
    const real *THNN_ap = TH_ELEMENTWISE_FLAT(A), *THNN_bp = TH_ELEMENTWISE_FLAT(B);           \
    accreal THNN_sum = 0;                                                                      \
    if (THNN_ap && THNN_bp) {                                                                  \
      const ptrdiff_t THNN_n = THTensor_(nElement)(A);                                         \
      for (ptrdiff_t THNN_i = 0; THNN_i < THNN_n; THNN_i++) {                                  \
        real x = THNN_ap[THNN_i], y = THNN_bp[THNN_i];                                         \
        THNN_sum += (__VA_ARGS__);                                                             \
      }                                                                                        \
    } else {                                                                                   \
      TH_TENSOR_APPLY2(real, A, real, B, real x = *A##_data; real y = *B##_data;               \
                       THNN_sum += (__VA_ARGS__););                                            \
    }                                                                                          \
    (SUM) = THNN_sum;                                                                          \
  } while (0)

#endif
