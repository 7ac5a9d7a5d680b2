/* TemporalMaxPooling: over a sequence of nInputFrame frames of frameSize features (2-D input)
 * or a batch of them (3-D), output frame t holds, feature by feature, the maximum of the kW input
 * frames from t*dW. `indices` (the output's size) keep, as in the era, where the maximum was
 * within its window: an offset from 0 to kW-1 (a NaN counts as the maximum). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalMaxPooling.c"
#else

void THNN_(TemporalMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                            THIndexTensor *indices, int kW, int dW) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(Temporal_checkFrames)(input, kW, dW);
  long frameSize = s.inputFrameSize;
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  if (input->nDimension == 3) {
    THTensor_(resize3d)(output, s.batch, s.nOutputFrame, frameSize);
    THIndexTensor_(resize3d)(indices, s.batch, s.nOutputFrame, frameSize);
  } else {
    THTensor_(resize2d)(output, s.nOutputFrame, frameSize);
    THIndexTensor_(resize2d)(indices, s.nOutputFrame, frameSize);
  }
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  THIndexTensor *ind = THIndexTensor_(newContiguous)(indices);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);
  for (long n = 0; n < s.batch; n++)
    for (long t = 0; t < s.nOutputFrame; t++) {
      real *window = in_data + (n * s.nInputFrame + t * dW) * frameSize;
      long o = (n * s.nOutputFrame + t) * frameSize;
      for (long f = 0; f < frameSize; f++) {
        long best = 0;
        real max = window[f];
        for (long k = 1; k < kW && max == max; k++) {
          real x = window[k * frameSize + f];
          if (x > max || x != x) {
            max = x;
            best = k;
          }
        }
        out_data[o + f] = max;
        ind_data[o + f] = best;
      }
    }
  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
  THIndexTensor_(freeCopyTo)(ind, indices);
}

void THNN_(TemporalMaxPooling_updateGradInput)(THNNState *state, THTensor *input,
                                               THTensor *gradOutput, THTensor *gradInput,
                                               THIndexTensor *indices, int kW, int dW) {
  (void)state;
  THNN_(TemporalSizes) s = THNN_(Temporal_checkFrames)(input, kW, dW);
  long frameSize = s.inputFrameSize;
  long sizes[3] = {s.batch, s.nOutputFrame, frameSize};
  int batched = input->nDimension == 3;
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", 2 + batched, sizes + !batched);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  /* the indices are offsets in windows of kW frames: checked before any is followed */
  THIndexTensor *ind = THNN_newCheckedWindowOffsets(indices, 5, 2 + batched, sizes + !batched,
                                                    kW);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  THTensor_(zero)(gradIn);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  real *gi = THTensor_(data)(gradIn), *go = THTensor_(data)(gradOutput);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);
  for (long n = 0; n < s.batch; n++)
    for (long t = 0; t < s.nOutputFrame; t++) {
      real *window = gi + (n * s.nInputFrame + t * dW) * frameSize;
      long o = (n * s.nOutputFrame + t) * frameSize;
      for (long f = 0; f < frameSize; f++)
        window[ind_data[o + f] * frameSize + f] += go[o + f];
    }
  THIndexTensor_(free)(ind);
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
