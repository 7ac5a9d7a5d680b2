/* VolumetricMaxUnpooling: the inverse of 3-D max pooling. Each input element goes to the position
 * its index names (t*oH*oW + h*oW + w, as VolumetricDilatedMaxPooling writes them) in a zeroed
 * oT x oH x oW volume; the backward reads each gradient back from there. The indices are whole
 * positions, so the stride and padding of the pooling only have to be valid, they move nothing.
 * Every index is checked before anything moves. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricMaxUnpooling.c"
#else

/* Checks input (4-D or 5-D), the output volume (oT at argument oTArg) and the pooling's stride
 * and padding (after it); returns the input's sizes with the output volume filled in. */
static THNN_(VolumetricSizes) THNN_(VolumetricMaxUnpooling_check)(THTensor *input, int oT, int oW,
                                                                  int oH, int dT, int dW, int dH,
                                                                  int pT, int pW, int pH,
                                                                  int oTArg) {
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_inputSizes)(input);
  THArgCheck(oT > 0 && oW > 0 && oH > 0, oTArg, "output size should be greater than zero, but "
             "got oT: %d oH: %d oW: %d", oT, oH, oW);
  THNN_(VolumetricWindow) w = {{1, 1, 1}, {dT, dH, dW}, {pT, pH, pW}, {1, 1, 1}};
  THNN_(VolumetricPooling_checkSteps)(w, oTArg + 3);
  s.output[0] = oT;
  s.output[1] = oH;
  s.output[2] = oW;
  return s;
}

void THNN_(VolumetricMaxUnpooling_updateOutput)(THNNState *state, THTensor *input,
                                                THTensor *output, THIndexTensor *indices, int oT,
                                                int oW, int oH, int dT, int dW, int dH, int pT,
                                                int pW, int pH) {
  (void)state;
  THNN_(VolumetricSizes) s = THNN_(VolumetricMaxUnpooling_check)(input, oT, oW, oH, dT, dW, dH,
                                                                 pT, pW, pH, 5);
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  THIndexTensor *ind = THNN_newCheckedIndices(indices, 4, s.ndim, input->size, outputVolume, 0);
  long sizes[5];
  THTensor_(resizeNd)(output, s.ndim, THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes),
                      NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * (outputVolume + inputVolume),
  {
    real *o = out_data + p * outputVolume;
    memset(o, 0, sizeof(real) * outputVolume);
    for (long k = 0; k < inputVolume; k++)
      o[ind_data[p * inputVolume + k]] = in_data[p * inputVolume + k];
  });

  THTensor_(free)(input);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(VolumetricMaxUnpooling_updateGradInput)(THNNState *state, THTensor *input,
                                                   THTensor *gradOutput, THTensor *gradInput,
                                                   THIndexTensor *indices, int oT, int oW, int oH,
                                                   int dT, int dW, int dH, int pT, int pW,
                                                   int pH) {
  (void)state;
  THNN_(VolumetricSizes) s = THNN_(VolumetricMaxUnpooling_check)(input, oT, oW, oH, dT, dW, dH,
                                                                 pT, pW, pH, 6);
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);
  long sizes[5];
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", s.ndim,
                    THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes));
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THIndexTensor *ind = THNN_newCheckedIndices(indices, 5, s.ndim, input->size, outputVolume, 0);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * inputVolume, {
    for (long k = 0; k < inputVolume; k++)
      gi_data[p * inputVolume + k] = go_data[p * outputVolume + ind_data[p * inputVolume + k]];
  });

  THTensor_(free)(gradOutput);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
