/* SpatialUpSamplingNearest: each input pixel becomes a scale_factor x scale_factor block of
 * copies: output (h, w) is input (h / scale_factor, w / scale_factor). The backward sums each
 * block's gradients into its pixel. Planes run in parallel. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialUpSamplingNearest.c"
#else

/* Checks the scale (argument scaleArg) and the input, and computes the sizes (THNNSizes.h). */
static THNN_(PoolSizes) THNN_(SpatialUpSamplingNearest_check)(THTensor *input, int scale_factor,
                                                              int scaleArg) {
  THArgCheck(scale_factor > 0, scaleArg, "scale_factor should be greater than zero, but got %d",
             scale_factor);
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, 0, 0);
  s.outputHeight = THNN_scaledOutputSize(s.inputHeight, scale_factor);
  s.outputWidth = THNN_scaledOutputSize(s.inputWidth, scale_factor);
  long sizes[4];
  THNN_(checkOutputSize)(input, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), 2);
  return s;
}

void THNN_(SpatialUpSamplingNearest_updateOutput)(THNNState *state, THTensor *input,
                                                  THTensor *output, int scale_factor) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialUpSamplingNearest_check)(input, scale_factor, 4);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[4];
  THTensor_(resizeNd)(output, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane, {
    const real *in = in_data + p * inputPlane;
    real *o = out_data + p * outputPlane;
    for (long h = 0; h < s.outputHeight; h++)
      for (long w = 0; w < s.outputWidth; w++)
        o[h * s.outputWidth + w] = in[(h / scale_factor) * s.inputWidth + w / scale_factor];
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialUpSamplingNearest_updateGradInput)(THNNState *state, THTensor *input,
                                                     THTensor *gradOutput, THTensor *gradInput,
                                                     int scale_factor) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialUpSamplingNearest_check)(input, scale_factor, 5);
  THNN_(Resampling_checkGradOutput)(&s, gradOutput);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane, {
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long h = 0; h < s.outputHeight; h++)
      for (long w = 0; w < s.outputWidth; w++)
        gi[(h / scale_factor) * s.inputWidth + w / scale_factor] += go[h * s.outputWidth + w];
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
