/* VolumetricDilatedMaxPooling: each output is the largest input in its window of kT x kH x kW
 * elements, dilationT, dilationH and dilationW apart (a NaN wins); indices keeps where it was, as
 * the position t*H*W + h*W + w in its input volume (T x H x W), counted from 0, or -1 for a
 * window over padding only, whose output is -inf. The backward sends each gradient to that
 * position, so it needs no window size. Volumes run in parallel once checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricDilatedMaxPooling.c"
#else

/* One volume: the maximum of every window. */
static void THNN_(VolumetricDilatedMaxPooling_volume)(const real *input, real *output,
                                                      THIndex_t *indices,
                                                      THNN_(VolumetricSizes) s,
                                                      THNN_(VolumetricWindow) w) {
  long inH = s.input[1], inW = s.input[2];
  long k = 0;
  for (long ot = 0; ot < s.output[0]; ot++) {
    for (long oh = 0; oh < s.output[1]; oh++) {
      for (long ow = 0; ow < s.output[2]; ow++, k++) {
        real best = -INFINITY;
        THIndex_t at = -1;
        long start[3] = {ot * w.stride[0] - w.pad[0], oh * w.stride[1] - w.pad[1],
                         ow * w.stride[2] - w.pad[2]};
        long first[3], last[3];
        for (int d = 0; d < 3; d++)
          THNN_windowTaps(start[d], w.size[d], w.dilation[d], s.input[d], &first[d], &last[d]);
        for (long i = first[0]; i < last[0]; i++) {
          long t = start[0] + i * w.dilation[0];
          for (long j = first[1]; j < last[1]; j++) {
            long h = start[1] + j * w.dilation[1];
            for (long l = first[2]; l < last[2]; l++) {
              long x = start[2] + l * w.dilation[2];
              long position = (t * inH + h) * inW + x;
              real value = input[position];
              if (at < 0 || value > best || isnan(value)) {
                best = value;
                at = position;
              }
            }
          }
        }
        output[k] = best;
        indices[k] = at;
      }
    }
  }
}

void THNN_(VolumetricDilatedMaxPooling_updateOutput)(THNNState *state, THTensor *input,
                                                     THTensor *output, THIndexTensor *indices,
                                                     int kT, int kW, int kH, int dT, int dW,
                                                     int dH, int pT, int pW, int pH,
                                                     int dilationT, int dilationW, int dilationH,
                                                     bool ceilMode) {
  (void)state;
  THNN_(VolumetricWindow) w = {{kT, kH, kW}, {dT, dH, dW}, {pT, pH, pW},
                               {dilationT, dilationH, dilationW}};
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_check)(input, w, ceilMode, 5);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[5];
  const long *outputSizes = THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes);
  THTensor_(resizeNd)(output, s.ndim, outputSizes, NULL);
  THIndexTensor_(resizeNd)(indices, s.ndim, outputSizes, NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  THIndexTensor *ind = THIndexTensor_(newContiguous)(indices);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);

  TH_PARALLEL_LOOP(p, s.batch * s.planes,
                   (double)s.batch * s.planes * outputVolume * kT * kH * kW,
                   THNN_(VolumetricDilatedMaxPooling_volume)(
                       in_data + p * inputVolume, out_data + p * outputVolume,
                       ind_data + p * outputVolume, s, w););

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
  THIndexTensor_(freeCopyTo)(ind, indices);
}

void THNN_(VolumetricDilatedMaxPooling_updateGradInput)(THNNState *state, THTensor *input,
                                                        THTensor *gradOutput,
                                                        THTensor *gradInput,
                                                        THIndexTensor *indices, int dT, int dW,
                                                        int dH, int pT, int pW, int pH,
                                                        int dilationT, int dilationW,
                                                        int dilationH) {
  (void)state;
  THNN_(VolumetricWindow) w = {{1, 1, 1}, {dT, dH, dW}, {pT, pH, pW},
                               {dilationT, dilationH, dilationW}};
  THNN_(VolumetricPooling_checkSteps)(w, 6);
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_inputSizes)(input);
  /* without the window the output size is unknown: gradOutput has the input's batch and planes,
   * and the indices gradOutput's sizes */
  int batched = s.ndim == 5;
  THArgCheck(gradOutput->nDimension == s.ndim && gradOutput->size[0] == input->size[0] &&
             (!batched || gradOutput->size[1] == input->size[1]), 3,
             "gradOutput should be a %dD tensor with the batch and planes of the input (size %s), "
             "but got size %s", s.ndim, THTensor_(sizeDesc)(input).str,
             THTensor_(sizeDesc)(gradOutput).str);
  for (int d = 0; d < 3; d++)
    s.output[d] = gradOutput->size[batched + 1 + d];
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THIndexTensor *ind = THNN_newCheckedIndices(indices, 5, s.ndim, gradOutput->size, inputVolume,
                                              -1);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * inputVolume, {
    real *gi = gi_data + p * inputVolume;
    const real *go = go_data + p * outputVolume;
    const THIndex_t *at = ind_data + p * outputVolume;
    memset(gi, 0, sizeof(real) * inputVolume);
    for (long k = 0; k < outputVolume; k++)
      if (at[k] >= 0)
        gi[at[k]] += go[k];
  });

  THTensor_(free)(gradOutput);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
