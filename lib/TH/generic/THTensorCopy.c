/* Copies into a tensor of one dtype (included by THTensor.c once per dtype), from the same dtype
 * or converting from any other. Only element counts must match; both tensors are walked in
 * row-major order. Contiguous pairs take a flat (parallel) loop, others the apply macro.
 * On the path of `a.copy_(b)`: the copy dispatcher of the extension → THFloatTensor_copyDouble. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCopy.c"
#else

/* The conversion of one source value (of any non-Half dtype) to real. */
#ifdef TH_REAL_IS_HALF
#define TH_TENSOR_TO_REAL(x) TH_float2half((float)(x))
#else
#define TH_TENSOR_TO_REAL(x) ((real)(x))
#endif

static void THTensor_(checkCopySize)(THTensor *self, int srcNDimension, const long *srcSize) {
  ptrdiff_t n = THTensor_(nElement)(self), srcN = THApply_numel(srcNDimension, srcSize);
  THArgCheck(n == srcN, 2,
             "inconsistent tensor size: cannot copy %td elements (size %s) into a tensor of %td "
             "elements (size %s)",
             srcN, THSizeDesc(srcSize, srcNDimension).str, n, THTensor_(sizeDesc)(self).str);
}

/* Within one dtype self and src may share memory: memmove copies overlapping contiguous ranges
 * right; in other layouts (a.copy_(a.t())) src is read from a copy where writing self could change
 * it first (THTensor_(newApartFrom)). */
void THTensor_(copy)(THTensor *self, THTensor *src) {
  THTensor_(checkCopySize)(self, src->nDimension, src->size);
  if (self == src || THTensor_(nElement)(self) == 0)
    return;
  if (THTensor_(isContiguous)(self) && THTensor_(isContiguous)(src)) {
    memmove(THTensor_(data)(self), THTensor_(data)(src), (size_t)THTensor_(nElement)(self) * sizeof(real));
  } else {
    THTensor_(checkInStorage)(self);            /* before the copy of src exists */
    THTensor *from = THTensor_(newApartFrom)(src, self);
    TH_TENSOR_APPLY2(real, self, real, from, *self_data = *from_data;);
    THTensor_(free)(from);
  }
}

/* self = CONVERT(each element of src), whose elements are of type SRC_REAL: a flat (parallel) loop
 * when both tensors are contiguous, the apply macro otherwise. Only a source of self's own dtype
 * (SRC_REAL is real: the _Generic test is settled at compile time) can share memory with self: it
 * goes to THTensor_(copy), which handles that. */
#define TH_COPY_CONVERTING(SRC_REAL, CONVERT)                                                  \
  do {                                                                                         \
    if (_Generic((SRC_REAL *)0, real *: 1, default: 0)) {                                      \
      THTensor_(copy)(self, (THTensor *)src);                                                  \
      break;                                                                                   \
    }                                                                                          \
    THTensor_(checkCopySize)(self, src->nDimension, src->size);                                \
    real *TH_to = TH_ELEMENTWISE_FLAT(self);                                                   \
    const SRC_REAL *TH_from = TH_ELEMENTWISE_FLAT(src);                                        \
    if (TH_to && TH_from) {                                                                    \
      TH_PARALLEL_FOR(i, THTensor_(nElement)(self), TH_to[i] = CONVERT(TH_from[i]););          \
    } else {                                                                                   \
      TH_TENSOR_APPLY2(real, self, SRC_REAL, src, *self_data = CONVERT(*src_data););           \
    }                                                                                          \
  } while (0)

void THTensor_(copyByte)(THTensor *self, THByteTensor *src) {
  TH_COPY_CONVERTING(unsigned char, TH_TENSOR_TO_REAL);
}

void THTensor_(copyChar)(THTensor *self, THCharTensor *src) {
  TH_COPY_CONVERTING(signed char, TH_TENSOR_TO_REAL);
}

void THTensor_(copyShort)(THTensor *self, THShortTensor *src) {
  TH_COPY_CONVERTING(short, TH_TENSOR_TO_REAL);
}

void THTensor_(copyInt)(THTensor *self, THIntTensor *src) {
  TH_COPY_CONVERTING(int, TH_TENSOR_TO_REAL);
}

void THTensor_(copyLong)(THTensor *self, THLongTensor *src) {
  TH_COPY_CONVERTING(long, TH_TENSOR_TO_REAL);
}

void THTensor_(copyFloat)(THTensor *self, THFloatTensor *src) {
  TH_COPY_CONVERTING(float, TH_TENSOR_TO_REAL);
}

void THTensor_(copyDouble)(THTensor *self, THDoubleTensor *src) {
  TH_COPY_CONVERTING(double, TH_TENSOR_TO_REAL);
}

/* From Half: through float, or as it is into Half. */
#ifdef TH_REAL_IS_HALF
#define TH_TENSOR_FROM_HALF(x) (x)
#else
#define TH_TENSOR_FROM_HALF(x) ((real)TH_half2float(x))
#endif

void THTensor_(copyHalf)(THTensor *self, THHalfTensor *src) {
  TH_COPY_CONVERTING(THHalf, TH_TENSOR_FROM_HALF);
}

#undef TH_TENSOR_FROM_HALF
#undef TH_COPY_CONVERTING
#undef TH_TENSOR_TO_REAL

#endif
