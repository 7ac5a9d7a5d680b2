/* VolumetricConvolutionMM: 3-D convolution (cross-correlation) of an nInputPlane x T x H x W
 * volume, or a batch of them, by vol2col (generic/vol2col.c) + one matrix product per volume, as
 * SpatialConvolutionMM does in 2-D. weight is nOutputPlane x nInputPlane x kT x kH x kW (or 2-D:
 * nOutputPlane x nInputPlane*kT*kH*kW). The volumes of a batch run in parallel on the loops of
 * generic/ConvolutionBatch.c, each unfolded and multiplied at once: finput (fgradInput in
 * updateGradInput) is their workspace, resized by the kernel to threads x one volume's columns
 * (threads x nInputPlane*kT*kH*kW x outputT*outputHeight*outputWidth); accGradParameters unfolds
 * the input again. The static functions here take a
 * dilation and serve VolumetricConvolution.c and VolumetricDilatedConvolution.c too. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricConvolutionMM.c"
#else

/* The sizes of one call, known once its arguments are checked. */
typedef struct {
  long batch;             /* volumes (1 for a 4-D input) */
  long nInputPlane, inputT, inputHeight, inputWidth;
  long nOutputPlane, outputT, outputHeight, outputWidth;
  long rows;              /* nInputPlane * kT * kH * kW */
} THNN_(VolSizes);

/* The unfolding of one input volume. */
static THNN_(VolShape) THNN_(VolumetricConvolutionMM_shape)(THNN_(VolSizes) s) {
  THNN_(VolShape) v = {s.nInputPlane, s.inputT, s.inputHeight, s.inputWidth,
                       s.outputT, s.outputHeight, s.outputWidth};
  return v;
}

/* Checks input (argument 2) and weight (at weightArg: 5-D with the window's kernel, or 2-D when
 * weight2d), computes the sizes (THNNSizes.h): a kernel larger than the padded volume is an
 * error naming both sizes. */
static THNN_(VolSizes) THNN_(VolumetricConvolutionMM_check)(
    THTensor *input, THTensor *weight, int weightArg, const char *weightName,
    THNN_(VolWindow) w, bool weight2d) {
  long kernel = (long)w.kT * w.kH * w.kW;
  THNN_(VolSizes) s;
  if (weight2d && weight->nDimension == 2) {
    THArgCheck(weight->size[1] % kernel == 0, weightArg, "%s should have nInputPlane*%d*%d*%d "
               "columns, but got size %s", weightName, w.kT, w.kH, w.kW,
               THTensor_(sizeDesc)(weight).str);
    s.nInputPlane = weight->size[1] / kernel;
  } else {
    THArgCheck(weight->nDimension == 5 && weight->size[2] == w.kT && weight->size[3] == w.kH &&
               weight->size[4] == w.kW, weightArg, "%s should be a 5D tensor (nOutputPlane x "
               "nInputPlane x kT x kH x kW) with a %dx%dx%d kernel%s, but got size %s",
               weightName, w.kT, w.kH, w.kW, weight2d ? " (or 2D)" : "",
               THTensor_(sizeDesc)(weight).str);
    s.nInputPlane = weight->size[1];
  }
  s.nOutputPlane = weight->size[0];
  s.rows = s.nInputPlane * kernel;
  THNN_(checkDims)(input, 2, "input", 4, 5);
  int batched = input->nDimension == 5;
  s.batch = batched ? input->size[0] : 1;
  THArgCheck(input->size[batched] == s.nInputPlane, 2, "input should have %ld planes (%s is "
             "%s), but got size %s", s.nInputPlane, weightName, THTensor_(sizeDesc)(weight).str,
             THTensor_(sizeDesc)(input).str);
  s.inputT = input->size[batched + 1];
  s.inputHeight = input->size[batched + 2];
  s.inputWidth = input->size[batched + 3];
  s.outputT = THNN_windowOutputSize(s.inputT, w.kT, w.dT, w.pT, w.dilationT, false);
  s.outputHeight = THNN_windowOutputSize(s.inputHeight, w.kH, w.dH, w.pH, w.dilationH, false);
  s.outputWidth = THNN_windowOutputSize(s.inputWidth, w.kW, w.dW, w.pW, w.dilationW, false);
  long sizes[5] = {s.batch, s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth};
  THNN_(checkOutputSize)(input, input->nDimension, sizes + !batched, 2);
  return s;
}

/* gradOutput (argument 3) has the size of the output. */
static void THNN_(VolumetricConvolutionMM_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                           THNN_(VolSizes) s) {
  long sizes[5] = {s.batch, s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth};
  if (input->nDimension == 5)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 5, sizes);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 4, sizes + 1);
}

/* What the forward (output and its columns buffer, at arguments 3 and columnsArg) and the
 * backward (gradInput and its columns buffer, at 4 and gradColumnsArg) write shares memory with
 * nothing else they read or write. */
static void THNN_(VolumetricConvolutionMM_checkForwardApart)(THTensor *input, THTensor *output,
                                                             THTensor *weight, THTensor *bias,
                                                             THTensor *columns, int columnsArg,
                                                             const char *columnsName) {
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    columnsName, columns, NULL);
  THNN_(checkApart)(columns, columnsArg, columnsName, "input", input, "weight", weight, "bias",
                    bias, NULL);
}

static void THNN_(VolumetricConvolutionMM_checkBackwardApart)(THTensor *gradOutput,
                                                              THTensor *gradInput,
                                                              THTensor *weight,
                                                              THTensor *gradColumns,
                                                              int gradColumnsArg,
                                                              const char *gradColumnsName) {
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight,
                    gradColumnsName, gradColumns, NULL);
  THNN_(checkApart)(gradColumns, gradColumnsArg, gradColumnsName, "gradOutput", gradOutput,
                    "weight", weight, NULL);
}

