/* SpatialMaxUnpooling: the inverse of max pooling. Each input element goes to the position its
 * index names (h*owidth + w, as max pooling writes them) in a zeroed oheight x owidth plane; the
 * backward reads each gradient back from there. Every index is checked before anything moves. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialMaxUnpooling.c"
#else

/* Checks input (3-D or 4-D) and the output size; the number of planes (all images) is returned. */
static long THNN_(SpatialMaxUnpooling_check)(THTensor *input, int owidth, int oheight,
                                             int owidthArg) {
  THNN_(checkDims)(input, 2, "input", 3, 4);
  THArgCheck(owidth > 0 && oheight > 0, owidthArg, "output size should be greater than zero, but "
             "got owidth: %d oheight: %d", owidth, oheight);
  return input->nDimension == 4 ? input->size[0] * input->size[1] : input->size[0];
}

void THNN_(SpatialMaxUnpooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                             THIndexTensor *indices, int owidth, int oheight) {
  (void)state;
  long planes = THNN_(SpatialMaxUnpooling_check)(input, owidth, oheight, 5);
  long outputPlane = (long)owidth * oheight;
  long inputPlane = THTensor_(nElement)(input) / planes;
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  THIndexTensor *ind = THNN_newCheckedIndices(indices, 4, input->nDimension, input->size,
                                              outputPlane, 0);
  long sizes[4] = {input->size[0], input->size[1], oheight, owidth};
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, sizes[0], sizes[1], oheight, owidth);
  else
    THTensor_(resize3d)(output, sizes[0], oheight, owidth);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, planes, (double)planes * (outputPlane + inputPlane), {
    real *o = out_data + p * outputPlane;
    memset(o, 0, sizeof(real) * outputPlane);
    for (long k = 0; k < inputPlane; k++)
      o[ind_data[p * inputPlane + k]] = in_data[p * inputPlane + k];
  });

  THTensor_(free)(input);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialMaxUnpooling_updateGradInput)(THNNState *state, THTensor *input,
                                                THTensor *gradOutput, THTensor *gradInput,
                                                THIndexTensor *indices, int owidth, int oheight) {
  (void)state;
  long planes = THNN_(SpatialMaxUnpooling_check)(input, owidth, oheight, 6);
  long outputPlane = (long)owidth * oheight;
  long inputPlane = THTensor_(nElement)(input) / planes;
  long sizes[4] = {input->size[0], input->size[1], oheight, owidth};
  if (input->nDimension == 4)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 4, sizes);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 3, (long[]){sizes[0], oheight, owidth});
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THIndexTensor *ind = THNN_newCheckedIndices(indices, 5, input->nDimension, input->size,
                                              outputPlane, 0);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, planes, (double)planes * inputPlane, {
    for (long k = 0; k < inputPlane; k++)
      gi_data[p * inputPlane + k] = go_data[p * outputPlane + ind_data[p * inputPlane + k]];
  });

  THTensor_(free)(gradOutput);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
