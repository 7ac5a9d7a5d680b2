/* THTensorApply: loops that visit every element of one, two or three tensors of any layout, in
 * row-major order. Every pointwise function that cannot take a contiguous fast path ends up here:
 * `a.add(b)` with a transposed `a` → THFloatTensor_cadd → TH_TENSOR_APPLY3.
 *
 * How one tensor is walked: its trailing dimensions whose strides chain together (each stride
 * equals the size times the stride of the dimension after it; size-1 dimensions always chain)
 * form the inner block, a run of innerSize elements innerStride apart. The remaining leading
 * dimensions are counted off by an odometer; each step moves the block's start by stride[d]. A
 * contiguous tensor is therefore a single block. With two or three tensors each has its own blocks;
 * the loop advances all pointers together and steps a tensor's odometer when its block runs out.
 *
 * Only the total element counts must agree (checked before anything is touched, naming both
 * sizes): a 2x3 and a 3x2 tensor are walked in their own row-major orders, element by element.
 * A 0-dimensional (empty) tensor has no elements and the loop body never runs. Every tensor must
 * also lie inside its storage (checked first too: see "Elements inside their storage" below).
 *
 * In CODE, the current element of tensor T is *T_data (the tensor argument must be a plain
 * variable name: for r_ the pointer is r__data). CODE may use `continue`; it must not `break`,
 * `return` or `goto` out of the loop, and it must not raise TH errors (check before the loop). */
#ifndef TH_TENSOR_APPLY_INC
#define TH_TENSOR_APPLY_INC

#include "THGeneral.h"
#include "THStorage.h"

/* Odometers of up to this many dimensions live on the stack; deeper ones are allocated. */
#define TH_APPLY_STACK_DIMS 16

/* The walk over one tensor (see above). */
typedef struct THApplyIter {
  const long *size;
  const long *stride;
  int nOuter;          /* leading dimensions counted by the odometer */
  long *counter;       /* the odometer: counterOnStack, or allocated when nOuter is large */
  long counterOnStack[TH_APPLY_STACK_DIMS];
  long innerSize;      /* elements in one block */
  long innerStride;    /* distance between them */
  ptrdiff_t offset;    /* where the current block starts, relative to element (0,...,0) */
} THApplyIter;

static inline void THApplyIter_init(THApplyIter *it, int nDimension, const long *size, const long *stride) {
  int d = nDimension - 1;
  it->size = size;
  it->stride = stride;
  it->offset = 0;
  while (d >= 0 && size[d] == 1)
    d--;
  if (d < 0) {                    /* every dimension has size 1: a single element */
    it->innerSize = 1;
    it->innerStride = 1;
  } else {
    it->innerSize = size[d];
    it->innerStride = stride[d];
    for (d--; d >= 0; d--) {
      if (size[d] != 1 && stride[d] != it->innerSize * it->innerStride)
        break;
      it->innerSize *= size[d];
    }
  }
  it->nOuter = d + 1;
  it->counter = it->nOuter > TH_APPLY_STACK_DIMS
                    ? (long *)THAlloc(sizeof(long) * it->nOuter)
                    : it->counterOnStack;
  for (d = 0; d < it->nOuter; d++)
    it->counter[d] = 0;
}

/* Moves to the next block; returns 0 after the last one. */
static inline int THApplyIter_next(THApplyIter *it) {
  for (int d = it->nOuter - 1; d >= 0; d--) {
    it->counter[d]++;
    it->offset += it->stride[d];
    if (it->counter[d] < it->size[d])
      return 1;
    it->offset -= it->counter[d] * it->stride[d];
    it->counter[d] = 0;
  }
  return 0;
}

static inline void THApplyIter_free(THApplyIter *it) {
  if (it->counter != it->counterOnStack)
    THFree(it->counter);
}

/* 1 when the elements lie in row-major order with no gaps (size-1 dimensions may have any
 * stride): for tensors of every dtype, THTensor_(isContiguous) included. */
static inline int THApply_isContiguous(int nDimension, const long *size, const long *stride) {
  long expected = 1;
  for (int d = nDimension - 1; d >= 0; d--) {
    if (size[d] == 1)
      continue;
    if (stride[d] != expected)
      return 0;
    expected *= size[d];
  }
  return 1;
}

static inline ptrdiff_t THApply_numel(int nDimension, const long *size) {
  ptrdiff_t n = nDimension > 0 ? 1 : 0;
  for (int d = 0; d < nDimension; d++)
    n *= size[d];
  return n;
}

