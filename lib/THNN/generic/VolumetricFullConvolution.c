/* VolumetricFullConvolution: the transposed 3-D convolution (the adjoint of
 * VolumetricConvolutionMM), of an nInputPlane x T x H x W volume or a batch of them. weight is
 * nInputPlane x nOutputPlane x kT x kH x kW, and gives the kernel size; the output is
 * ((T-1)*dT - 2*pT + kT + aT) deep, and likewise high and wide, a adding slices only the bias
 * reaches. columns = weight^T * input (one GEMM per volume) in finput, then col2vol folds them
 * onto the output; the backward unfolds gradOutput by vol2col and multiplies by weight.
 * fgradInput is not needed. Uses VolSizes of generic/VolumetricConvolutionMM.c, where the unfolded
 * "volume" is the output and its "positions" are the input's voxels. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricFullConvolution.c"
#else

/* Checks input (argument 2), weight (weightArg), the strides (dT at strideArg), paddings and
 * output paddings (aT at strideArg + 6), and computes the window and the sizes (THNNSizes.h):
 * rows is nOutputPlane*kT*kH*kW. */
static THNN_(VolSizes) THNN_(VolumetricFullConvolution_check)(
    THTensor *input, THTensor *weight, int weightArg, const char *weightName, int strideArg,
    int dT, int dW, int dH, int pT, int pW, int pH, int aT, int aW, int aH,
    THNN_(VolWindow) *window) {
  THArgCheck(weight->nDimension == 5 && weight->size[2] <= INT_MAX &&
             weight->size[3] <= INT_MAX && weight->size[4] <= INT_MAX, weightArg, "%s should be "
             "a 5D tensor (nInputPlane x nOutputPlane x kT x kH x kW), but got size %s",
             weightName, THTensor_(sizeDesc)(weight).str);
  THNN_(VolWindow) w = {(int)weight->size[2], (int)weight->size[4], (int)weight->size[3],
                        dT, dW, dH, pT, pW, pH, 1, 1, 1};
  THNN_(checkVolWindow)(w, weightArg, strideArg, strideArg + 3, 0);
  THArgCheck(aT >= 0 && aW >= 0 && aH >= 0 && aT < dT && aW < dW && aH < dH, strideArg + 6,
             "output padding should be at least zero and smaller than the stride, but got "
             "aT: %d aH: %d aW: %d (dT: %d dH: %d dW: %d)", aT, aH, aW, dT, dH, dW);
  THNN_(VolSizes) s;
  s.nInputPlane = weight->size[0];
  s.nOutputPlane = weight->size[1];
  s.rows = s.nOutputPlane * w.kT * w.kH * w.kW;
  THNN_(checkDims)(input, 2, "input", 4, 5);
  int batched = input->nDimension == 5;
  s.batch = batched ? input->size[0] : 1;
  THArgCheck(input->size[batched] == s.nInputPlane, 2, "input should have %ld planes (%s is "
             "%s), but got size %s", s.nInputPlane, weightName, THTensor_(sizeDesc)(weight).str,
             THTensor_(sizeDesc)(input).str);
  s.inputT = input->size[batched + 1];
  s.inputHeight = input->size[batched + 2];
  s.inputWidth = input->size[batched + 3];
  s.outputT = THNN_transposedOutputSize(s.inputT, w.kT, dT, pT, 1, aT);
  s.outputHeight = THNN_transposedOutputSize(s.inputHeight, w.kH, dH, pH, 1, aH);
  s.outputWidth = THNN_transposedOutputSize(s.inputWidth, w.kW, dW, pW, 1, aW);
  long sizes[5] = {s.batch, s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth};
  THNN_(checkOutputSize)(input, input->nDimension, sizes + !batched, 2);
  *window = w;
  return s;
}

/* The unfolding of one output volume, with one column per input voxel. */
static THNN_(VolShape) THNN_(VolumetricFullConvolution_shape)(THNN_(VolSizes) s) {
  THNN_(VolShape) v = {s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth,
                       s.inputT, s.inputHeight, s.inputWidth};
  return v;
}

/* columns (batch x rows x voxels) = vol2col(gradOutput) of every volume, in parallel. */
static void THNN_(VolumetricFullConvolution_unfoldGradOutput)(THTensor *input,
                                                              THTensor *gradOutput,
                                                              THTensor *columns,
                                                              THNN_(VolSizes) s,
                                                              THNN_(VolWindow) w) {
  long voxels = s.inputT * s.inputHeight * s.inputWidth;
  long outputVolume = s.nOutputPlane * s.outputT * s.outputHeight * s.outputWidth;
  long sizes[3] = {s.batch, s.rows, voxels};
  if (input->nDimension == 5)
    THNN_(resizeBuffer)(columns, 3, sizes);
  else
    THNN_(resizeBuffer)(columns, 2, sizes + 1);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  real *go_data = THTensor_(data)(gradOutput), *col_data = THTensor_(data)(columns);
  THNN_(VolShape) v = THNN_(VolumetricFullConvolution_shape)(s);
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * voxels,
                   THNN_(vol2col)(col_data + t * s.rows * voxels, go_data + t * outputVolume, v,
                                  w););
  THTensor_(free)(gradOutput);
}

