/* SpatialConvolutionMM: 2-D convolution (cross-correlation) of an nInputPlane x H x W image, or a
 * batch of them, by im2col + one matrix product per image. weight is nOutputPlane x nInputPlane x
 * kH x kW (or already 2-D: nOutputPlane x nInputPlane*kH*kW), viewed as a matrix of that 2-D
 * shape; finput holds each image's columns (generic/unfold.c), fgradInput the columns of the
 * gradient. The unfolding of the images of a batch runs in parallel, on raw pointers, after every
 * check; the matrix products run on BLAS, which has its own threads. The static functions here
 * take a dilation too: SpatialDilatedConvolution.c runs on them. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialConvolutionMM.c"
#else

/* The window of one call: kernel, stride, padding, and the dilation (1 for a plain kernel). */
typedef struct {
  int kW, kH, dW, dH, padW, padH, dilationW, dilationH;
} THNN_(ConvWindow);

/* The sizes of one call, known once its arguments are checked. */
typedef struct {
  long batch;             /* images (1 for a 3-D input) */
  long nInputPlane, inputHeight, inputWidth;
  long nOutputPlane, outputHeight, outputWidth;
  long rows;              /* nInputPlane * kH * kW: rows of the columns, columns of weight */
} THNN_(ConvSizes);

/* Checks input (argument 2), weight (at weightArg) and the window (kW at kernelArg, then kH, dW,
 * dH, padW, padH and the dilations), and computes the sizes (THNNSizes.h): a kernel larger than
 * the padded image is an error naming both sizes. */
static THNN_(ConvSizes) THNN_(SpatialConvolutionMM_check)(
    THTensor *input, THTensor *weight, int weightArg, const char *weightName,
    THNN_(ConvWindow) w, int kernelArg) {
  int kW = w.kW, kH = w.kH;
  THNN_(checkWindow)(kW, kH, w.dW, w.dH, w.padW, w.padH, kernelArg);
  THArgCheck(w.dilationW > 0 && w.dilationH > 0, kernelArg + 6, "dilation should be greater "
             "than zero, but got dilationH: %d dilationW: %d", w.dilationH, w.dilationW);
  THArgCheck(weight->nDimension == 2 || weight->nDimension == 4, weightArg,
             "%s should be a 2D or 4D tensor, but got size %s",
             weightName, THTensor_(sizeDesc)(weight).str);
  THNN_(ConvSizes) s;
  s.nOutputPlane = weight->size[0];
  if (weight->nDimension == 4) {
    THArgCheck(weight->size[2] == kH && weight->size[3] == kW, weightArg, "%s should have a "
               "%dx%d kernel (kH x kW), but got size %s", weightName, kH, kW,
               THTensor_(sizeDesc)(weight).str);
    s.nInputPlane = weight->size[1];
  } else {
    THArgCheck(weight->size[1] % ((long)kH * kW) == 0, weightArg, "%s should have "
               "nInputPlane*%d*%d columns, but got size %s", weightName, kH, kW,
               THTensor_(sizeDesc)(weight).str);
    s.nInputPlane = weight->size[1] / ((long)kH * kW);
  }
  s.rows = s.nInputPlane * kH * kW;
  THNN_(checkDims)(input, 2, "input", 3, 4);
  int batched = input->nDimension == 4;
  s.batch = batched ? input->size[0] : 1;
  THArgCheck(input->size[batched] == s.nInputPlane, 2, "input should have %ld planes (%s is "
             "%s), but got size %s", s.nInputPlane, weightName, THTensor_(sizeDesc)(weight).str,
             THTensor_(sizeDesc)(input).str);
  s.inputHeight = input->size[batched + 1];
  s.inputWidth = input->size[batched + 2];
  s.outputHeight = THNN_windowOutputSize(s.inputHeight, kH, w.dH, w.padH, w.dilationH, false);
  s.outputWidth = THNN_windowOutputSize(s.inputWidth, kW, w.dW, w.padW, w.dilationW, false);
  long sizes[4] = {s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth};
  THNN_(checkOutputSize)(input, input->nDimension, sizes + !batched, 2);
  return s;
}

/* gradOutput (argument 3) has the size of the output. */
static void THNN_(SpatialConvolutionMM_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                        THNN_(ConvSizes) s) {
  long sizes[4] = {s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth};
  if (input->nDimension == 4)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 4, sizes);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 3, sizes + 1);
}

/* The columns buffer (finput or fgradInput) becomes batch x rows x outputHeight*outputWidth, or
 * rows x outputHeight*outputWidth for a 3-D input, contiguous. */
static void THNN_(SpatialConvolutionMM_resizeColumns)(THTensor *columns, THTensor *input,
                                                      THNN_(ConvSizes) s) {
  long sizes[3] = {s.batch, s.rows, s.outputHeight * s.outputWidth};
  if (input->nDimension == 4)
    THNN_(resizeBuffer)(columns, 3, sizes);
  else
    THNN_(resizeBuffer)(columns, 2, sizes + 1);
}