/* The element-count check shared by APPLY2 and APPLY3. */
static inline void THApply_checkSameNumel(const char *which, int nDimA, const long *sizeA,
                                          int nDimB, const long *sizeB) {
  ptrdiff_t na = THApply_numel(nDimA, sizeA), nb = THApply_numel(nDimB, sizeB);
  if (TH_UNLIKELY(na != nb))
    THError("inconsistent tensor size: %s tensors must have the same number of elements, "
            "but one has %td (size %s) and the other %td (size %s)",
            which, na, THSizeDesc(sizeA, nDimA).str, nb, THSizeDesc(sizeB, nDimB).str);
}

/* ---- Elements inside their storage ----
 * Element (i0,...,ik) lives at storage offset storageOffset + i0*stride[0] + ... (strides are
 * never negative), so a tensor reaches `extent` storage elements from its offset: 1 + the sum of
 * (size-1)*stride, or none without dimensions. Creating or resizing a tensor makes its storage
 * hold them (a view that does not fit is an error), but a storage can shrink under its tensors
 * afterwards (storage.resize_(0) in Python): every loop checks that the tensors it walks still
 * lie inside their storages before it touches any element (THTensor_(data) and the checked
 * get/set do the same for the others). Sizes and strides were checked for overflow when the
 * layout was made, so the sum cannot overflow.
 * Only a storage that has shrunk (it carries TH_STORAGE_SHRUNK from then on) can hold a tensor
 * that reaches past its end, so the check first reads that flag, and sums the extent only for
 * such a storage: on the path of a 1-element add, which checks three tensors, it costs a few
 * instructions. */
static inline ptrdiff_t THApply_extent(int nDimension, const long *size, const long *stride) {
  ptrdiff_t extent = nDimension > 0 ? 1 : 0;
  for (int d = 0; d < nDimension; d++)
    extent += (size[d] - 1) * stride[d];
  return extent;
}

/* The error of a layout that reaches past the end of its storage (or of the view that would). */
TH_NORETURN static void __attribute__((noinline, cold)) THApply_errorOutsideStorage(
    int nDimension, const long *size, ptrdiff_t offset, ptrdiff_t needed, ptrdiff_t storageSize) {
  THError("a tensor of size %s at storage offset %td needs %td storage elements, but its storage "
          "has %td", THSizeDesc(size, nDimension).str, offset, needed, storageSize);
}

static inline void THApply_checkInStorage(int nDimension, const long *size, const long *stride,
                                          ptrdiff_t offset, ptrdiff_t storageSize) {
  if (nDimension == 0)
    return;
  ptrdiff_t needed = offset + THApply_extent(nDimension, size, stride);
  if (TH_UNLIKELY(needed > storageSize))
    THApply_errorOutsideStorage(nDimension, size, offset, needed, storageSize);
}

/* The check for tensor T, of any dtype (an expression of type void). */
#define TH_APPLY_CHECK_IN_STORAGE(T)                                                  \
  ((T)->storage && TH_UNLIKELY((T)->storage->flag & TH_STORAGE_SHRUNK)                \
       ? THApply_checkInStorage((T)->nDimension, (T)->size, (T)->stride,              \
                                (T)->storageOffset, (T)->storage->size)               \
       : (void)0)

/* Element (0,...,0) of T; T has been checked (TH_APPLY_CHECK_IN_STORAGE). */
#define TH_APPLY_BASE(T) ((T)->storage->data + (T)->storageOffset)

