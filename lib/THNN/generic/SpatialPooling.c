/* The geometry the 2-D poolings share: the checks of the window against the input (3-D planes x
 * H x W, or 4-D with a batch first) and the output size they give. Private to Spatial.c. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialPooling.c"
#else

/* The sizes of one pooling call. */
typedef struct {
  int ndim;                  /* 3 or 4, as the input */
  long batch, planes;        /* planes per image; batch is 1 for a 3-D input */
  long inputHeight, inputWidth;
  long outputHeight, outputWidth;
} THNN_(PoolSizes);

/* The output's sizes (ndim of them, from `sizes`): batch x planes x outputHeight x outputWidth
 * without the batch for a 3-D input. */
static const long *THNN_(SpatialPooling_outputSizes)(THNN_(PoolSizes) *s, long sizes[4]) {
  sizes[0] = s->batch;
  sizes[1] = s->planes;
  sizes[2] = s->outputHeight;
  sizes[3] = s->outputWidth;
  return s->ndim == 4 ? sizes : sizes + 1;
}

/* Checks the window (kW at argument kernelArg, then kH, dW, dH, padW, padH), the dilation and the
 * input, and computes the output size (THNNSizes.h), which must not be empty. Padding beyond half
 * the window would make windows of padding only. */
static THNN_(PoolSizes) THNN_(SpatialPooling_check)(THTensor *input, int kW, int kH, int dW,
                                                    int dH, int padW, int padH, int dilationW,
                                                    int dilationH, bool ceil_mode,
                                                    int kernelArg) {
  THNN_(checkWindow)(kW, kH, dW, dH, padW, padH, kernelArg);
  THArgCheck(dilationW > 0 && dilationH > 0, kernelArg + 6, "dilation should be greater than "
             "zero, but got dilationH: %d dilationW: %d", dilationH, dilationW);
  THArgCheck(padW <= kW / 2 && padH <= kH / 2, kernelArg + 4, "pad should be at most half of "
             "kernel size, but got padW = %d, padH = %d, kW = %d, kH = %d", padW, padH, kW, kH);
  THNN_(checkDims)(input, 2, "input", 3, 4);
  THNN_(PoolSizes) s;
  s.ndim = input->nDimension;
  int batched = s.ndim == 4;
  s.batch = batched ? input->size[0] : 1;
  s.planes = input->size[batched];
  s.inputHeight = input->size[batched + 1];
  s.inputWidth = input->size[batched + 2];
  s.outputHeight = THNN_windowOutputSize(s.inputHeight, kH, dH, padH, dilationH, ceil_mode);
  s.outputWidth = THNN_windowOutputSize(s.inputWidth, kW, dW, padW, dilationW, ceil_mode);
  long sizes[4];
  THNN_(checkOutputSize)(input, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), 2);
  return s;
}

#endif
