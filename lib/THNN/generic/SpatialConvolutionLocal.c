/* SpatialConvolutionLocal: a 2-D convolution whose weights are not shared: each output position
 * (oh, ow) has its own nOutputPlane x nInputPlane x kH x kW kernel. weight is outputHeight x
 * outputWidth x nOutputPlane x nInputPlane x kH x kW (or that viewed as 3-D: positions x
 * nOutputPlane x nInputPlane*kH*kW), bias nOutputPlane x outputHeight x outputWidth. The input is
 * unfolded by im2col (generic/unfold.c) into finput, then each output position is the product of
 * its own weight matrix with its column: a small product per position, written as loops that run
 * in parallel over the images (the forward and backward) or over the positions (the parameter
 * gradients), on raw pointers after every check. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialConvolutionLocal.c"
#else

/* Checks input (argument 2), weight (at weightArg, named weightName), bias (at weightArg + 1,
 * when biasName is not NULL: then it is required), the window and the four sizes the caller
 * gives (kW is argument 8, inputWidth 14), and computes the sizes (THNNSizes.h). */
static THNN_(ConvSizes) THNN_(SpatialConvolutionLocal_check)(
    THTensor *input, THTensor *weight, THTensor *bias, int weightArg, const char *weightName,
    const char *biasName, THNN_(ConvWindow) w, long inputWidth, long inputHeight,
    long outputWidth, long outputHeight) {
  THNN_(checkWindow)(w.kW, w.kH, w.dW, w.dH, w.padW, w.padH, 8);
  THNN_(checkDims)(input, 2, "input", 3, 4);
  int batched = input->nDimension == 4;
  THNN_(ConvSizes) s;
  s.batch = batched ? input->size[0] : 1;
  s.nInputPlane = input->size[batched];
  s.inputHeight = input->size[batched + 1];
  s.inputWidth = input->size[batched + 2];
  THArgCheck(s.inputWidth == inputWidth && s.inputHeight == inputHeight, 14, "input of size %s "
             "should be %ldx%ld (inputHeight x inputWidth)", THTensor_(sizeDesc)(input).str,
             inputHeight, inputWidth);
  s.outputHeight = THNN_windowOutputSize(s.inputHeight, w.kH, w.dH, w.padH, 1, false);
  s.outputWidth = THNN_windowOutputSize(s.inputWidth, w.kW, w.dW, w.padW, 1, false);
  long weightPlanes = weight->nDimension == 6 ? weight->size[2]
                      : weight->nDimension == 3 ? weight->size[1] : 1;
  long outputSizes[4] = {s.batch, weightPlanes, s.outputHeight, s.outputWidth};
  THNN_(checkOutputSize)(input, input->nDimension, outputSizes + !batched, 2);
  THArgCheck(s.outputWidth == outputWidth && s.outputHeight == outputHeight, 16, "the output "
             "should be %ldx%ld (input of size %s), but outputHeight x outputWidth is %ldx%ld",
             s.outputHeight, s.outputWidth, THTensor_(sizeDesc)(input).str, outputHeight,
             outputWidth);
  s.rows = s.nInputPlane * w.kH * w.kW;
  long positions = s.outputHeight * s.outputWidth;
  int good;
  if (weight->nDimension == 6) {
    good = weight->size[0] == s.outputHeight && weight->size[1] == s.outputWidth &&
           weight->size[3] == s.nInputPlane && weight->size[4] == w.kH && weight->size[5] == w.kW;
    s.nOutputPlane = weight->size[2];
  } else {
    good = weight->nDimension == 3 && weight->size[0] == positions && weight->size[2] == s.rows;
    s.nOutputPlane = good ? weight->size[1] : 0;
  }
  THArgCheck(good, weightArg, "%s should be %ldx%ldxnOutputPlanex%ldx%dx%d (outputHeight x "
             "outputWidth x nOutputPlane x nInputPlane x kH x kW) or %ldxnOutputPlanex%ld, but got "
             "size %s", weightName, s.outputHeight, s.outputWidth, s.nInputPlane, w.kH, w.kW,
             positions, s.rows, THTensor_(sizeDesc)(weight).str);
  if (biasName) {
    THArgCheck(bias != NULL, weightArg + 1, "%s should be a tensor, but got NULL", biasName);
    long biasSizes[3] = {s.nOutputPlane, s.outputHeight, s.outputWidth};
    THNN_(checkSizes)(bias, weightArg + 1, biasName, 3, biasSizes);
  }
  return s;
}

