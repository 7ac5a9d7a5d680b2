/* SpatialSubSampling: each output is the sum of its kH x kW window (no padding), times the
 * plane's weight, plus the plane's bias: one weight and one bias per plane (1-D tensors). The
 * backward shares each gradient over its window times the weight; accGradParameters adds the
 * gradients of weight and bias. Planes run in parallel once checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialSubSampling.c"
#else

/* Checks the window (kW at argument kernelArg, then kH, dW, dH), the input and the weight or its
 * gradient (a 1-D tensor, one element per plane, argument weightArg), and computes the sizes
 * (THNNSizes.h). */
static THNN_(PoolSizes) THNN_(SpatialSubSampling_check)(THTensor *input, THTensor *weight,
                                                        int weightArg, const char *weightName,
                                                        int kW, int kH, int dW, int dH,
                                                        int kernelArg) {
  THNN_(checkWindow)(kW, kH, dW, dH, 0, 0, kernelArg);
  THArgCheck(weight->nDimension == 1, weightArg, "%s should be a 1D tensor (one element per "
             "plane), but got size %s", weightName, THTensor_(sizeDesc)(weight).str);
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, 0, 0);
  THArgCheck(s.planes == weight->size[0], 2, "input should have %ld planes (%s is of size %ld), "
             "but got size %s", weight->size[0], weightName, weight->size[0],
             THTensor_(sizeDesc)(input).str);
  s.outputHeight = THNN_windowOutputSize(s.inputHeight, kH, dH, 0, 1, false);
  s.outputWidth = THNN_windowOutputSize(s.inputWidth, kW, dW, 0, 1, false);
  long sizes[4];
  THNN_(checkOutputSize)(input, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), 2);
  return s;
}

/* The sum of the window of output (oh, ow) in one input plane. */
static inline accreal THNN_(SpatialSubSampling_windowSum)(const real *in, THNN_(PoolSizes) s,
                                                          long oh, long ow, int kW, int kH,
                                                          int dW, int dH) {
  accreal sum = 0;
  for (long h = oh * dH; h < oh * dH + kH; h++)
    for (long w = ow * dW; w < ow * dW + kW; w++)
      sum += in[h * s.inputWidth + w];
  return sum;
}

void THNN_(SpatialSubSampling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                            THTensor *weight, THTensor *bias, int kW, int kH,
                                            int dW, int dH) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialSubSampling_check)(input, weight, 4, "weight", kW, kH, dW, dH,
                                                       6);
  THNN_(checkVector)(bias, s.planes, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias, NULL);
  long sizes[4];
  THTensor_(resizeNd)(output, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane * kH * kW, {
    long plane = p % s.planes;
    real scale = THTensor_(get1d)(weight, plane), offset = THTensor_(get1d)(bias, plane);
    const real *in = in_data + p * inputPlane;
    real *o = out_data + p * outputPlane;
    for (long oh = 0; oh < s.outputHeight; oh++)
      for (long ow = 0; ow < s.outputWidth; ow++)
        o[oh * s.outputWidth + ow] =
            offset + scale * (real)THNN_(SpatialSubSampling_windowSum)(in, s, oh, ow, kW, kH, dW,
                                                                       dH);
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialSubSampling_updateGradInput)(THNNState *state, THTensor *input,
                                               THTensor *gradOutput, THTensor *gradInput,
                                               THTensor *weight, int kW, int kH, int dW, int dH) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialSubSampling_check)(input, weight, 5, "weight", kW, kH, dW, dH,
                                                       6);
  THNN_(Resampling_checkGradOutput)(&s, gradOutput);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight, NULL);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane * kH * kW, {
    real scale = THTensor_(get1d)(weight, p % s.planes);
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long oh = 0; oh < s.outputHeight; oh++)
      for (long ow = 0; ow < s.outputWidth; ow++) {
        real share = scale * go[oh * s.outputWidth + ow];
        for (long h = oh * dH; h < oh * dH + kH; h++)
          for (long w = ow * dW; w < ow * dW + kW; w++)
            gi[h * s.inputWidth + w] += share;
      }
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

void THNN_(SpatialSubSampling_accGradParameters)(THNNState *state, THTensor *input,
                                                 THTensor *gradOutput, THTensor *gradWeight,
                                                 THTensor *gradBias, int kW, int kH, int dW,
                                                 int dH, real scale) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialSubSampling_check)(input, gradWeight, 4, "gradWeight", kW, kH,
                                                       dW, dH, 6);
  THNN_(checkVector)(gradBias, s.planes, 5, "gradBias");
  THNN_(Resampling_checkGradOutput)(&s, gradOutput);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  real *in_data = THTensor_(data)(input), *go_data = THTensor_(data)(gradOutput);
  real *gw_data = THTensor_(data)(gradWeight), *gb_data = THTensor_(data)(gradBias);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  /* one plane per iteration, its images one after the other: each writes its own elements */
  TH_PARALLEL_LOOP(plane, s.planes, (double)s.batch * s.planes * outputPlane * kH * kW, {
    accreal sumWeight = 0, sumBias = 0;
    for (long n = 0; n < s.batch; n++) {
      const real *in = in_data + (n * s.planes + plane) * inputPlane;
      const real *go = go_data + (n * s.planes + plane) * outputPlane;
      for (long oh = 0; oh < s.outputHeight; oh++)
        for (long ow = 0; ow < s.outputWidth; ow++) {
          real g = go[oh * s.outputWidth + ow];
          sumBias += g;
          sumWeight += g * THNN_(SpatialSubSampling_windowSum)(in, s, oh, ow, kW, kH, dW, dH);
        }
    }
    gw_data[plane * gradWeight->stride[0]] += scale * (real)sumWeight;
    gb_data[plane * gradBias->stride[0]] += scale * (real)sumBias;
  });

  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
}

#endif
