/* TemporalRowConvolution (added by v0.1.10): each feature (row) of a sequence convolved with a
 * kernel of its own, over nInputFrame frames zero-padded by padW at both ends. The input is
 * (batch x) nInputFrame x inputFrameSize, or inputFrameSize x nInputFrame when featFirst; the
 * output has the same layout. weight is inputFrameSize x 1 x kW (or inputFrameSize x kW), bias
 * inputFrameSize: output[f][t] = bias[f] + sum over k of weight[f][k] * input[f][t*dW - padW + k].
 * The kernels work on a contiguous feature-first copy with plain loops (kW is small and each
 * feature has its own kernel: there is no large product to hand to BLAS); finput and fgradInput,
 * the era's unfolding buffers, are not needed. The results are computed apart and copied into
 * output and gradInput at the end, so these may share memory with the inputs; the parameters'
 * gradients, added to in place, may not. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalRowConvolution.c"
#else

/* Checks the window (kW at argument kernelArg, then dW, padW), input (argument 2) and weight (at
 * weightArg), and gives the sizes (THNNSizes.h): inputFrameSize is the number of features
 * (rows). */
static THNN_(TemporalSizes) THNN_(TemporalRowConvolution_check)(
    THTensor *input, THTensor *weight, int weightArg, const char *weightName, int kW, int dW,
    int padW, bool featFirst, int kernelArg) {
  THArgCheck(kW > 0, kernelArg, "kernel size should be greater than zero, but got kW: %d", kW);
  THArgCheck(dW > 0, kernelArg + 1, "stride should be greater than zero, but got dW: %d", dW);
  THArgCheck(padW >= 0, kernelArg + 2, "padding should be at least zero, but got padW: %d", padW);
  THNN_(checkDims)(input, 2, "input", 2, 3);
  int batched = input->nDimension == 3;
  THNN_(TemporalSizes) s;
  s.batch = batched ? input->size[0] : 1;
  s.inputFrameSize = s.outputFrameSize = input->size[batched + (featFirst ? 0 : 1)];
  s.nInputFrame = input->size[batched + (featFirst ? 1 : 0)];
  bool is3d = weight->nDimension == 3 && weight->size[1] == 1;
  THArgCheck((is3d || weight->nDimension == 2) && weight->size[0] == s.inputFrameSize &&
             weight->size[weight->nDimension - 1] == kW, weightArg, "%s should be %ld x 1 x %d "
             "(a kernel of kW for each of the input's features), but got size %s", weightName,
             s.inputFrameSize, kW, THTensor_(sizeDesc)(weight).str);
  s.nOutputFrame = THNN_windowOutputSize(s.nInputFrame, kW, dW, padW, 1, false);
  long sizes[3] = {s.batch, featFirst ? s.inputFrameSize : s.nOutputFrame,
                   featFirst ? s.nOutputFrame : s.inputFrameSize};
  THNN_(checkOutputSize)(input, 2 + batched, sizes + !batched, 2);
  return s;
}

/* A contiguous copy of t (2-D or 3-D) with the features first: (batch x) features x frames. */
static THTensor *THNN_(TemporalRowConvolution_featuresFirst)(THTensor *t, bool featFirst) {
  if (featFirst)
    return THTensor_(newContiguous)(t);
  THTensor *transposed = THTensor_(newTranspose)(t, t->nDimension - 2, t->nDimension - 1);
  THTensor *result = THTensor_(newContiguous)(transposed);
  THTensor_(free)(transposed);
  return result;
}

/* dest becomes the features-first result, in dest's own layout (frames first unless featFirst);
 * result is freed. */
static void THNN_(TemporalRowConvolution_writeBack)(THTensor *result, THTensor *dest,
                                                    int ndim, bool featFirst) {
  if (featFirst) {
    THTensor_(resizeAs)(dest, result);
  } else {
    THTensor *transposed = THTensor_(newTranspose)(result, ndim - 2, ndim - 1);
    THTensor_(resizeAs)(dest, transposed);
    THTensor_(free)(result);
    result = transposed;
  }
  THTensor_(freeCopyTo)(result, dest);
}

/* gradOutput (argument 3) has the size of the output, in the input's layout. */
static void THNN_(TemporalRowConvolution_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                          THNN_(TemporalSizes) s,
                                                          bool featFirst) {
  long sizes[3] = {s.batch, featFirst ? s.inputFrameSize : s.nOutputFrame,
                   featFirst ? s.nOutputFrame : s.inputFrameSize};
  int batched = input->nDimension == 3;
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", 2 + batched, sizes + !batched);
}

