/* TemporalConvolution: 1-D convolution over a sequence of nInputFrame frames of inputFrameSize
 * features (2-D input), or a batch of such sequences (3-D). Output frame t sees the kW input
 * frames from t*dW; weight is outputFrameSize x (kW*inputFrameSize), bias outputFrameSize. In a
 * contiguous sequence those kW frames are kW*inputFrameSize consecutive numbers, so the windows
 * are the rows of a strided view of the input, dW*inputFrameSize apart (overlapping when
 * dW < kW): the whole convolution is one matrix product, output = bias + windows * weight^T
 * (TH's addmm copies the view into a plain matrix when its rows overlap). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalConvolution.c"
#else

/* The sizes of one call of a temporal module, known once its arguments are checked (shared by
 * the other generic files of Temporal.c). */
typedef struct {
  long batch;                            /* sequences (1 for a 2-D input) */
  long nInputFrame, inputFrameSize;
  long nOutputFrame, outputFrameSize;
} THNN_(TemporalSizes);

/* The output's sizes ((batch x) nOutputFrame x outputFrameSize) are all at least 1. */
static void THNN_(Temporal_checkOutputSize)(THTensor *input, THNN_(TemporalSizes) s) {
  long sizes[3] = {s.batch, s.nOutputFrame, s.outputFrameSize};
  int batched = input->nDimension == 3;
  THNN_(checkOutputSize)(input, 2 + batched, sizes + !batched, 2);
}

/* Checks kW and dW (kW at kernelArg, dW after it), input (argument 2) and weight (at weightArg:
 * outputFrameSize x kW*inputFrameSize, inputFrameSize being the input's last size), and computes
 * the sizes (THNNSizes.h): a sequence shorter than the kernel is an error naming both sizes. */
static THNN_(TemporalSizes) THNN_(TemporalConvolution_check)(THTensor *input, THTensor *weight,
                                                             int weightArg, const char *weightName,
                                                             int kW, int dW, int kernelArg) {
  THArgCheck(kW > 0, kernelArg, "kernel size should be greater than zero, but got kW: %d", kW);
  THArgCheck(dW > 0, kernelArg + 1, "stride should be greater than zero, but got dW: %d", dW);
  THNN_(checkDims)(input, 2, "input", 2, 3);
  THNN_(TemporalSizes) s;
  int batched = input->nDimension == 3;
  s.batch = batched ? input->size[0] : 1;
  s.nInputFrame = input->size[batched];
  s.inputFrameSize = input->size[batched + 1];
  THArgCheck(weight->nDimension == 2 && weight->size[1] == kW * s.inputFrameSize, weightArg,
             "%s should be outputFrameSize x %ld (kW %d times the input's %ld features), but got "
             "size %s", weightName, kW * s.inputFrameSize, kW, s.inputFrameSize,
             THTensor_(sizeDesc)(weight).str);
  s.outputFrameSize = weight->size[0];
  s.nOutputFrame = THNN_windowOutputSize(s.nInputFrame, kW, dW, 0, 1, false);
  THNN_(Temporal_checkOutputSize)(input, s);
  return s;
}

/* The checks of the modules that keep the features (pooling, subsampling): kW and dW (arguments
 * 6 and 7) and input (argument 2); outputFrameSize is the input's frame size. */
static THNN_(TemporalSizes) THNN_(Temporal_checkFrames)(THTensor *input, int kW, int dW) {
  THArgCheck(kW > 0, 6, "kernel size should be greater than zero, but got kW: %d", kW);
  THArgCheck(dW > 0, 7, "stride should be greater than zero, but got dW: %d", dW);
  THNN_(checkDims)(input, 2, "input", 2, 3);
  THNN_(TemporalSizes) s;
  int batched = input->nDimension == 3;
  s.batch = batched ? input->size[0] : 1;
  s.nInputFrame = input->size[batched];
  s.inputFrameSize = s.outputFrameSize = input->size[batched + 1];
  s.nOutputFrame = THNN_windowOutputSize(s.nInputFrame, kW, dW, 0, 1, false);
  THNN_(Temporal_checkOutputSize)(input, s);
  return s;
}

/* gradOutput (argument 3) has the size of the output. */
static void THNN_(TemporalConvolution_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                       THNN_(TemporalSizes) s) {
  long sizes[3] = {s.batch, s.nOutputFrame, s.outputFrameSize};
  if (input->nDimension == 3)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 3, sizes);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 2, sizes + 1);
}

/* Sequence n of a contiguous 2-D or 3-D tensor, as a new 2-D tensor (frames x features). */
static THTensor *THNN_(TemporalConvolution_sequence)(THTensor *t, long n) {
  return t->nDimension == 3 ? THTensor_(newSelect)(t, 0, n) : THTensor_(newWithTensor)(t);
}

/* The windows of a contiguous sequence: nOutputFrame rows of kW*inputFrameSize, each dW frames
 * after the one before, on the sequence's own storage. */
