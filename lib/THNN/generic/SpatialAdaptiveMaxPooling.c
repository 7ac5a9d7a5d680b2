/* SpatialAdaptiveMaxPooling: pools any input into oheight x owidth planes. Output row i takes the
 * maximum over input rows floor(i*H/oheight) to ceil((i+1)*H/oheight) (end excluded), and the same
 * for columns; a NaN wins. indices keeps where each maximum was, as the position h*inputWidth + w
 * in its plane, and the backward sends each gradient there. Planes run in parallel once checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAdaptiveMaxPooling.c"
#else

/* One plane: the maximum of every window. */
static void THNN_(SpatialAdaptiveMaxPooling_plane)(const real *input, real *output,
                                                   THIndex_t *indices, THNN_(PoolSizes) s) {
  for (long oh = 0; oh < s.outputHeight; oh++) {
    long h0, h1;
    THNN_(adaptiveWindow)(oh, s.inputHeight, s.outputHeight, &h0, &h1);
    for (long ow = 0; ow < s.outputWidth; ow++) {
      long w0, w1;
      THNN_(adaptiveWindow)(ow, s.inputWidth, s.outputWidth, &w0, &w1);
      real best = input[h0 * s.inputWidth + w0];
      THIndex_t at = h0 * s.inputWidth + w0;
      for (long h = h0; h < h1; h++)
        for (long w = w0; w < w1; w++) {
          real value = input[h * s.inputWidth + w];
          if (value > best || (isnan(value) && !isnan(best))) {
            best = value;
            at = h * s.inputWidth + w;
          }
        }
      output[oh * s.outputWidth + ow] = best;
      indices[oh * s.outputWidth + ow] = at;
    }
  }
}

void THNN_(SpatialAdaptiveMaxPooling_updateOutput)(THNNState *state, THTensor *input,
                                                   THTensor *output, THIndexTensor *indices,
                                                   int owidth, int oheight) {
  (void)state;
  THArgCheck(owidth > 0 && oheight > 0, 5, "output size should be greater than zero, but got "
             "owidth: %d oheight: %d", owidth, oheight);
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, oheight, owidth);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[4];
  const long *outputSizes = THNN_(SpatialPooling_outputSizes)(&s, sizes);
  THTensor_(resizeNd)(output, s.ndim, outputSizes, NULL);
  THIndexTensor_(resizeNd)(indices, s.ndim, outputSizes, NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  THIndexTensor *ind = THIndexTensor_(newContiguous)(indices);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * (inputPlane + outputPlane),
                   THNN_(SpatialAdaptiveMaxPooling_plane)(in_data + p * inputPlane,
                                                          out_data + p * outputPlane,
                                                          ind_data + p * outputPlane, s););

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
  THIndexTensor_(freeCopyTo)(ind, indices);
}

void THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradInput,
                                                      THIndexTensor *indices) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, 0, 0);
  THNN_(Resampling_outputSizeFrom)(&s, gradOutput);
  THNN_(Resampling_maxPoolingBackward)(s, input, gradOutput, gradInput, indices, 5);
}

#endif