/* One image's columns (im2col) and, when output is not NULL, its output rows filled with the
 * bias, before the product. Raw pointers, raises nothing: the images of a batch run in parallel. */
static void THNN_(SpatialConvolutionMM_prepareFrame)(real *image, real *columns, real *output,
                                                     real *bias, THNN_(ConvSizes) s,
                                                     THNN_(ConvWindow) w) {
  long positions = s.outputHeight * s.outputWidth;
  THNN_(im2col)(columns, image, w.kW, w.kH, w.dW, w.dH, w.padW, w.padH, w.dilationW, w.dilationH,
                s.nInputPlane, s.inputWidth, s.inputHeight, s.outputWidth, s.outputHeight);
  for (long plane = 0; output && plane < s.nOutputPlane; plane++)
    THVector_(fill)(output + plane * positions, bias ? bias[plane] : 0, positions);
}

/* columns (resized) = the im2col of every image of input, in parallel; output, when not NULL
 * (resized to the output's size, contiguous), starts as the bias. */
static void THNN_(SpatialConvolutionMM_unfoldBatch)(THTensor *input, THTensor *columns,
                                                    real *output, real *bias, THNN_(ConvSizes) s,
                                                    THNN_(ConvWindow) w) {
  THNN_(SpatialConvolutionMM_resizeColumns)(columns, input, s);
  input = THTensor_(newContiguous)(input);
  real *in_data = THTensor_(data)(input), *col_data = THTensor_(data)(columns);
  long positions = s.outputHeight * s.outputWidth;
  long imageSize = s.nInputPlane * s.inputHeight * s.inputWidth;
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * (s.rows + s.nOutputPlane) * positions,
                   THNN_(SpatialConvolutionMM_prepareFrame)(
                       in_data + t * imageSize, col_data + t * s.rows * positions,
                       output ? output + t * s.nOutputPlane * positions : NULL, bias, s, w););
  THTensor_(free)(input);
}

/* The forward of a checked call: columns = im2col(input), output = bias + weight * columns. */
static void THNN_(SpatialConvolutionMM_forward)(THTensor *input, THTensor *output,
                                                THTensor *weight, THTensor *bias,
                                                THTensor *columns, THNN_(ConvSizes) s,
                                                THNN_(ConvWindow) w) {
  long positions = s.outputHeight * s.outputWidth;
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  weight = THTensor_(newContiguous)(weight);
  bias = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor *out = THTensor_(newContiguous)(output);
  real *out_data = THTensor_(data)(out), *weight_data = THTensor_(data)(weight);

  /* The im2col of every image in parallel; then output += weight * columns, image after image,
   * outside any parallel region (BLAS runs its own threads, and must not be called from
   * OpenMP's). Row-major matrices are column-major transposes: BLAS computes
   * output^T += columns^T * weight^T. */
  THNN_(SpatialConvolutionMM_unfoldBatch)(input, columns, out_data,
                                          bias ? THTensor_(data)(bias) : NULL, s, w);
  real *col_data = THTensor_(data)(columns);
  for (long t = 0; t < s.batch; t++)
    THBlas_(gemm)('n', 'n', positions, s.nOutputPlane, s.rows, 1,
                  col_data + t * s.rows * positions, positions, weight_data, s.rows, 1,
                  out_data + t * s.nOutputPlane * positions, positions);

  THTensor_(free)(weight);
  THTensor_(free)(bias);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialConvolutionMM_updateOutput)(THNNState *state, THTensor *input,
                                              THTensor *output, THTensor *weight, THTensor *bias,
                                              THTensor *finput, THTensor *fgradInput, int kW,
                                              int kH, int dW, int dH, int padW, int padH) {
  (void)state, (void)fgradInput;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionMM_check)(input, weight, 4, "weight", w, 8);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "finput", finput, NULL);
  THNN_(checkApart)(finput, 6, "finput", "input", input, "weight", weight, "bias", bias, NULL);
  THNN_(SpatialConvolutionMM_forward)(input, output, weight, bias, finput, s, w);
}

/* One image's gradInput = col2im(gradColumns). Raw pointers, raises nothing. */
static void THNN_(SpatialConvolutionMM_foldFrame)(real *gradColumns, real *gradInput,
                                                  THNN_(ConvSizes) s, THNN_(ConvWindow) w) {
  memset(gradInput, 0, sizeof(real) * s.nInputPlane * s.inputHeight * s.inputWidth);
  for (long plane = 0; plane < s.nInputPlane; plane++)
    THNN_(col2imPlane)(gradColumns, gradInput, plane, w.kW, w.kH, w.dW, w.dH, w.padW, w.padH,
                       w.dilationW, w.dilationH, s.inputWidth, s.inputHeight, s.outputWidth,
                       s.outputHeight);
}

/* The backward of a checked call: gradColumns = weight^T * gradOutput, gradInput =
 * col2im(gradColumns). */