void THNN_(TemporalRowConvolution_updateOutput)(THNNState *state, THTensor *input,
                                                THTensor *output, THTensor *weight,
                                                THTensor *bias, THTensor *finput,
                                                THTensor *fgradInput, int kW, int dW, int padW,
                                                bool featFirst) {
  (void)state, (void)finput, (void)fgradInput;
  THNN_(TemporalSizes) s = THNN_(TemporalRowConvolution_check)(input, weight, 4, "weight", kW, dW,
                                                               padW, featFirst, 8);
  if (bias)
    THNN_(checkVector)(bias, s.inputFrameSize, 5, "bias");
  long F = s.inputFrameSize, T = s.nInputFrame, To = s.nOutputFrame;
  THTensor *x = THNN_(TemporalRowConvolution_featuresFirst)(input, featFirst);
  THTensor *w = THTensor_(newContiguous)(weight);
  THTensor *result = THTensor_(newWithSize3d)(s.batch, F, To);
  real *in = THTensor_(data)(x), *wd = THTensor_(data)(w), *out = THTensor_(data)(result);
  for (long n = 0; n < s.batch; n++)
    for (long f = 0; f < F; f++)
      for (long t = 0; t < To; t++) {
        accreal sum = bias ? THTensor_(get1d)(bias, f) : 0;
        for (long k = 0; k < kW; k++) {
          long frame = t * dW - padW + k;
          if (frame >= 0 && frame < T)
            sum += wd[f * kW + k] * in[(n * F + f) * T + frame];
        }
        out[(n * F + f) * To + t] = (real)sum;
      }
  if (input->nDimension == 2)
    THTensor_(resize2d)(result, F, To);
  THNN_(TemporalRowConvolution_writeBack)(result, output, input->nDimension, featFirst);
  THTensor_(free)(x);
  THTensor_(free)(w);
}

void THNN_(TemporalRowConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                   THTensor *gradOutput, THTensor *gradInput,
                                                   THTensor *weight, THTensor *finput,
                                                   THTensor *fgradInput, int kW, int dW,
                                                   int padW, bool featFirst) {
  (void)state, (void)finput, (void)fgradInput;
  THNN_(TemporalSizes) s = THNN_(TemporalRowConvolution_check)(input, weight, 5, "weight", kW, dW,
                                                               padW, featFirst, 8);
  THNN_(TemporalRowConvolution_checkGradOutput)(input, gradOutput, s, featFirst);
  long F = s.inputFrameSize, T = s.nInputFrame, To = s.nOutputFrame;
  THTensor *go = THNN_(TemporalRowConvolution_featuresFirst)(gradOutput, featFirst);
  THTensor *w = THTensor_(newContiguous)(weight);
  THTensor *result = THTensor_(newWithSize3d)(s.batch, F, T);
  THTensor_(zero)(result);
  real *god = THTensor_(data)(go), *wd = THTensor_(data)(w), *gi = THTensor_(data)(result);
  /* each output frame's gradient goes back, times the kernel, to the frames it read */
  for (long n = 0; n < s.batch; n++)
    for (long f = 0; f < F; f++)
      for (long t = 0; t < To; t++)
        for (long k = 0; k < kW; k++) {
          long frame = t * dW - padW + k;
          if (frame >= 0 && frame < T)
            gi[(n * F + f) * T + frame] += wd[f * kW + k] * god[(n * F + f) * To + t];
        }
  if (input->nDimension == 2)
    THTensor_(resize2d)(result, F, T);
  THNN_(TemporalRowConvolution_writeBack)(result, gradInput, input->nDimension, featFirst);
  THTensor_(free)(go);
  THTensor_(free)(w);
}

void THNN_(TemporalRowConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                     THTensor *gradOutput, THTensor *gradWeight,
                                                     THTensor *gradBias, THTensor *finput,
                                                     THTensor *fgradInput, int kW, int dW,
                                                     int padW, bool featFirst, real scale) {
  (void)state, (void)finput, (void)fgradInput;
  THNN_(TemporalSizes) s = THNN_(TemporalRowConvolution_check)(
      input, gradWeight, 4, "gradWeight", kW, dW, padW, featFirst, 8);
  THNN_(TemporalRowConvolution_checkGradOutput)(input, gradOutput, s, featFirst);
  if (gradBias)
    THNN_(checkVector)(gradBias, s.inputFrameSize, 5, "gradBias");
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  long F = s.inputFrameSize, T = s.nInputFrame, To = s.nOutputFrame;
  THTensor *x = THNN_(TemporalRowConvolution_featuresFirst)(input, featFirst);
  THTensor *go = THNN_(TemporalRowConvolution_featuresFirst)(gradOutput, featFirst);
  THTensor *gw = THTensor_(newContiguous)(gradWeight);
  real *in = THTensor_(data)(x), *god = THTensor_(data)(go), *gwd = THTensor_(data)(gw);
  for (long f = 0; f < F; f++) {
    for (long k = 0; k < kW; k++) {
      accreal sum = 0;
      for (long n = 0; n < s.batch; n++)
        for (long t = 0; t < To; t++) {
          long frame = t * dW - padW + k;
          if (frame >= 0 && frame < T)
            sum += god[(n * F + f) * To + t] * in[(n * F + f) * T + frame];
        }
      gwd[f * kW + k] += scale * sum;
    }
    if (gradBias) {
      accreal sum = 0;
      for (long n = 0; n < s.batch; n++)
        for (long t = 0; t < To; t++)
          sum += god[(n * F + f) * To + t];
      THTensor_(set1d)(gradBias, f, THTensor_(get1d)(gradBias, f) + scale * sum);
    }
  }
  THTensor_(freeCopyTo)(gw, gradWeight);
  THTensor_(free)(x);
  THTensor_(free)(go);
}

#endif
