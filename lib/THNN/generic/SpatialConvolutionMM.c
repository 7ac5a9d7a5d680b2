/* SpatialConvolutionMM: 2-D convolution (cross-correlation) of an nInputPlane x H x W image, or a
 * batch of them, by im2col + one matrix product per image. weight is nOutputPlane x nInputPlane x
 * kH x kW (or already 2-D: nOutputPlane x nInputPlane*kH*kW), viewed as a matrix of that 2-D
 * shape. The images of a batch run in parallel on generic/ConvolutionBatch.c's loops, each
 * unfolded and multiplied at once: finput (in updateOutput and accGradParameters) and fgradInput
 * (in updateGradInput) are its workspaces, resized by the kernel to threads x one image's columns
 * (threads x nInputPlane*kH*kW x outputHeight*outputWidth), never the columns of the whole batch;
 * accGradParameters unfolds the input again.
 * The static functions here take a dilation too: SpatialDilatedConvolution.c runs on them, and
 * SpatialConvolutionLocal.c on the checks and the batch unfolding (unfoldBatch). */
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

/* columns (resized to batch x rows x positions) = the im2col of every image of input, in parallel;
 * output, when not NULL (resized to the output's size, contiguous), starts as the bias. For
 * SpatialConvolutionLocal, which keeps the columns of the whole batch. */
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

/* The unfolding of the images of a checked call: im2col (generic/unfold.c) as a 3-D unfolding
 * of depth 1, for generic/ConvolutionBatch.c. */
static void THNN_(SpatialConvolutionMM_unfold)(const THNN_(Unfolding) *u, const real *image,
                                               real *columns) {
  THNN_(VolShape) v = u->shape;
  THNN_(VolWindow) w = u->window;
  THNN_(im2col)(columns, image, w.kW, w.kH, w.dW, w.dH, w.pW, w.pH, w.dilationW, w.dilationH,
                v.planes, v.W, v.H, v.outW, v.outH);
}

static void THNN_(SpatialConvolutionMM_fold)(const THNN_(Unfolding) *u, const real *columns,
                                             real *image) {
  THNN_(VolShape) v = u->shape;
  THNN_(VolWindow) w = u->window;
  for (long plane = 0; plane < v.planes; plane++)
    THNN_(col2imPlane)(columns, image, plane, w.kW, w.kH, w.dW, w.dH, w.pW, w.pH, w.dilationW,
                       w.dilationH, v.W, v.H, v.outW, v.outH);
}

/* The unfolding of an image of planes x H x W by window w, at outH x outW positions. */
static THNN_(Unfolding) THNN_(SpatialConvolutionMM_unfolding)(long planes, long H, long W,
                                                              long outH, long outW,
                                                              THNN_(ConvWindow) w) {
  THNN_(Unfolding) u = {{planes, 1, H, W, 1, outH, outW},
                        {1, w.kW, w.kH, 1, w.dW, w.dH, 0, w.padW, w.padH, 1, w.dilationW,
                         w.dilationH},
                        THNN_(SpatialConvolutionMM_unfold), THNN_(SpatialConvolutionMM_fold)};
  return u;
}

static THNN_(Unfolding) THNN_(SpatialConvolutionMM_inputUnfolding)(THNN_(ConvSizes) s,
                                                                   THNN_(ConvWindow) w) {
  return THNN_(SpatialConvolutionMM_unfolding)(s.nInputPlane, s.inputHeight, s.inputWidth,
                                               s.outputHeight, s.outputWidth, w);
}

/* The forward of a checked call: output = bias + weight * im2col(input), image by image, the
 * columns in `columns` (one image's per thread: generic/ConvolutionBatch.c). */
static void THNN_(SpatialConvolutionMM_forward)(THTensor *input, THTensor *output,
                                                THTensor *weight, THTensor *bias,
                                                THTensor *columns, THNN_(ConvSizes) s,
                                                THNN_(ConvWindow) w) {
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  THNN_(Unfolding) u = THNN_(SpatialConvolutionMM_inputUnfolding)(s, w);
  THNN_(Convolution_unfoldMultiply)(&u, s.batch, input, output, weight, bias, columns);
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

/* The backward of a checked call: gradInput = col2im(weight^T * gradOutput), image by image, the
 * columns in gradColumns (one image's per thread). */
static void THNN_(SpatialConvolutionMM_backward)(THTensor *input, THTensor *gradOutput,
                                                 THTensor *gradInput, THTensor *weight,
                                                 THTensor *gradColumns, THNN_(ConvSizes) s,
                                                 THNN_(ConvWindow) w) {
  THTensor_(resizeAs)(gradInput, input);
  THNN_(Unfolding) u = THNN_(SpatialConvolutionMM_inputUnfolding)(s, w);
  THNN_(Convolution_multiplyFold)(&u, s.batch, gradOutput, gradInput, weight, NULL, gradColumns);
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

/* The parameter gradients of a checked call: gradWeight += scale * gradOutput * im2col(input)^T,
 * gradBias += scale * the sums of gradOutput's planes, the columns recomputed image by image in
 * `columns` (one image's per thread). */
static void THNN_(SpatialConvolutionMM_addParameterGradients)(THTensor *input,
                                                              THTensor *gradOutput,
                                                              THTensor *gradWeight,
                                                              THTensor *gradBias,
                                                              THTensor *columns,
                                                              THNN_(ConvSizes) s,
                                                              THNN_(ConvWindow) w, real scale) {
  THNN_(Unfolding) u = THNN_(SpatialConvolutionMM_inputUnfolding)(s, w);
  THNN_(Convolution_accumulate)(&u, s.batch, input, gradOutput, gradOutput, gradWeight, gradBias,
                                columns, scale);
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
  THNN_(checkApart)(finput, 6, "finput", "input", input, "gradOutput", gradOutput,
                    "gradWeight", gradWeight, "gradBias", gradBias, NULL);
  /* As in the era, the parameter gradients follow an updateOutput on this input, and finput must
   * be what it left: some images' columns of this geometry (the columns are unfolded again
   * here, as the workspace holds one image's per thread, not the batch's). */
  long positions = s.outputHeight * s.outputWidth;
  long slices = finput->nDimension == 3 ? finput->size[0] : 0;
  long workspaceSizes[3] = {
      slices >= 1 && slices <= s.batch ? slices
                                       : THNN_(ConvBatch_slices)(s.batch, (double)s.batch *
                                                                 s.nOutputPlane * s.rows * positions),
      s.rows, positions};
  THNN_(checkSizes)(finput, 6, "finput (the columns of updateOutput)", 3, workspaceSizes);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(SpatialConvolutionMM_addParameterGradients)(input, gradOutput, gradWeight, gradBias,
                                                    finput, s, w, scale);
}

#endif
