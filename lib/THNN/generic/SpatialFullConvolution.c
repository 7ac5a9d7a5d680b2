/* SpatialFullConvolution: the transposed 2-D convolution (the adjoint of SpatialConvolutionMM, as
 * used to upsample), of an nInputPlane x H x W image or a batch of them. weight is nInputPlane x
 * nOutputPlane x kH x kW; each input pixel (h, w) spreads weight[i] times itself over the output
 * window at (h*dH - padH, w*dW - padW), so the output is
 * ((H-1)*dH - 2*padH + kH + adjH) x ((W-1)*dW - 2*padW + kW + adjW), adj adding rows and columns
 * that only the bias reaches. By matrices: columns = weight^T * input (one GEMM per image), then
 * col2im folds the columns onto the output, the reverse of im2col in SpatialConvolutionMM; the
 * backward unfolds gradOutput by im2col and multiplies by weight. ones (the era's buffer for the
 * bias) is not needed. Uses ConvWindow and ConvSizes of generic/SpatialConvolutionMM.c, where the
 * im2col "image" is the output and its "positions" are the input's pixels. */
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

/* The columns buffer: batch x rows x H*W (one matrix per image), or rows x H*W, contiguous. */
static void THNN_(SpatialFullConvolution_resizeColumns)(THTensor *columns, THTensor *input,
                                                        THNN_(ConvSizes) s) {
  long sizes[3] = {s.batch, s.rows, s.inputHeight * s.inputWidth};
  if (input->nDimension == 4)
    THNN_(resizeBuffer)(columns, 3, sizes);
  else
    THNN_(resizeBuffer)(columns, 2, sizes + 1);
}

/* One image's output: the bias, plus col2im(columns). Raw pointers, raises nothing. */
static void THNN_(SpatialFullConvolution_foldFrame)(real *columns, real *output, real *bias,
                                                    THNN_(ConvSizes) s, THNN_(ConvWindow) w) {
  long outputSize = s.outputHeight * s.outputWidth;
  for (long plane = 0; plane < s.nOutputPlane; plane++) {
    THVector_(fill)(output + plane * outputSize, bias ? bias[plane] : 0, outputSize);
    THNN_(col2imPlane)(columns, output, plane, w.kW, w.kH, w.dW, w.dH, w.padW, w.padH, 1, 1,
                       s.outputWidth, s.outputHeight, s.inputWidth, s.inputHeight);
  }
}

/* columns = im2col(gradOutput) of every image, in parallel: gradOutput's windows, one column per
 * input pixel. */
static void THNN_(SpatialFullConvolution_unfoldGradOutput)(THTensor *input, THTensor *gradOutput,
                                                           THTensor *columns, THNN_(ConvSizes) s,
                                                           THNN_(ConvWindow) w) {
  THNN_(SpatialFullConvolution_resizeColumns)(columns, input, s);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  real *go_data = THTensor_(data)(gradOutput), *col_data = THTensor_(data)(columns);
  long pixels = s.inputHeight * s.inputWidth;
  long outputImage = s.nOutputPlane * s.outputHeight * s.outputWidth;
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * pixels,
                   THNN_(im2col)(col_data + t * s.rows * pixels, go_data + t * outputImage,
                                 w.kW, w.kH, w.dW, w.dH, w.padW, w.padH, 1, 1, s.nOutputPlane,
                                 s.outputWidth, s.outputHeight, s.inputWidth, s.inputHeight););
  THTensor_(free)(gradOutput);
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
  long pixels = s.inputHeight * s.inputWidth;
  THNN_(SpatialFullConvolution_resizeColumns)(columns, input, s);
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  input = THTensor_(newContiguous)(input);
  weight = THTensor_(newContiguous)(weight);
  bias = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *col_data = THTensor_(data)(columns);
  real *out_data = THTensor_(data)(out), *weight_data = THTensor_(data)(weight);
  real *bias_data = bias ? THTensor_(data)(bias) : NULL;
  long inputImage = s.nInputPlane * pixels;
  long outputImage = s.nOutputPlane * s.outputHeight * s.outputWidth;

  /* columns = weight^T * input, image after image (BLAS, outside OpenMP); in BLAS's column-major
   * terms columns^T = input^T * weight. Then the col2im of every image in parallel. */
  for (long t = 0; t < s.batch; t++)
    THBlas_(gemm)('n', 't', pixels, s.rows, s.nInputPlane, 1, in_data + t * inputImage, pixels,
                  weight_data, s.rows, 0, col_data + t * s.rows * pixels, pixels);
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * pixels,
                   THNN_(SpatialFullConvolution_foldFrame)(col_data + t * s.rows * pixels,
                                                           out_data + t * outputImage, bias_data,
                                                           s, w););

  THTensor_(free)(input);
  THTensor_(free)(weight);
  THTensor_(free)(bias);
  THTensor_(freeCopyTo)(out, output);
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
  THNN_(SpatialFullConvolution_unfoldGradOutput)(input, gradOutput, gradColumns, s, w);
  THTensor_(resizeAs)(gradInput, input);
  weight = THTensor_(newContiguous)(weight);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *col_data = THTensor_(data)(gradColumns), *gi_data = THTensor_(data)(gradIn);
  real *weight_data = THTensor_(data)(weight);
  long pixels = s.inputHeight * s.inputWidth;
  /* gradInput = weight * columns, image after image; column-major: gradInput^T = columns^T *
   * weight^T */
  for (long t = 0; t < s.batch; t++)
    THBlas_(gemm)('n', 'n', pixels, s.nInputPlane, s.rows, 1, col_data + t * s.rows * pixels,
                  pixels, weight_data, s.rows, 0, gi_data + t * s.nInputPlane * pixels, pixels);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(gradIn, gradInput);
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
  THNN_(SpatialFullConvolution_unfoldGradOutput)(input, gradOutput, columns, s, w);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  real *in_data = THTensor_(data)(input), *col_data = THTensor_(data)(columns);
  real *go_data = THTensor_(data)(gradOutput), *gw_data = THTensor_(data)(gradW);
  long pixels = s.inputHeight * s.inputWidth, outputSize = s.outputHeight * s.outputWidth;
  /* gradWeight += scale * input * columns^T, image after image (they all add to it); column-major:
   * gradWeight^T += columns * input^T */
  for (long t = 0; t < s.batch; t++) {
    THBlas_(gemm)('t', 'n', s.rows, s.nInputPlane, pixels, scale, col_data + t * s.rows * pixels,
                  pixels, in_data + t * s.nInputPlane * pixels, pixels, 1, gw_data, s.rows);
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
