/* VolumetricFullConvolution: the transposed 3-D convolution (the adjoint of
 * VolumetricConvolutionMM), of an nInputPlane x T x H x W volume or a batch of them. weight is
 * nInputPlane x nOutputPlane x kT x kH x kW, and gives the kernel size; the output is
 * ((T-1)*dT - 2*pT + kT + aT) deep, and likewise high and wide, a adding slices only the bias
 * reaches. columns = weight^T * input (one GEMM per volume), then col2vol folds them onto the
 * output; the backward unfolds gradOutput by vol2col and multiplies by weight. The volumes run on
 * the loops of generic/ConvolutionBatch.c, whose workspace is finput in all three functions:
 * threads x one volume's columns (threads x nOutputPlane*kT*kH*kW x T*H*W). fgradInput is not
 * needed. Uses VolSizes of
 * generic/VolumetricConvolutionMM.c, where the unfolded "volume" is the output and its "positions"
 * are the input's voxels. */
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

/* The unfolding of a checked call: the output volume, one column per input voxel. */
static THNN_(Unfolding) THNN_(VolumetricFullConvolution_unfolding)(THNN_(VolSizes) s,
                                                                   THNN_(VolWindow) w) {
  THNN_(VolShape) v = {s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth,
                       s.inputT, s.inputHeight, s.inputWidth};
  return THNN_(Volumetric_unfolding)(v, w);
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
  if (input->nDimension == 5)
    THTensor_(resize5d)(output, s.batch, s.nOutputPlane, s.outputT, s.outputHeight,
                        s.outputWidth);
  else
    THTensor_(resize4d)(output, s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth);
  /* output = bias + col2vol(weight^T * input), volume by volume */
  THNN_(Unfolding) u = THNN_(VolumetricFullConvolution_unfolding)(s, w);
  THNN_(Convolution_multiplyFold)(&u, s.batch, input, output, weight, bias, finput);
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
  THTensor_(resizeAs)(gradInput, input);
  /* gradInput = weight * vol2col(gradOutput), volume by volume */
  THNN_(Unfolding) u = THNN_(VolumetricFullConvolution_unfolding)(s, w);
  THNN_(Convolution_unfoldMultiply)(&u, s.batch, gradOutput, gradInput, weight, NULL, finput);
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
  /* gradWeight += scale * input * vol2col(gradOutput)^T, volume by volume */
  THNN_(Unfolding) u = THNN_(VolumetricFullConvolution_unfolding)(s, w);
  THNN_(Convolution_accumulate)(&u, s.batch, gradOutput, input, gradOutput, gradWeight, gradBias,
                                finput, scale);
}

#endif
