/* The output sizes of THNN's windows (private to lib/THNN, included by generic/THNNChecks.h):
 * every module that computes an output size from its input's computes it here, in long and
 * without overflow, and THNN_(checkOutputSize) (generic/THNNChecks.h) then refuses a size below
 * 1, or one that does not fit (THNN_SIZE_OVERFLOW), with the sizes in the message before the
 * kernel allocates or loops over anything. */
#ifndef THNN_SIZES_H
#define THNN_SIZES_H

#include <stdbool.h>

/* A size that does not fit in a long. */
#define THNN_SIZE_OVERFLOW (-1L)

/* The positions of a window of k taps, `dilation` apart, moved by `stride` over inputSize
 * elements padded by `pad` on each side (the convolutions and poolings): as many whole windows as
 * fit, or in ceil_mode also a last, partial one, provided it starts inside the input or its left
 * padding (one that would start past the input, in the right padding, is dropped, whatever the
 * padding). 0 when no window fits. k, stride and dilation are at least 1, pad at least 0. */
static inline long THNN_windowOutputSize(long inputSize, long k, long stride, long pad,
                                         long dilation, bool ceil_mode) {
  long span = dilation * (k - 1) + 1;    /* at most 2^62: both are ints */
  long padded;
  if (__builtin_add_overflow(inputSize, 2 * pad, &padded))
    return THNN_SIZE_OVERFLOW;
  if (padded < span)
    return 0;
  long room = padded - span;             /* where the first tap of the last window may start */
  long size = room / stride + 1;
  if (ceil_mode && room % stride != 0) {
    size++;
    if ((size - 1) * stride >= inputSize + pad)
      size--;
  }
  return size;
}

/* The output size of a transposed ("full") window: (inputSize - 1)*stride - 2*pad + dilation*(k -
 * 1) + 1 + adj, or 0 when that is not positive. */
static inline long THNN_transposedOutputSize(long inputSize, long k, long stride, long pad,
                                             long dilation, long adj) {
  long size;
  if (__builtin_mul_overflow(inputSize - 1, stride, &size) ||
      __builtin_add_overflow(size, dilation * (k - 1) + 1 + adj - 2 * pad, &size))
    return THNN_SIZE_OVERFLOW;
  return size > 0 ? size : 0;
}

/* The taps [*first, *last) of a window of k taps, `dilation` apart, whose tap 0 is at `start`,
 * that fall inside [0, inputSize): computed, not searched, so that a window of 2^31 taps over a
 * few elements costs no more than the elements. */
static inline void THNN_windowTaps(long start, long k, long dilation, long inputSize, long *first,
                                   long *last) {
  long end = inputSize - start;          /* tap i is inside while i * dilation < end */
  *first = start < 0 ? (-start + dilation - 1) / dilation : 0;
  *last = end <= 0 ? 0 : (end + dilation - 1) / dilation;
  if (*last > k)
    *last = k;
  if (*first > *last)
    *first = *last;
}

/* The product of n positive sizes (a count of elements the caller describes by its sizes). */
static inline long THNN_sizeProduct(int n, const long *sizes) {
  long product = 1;
  for (int d = 0; d < n; d++)
    if (__builtin_mul_overflow(product, sizes[d], &product))
      return THNN_SIZE_OVERFLOW;
  return product;
}

/* inputSize times a whole factor (the upsamplings). */
static inline long THNN_scaledOutputSize(long inputSize, long factor) {
  long size;
  if (__builtin_mul_overflow(inputSize, factor, &size))
    return THNN_SIZE_OVERFLOW;
  return size > 0 ? size : 0;
}

#endif