#define TH_TENSOR_APPLY(TYPE, T, ...)                                                 \
  do {                                                                                \
    TH_APPLY_CHECK_IN_STORAGE(T);                                                     \
    if ((T)->nDimension > 0) {                                                        \
      THApplyIter T##_it;                                                             \
      TYPE *T##_base = TH_APPLY_BASE(T);                                        \
      THApplyIter_init(&T##_it, (T)->nDimension, (T)->size, (T)->stride);             \
      const long T##_innerSize = T##_it.innerSize, T##_innerStride = T##_it.innerStride; \
      do {                                                                            \
        TYPE *T##_data = T##_base + T##_it.offset;                                    \
        for (long T##_i = 0; T##_i < T##_innerSize; T##_i++, T##_data += T##_innerStride) { \
          __VA_ARGS__                                                                 \
        }                                                                             \
      } while (THApplyIter_next(&T##_it));                                            \
      THApplyIter_free(&T##_it);                                                      \
    }                                                                                 \
  } while (0)

/* Per tensor T of a multi-tensor loop: its walk, current pointer and elements left in its block. */
#define TH_APPLY_START(TYPE, T)                                                       \
  THApplyIter T##_it;                                                                 \
  TYPE *T##_base = TH_APPLY_BASE(T);                                            \
  THApplyIter_init(&T##_it, (T)->nDimension, (T)->size, (T)->stride);                 \
  TYPE *T##_data = T##_base;                                                          \
  long T##_left = T##_it.innerSize;

/* When T's block is used up, move T to its next block; leave the loop after the last one. */
#define TH_APPLY_ADVANCE(T)                                                           \
  if (T##_left == 0) {                                                                \
    if (!THApplyIter_next(&T##_it))                                                   \
      break;                                                                          \
    T##_data = T##_base + T##_it.offset;                                              \
    T##_left = T##_it.innerSize;                                                      \
  }

#define TH_TENSOR_APPLY2(TYPE1, T1, TYPE2, T2, ...)                                   \
  do {                                                                                \
    THApply_checkSameNumel("both", (T1)->nDimension, (T1)->size,                      \
                           (T2)->nDimension, (T2)->size);                             \
    TH_APPLY_CHECK_IN_STORAGE(T1);                                                    \
    TH_APPLY_CHECK_IN_STORAGE(T2);                                                    \
    if ((T1)->nDimension > 0) {                                                       \
      TH_APPLY_START(TYPE1, T1)                                                       \
      TH_APPLY_START(TYPE2, T2)                                                       \
      for (;;) {                                                                      \
        long T1##_run = T1##_left < T2##_left ? T1##_left : T2##_left;                \
        const long T1##_step = T1##_it.innerStride, T2##_step = T2##_it.innerStride;  \
        for (long T1##_i = 0; T1##_i < T1##_run;                                      \
             T1##_i++, T1##_data += T1##_step, T2##_data += T2##_step) {              \
          __VA_ARGS__                                                                 \
        }                                                                             \
        T1##_left -= T1##_run;                                                        \
        T2##_left -= T1##_run;                                                        \
        TH_APPLY_ADVANCE(T1)                                                          \
        TH_APPLY_ADVANCE(T2)                                                          \
      }                                                                               \
      THApplyIter_free(&T1##_it);                                                     \
      THApplyIter_free(&T2##_it);                                                     \
    }                                                                                 \
  } while (0)

#define TH_TENSOR_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, ...)                        \
  do {                                                                                \
    THApply_checkSameNumel("all three", (T1)->nDimension, (T1)->size,                 \
                           (T2)->nDimension, (T2)->size);                             \
    THApply_checkSameNumel("all three", (T1)->nDimension, (T1)->size,                 \
                           (T3)->nDimension, (T3)->size);                             \
    TH_APPLY_CHECK_IN_STORAGE(T1);                                                    \
    TH_APPLY_CHECK_IN_STORAGE(T2);                                                    \
    TH_APPLY_CHECK_IN_STORAGE(T3);                                                    \
    if ((T1)->nDimension > 0) {                                                       \
      TH_APPLY_START(TYPE1, T1)                                                       \
      TH_APPLY_START(TYPE2, T2)                                                       \
      TH_APPLY_START(TYPE3, T3)                                                       \
      for (;;) {                                                                      \
        long T1##_run = T1##_left < T2##_left ? T1##_left : T2##_left;                \
        if (T3##_left < T1##_run)                                                     \
          T1##_run = T3##_left;                                                       \
        const long T1##_step = T1##_it.innerStride, T2##_step = T2##_it.innerStride,  \
                   T3##_step = T3##_it.innerStride;                                   \
        for (long T1##_i = 0; T1##_i < T1##_run; T1##_i++, T1##_data += T1##_step,    \
                  T2##_data += T2##_step, T3##_data += T3##_step) {                   \
          __VA_ARGS__                                                                 \
        }                                                                             \
        T1##_left -= T1##_run;                                                        \
        T2##_left -= T1##_run;                                                        \
        T3##_left -= T1##_run;                                                        \
        TH_APPLY_ADVANCE(T1)                                                          \
        TH_APPLY_ADVANCE(T2)                                                          \
        TH_APPLY_ADVANCE(T3)                                                          \
      }                                                                               \
      THApplyIter_free(&T1##_it);                                                     \
      THApplyIter_free(&T2##_it);                                                     \
      THApplyIter_free(&T3##_it);                                                     \
    }                                                                                 \
  } while (0)

#endif
