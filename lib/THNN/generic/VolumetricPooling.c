/* The geometry the 3-D poolings share: a window (its size, stride, padding and dilation along
 * time, height and width), its checks against the input (4-D planes x T x H x W, or 5-D with a
 * batch first) and the output size it gives. Private to Volumetric.c. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricPooling.c"
#else

/* A pooling window, each array in the order time, height, width (the era's arguments come as
 * kT, kW, kH: width before height). */
typedef struct {
  int size[3], stride[3], pad[3], dilation[3];
} THNN_(VolumetricWindow);

/* The sizes of one pooling call. */
typedef struct {
  int ndim;                            /* 4 or 5, as the input */
  long batch, planes;                  /* planes per sample; batch is 1 for a 4-D input */
  long input[3], output[3];            /* time, height, width */
} THNN_(VolumetricSizes);

/* The number of elements of one input volume and of one output volume. */
static inline long THNN_(VolumetricPooling_inputVolume)(THNN_(VolumetricSizes) s) {
  return s.input[0] * s.input[1] * s.input[2];
}

static inline long THNN_(VolumetricPooling_outputVolume)(THNN_(VolumetricSizes) s) {
  return s.output[0] * s.output[1] * s.output[2];
}

/* Strides and dilations are positive, paddings at least 0 (argument numbers: the stride's dT at
 * strideArg, padding and dilation 3 and 6 arguments later). */
static void THNN_(VolumetricPooling_checkSteps)(THNN_(VolumetricWindow) w, int strideArg) {
  THArgCheck(w.stride[0] > 0 && w.stride[1] > 0 && w.stride[2] > 0, strideArg,
             "stride should be greater than zero, but got dT: %d dH: %d dW: %d", w.stride[0],
             w.stride[1], w.stride[2]);
  THArgCheck(w.pad[0] >= 0 && w.pad[1] >= 0 && w.pad[2] >= 0, strideArg + 3,
             "padding should be at least zero, but got padT: %d padH: %d padW: %d", w.pad[0],
             w.pad[1], w.pad[2]);
  THArgCheck(w.dilation[0] > 0 && w.dilation[1] > 0 && w.dilation[2] > 0, strideArg + 6,
             "dilation should be greater than zero, but got dilationT: %d dilationH: %d "
             "dilationW: %d", w.dilation[0], w.dilation[1], w.dilation[2]);
}

/* The input's sizes (4-D or 5-D, argument 2), without the output's. */
static THNN_(VolumetricSizes) THNN_(VolumetricPooling_inputSizes)(THTensor *input) {
  THNN_(checkDims)(input, 2, "input", 4, 5);
  THNN_(VolumetricSizes) s;
  s.ndim = input->nDimension;
  int batched = s.ndim == 5;
  s.batch = batched ? input->size[0] : 1;
  s.planes = input->size[batched];
  for (int d = 0; d < 3; d++) {
    s.input[d] = input->size[batched + 1 + d];
    s.output[d] = 0;
  }
  return s;
}

/* The sizes (ndim of them, from `sizes`) of a tensor of the input's batch and planes and the
 * given volume: batch x planes x T x H x W without the batch for a 4-D input. */
static const long *THNN_(VolumetricPooling_sizesOf)(THNN_(VolumetricSizes) *s,
                                                    const long volume[3], long sizes[5]) {
  sizes[0] = s->batch;
  sizes[1] = s->planes;
  for (int d = 0; d < 3; d++)
    sizes[2 + d] = volume[d];
  return s->ndim == 5 ? sizes : sizes + 1;
}

/* Checks the window (kT at argument kernelArg, then kW, kH, the strides, paddings and dilations)
 * and the input, and computes the output size (THNNSizes.h), which must not be empty. Padding
 * beyond half the window would make windows of padding only. */
static THNN_(VolumetricSizes) THNN_(VolumetricPooling_check)(THTensor *input,
                                                             THNN_(VolumetricWindow) w,
                                                             bool ceil_mode, int kernelArg) {
  THArgCheck(w.size[0] > 0 && w.size[1] > 0 && w.size[2] > 0, kernelArg, "kernel size should be "
             "greater than zero, but got kT: %d kH: %d kW: %d", w.size[0], w.size[1], w.size[2]);
  THNN_(VolumetricPooling_checkSteps)(w, kernelArg + 3);
  THArgCheck(w.pad[0] <= w.size[0] / 2 && w.pad[1] <= w.size[1] / 2 && w.pad[2] <= w.size[2] / 2,
             kernelArg + 6, "pad should be at most half of kernel size, but got padT = %d, "
             "padH = %d, padW = %d, kT = %d, kH = %d, kW = %d", w.pad[0], w.pad[1], w.pad[2],
             w.size[0], w.size[1], w.size[2]);
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_inputSizes)(input);
  for (int d = 0; d < 3; d++)
    s.output[d] = THNN_windowOutputSize(s.input[d], w.size[d], w.stride[d], w.pad[d],
                                        w.dilation[d], ceil_mode);
  long sizes[5];
  THNN_(checkOutputSize)(input, s.ndim, THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes), 2);
  return s;
}

#endif
