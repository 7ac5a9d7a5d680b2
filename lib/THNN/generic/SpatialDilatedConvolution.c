/* SpatialDilatedConvolution: a 2-D convolution whose kernel taps are dilationH x dilationW pixels
 * apart (dilation 1 is SpatialConvolutionMM), on SpatialConvolutionMM's im2col + GEMM code with
 * the dilation passed down to the unfolding. columns (and gradColumns) is the workspace of
 * generic/ConvolutionBatch.c: one image's columns per thread; ones (the era's buffer for adding
 * the bias by a product) is not needed: the output starts as the bias. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialDilatedConvolution.c"
#else

void THNN_(SpatialDilatedConvolution_updateOutput)(THNNState *state, THTensor *input,
                                                   THTensor *output, THTensor *weight,
                                                   THTensor *bias, THTensor *columns,
                                                   THTensor *ones, int kW, int kH, int dW, int dH,
                                                   int padW, int padH, int dilationW,
                                                   int dilationH) {
  (void)state, (void)ones;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, dilationW, dilationH};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionMM_check)(input, weight, 4, "weight", w, 8);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "columns", columns, NULL);
  THNN_(checkApart)(columns, 6, "columns", "input", input, "weight", weight, "bias", bias, NULL);
  THNN_(SpatialConvolutionMM_forward)(input, output, weight, bias, columns, s, w);
}

void THNN_(SpatialDilatedConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradInput,
                                                      THTensor *weight, THTensor *gradColumns,
                                                      int kW, int kH, int dW, int dH, int padW,
                                                      int padH, int dilationW, int dilationH) {
  (void)state;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, dilationW, dilationH};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionMM_check)(input, weight, 5, "weight", w, 7);
  THNN_(SpatialConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight,
                    "gradColumns", gradColumns, NULL);
  THNN_(checkApart)(gradColumns, 6, "gradColumns", "gradOutput", gradOutput, "weight", weight,
                    NULL);
  THNN_(SpatialConvolutionMM_backward)(input, gradOutput, gradInput, weight, gradColumns, s, w);
}

/* The columns are unfolded again from the input, image by image. */
void THNN_(SpatialDilatedConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                        THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias,
                                                        THTensor *columns, THTensor *ones, int kW,
                                                        int kH, int dW, int dH, int padW,
                                                        int padH, int dilationW, int dilationH,
                                                        real scale) {
  (void)state, (void)ones;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, dilationW, dilationH};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionMM_check)(input, gradWeight, 4, "gradWeight", w,
                                                         8);
  THNN_(SpatialConvolutionMM_checkGradOutput)(input, gradOutput, s);
  if (gradBias)
    THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  THNN_(checkApart)(columns, 6, "columns", "input", input, "gradOutput", gradOutput,
                    "gradWeight", gradWeight, "gradBias", gradBias, NULL);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(SpatialConvolutionMM_addParameterGradients)(input, gradOutput, gradWeight, gradBias,
                                                    columns, s, w, scale);
}

#endif
