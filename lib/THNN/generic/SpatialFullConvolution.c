/* SpatialFullConvolution: the transposed 2-D convolution (the adjoint of SpatialConvolutionMM, as
 * used to upsample), of an nInputPlane x H x W image or a batch of them. weight is nInputPlane x
 * nOutputPlane x kH x kW; each input pixel (h, w) spreads weight[i] times itself over the output
 * window at (h*dH - padH, w*dW - padW), so the output is
 * ((H-1)*dH - 2*padH + kH + adjH) x ((W-1)*dW - 2*padW + kW + adjW), adj adding rows and columns
 * that only the bias reaches. By matrices: columns = weight^T * input (one GEMM per image), then
 * col2im folds the columns onto the output, the reverse of im2col in SpatialConvolutionMM; the
 * backward unfolds gradOutput by im2col and multiplies by weight. The images run on the loops of
 * generic/ConvolutionBatch.c: columns (gradColumns) is their workspace, threads x one image's
 * columns (threads x nOutputPlane*kH*kW x H*W). ones (the era's buffer for the bias) is not
 * needed. Uses ConvWindow and ConvSizes of
 * generic/SpatialConvolutionMM.c, where the im2col "image" is the output and its "positions" are
 * the input's pixels. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFullConvolution.c"
#else

/* Checks input (argument 2), weight (at weightArg), the window (kW at kernelArg) and adjW, adjH
 * (at kernelArg + 6), and computes the sizes (THNNSizes.h): rows is nOutputPlane*kH*kW. */
static THNN_(ConvSizes) THNN_(SpatialFullConvolution_check)(
    THTensor *input, THTensor *weight, int weightArg, const char *weightName,
    THNN_(ConvWindow) w, int adjW, int adjH, int kernelArg) {
  THNN_(checkWindow)(w.kW, w.kH, w.dW, w.dH, w.padW, w.padH, kernelArg);
  THArgCheck(adjW >= 0 && adjH >= 0 && adjW < w.dW && adjH < w.dH, kernelArg + 6,
             "output padding should be at least zero and smaller than the stride, but got "
             "adjH: %d adjW: %d (dH: %d dW: %d)", adjH, adjW, w.dH, w.dW);
  THArgCheck(weight->nDimension == 4, weightArg, "%s should be a 4D tensor (nInputPlane x "
             "nOutputPlane x kH x kW), but got size %s", weightName,
             THTensor_(sizeDesc)(weight).str);
  THArgCheck(weight->size[2] == w.kH && weight->size[3] == w.kW, weightArg, "%s should have a "
             "%dx%d kernel (kH x kW), but got size %s", weightName, w.kH, w.kW,
             THTensor_(sizeDesc)(weight).str);
  THNN_(ConvSizes) s;
  s.nInputPlane = weight->size[0];
  s.nOutputPlane = weight->size[1];
  s.rows = s.nOutputPlane * w.kH * w.kW;
  THNN_(checkDims)(input, 2, "input", 3, 4);
  int batched = input->nDimension == 4;
  s.batch = batched ? input->size[0] : 1;
  THArgCheck(input->size[batched] == s.nInputPlane, 2, "input should have %ld planes (%s is "
             "%s), but got size %s", s.nInputPlane, weightName, THTensor_(sizeDesc)(weight).str,
             THTensor_(sizeDesc)(input).str);
  s.inputHeight = input->size[batched + 1];
  s.inputWidth = input->size[batched + 2];
  s.outputHeight = THNN_transposedOutputSize(s.inputHeight, w.kH, w.dH, w.padH, 1, adjH);
  s.outputWidth = THNN_transposedOutputSize(s.inputWidth, w.kW, w.dW, w.padW, 1, adjW);
  long sizes[4] = {s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth};
  THNN_(checkOutputSize)(input, input->nDimension, sizes + !batched, 2);
  return s;
}

/* gradOutput (argument 3) has the size of the output. */
static void THNN_(SpatialFullConvolution_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                          THNN_(ConvSizes) s) {
  long sizes[4] = {s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth};
  if (input->nDimension == 4)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 4, sizes);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 3, sizes + 1);
}

/* The unfolding of a checked call: the output's image (nOutputPlane x outputHeight x
 * outputWidth), one column per input pixel. */
static THNN_(Unfolding) THNN_(SpatialFullConvolution_unfolding)(THNN_(ConvSizes) s,
                                                                THNN_(ConvWindow) w) {
  return THNN_(SpatialConvolutionMM_unfolding)(s.nOutputPlane, s.outputHeight, s.outputWidth,
                                               s.inputHeight, s.inputWidth, w);
}

void THNN_(SpatialFullConvolution_updateOutput)(THNNState *state, THTensor *input,
                                                THTensor *output, THTensor *weight,
                                                THTensor *bias, THTensor *columns, THTensor *ones,
                                                int kW, int kH, int dW, int dH, int padW,
                                                int padH, int adjW, int adjH) {
  (void)state, (void)ones;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialFullConvolution_check)(input, weight, 4, "weight", w, adjW,
                                                           adjH, 8);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "columns", columns, NULL);
  THNN_(checkApart)(columns, 6, "columns", "input", input, "weight", weight, "bias", bias, NULL);
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  /* output = bias + col2im(weight^T * input), image by image */
  THNN_(Unfolding) u = THNN_(SpatialFullConvolution_unfolding)(s, w);
  THNN_(Convolution_multiplyFold)(&u, s.batch, input, output, weight, bias, columns);
}

void THNN_(SpatialFullConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                   THTensor *gradOutput, THTensor *gradInput,
                                                   THTensor *weight, THTensor *gradColumns,
                                                   int kW, int kH, int dW, int dH, int padW,
                                                   int padH, int adjW, int adjH) {
  (void)state;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialFullConvolution_check)(input, weight, 5, "weight", w, adjW,
                                                           adjH, 7);
  THNN_(SpatialFullConvolution_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight,
                    "gradColumns", gradColumns, NULL);
  THNN_(checkApart)(gradColumns, 6, "gradColumns", "gradOutput", gradOutput, "weight", weight,
                    NULL);
  THTensor_(resizeAs)(gradInput, input);
  /* gradInput = weight * im2col(gradOutput), image by image */
  THNN_(Unfolding) u = THNN_(SpatialFullConvolution_unfolding)(s, w);
  THNN_(Convolution_unfoldMultiply)(&u, s.batch, gradOutput, gradInput, weight, NULL,
                                    gradColumns);
}

void THNN_(SpatialFullConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                     THTensor *gradOutput, THTensor *gradWeight,
                                                     THTensor *gradBias, THTensor *columns,
                                                     THTensor *ones, int kW, int kH, int dW,
                                                     int dH, int padW, int padH, int adjW,
                                                     int adjH, real scale) {
  (void)state, (void)ones;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialFullConvolution_check)(input, gradWeight, 4, "gradWeight", w,
                                                           adjW, adjH, 8);
  THNN_(SpatialFullConvolution_checkGradOutput)(input, gradOutput, s);
  if (gradBias)
    THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  THNN_(checkApart)(columns, 6, "columns", "input", input, "gradOutput", gradOutput,
                    "gradWeight", gradWeight, "gradBias", gradBias, NULL);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  /* gradWeight += scale * input * im2col(gradOutput)^T, image by image */
  THNN_(Unfolding) u = THNN_(SpatialFullConvolution_unfolding)(s, w);
  THNN_(Convolution_accumulate)(&u, s.batch, gradOutput, input, gradOutput, gradWeight, gradBias,
                                columns, scale);
}

#endif