/* One image's output: output[o, p] = bias[o, p] + weight[p, o, :] . columns[:, p]. Raw pointers,
 * raises nothing. */
static void THNN_(SpatialConvolutionLocal_outputFrame)(const real *columns, real *output,
                                                       const real *weight, const real *bias,
                                                       THNN_(ConvSizes) s) {
  long positions = s.outputHeight * s.outputWidth;
  for (long p = 0; p < positions; p++)
    for (long o = 0; o < s.nOutputPlane; o++) {
      const real *kernel = weight + (p * s.nOutputPlane + o) * s.rows;
      accreal sum = bias[o * positions + p];
      for (long r = 0; r < s.rows; r++)
        sum += kernel[r] * columns[r * positions + p];
      output[o * positions + p] = (real)sum;
    }
}

/* One image's gradInput: gradColumns[:, p] = weight[p]^T * gradOutput[:, p], folded back onto
 * the image by col2im. Raw pointers, raises nothing. */
static void THNN_(SpatialConvolutionLocal_gradInputFrame)(const real *gradOutput,
                                                          real *gradColumns, real *gradInput,
                                                          const real *weight, THNN_(ConvSizes) s,
                                                          THNN_(ConvWindow) w) {
  long positions = s.outputHeight * s.outputWidth;
  for (long p = 0; p < positions; p++)
    for (long r = 0; r < s.rows; r++) {
      accreal sum = 0;
      for (long o = 0; o < s.nOutputPlane; o++)
        sum += weight[(p * s.nOutputPlane + o) * s.rows + r] * gradOutput[o * positions + p];
      gradColumns[r * positions + p] = (real)sum;
    }
  memset(gradInput, 0, sizeof(real) * s.nInputPlane * s.inputHeight * s.inputWidth);
  for (long plane = 0; plane < s.nInputPlane; plane++)
    THNN_(col2imPlane)(gradColumns, gradInput, plane, w.kW, w.kH, w.dW, w.dH, w.padW, w.padH, 1,
                       1, s.inputWidth, s.inputHeight, s.outputWidth, s.outputHeight);
}

