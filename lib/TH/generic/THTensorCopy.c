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

void THTensor_(copy)(THTensor *self, THTensor *src) {
  THTensor_(checkCopySize)(self, src->nDimension, src->size);
  if (self == src || THTensor_(nElement)(self) == 0)
    return;
  if (THTensor_(isContiguous)(self) && THTensor_(isContiguous)(src)) {
    memmove(THTensor_(data)(self), THTensor_(data)(src), (size_t)THTensor_(nElement)(self) * sizeof(real));
  } else {
    TH_TENSOR_APPLY2(real, self, real, src, *self_data = *src_data;);
  }
}

/* copy<SrcReal>: CONVERT turns one source element into real. */
#define IMPLEMENT_THTensor_COPY(SrcReal, src_real, CONVERT)                                    \
  void THTensor_(copy##SrcReal)(THTensor *self, TH##SrcReal##Tensor *src) {                  \
    THTensor_(checkCopySize)(self, src->nDimension, src->size);                              \
    if (THTensor_(isContiguous)(self) && TH##SrcReal##Tensor_isContiguous(src)) {            \
      real *dst_ptr = THTensor_(data)(self);                                                 \
      const src_real *src_ptr = TH##SrcReal##Tensor_data(src);                               \
      TH_PARALLEL_FOR(i, THTensor_(nElement)(self), dst_ptr[i] = CONVERT(src_ptr[i]););      \
    } else {                                                                                 \
      TH_TENSOR_APPLY2(real, self, src_real, src, *self_data = CONVERT(*src_data););          \
    }                                                                                        \
  }

IMPLEMENT_THTensor_COPY(Byte, unsigned char, TH_TENSOR_TO_REAL)
IMPLEMENT_THTensor_COPY(Char, signed char, TH_TENSOR_TO_REAL)
IMPLEMENT_THTensor_COPY(Short, short, TH_TENSOR_TO_REAL)
IMPLEMENT_THTensor_COPY(Int, int, TH_TENSOR_TO_REAL)
IMPLEMENT_THTensor_COPY(Long, long, TH_TENSOR_TO_REAL)
IMPLEMENT_THTensor_COPY(Float, float, TH_TENSOR_TO_REAL)
IMPLEMENT_THTensor_COPY(Double, double, TH_TENSOR_TO_REAL)

#ifdef TH_REAL_IS_HALF
#define TH_TENSOR_FROM_HALF(x) (x)
#else
#define TH_TENSOR_FROM_HALF(x) ((real)TH_half2float(x))
#endif
IMPLEMENT_THTensor_COPY(Half, THHalf, TH_TENSOR_FROM_HALF)

#undef TH_TENSOR_FROM_HALF
#undef IMPLEMENT_THTensor_COPY
#undef TH_TENSOR_TO_REAL

#endif