/* The unfolding of the input volumes of a checked call. */
static THNN_(Unfolding) THNN_(VolumetricConvolutionMM_unfolding)(THNN_(VolSizes) s,
                                                                 THNN_(VolWindow) w) {
  return THNN_(Volumetric_unfolding)(THNN_(VolumetricConvolutionMM_shape)(s), w);
}

/* The forward of a checked call: output = bias + weight * vol2col(input), volume by volume, the
 * columns in `columns` (one volume's per thread: generic/ConvolutionBatch.c). */
static void THNN_(VolumetricConvolutionMM_forward)(THTensor *input, THTensor *output,
                                                   THTensor *weight, THTensor *bias,
                                                   THTensor *columns, THNN_(VolSizes) s,
                                                   THNN_(VolWindow) w) {
  if (input->nDimension == 5)
    THTensor_(resize5d)(output, s.batch, s.nOutputPlane, s.outputT, s.outputHeight,
                        s.outputWidth);
  else
    THTensor_(resize4d)(output, s.nOutputPlane, s.outputT, s.outputHeight, s.outputWidth);
  THNN_(Unfolding) u = THNN_(VolumetricConvolutionMM_unfolding)(s, w);
  THNN_(Convolution_unfoldMultiply)(&u, s.batch, input, output, weight, bias, columns);
}

/* The backward of a checked call: gradInput = col2vol(weight^T * gradOutput), volume by volume,
 * the columns in gradColumns (one volume's per thread). */
static void THNN_(VolumetricConvolutionMM_backward)(THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradInput, THTensor *weight,
                                                    THTensor *gradColumns, THNN_(VolSizes) s,
                                                    THNN_(VolWindow) w) {
  THTensor_(resizeAs)(gradInput, input);
  THNN_(Unfolding) u = THNN_(VolumetricConvolutionMM_unfolding)(s, w);
  THNN_(Convolution_multiplyFold)(&u, s.batch, gradOutput, gradInput, weight, NULL, gradColumns);
}

/* The parameter gradients of a checked call: gradWeight += scale * gradOutput * vol2col(input)^T,
 * gradBias += scale * the sums of gradOutput's planes, the columns recomputed volume by volume in
 * `columns` (one volume's per thread), argument 6 (columnsName). */
static void THNN_(VolumetricConvolutionMM_accumulate)(THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradWeight, THTensor *gradBias,
                                                      THTensor *columns,
                                                      const char *columnsName, THNN_(VolSizes) s,
                                                      THNN_(VolWindow) w, real scale) {
  if (gradBias)
    THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  THNN_(checkApart)(columns, 6, columnsName, "input", input, "gradOutput", gradOutput,
                    "gradWeight", gradWeight, "gradBias", gradBias, NULL);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(Unfolding) u = THNN_(VolumetricConvolutionMM_unfolding)(s, w);
  THNN_(Convolution_accumulate)(&u, s.batch, input, gradOutput, gradOutput, gradWeight, gradBias,
                                columns, scale);
}

void THNN_(VolumetricConvolutionMM_updateOutput)(THNNState *state, THTensor *input,
                                                 THTensor *output, THTensor *weight,
                                                 THTensor *bias, THTensor *finput, int kT, int kW,
                                                 int kH, int dT, int dW, int dH, int pT, int pW,
                                                 int pH) {
  (void)state;
  THNN_(VolWindow) w = {kT, kW, kH, dT, dW, dH, pT, pW, pH, 1, 1, 1};
  THNN_(checkVolWindow)(w, 7, 10, 13, 0);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, weight, 4, "weight", w, true);
  if (bias)
    THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(VolumetricConvolutionMM_checkForwardApart)(input, output, weight, bias, finput, 6,
                                                   "finput");
  THNN_(VolumetricConvolutionMM_forward)(input, output, weight, bias, finput, s, w);
}

void THNN_(VolumetricConvolutionMM_updateGradInput)(THNNState *state, THTensor *input,
                                                    THTensor *gradOutput, THTensor *gradInput,
                                                    THTensor *weight, THTensor *finput,
                                                    THTensor *fgradInput, int kT, int kW, int kH,
                                                    int dT, int dW, int dH, int pT, int pW,
                                                    int pH) {
  (void)state, (void)finput;
  THNN_(VolWindow) w = {kT, kW, kH, dT, dW, dH, pT, pW, pH, 1, 1, 1};
  THNN_(checkVolWindow)(w, 8, 11, 14, 0);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, weight, 5, "weight", w, true);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_checkBackwardApart)(gradOutput, gradInput, weight, fgradInput, 7,
                                                    "fgradInput");
  THNN_(VolumetricConvolutionMM_backward)(input, gradOutput, gradInput, weight, fgradInput, s, w);
}

void THNN_(VolumetricConvolutionMM_accGradParameters)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradWeight,
                                                      THTensor *gradBias, THTensor *finput,
                                                      int kT, int kW, int kH, int dT, int dW,
                                                      int dH, int pT, int pW, int pH,
                                                      real scale) {
  (void)state;
  THNN_(VolWindow) w = {kT, kW, kH, dT, dW, dH, pT, pW, pH, 1, 1, 1};
  THNN_(checkVolWindow)(w, 7, 10, 13, 0);
  THNN_(VolSizes) s = THNN_(VolumetricConvolutionMM_check)(input, gradWeight, 4, "gradWeight", w,
                                                           true);
  THNN_(VolumetricConvolutionMM_checkGradOutput)(input, gradOutput, s);
  THNN_(VolumetricConvolutionMM_accumulate)(input, gradOutput, gradWeight, gradBias, finput,
                                            "finput", s, w, scale);
}

#endif