void THNN_(SpatialConvolutionLocal_updateOutput)(THNNState *state, THTensor *input,
                                                 THTensor *output, THTensor *weight,
                                                 THTensor *bias, THTensor *finput,
                                                 THTensor *fgradInput, int kW, int kH, int dW,
                                                 int dH, int padW, int padH, long inputWidth,
                                                 long inputHeight, long outputWidth,
                                                 long outputHeight) {
  (void)state, (void)fgradInput;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionLocal_check)(
      input, weight, bias, 4, "weight", "bias", w, inputWidth, inputHeight, outputWidth,
      outputHeight);
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "finput", finput, NULL);
  THNN_(checkApart)(finput, 6, "finput", "input", input, "weight", weight, "bias", bias, NULL);
  long positions = s.outputHeight * s.outputWidth;
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  THNN_(SpatialConvolutionMM_unfoldBatch)(input, finput, NULL, NULL, s, w);
  weight = THTensor_(newContiguous)(weight);
  bias = THTensor_(newContiguous)(bias);
  THTensor *out = THTensor_(newContiguous)(output);
  real *col_data = THTensor_(data)(finput), *out_data = THTensor_(data)(out);
  real *weight_data = THTensor_(data)(weight), *bias_data = THTensor_(data)(bias);
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * s.nOutputPlane * positions,
                   THNN_(SpatialConvolutionLocal_outputFrame)(
                       col_data + t * s.rows * positions,
                       out_data + t * s.nOutputPlane * positions, weight_data, bias_data, s););
  THTensor_(free)(weight);
  THTensor_(free)(bias);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialConvolutionLocal_updateGradInput)(THNNState *state, THTensor *input,
                                                    THTensor *gradOutput, THTensor *gradInput,
                                                    THTensor *weight, THTensor *finput,
                                                    THTensor *fgradInput, int kW, int kH, int dW,
                                                    int dH, int padW, int padH, long inputWidth,
                                                    long inputHeight, long outputWidth,
                                                    long outputHeight) {
  (void)state, (void)finput;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionLocal_check)(
      input, weight, NULL, 5, "weight", NULL, w, inputWidth, inputHeight, outputWidth,
      outputHeight);
  THNN_(SpatialConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight,
                    "fgradInput", fgradInput, NULL);
  THNN_(checkApart)(fgradInput, 7, "fgradInput", "gradOutput", gradOutput, "weight", weight, NULL);
  long positions = s.outputHeight * s.outputWidth;
  long imageSize = s.nInputPlane * s.inputHeight * s.inputWidth;
  THNN_(SpatialConvolutionMM_resizeColumns)(fgradInput, input, s);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  weight = THTensor_(newContiguous)(weight);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *col_data = THTensor_(data)(fgradInput);
  real *gi_data = THTensor_(data)(gradIn), *weight_data = THTensor_(data)(weight);
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * s.nOutputPlane * positions,
                   THNN_(SpatialConvolutionLocal_gradInputFrame)(
                       go_data + t * s.nOutputPlane * positions,
                       col_data + t * s.rows * positions, gi_data + t * imageSize, weight_data,
                       s, w););
  THTensor_(free)(gradOutput);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

/* The columns are unfolded again from the input, so that any finput will do. */
void THNN_(SpatialConvolutionLocal_accGradParameters)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradWeight,
                                                      THTensor *gradBias, THTensor *finput,
                                                      THTensor *fgradInput, int kW, int kH,
                                                      int dW, int dH, int padW, int padH,
                                                      long inputWidth, long inputHeight,
                                                      long outputWidth, long outputHeight,
                                                      real scale) {
  (void)state, (void)fgradInput;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionLocal_check)(
      input, gradWeight, gradBias, 4, "gradWeight", "gradBias", w, inputWidth, inputHeight,
      outputWidth, outputHeight);
  THNN_(SpatialConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(finput, 6, "finput", "input", input, "gradOutput", gradOutput,
                    "gradWeight", gradWeight, "gradBias", gradBias, NULL);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  long positions = s.outputHeight * s.outputWidth;
  THNN_(SpatialConvolutionMM_unfoldBatch)(input, finput, NULL, NULL, s, w);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  THTensor *gradB = THTensor_(newContiguous)(gradBias);
  real *go_data = THTensor_(data)(gradOutput), *col_data = THTensor_(data)(finput);
  real *gw_data = THTensor_(data)(gradW), *gb_data = THTensor_(data)(gradB);
  /* each position owns its kernels and biases: the positions run in parallel, each summing over
   * the images */
  TH_PARALLEL_LOOP(p, positions, (double)s.batch * s.rows * s.nOutputPlane * positions, {
    for (long t = 0; t < s.batch; t++) {
      const real *go = go_data + t * s.nOutputPlane * positions;
      const real *col = col_data + t * s.rows * positions;
      for (long o = 0; o < s.nOutputPlane; o++) {
        real g = scale * go[o * positions + p];
        real *kernel = gw_data + (p * s.nOutputPlane + o) * s.rows;
        for (long r = 0; r < s.rows; r++)
          kernel[r] += g * col[r * positions + p];
        gb_data[o * positions + p] += g;
      }
    }
  });
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradW, gradWeight);
  THTensor_(freeCopyTo)(gradB, gradBias);
}

#endif
