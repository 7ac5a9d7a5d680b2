/* THTensorDimApply: loops that visit every 1-D slice along one dimension of one, two or three
 * tensors, for the per-dimension reductions: `t.sum(1)` → THFloatTensor_sum → TH_TENSOR_DIM_APPLY2
 * (when the fast contiguous path does not apply).
 *
 * The loop walks every position of the other dimensions in row-major order (an odometer that
 * never moves DIMENSION). For each position CODE sees, per tensor T, the start of the slice T_data,
 * its length T_size and the distance between its elements T_stride; CODE processes the whole slice.
 * The tensors must have the same number of dimensions and equal sizes in every dimension except
 * DIMENSION (checked first, naming the sizes), and lie inside their storages (checked first
 * too: see THTensorApply.h). CODE may use `continue` to go to the next slice;
 * it must not `break`, `return` or `goto` out of the loop, nor raise TH errors. */
#ifndef TH_TENSOR_DIM_APPLY_INC
#define TH_TENSOR_DIM_APPLY_INC

#include "THTensorApply.h"

static inline void THDimApply_checkDim(int dimension, int nDimension) {
  if (TH_UNLIKELY(dimension < 0 || dimension >= nDimension))
    THError("dimension %d out of range of %dD tensor", dimension, nDimension);
}

/* Whether two sizes agree in rank and in every dimension except `dimension`. */
static inline int THDimApply_sameSizesExcept(int dimension, int nDimA, const long *sizeA,
                                             int nDimB, const long *sizeB) {
  int same = nDimA == nDimB;
  for (int d = 0; same && d < nDimA; d++)
    same = d == dimension || sizeA[d] == sizeB[d];
  return same;
}

/* The loops' own check; the operations check their arguments first, naming the one at fault. */
static inline void THDimApply_checkSizes(int dimension, int nDimA, const long *sizeA, int nDimB,
                                         const long *sizeB) {
  if (TH_UNLIKELY(!THDimApply_sameSizesExcept(dimension, nDimA, sizeA, nDimB, sizeB)))
    THError("inconsistent tensor size: %s and %s must match in every dimension except %d",
            THSizeDesc(sizeA, nDimA).str, THSizeDesc(sizeB, nDimB).str, dimension);
}

/* A contiguous tensor seen around `dimension`: outer blocks (the product of the sizes before it),
 * each of size[dimension] rows of inner elements (the product of the sizes after it). The fast
 * paths of the per-dimension operations (reductions, index_select, cat...) walk contiguous
 * tensors this way instead of slice by slice. */
static inline void THDimApply_split(int nDimension, const long *size, int dimension, long *outer,
                                    long *inner) {
  *outer = 1;
  *inner = 1;
  for (int d = 0; d < dimension; d++)
    *outer *= size[d];
  for (int d = dimension + 1; d < nDimension; d++)
    *inner *= size[d];
}

/* A zeroed odometer of n digits, on the stack buffer when it fits. */
static inline long *THDimApply_counterNew(long *onStack, int n) {
  long *counter = n > TH_APPLY_STACK_DIMS ? (long *)THAlloc(sizeof(long) * n) : onStack;
  for (int d = 0; d < n; d++)
    counter[d] = 0;
  return counter;
}

static inline void THDimApply_counterFree(long *counter, long *onStack) {
  if (counter != onStack)
    THFree(counter);
}

/* Steps the odometer, leaving `dimension` at 0; returns 0 once every position has been seen. */
static inline int THDimApply_next(long *counter, const long *size, int nDimension, int dimension) {
  for (int d = nDimension - 1; d >= 0; d--) {
    if (d == dimension)
      continue;
    if (++counter[d] < size[d])
      return 1;
    counter[d] = 0;
  }
  return 0;
}

static inline ptrdiff_t THDimApply_offset(const long *counter, const long *stride, int nDimension) {
  ptrdiff_t offset = 0;
  for (int d = 0; d < nDimension; d++)
    offset += counter[d] * stride[d];
  return offset;
}

