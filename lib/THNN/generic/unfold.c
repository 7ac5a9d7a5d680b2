/* im2col and col2im, the unfolding under every im2col convolution. For an image of nInputPlane
 * planes, the columns matrix has one row per (plane, kh, kw), row (plane*kH + kh)*kW + kw, and one
 * column per output position, column oh*outputWidth + ow; its element is the input pixel
 * (oh*dH - padH + kh*dilationH, ow*dW - padW + kw*dilationW) of that plane, or 0 where that falls
 * in the padding (a dilated kernel's taps are dilation pixels apart; 1 is the plain kernel).
 * A convolution is then one matrix product: weight (nOutputPlane x rows) * columns. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/unfold.c"
#else

/* Input column ow*dW - padW + offset of every output column (offset = kw*dilationW, the kernel
 * tap's place in the window): the range [*first, *last) of ow where it falls inside the image
 * (outside, the columns hold padding). */
static inline void THNN_(unfold_inside)(long outputSize, long inputSize, long offset, int d,
                                        int pad, long *first, long *last) {
  long lo = pad - offset;  /* ow*d >= lo, rounded up */
  *first = lo <= 0 ? 0 : (lo + d - 1) / d;
  long hi = inputSize + pad - offset;  /* ow*d < hi */
  *last = hi <= 0 ? 0 : (hi + d - 1) / d;
  if (*last > outputSize)
    *last = outputSize;
  if (*first > *last)
    *first = *last;
}

/* columns (rows x outputHeight*outputWidth) = im2col(image); raw pointers, raises nothing. */
static void THNN_(im2col)(real *columns, const real *image, int kW, int kH, int dW, int dH,
                          int padW, int padH, int dilationW, int dilationH, long nInputPlane,
                          long inputWidth, long inputHeight, long outputWidth,
                          long outputHeight) {
  for (long plane = 0; plane < nInputPlane; plane++) {
    const real *in = image + plane * inputHeight * inputWidth;
    for (int kh = 0; kh < kH; kh++) {
      for (int kw = 0; kw < kW; kw++) {
        real *row = columns + ((plane * kH + kh) * kW + kw) * outputHeight * outputWidth;
        long first, last;
        THNN_(unfold_inside)(outputWidth, inputWidth, (long)kw * dilationW, dW, padW, &first,
                             &last);
        for (long oh = 0; oh < outputHeight; oh++) {
          real *out = row + oh * outputWidth;
          long ih = oh * dH - padH + (long)kh * dilationH;
          if (ih < 0 || ih >= inputHeight) {
            memset(out, 0, sizeof(real) * outputWidth);
            continue;
          }
          const real *src = in + ih * inputWidth;
          long shift = (long)kw * dilationW - padW;  /* input column = ow*dW + shift */
          for (long ow = 0; ow < first; ow++)
            out[ow] = 0;
          if (dW == 1 && last > first)
            memcpy(out + first, src + first + shift, sizeof(real) * (last - first));
          else
            for (long ow = first; ow < last; ow++)
              out[ow] = src[ow * dW + shift];
          for (long ow = last; ow < outputWidth; ow++)
            out[ow] = 0;
        }
      }
    }
  }
}

/* image += col2im(columns), the adjoint of im2col; raw pointers, raises nothing. Planes are
 * independent: callers may run them on different threads. */
static void THNN_(col2imPlane)(const real *columns, real *image, long plane, int kW, int kH,
                               int dW, int dH, int padW, int padH, int dilationW, int dilationH,
                               long inputWidth, long inputHeight, long outputWidth,
                               long outputHeight) {
  real *in = image + plane * inputHeight * inputWidth;
  for (int kh = 0; kh < kH; kh++) {
    for (int kw = 0; kw < kW; kw++) {
      const real *row = columns + ((plane * kH + kh) * kW + kw) * outputHeight * outputWidth;
      long first, last;
      THNN_(unfold_inside)(outputWidth, inputWidth, (long)kw * dilationW, dW, padW, &first,
                           &last);
      for (long oh = 0; oh < outputHeight; oh++) {
        long ih = oh * dH - padH + (long)kh * dilationH;
        if (ih < 0 || ih >= inputHeight)
          continue;
        const real *col = row + oh * outputWidth;
        real *dst = in + ih * inputWidth;
        long shift = (long)kw * dilationW - padW;
        if (dW == 1) {   /* a contiguous run, which the compiler vectorizes */
          real *run = dst + shift;
          for (long ow = first; ow < last; ow++)
            run[ow] += col[ow];
        } else {
          for (long ow = first; ow < last; ow++)
            dst[ow * dW + shift] += col[ow];
        }
      }
    }
  }
}

