/* VolumetricConvolution: the era's other 3-D convolution, whose kernel size comes from weight
 * (nOutputPlane x nInputPlane x kT x kH x kW, 5-D). It computes what VolumetricConvolutionMM does,
 * on its vol2col + GEMM code (generic/VolumetricConvolutionMM.c): finput is the workspace of its
 * per-volume loops (one volume's columns per thread, generic/ConvolutionBatch.c) in all three
 * functions (updateGradInput has no fgradInput argument; accGradParameters unfolds the input
 * again); fgradInput is not needed. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricConvolution.c"
#else

/* The window of a call: the kernel of weight (argument weightArg, which must be 5-D), the strides
 * (dT at strideArg) and paddings (pT at strideArg + 3) given. */
static THNN_(VolWindow) THNN_(VolumetricConvolution_window)(THTensor *weight, int weightArg,
                                                           const char *weightName, int strideArg,
                                                           int dT, int dW, int dH, int pT, int pW,
                                                           int pH) {
  THArgCheck(weight->nDimension == 5 && weight->size[2] <= INT_MAX &&
             weight->size[3] <= INT_MAX && weight->size[4] <= INT_MAX, weightArg, "%s should be "
             "a 5D tensor (nOutputPlane x nInputPlane x kT x kH x kW), but got size %s",
             weightName, THTensor_(sizeDesc)(weight).str);
  THNN_(VolWindow) w = {(int)weight->size[2], (int)weight->size[4], (int)weight->size[3],
                        dT, dW, dH, pT, pW, pH, 1, 1, 1};
  THNN_(checkVolWindow)(w, weightArg, strideArg, strideArg + 3, 0);
  return w;
}

void THNN_(VolumetricConvolution_updateOutput)(THNNState *state, THTensor *input,
                                               THTensor *output, THTensor *weight, THTensor *bias,
                                               THTensor *finput, THTensor *fgradInput, int dT,
                                               int dW, int dH, int pT, int pW, int pH) {
  (void)state, (void)fgradInput;
  THNN_(VolWindow) w = THNN_(VolumetricConvolution_window)(weight, 4, "weight", 8, dT, dW, dH, pT,
                                                           pW, pH);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, weight, 4, "weight", w, false);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(VolumetricConvolutionMM_checkForwardApart)(input, output, weight, bias, finput, 6,
                                                   "finput");
  THNN_(VolumetricConvolutionMM_forward)(input, output, weight, bias, finput, s, w);
}

void THNN_(VolumetricConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                  THTensor *gradOutput, THTensor *gradInput,
                                                  THTensor *weight, THTensor *finput, int dT,
                                                  int dW, int dH, int pT, int pW, int pH) {
  (void)state;
  THNN_(VolWindow) w = THNN_(VolumetricConvolution_window)(weight, 5, "weight", 7, dT, dW, dH, pT,
                                                           pW, pH);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, weight, 5, "weight", w, false);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_checkBackwardApart)(gradOutput, gradInput, weight, finput, 6,
                                                    "finput");
  THNN_(VolumetricConvolutionMM_backward)(input, gradOutput, gradInput, weight, finput, s, w);
}

void THNN_(VolumetricConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                    THTensor *gradOutput, THTensor *gradWeight,
                                                    THTensor *gradBias, THTensor *finput,
                                                    THTensor *fgradInput, int dT, int dW, int dH,
                                                    int pT, int pW, int pH, real scale) {
  (void)state, (void)fgradInput;
  THNN_(VolWindow) w = THNN_(VolumetricConvolution_window)(gradWeight, 4, "gradWeight", 8, dT, dW,
                                                           dH, pT, pW, pH);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, gradWeight, 4, "gradWeight", w,
                                                           false);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_accumulate)(input, gradOutput, gradWeight, gradBias, finput,
                                            "finput", s, w, scale);
}

#endif