/* The slice variables of tensor T at the current odometer position (CODE need not use them all). */
#define TH_DIM_APPLY_SLICE(TYPE, T, DIM)                                              \
  TYPE *T##_data = TH_APPLY_BASE(T) +                                                 \
                   THDimApply_offset(TH_dim_counter, (T)->stride, (T)->nDimension);   \
  const long T##_stride = (T)->stride[DIM];                                           \
  const long T##_size = (T)->size[DIM];                                               \
  (void)T##_data;                                                                     \
  (void)T##_stride;                                                                   \
  (void)T##_size;

#define TH_TENSOR_DIM_APPLY(TYPE, T, DIMENSION, ...)                                  \
  do {                                                                                \
    const int TH_dim = (DIMENSION);                                                   \
    THDimApply_checkDim(TH_dim, (T)->nDimension);                                     \
    TH_APPLY_CHECK_IN_STORAGE(T);                                                     \
    long TH_dim_counterOnStack[TH_APPLY_STACK_DIMS];                                  \
    long *TH_dim_counter = THDimApply_counterNew(TH_dim_counterOnStack, (T)->nDimension); \
    do {                                                                              \
      TH_DIM_APPLY_SLICE(TYPE, T, TH_dim)                                             \
      __VA_ARGS__                                                                     \
    } while (THDimApply_next(TH_dim_counter, (T)->size, (T)->nDimension, TH_dim));    \
    THDimApply_counterFree(TH_dim_counter, TH_dim_counterOnStack);                    \
  } while (0)

#define TH_TENSOR_DIM_APPLY2(TYPE1, T1, TYPE2, T2, DIMENSION, ...)                    \
  do {                                                                                \
    const int TH_dim = (DIMENSION);                                                   \
    THDimApply_checkDim(TH_dim, (T1)->nDimension);                                    \
    THDimApply_checkSizes(TH_dim, (T1)->nDimension, (T1)->size, (T2)->nDimension, (T2)->size); \
    TH_APPLY_CHECK_IN_STORAGE(T1);                                                    \
    TH_APPLY_CHECK_IN_STORAGE(T2);                                                    \
    long TH_dim_counterOnStack[TH_APPLY_STACK_DIMS];                                  \
    long *TH_dim_counter = THDimApply_counterNew(TH_dim_counterOnStack, (T1)->nDimension); \
    do {                                                                              \
      TH_DIM_APPLY_SLICE(TYPE1, T1, TH_dim)                                           \
      TH_DIM_APPLY_SLICE(TYPE2, T2, TH_dim)                                           \
      __VA_ARGS__                                                                     \
    } while (THDimApply_next(TH_dim_counter, (T1)->size, (T1)->nDimension, TH_dim));  \
    THDimApply_counterFree(TH_dim_counter, TH_dim_counterOnStack);                    \
  } while (0)

#define TH_TENSOR_DIM_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, DIMENSION, ...)         \
  do {                                                                                \
    const int TH_dim = (DIMENSION);                                                   \
    THDimApply_checkDim(TH_dim, (T1)->nDimension);                                    \
    THDimApply_checkSizes(TH_dim, (T1)->nDimension, (T1)->size, (T2)->nDimension, (T2)->size); \
    THDimApply_checkSizes(TH_dim, (T1)->nDimension, (T1)->size, (T3)->nDimension, (T3)->size); \
    TH_APPLY_CHECK_IN_STORAGE(T1);                                                    \
    TH_APPLY_CHECK_IN_STORAGE(T2);                                                    \
    TH_APPLY_CHECK_IN_STORAGE(T3);                                                    \
    long TH_dim_counterOnStack[TH_APPLY_STACK_DIMS];                                  \
    long *TH_dim_counter = THDimApply_counterNew(TH_dim_counterOnStack, (T1)->nDimension); \
    do {                                                                              \
      TH_DIM_APPLY_SLICE(TYPE1, T1, TH_dim)                                           \
      TH_DIM_APPLY_SLICE(TYPE2, T2, TH_dim)                                           \
      TH_DIM_APPLY_SLICE(TYPE3, T3, TH_dim)                                           \
      __VA_ARGS__                                                                     \
    } while (THDimApply_next(TH_dim_counter, (T1)->size, (T1)->nDimension, TH_dim));  \
    THDimApply_counterFree(TH_dim_counter, TH_dim_counterOnStack);                    \
  } while (0)

#endif