static void THNN_(SpatialConvolutionMM_backward)(THTensor *input, THTensor *gradOutput,
                                                 THTensor *gradInput, THTensor *weight,
                                                 THTensor *gradColumns, THNN_(ConvSizes) s,
                                                 THNN_(ConvWindow) w) {
  long positions = s.outputHeight * s.outputWidth;
  THNN_(SpatialConvolutionMM_resizeColumns)(gradColumns, input, s);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  weight = THTensor_(newContiguous)(weight);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *columns = THTensor_(data)(gradColumns);
  real *gi_data = THTensor_(data)(gradIn), *weight_data = THTensor_(data)(weight);
  long imageSize = s.nInputPlane * s.inputHeight * s.inputWidth;

  /* gradColumns = weight^T * gradOutput image after image (BLAS, outside OpenMP), then the col2im
   * of every image in parallel. */
  for (long t = 0; t < s.batch; t++)
    THBlas_(gemm)('n', 't', positions, s.rows, s.nOutputPlane, 1,
                  go_data + t * s.nOutputPlane * positions, positions, weight_data, s.rows, 0,
                  columns + t * s.rows * positions, positions);
  TH_PARALLEL_LOOP(t, s.batch, (double)s.batch * s.rows * positions,
                   THNN_(SpatialConvolutionMM_foldFrame)(
                       columns + t * s.rows * positions, gi_data + t * imageSize, s, w););

  THTensor_(free)(gradOutput);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

void THNN_(SpatialConvolutionMM_updateGradInput)(THNNState *state, THTensor *input,
                                                 THTensor *gradOutput, THTensor *gradInput,
                                                 THTensor *weight, THTensor *finput,
                                                 THTensor *fgradInput, int kW, int kH, int dW,
                                                 int dH, int padW, int padH) {
  (void)state, (void)finput;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionMM_check)(input, weight, 5, "weight", w, 8);
  THNN_(SpatialConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight,
                    "fgradInput", fgradInput, NULL);
  THNN_(checkApart)(fgradInput, 7, "fgradInput", "gradOutput", gradOutput, "weight", weight, NULL);
  THNN_(SpatialConvolutionMM_backward)(input, gradOutput, gradInput, weight, fgradInput, s, w);
}

/* gradWeight += scale * gradOutput * columns^T and gradBias += scale * the sums of gradOutput's
 * planes, image after image (they all add to them); columns holds the input's im2col. */
static void THNN_(SpatialConvolutionMM_addParameterGradients)(THTensor *gradOutput,
                                                              THTensor *gradWeight,
                                                              THTensor *gradBias,
                                                              THTensor *columns,
                                                              THNN_(ConvSizes) s, real scale) {
  long positions = s.outputHeight * s.outputWidth;
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  real *go_data = THTensor_(data)(gradOutput), *col_data = THTensor_(data)(columns);
  real *gw_data = THTensor_(data)(gradW);
  for (long t = 0; t < s.batch; t++) {
    real *go = go_data + t * s.nOutputPlane * positions;
    THBlas_(gemm)('t', 'n', s.rows, s.nOutputPlane, positions, scale,
                  col_data + t * s.rows * positions, positions, go, positions, 1, gw_data, s.rows);
    if (gradBias)
      for (long plane = 0; plane < s.nOutputPlane; plane++)
        THTensor_(data)(gradBias)[plane * gradBias->stride[0]] +=
            scale * (real)THVector_(sum)(go + plane * positions, positions);
  }
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradW, gradWeight);
}

void THNN_(SpatialConvolutionMM_accGradParameters)(THNNState *state, THTensor *input,
                                                   THTensor *gradOutput, THTensor *gradWeight,
                                                   THTensor *gradBias, THTensor *finput,
                                                   THTensor *fgradInput, int kW, int kH, int dW,
                                                   int dH, int padW, int padH, real scale) {
  (void)state, (void)fgradInput;
  THNN_(ConvWindow) w = {kW, kH, dW, dH, padW, padH, 1, 1};
  THNN_(ConvSizes) s = THNN_(SpatialConvolutionMM_check)(input, gradWeight, 4, "gradWeight", w,
                                                         8);
  THNN_(SpatialConvolutionMM_checkGradOutput)(input, gradOutput, s);
  if (gradBias)
    THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  long positions = s.outputHeight * s.outputWidth;
  /* finput holds the columns of this input only if updateOutput ran on it: check its size. */
  long columnSizes[3] = {s.batch, s.rows, positions};
  if (input->nDimension == 4)
    THNN_(checkSizes)(finput, 6, "finput (the columns of updateOutput)", 3, columnSizes);
  else
    THNN_(checkSizes)(finput, 6, "finput (the columns of updateOutput)", 2, columnSizes + 1);
  THArgCheck(THTensor_(isContiguous)(finput), 6, "finput should be contiguous, as updateOutput "
             "leaves it");
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "gradOutput", gradOutput, "finput", finput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "gradOutput", gradOutput, "finput", finput, NULL);
  THNN_(SpatialConvolutionMM_addParameterGradients)(gradOutput, gradWeight, gradBias, finput, s,
                                                    scale);
}

#endif