/* The checks of unfolded_copy and unfolded_acc: the sizes are positive, both tensors are
 * contiguous with the elements the sizes say, and apart (one is read while the other is
 * written). */
static void THNN_(unfold_check)(THTensor *finput, THTensor *input, int kW, int kH, int dW, int dH,
                                int padW, int padH, int nInputPlane, int inputWidth,
                                int inputHeight, int outputWidth, int outputHeight) {
  THNN_(checkWindow)(kW, kH, dW, dH, padW, padH, 3);
  THArgCheck(nInputPlane > 0 && inputWidth > 0 && inputHeight > 0 && outputWidth > 0 &&
             outputHeight > 0, 9, "sizes should be greater than zero, but got nInputPlane: %d, "
             "input %dx%d, output %dx%d", nInputPlane, inputHeight, inputWidth, outputHeight,
             outputWidth);
  long imageSizes[3] = {nInputPlane, inputHeight, inputWidth};
  long columnSizes[5] = {nInputPlane, kH, kW, outputHeight, outputWidth};
  THArgCheck(THTensor_(isContiguous)(input) &&
             THTensor_(nElement)(input) == THNN_sizeProduct(3, imageSizes), 2,
             "input should be contiguous with %d x %d x %d elements, but got size %s",
             nInputPlane, inputHeight, inputWidth, THTensor_(sizeDesc)(input).str);
  THArgCheck(THTensor_(isContiguous)(finput) &&
             THTensor_(nElement)(finput) == THNN_sizeProduct(5, columnSizes), 1,
             "finput should be contiguous with %ld x %ld elements, but got size %s",
             THNN_sizeProduct(3, columnSizes), THNN_sizeProduct(2, columnSizes + 3),
             THTensor_(sizeDesc)(finput).str);
  THNN_(checkApart)(finput, 1, "finput", "input", input, NULL);
}

void THNN_(unfolded_copy)(THTensor *finput, THTensor *input, int kW, int kH, int dW, int dH,
                          int padW, int padH, int nInputPlane, int inputWidth, int inputHeight,
                          int outputWidth, int outputHeight) {
  THNN_(unfold_check)(finput, input, kW, kH, dW, dH, padW, padH, nInputPlane, inputWidth,
                      inputHeight, outputWidth, outputHeight);
  THNN_(im2col)(THTensor_(data)(finput), THTensor_(data)(input), kW, kH, dW, dH, padW, padH, 1,
                1, nInputPlane, inputWidth, inputHeight, outputWidth, outputHeight);
}

void THNN_(unfolded_acc)(THTensor *finput, THTensor *input, int kW, int kH, int dW, int dH,
                         int padW, int padH, int nInputPlane, int inputWidth, int inputHeight,
                         int outputWidth, int outputHeight) {
  THNN_(unfold_check)(finput, input, kW, kH, dW, dH, padW, padH, nInputPlane, inputWidth,
                      inputHeight, outputWidth, outputHeight);
  real *columns = THTensor_(data)(finput), *image = THTensor_(data)(input);
  TH_PARALLEL_LOOP(plane, nInputPlane, (double)nInputPlane * kW * kH * outputHeight * outputWidth,
                   THNN_(col2imPlane)(columns, image, plane, kW, kH, dW, dH, padW, padH, 1, 1,
                                      inputWidth, inputHeight, outputWidth, outputHeight););
}

#endif
