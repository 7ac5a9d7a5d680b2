/* THTensorElementwise: the loop of every element-wise operation of the arithmetic, pointwise and
 * comparison files, private to lib/TH (TH.h does not include it; lib/THNN's element-wise modules
 * use it through THNNElementwise.h). Inside a function whose result is r_, already resized, and
 * whose operands are t and, for TH_ELEMENTWISE_2, src (as many
 * elements as r_):
 *
 *   TH_ELEMENTWISE_1(RESULT_REAL, FORMULA)   each element of r_ = FORMULA of x, t's element
 *   TH_ELEMENTWISE_2(RESULT_REAL, FORMULA)   each element of r_ = FORMULA of x and y, src's element
 *
 * RESULT_REAL is the type of r_'s elements: real, or unsigned char for a ByteTensor of 0s and 1s.
 * Every operand must lie inside its storage (checked first: see TH_ELEMENTWISE_FLAT).
 * When every tensor is contiguous, one flat loop over the elements, which the compiler vectorises
 * and THParallel shares among threads above TH_OMP_OVERHEAD_THRESHOLD elements; other layouts go
 * through TH_TENSOR_APPLY2/3, in row-major order.
 *
 * Why a macro given the formula, and not a function given a function pointer: OpenMP moves the
 * body of a parallel loop into a function of its own before the compiler inlines anything, so a
 * pointer would stay an indirect call per element in the parallel loop, which does not vectorise
 * (ltValue on 10M floats took 13 times as long). Every public function is still written out under
 * its own name: void THTensor_(ltValue)(...) { ...; TH_ELEMENTWISE_1(unsigned char, x < value); } */
#ifndef TH_TENSOR_ELEMENTWISE_INC
#define TH_TENSOR_ELEMENTWISE_INC

#include "THParallel.h"
#include "THTensorApply.h"

/* The elements of T (of any dtype) when it is contiguous, else NULL: the flat loop's pointer.
 * T is first checked to lie inside its storage, so every operand of a loop is checked before the
 * loop begins. */
#define TH_ELEMENTWISE_FLAT(T)                                                                 \
  (TH_APPLY_CHECK_IN_STORAGE(T),                                                               \
   (T)->storage && THApply_isContiguous((T)->nDimension, (T)->size, (T)->stride)               \
       ? TH_APPLY_BASE(T)                                                                      \
       : NULL)

#define TH_ELEMENTWISE_1(RESULT_REAL, ...)                                                     \
  do {                                                                                         \
    RESULT_REAL *TH_rp = TH_ELEMENTWISE_FLAT(r_);                                              \
    const real *TH_tp = TH_ELEMENTWISE_FLAT(t);                                                \
    if (TH_rp && TH_tp) {                                                                      \
      TH_PARALLEL_FOR(TH_i, THTensor_(nElement)(t),                                            \
                      real x = TH_tp[TH_i]; TH_rp[TH_i] = (RESULT_REAL)(__VA_ARGS__););        \
    } else {                                                                                   \
      TH_TENSOR_APPLY2(RESULT_REAL, r_, real, t,                                               \
                       real x = *t_data; *r__data = (RESULT_REAL)(__VA_ARGS__););              \
    }                                                                                          \
  } while (0)

#define TH_ELEMENTWISE_2(RESULT_REAL, ...)                                                     \
  do {                                                                                         \
    RESULT_REAL *TH_rp = TH_ELEMENTWISE_FLAT(r_);                                              \
    const real *TH_tp = TH_ELEMENTWISE_FLAT(t), *TH_sp = TH_ELEMENTWISE_FLAT(src);             \
    if (TH_rp && TH_tp && TH_sp) {                                                             \
      TH_PARALLEL_FOR(TH_i, THTensor_(nElement)(t), real x = TH_tp[TH_i];                      \
                      real y = TH_sp[TH_i]; TH_rp[TH_i] = (RESULT_REAL)(__VA_ARGS__););        \
    } else {                                                                                   \
      TH_TENSOR_APPLY3(RESULT_REAL, r_, real, t, real, src, real x = *t_data;                  \
                       real y = *src_data; *r__data = (RESULT_REAL)(__VA_ARGS__););            \
    }                                                                                          \
  } while (0)

#endif