void THNN_(VolumetricFullConvolution_updateOutput)(THNNState *state, THTensor *input,
                                                   THTensor *output, THTensor *weight,
                                                   THTensor *bias, THTensor *finput,
                                                   THTensor *fgradInput, int dT, int dW, int dH,
                                                   int pT, int pW, int pH, int aT, int aW,
                                                   int aH) {
  (void)state, (void)fgradInput;
  THNN_(VolWindow) w;
  THNN_(VolSizes) s = THNN_(VolumetricFullConvolution_check)(input, weight, 4, "weight", 8, dT,
                                                             dW, dH, pT, pW, pH, aT, aW, aH, &w);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(VolumetricConvolutionMM_checkForwardApart)(input, output, weight, bias, finput, 6,
                                                   "finput");
  long voxels = s.inputT * s.inputHeight * s.inputWidth;
  long outputSize = s.outputT * s.outputHeight * s.outputWidth;
  long columnSizes[3] = {s.batch, s.rows, voxels};
  if (input->nDimension == 5) {
    THNN_(resizeBuffer)(finput, 3, columnSizes);
    THTensor_(resize5d)(output, s.batch, s.nOutputPlane, s.outputT, s.outputHeight,
                        s.outputWidth);
  } else {
    THNN_(resizeBuffer)(finput, 2, columnSizes + 1);
    THTensor_(resize4d)(output, s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth);
  }
  input = THTensor_(newContiguous)(input);
  weight = THTensor_(newContiguous)(weight);
  bias = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *col_data = THTensor_(data)(finput);
  real *out_data = THTensor_(data)(out), *weight_data = THTensor_(data)(weight);
  real *bias_data = bias ? THTensor_(data)(bias) : NULL;
  THNN_(VolShape) v = THNN_(VolumetricFullConvolution_shape)(s);
  /* columns = weight^T * input, volume after volume (BLAS, outside OpenMP); then each volume's
   * output is its bias plus col2vol(columns), in parallel */
  for (long t = 0; t < s.batch; t++)
    THBlas_(gemm)('n', 't', voxels, s.rows, s.nInputPlane, 1,
                  in_data + t * s.nInputPlane * voxels, voxels, weight_data, s.rows, 0,
                  col_data + t * s.rows * voxels, voxels);
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * voxels, {
    real *frame = out_data + t * s.nOutputPlane * outputSize;
    for (long plane = 0; plane < s.nOutputPlane; plane++)
      THVector_(fill)(frame + plane * outputSize, bias_data ? bias_data[plane] : 0, outputSize);
    THNN_(col2vol)(col_data + t * s.rows * voxels, frame, v, w);
  });
  THTensor_(free)(input);
  THTensor_(free)(weight);
  THTensor_(free)(bias);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(VolumetricFullConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradInput,
                                                      THTensor *weight, THTensor *finput,
                                                      THTensor *fgradInput, int dT, int dW,
                                                      int dH, int pT, int pW, int pH, int aT,
                                                      int aW, int aH) {
  (void)state, (void)fgradInput;
  THNN_(VolWindow) w;
  THNN_(VolSizes) s = THNN_(VolumetricFullConvolution_check)(input, weight, 5, "weight", 8, dT,
                                                             dW, dH, pT, pW, pH, aT, aW, aH, &w);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_checkBackwardApart)(gradOutput, gradInput, weight, finput, 6,
                                                    "finput");
  THNN_(VolumetricFullConvolution_unfoldGradOutput)(input, gradOutput, finput, s, w);
  THTensor_(resizeAs)(gradInput, input);
  weight = THTensor_(newContiguous)(weight);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *col_data = THTensor_(data)(finput), *gi_data = THTensor_(data)(gradIn);
  real *weight_data = THTensor_(data)(weight);
  long voxels = s.inputT * s.inputHeight * s.inputWidth;
  /* gradInput = weight * columns; column-major: gradInput^T = columns^T * weight^T */
  for (long t = 0; t < s.batch; t++)
    THBlas_(gemm)('n', 'n', voxels, s.nInputPlane, s.rows, 1, col_data + t * s.rows * voxels,
                  voxels, weight_data, s.rows, 0, gi_data + t * s.nInputPlane * voxels, voxels);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

void THNN_(VolumetricFullConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                        THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias,
                                                        THTensor *finput, THTensor *fgradInput,
                                                        int dT, int dW, int dH, int pT, int pW,
                                                        int pH, int aT, int aW, int aH,
                                                        real scale) {
  (void)state, (void)fgradInput;
  THNN_(VolWindow) w;
  THNN_(VolSizes) s = THNN_(VolumetricFullConvolution_check)(input, gradWeight, 4, "gradWeight",
                                                             8, dT, dW, dH, pT, pW, pH, aT, aW,
                                                             aH, &w);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  if (gradBias)
    THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  THNN_(checkApart)(finput, 6, "finput", "input", input, "gradOutput", gradOutput, "gradWeight",
                    gradWeight, "gradBias", gradBias, NULL);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(VolumetricFullConvolution_unfoldGradOutput)(input, gradOutput, finput, s, w);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  real *in_data = THTensor_(data)(input), *col_data = THTensor_(data)(finput);
  real *go_data = THTensor_(data)(gradOutput), *gw_data = THTensor_(data)(gradW);
  long voxels = s.inputT * s.inputHeight * s.inputWidth;
  long outputSize = s.outputT * s.outputHeight * s.outputWidth;
  /* gradWeight += scale * input * columns^T, volume after volume; column-major: gradWeight^T +=
   * columns * input^T */
  for (long t = 0; t < s.batch; t++) {
    THBlas_(gemm)('t', 'n', s.rows, s.nInputPlane, voxels, scale, col_data + t * s.rows * voxels,
                  voxels, in_data + t * s.nInputPlane * voxels, voxels, 1, gw_data, s.rows);
    real *go = go_data + t * s.nOutputPlane * outputSize;
    if (gradBias)
      for (long plane = 0; plane < s.nOutputPlane; plane++)
        THTensor_(data)(gradBias)[plane * gradBias->stride[0]] +=
            scale * (real)THVector_(sum)(go + plane * outputSize, outputSize);
  }
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradW, gradWeight);
}

#endif