static THTensor *THNN_(TemporalConvolution_windows)(THTensor *sequence, THNN_(TemporalSizes) s,
                                                    int kW, int dW) {
  return THTensor_(newWithStorage2d)(sequence->storage, sequence->storageOffset, s.nOutputFrame,
                                     dW * s.inputFrameSize, kW * s.inputFrameSize, 1);
}

void THNN_(TemporalConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                             THTensor *weight, THTensor *bias, int kW, int dW,
                                             int inputFrameSize, int outputFrameSize) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(TemporalConvolution_check)(input, weight, 4, "weight", kW, dW,
                                                            6);
  THArgCheck(s.inputFrameSize == inputFrameSize, 2, "input should have %d features per frame "
             "(inputFrameSize), but got size %s", inputFrameSize, THTensor_(sizeDesc)(input).str);
  THArgCheck(s.outputFrameSize == outputFrameSize, 4, "weight should have %d rows "
             "(outputFrameSize), but got size %s", outputFrameSize,
             THTensor_(sizeDesc)(weight).str);
  THNN_(checkVector)(bias, s.outputFrameSize, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias, NULL);
  if (input->nDimension == 3)
    THTensor_(resize3d)(output, s.batch, s.nOutputFrame, s.outputFrameSize);
  else
    THTensor_(resize2d)(output, s.nOutputFrame, s.outputFrameSize);
  input = THTensor_(newContiguous)(input);
  THTensor *weightT = THTensor_(newTranspose)(weight, 0, 1);
  for (long n = 0; n < s.batch; n++) {
    THTensor *sequence = THNN_(TemporalConvolution_sequence)(input, n);
    THTensor *out = THNN_(TemporalConvolution_sequence)(output, n);
    THTensor *windows = THNN_(TemporalConvolution_windows)(sequence, s, kW, dW);
    for (long t = 0; t < s.nOutputFrame; t++) {
      THTensor *frame = THTensor_(newSelect)(out, 0, t);
      THTensor_(copy)(frame, bias);
      THTensor_(free)(frame);
    }
    THTensor_(addmm)(out, 1, out, 1, windows, weightT);
    THTensor_(free)(sequence);
    THTensor_(free)(out);
    THTensor_(free)(windows);
  }
  THTensor_(free)(weightT);
  THTensor_(free)(input);
}

void THNN_(TemporalConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                THTensor *gradOutput, THTensor *gradInput,
                                                THTensor *weight, int kW, int dW) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(TemporalConvolution_check)(input, weight, 5, "weight", kW, dW,
                                                            6);
  THNN_(TemporalConvolution_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  THTensor_(zero)(gradIn);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  /* the gradient of the windows, gradOutput * weight, then each window's row added back onto the
   * frames it was read from (adding where windows overlap) */
  long windowSize = kW * s.inputFrameSize;
  THTensor *gradWindows = THTensor_(newWithSize2d)(s.nOutputFrame, windowSize);
  for (long n = 0; n < s.batch; n++) {
    THTensor *gradSequence = THNN_(TemporalConvolution_sequence)(gradIn, n);
    THTensor *go = THNN_(TemporalConvolution_sequence)(gradOutput, n);
    THTensor_(addmm)(gradWindows, 0, gradWindows, 1, go, weight);
    real *gw = THTensor_(data)(gradWindows), *gi = THTensor_(data)(gradSequence);
    for (long t = 0; t < s.nOutputFrame; t++)
      THVector_(cadd)(gi + t * dW * s.inputFrameSize, gi + t * dW * s.inputFrameSize, 1,
                      gw + t * windowSize, windowSize);
    THTensor_(free)(gradSequence);
    THTensor_(free)(go);
  }
  THTensor_(free)(gradWindows);
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

void THNN_(TemporalConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                  THTensor *gradOutput, THTensor *gradWeight,
                                                  THTensor *gradBias, int kW, int dW,
                                                  real scale) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(TemporalConvolution_check)(input, gradWeight, 4, "gradWeight",
                                                            kW, dW, 6);
  THNN_(TemporalConvolution_checkGradOutput)(input, gradOutput, s);
  THNN_(checkVector)(gradBias, s.outputFrameSize, 5, "gradBias");
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "gradOutput", gradOutput, NULL);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  for (long n = 0; n < s.batch; n++) {
    THTensor *sequence = THNN_(TemporalConvolution_sequence)(input, n);
    THTensor *go = THNN_(TemporalConvolution_sequence)(gradOutput, n);
    THTensor *windows = THNN_(TemporalConvolution_windows)(sequence, s, kW, dW);
    THTensor *goT = THTensor_(newTranspose)(go, 0, 1);
    /* gradWeight += scale * gradOutput^T * windows; gradBias += scale * each output frame */
    THTensor_(addmm)(gradWeight, 1, gradWeight, scale, goT, windows);
    for (long t = 0; t < s.nOutputFrame; t++) {
      THTensor *frame = THTensor_(newSelect)(go, 0, t);
      THTensor_(cadd)(gradBias, gradBias, scale, frame);
      THTensor_(free)(frame);
    }
    THTensor_(free)(sequence);
    THTensor_(free)(go);
    THTensor_(free)(windows);
    THTensor_(free)(goT);
  }
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
}

#endif
