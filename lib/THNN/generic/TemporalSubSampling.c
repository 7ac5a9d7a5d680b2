/* TemporalSubSampling: over a sequence of nInputFrame frames of inputFrameSize features (2-D
 * input) or a batch of them (3-D), output frame t is, feature by feature, the sum of the kW input
 * frames from t*dW times that feature's weight, plus its bias: weight and bias have one element
 * per feature. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalSubSampling.c"
#else

/* gradOutput (argument 3) has the size of the output. */
static void THNN_(TemporalSubSampling_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                       THNN_(TemporalSizes) s) {
  long sizes[3] = {s.batch, s.nOutputFrame, s.outputFrameSize};
  int batched = input->nDimension == 3;
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", 2 + batched, sizes + !batched);
}

/* The sum of the kW frames of a window, for feature f (frames frameSize apart). */
static accreal THNN_(TemporalSubSampling_windowSum)(const real *window, long f, long frameSize,
                                                     int kW) {
  accreal sum = 0;
  for (int k = 0; k < kW; k++)
    sum += window[k * frameSize + f];
  return sum;
}

void THNN_(TemporalSubSampling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                             THTensor *weight, THTensor *bias, int kW, int dW,
                                             int inputFrameSize) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(Temporal_checkFrames)(input, kW, dW);
  long frameSize = s.inputFrameSize;
  THArgCheck(frameSize == inputFrameSize, 2, "input should have %d features per frame "
             "(inputFrameSize), but got size %s", inputFrameSize, THTensor_(sizeDesc)(input).str);
  THNN_(checkVector)(weight, frameSize, 4, "weight");
  THNN_(checkVector)(bias, frameSize, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias, NULL);
  if (input->nDimension == 3)
    THTensor_(resize3d)(output, s.batch, s.nOutputFrame, frameSize);
  else
    THTensor_(resize2d)(output, s.nOutputFrame, frameSize);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  for (long n = 0; n < s.batch; n++)
    for (long t = 0; t < s.nOutputFrame; t++) {
      real *window = in_data + (n * s.nInputFrame + t * dW) * frameSize;
      real *frame = out_data + (n * s.nOutputFrame + t) * frameSize;
      for (long f = 0; f < frameSize; f++)
        frame[f] = THTensor_(get1d)(bias, f) + THTensor_(get1d)(weight, f) *
                   THNN_(TemporalSubSampling_windowSum)(window, f, frameSize, kW);
    }
  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(TemporalSubSampling_updateGradInput)(THNNState *state, THTensor *input,
                                                THTensor *gradOutput, THTensor *gradInput,
                                                THTensor *weight, int kW, int dW) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(Temporal_checkFrames)(input, kW, dW);
  long frameSize = s.inputFrameSize;
  THNN_(TemporalSubSampling_checkGradOutput)(input, gradOutput, s);
  THNN_(checkVector)(weight, frameSize, 5, "weight");
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  THTensor_(zero)(gradIn);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  real *gi = THTensor_(data)(gradIn), *go = THTensor_(data)(gradOutput);
  /* each input frame of a window gets weight * the gradient of the window's output frame */
  for (long n = 0; n < s.batch; n++)
    for (long t = 0; t < s.nOutputFrame; t++) {
      real *window = gi + (n * s.nInputFrame + t * dW) * frameSize;
      real *frame = go + (n * s.nOutputFrame + t) * frameSize;
      for (int k = 0; k < kW; k++)
        for (long f = 0; f < frameSize; f++)
          window[k * frameSize + f] += THTensor_(get1d)(weight, f) * frame[f];
    }
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

void THNN_(TemporalSubSampling_accGradParameters)(THNNState *state, THTensor *input,
                                                  THTensor *gradOutput, THTensor *gradWeight,
                                                  THTensor *gradBias, int kW, int dW,
                                                  real scale) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(Temporal_checkFrames)(input, kW, dW);
  long frameSize = s.inputFrameSize;
  THNN_(TemporalSubSampling_checkGradOutput)(input, gradOutput, s);
  THNN_(checkVector)(gradWeight, frameSize, 4, "gradWeight");
  THNN_(checkVector)(gradBias, frameSize, 5, "gradBias");
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "input", input, "gradOutput", gradOutput, NULL);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  real *in_data = THTensor_(data)(input), *go = THTensor_(data)(gradOutput);
  for (long f = 0; f < frameSize; f++) {
    accreal weightSum = 0, biasSum = 0;
    for (long n = 0; n < s.batch; n++)
      for (long t = 0; t < s.nOutputFrame; t++) {
        real g = go[(n * s.nOutputFrame + t) * frameSize + f];
        real *window = in_data + (n * s.nInputFrame + t * dW) * frameSize;
        weightSum += g * THNN_(TemporalSubSampling_windowSum)(window, f, frameSize, kW);
        biasSum += g;
      }
    THTensor_(set1d)(gradWeight, f, THTensor_(get1d)(gradWeight, f) + scale * weightSum);
    THTensor_(set1d)(gradBias, f, THTensor_(get1d)(gradBias, f) + scale * biasSum);
  }
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
}

#endif
