/* VolumetricDilatedConvolution: a 3-D convolution whose kernel taps are dilationT x dilationH x
 * dilationW voxels apart (dilation 1 is VolumetricConvolutionMM), on VolumetricConvolutionMM's
 * vol2col + GEMM code with the dilation passed down to the unfolding. columns (gradColumns) is
 * the workspace of its per-volume loops (one volume's columns per thread,
 * generic/ConvolutionBatch.c); ones (the era's buffer for the bias) is not needed. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricDilatedConvolution.c"
#else

void THNN_(VolumetricDilatedConvolution_updateOutput)(
    THNNState *state, THTensor *input, THTensor *output, THTensor *weight, THTensor *bias,
    THTensor *columns, THTensor *ones, int kT, int kW, int kH, int dT, int dW, int dH, int padT,
    int padW, int padH, int dilationT, int dilationW, int dilationH) {
  (void)state, (void)ones;
  THNN_(VolWindow) w = {kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW,
                        dilationH};
  THNN_(checkVolWindow)(w, 8, 11, 14, 17);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, weight, 4, "weight", w, true);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(VolumetricConvolutionMM_checkForwardApart)(input, output, weight, bias, columns, 6,
                                                   "columns");
  THNN_(VolumetricConvolutionMM_forward)(input, output, weight, bias, columns, s, w);
}

void THNN_(VolumetricDilatedConvolution_updateGradInput)(
    THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
    THTensor *weight, THTensor *gradColumns, int kT, int kW, int kH, int dT, int dW, int dH,
    int padT, int padW, int padH, int dilationT, int dilationW, int dilationH) {
  (void)state;
  THNN_(VolWindow) w = {kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW,
                        dilationH};
  THNN_(checkVolWindow)(w, 7, 10, 13, 16);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, weight, 5, "weight", w, true);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_checkBackwardApart)(gradOutput, gradInput, weight, gradColumns, 6,
                                                    "gradColumns");
  THNN_(VolumetricConvolutionMM_backward)(input, gradOutput, gradInput, weight, gradColumns, s, w);
}

void THNN_(VolumetricDilatedConvolution_accGradParameters)(
    THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradWeight,
    THTensor *gradBias, THTensor *columns, THTensor *ones, int kT, int kW, int kH, int dT, int dW,
    int dH, int padT, int padW, int padH, int dilationT, int dilationW, int dilationH,
    real scale) {
  (void)state, (void)ones;
  THNN_(VolWindow) w = {kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW,
                        dilationH};
  THNN_(checkVolWindow)(w, 8, 11, 14, 17);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, gradWeight, 4, "gradWeight", w,
                                                           true);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_accumulate)(input, gradOutput, gradWeight, gradBias, columns,
                                            "columns", s, w, scale);
}

#endif
