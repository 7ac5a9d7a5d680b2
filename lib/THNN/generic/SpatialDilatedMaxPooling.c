/* SpatialDilatedMaxPooling: each output is the largest input in its window of kH x kW elements,
 * dilationH and dilationW apart (a NaN wins); indices keeps where it was, as the position
 * h*inputWidth + w in its plane (-1 for a window over padding only, whose output is -inf). The
 * backward sends each gradient to that position. Planes run in parallel once checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialDilatedMaxPooling.c"
#else

/* One plane: the maximum of every window. The rows and columns of a window that fall in the
 * padding are cut off before its loops (THNN_windowTaps), so the inner loop only reads and
 * compares, and never runs over more than the input. */
static void THNN_(SpatialDilatedMaxPooling_plane)(const real *input, real *output,
                                                  THIndex_t *indices, THNN_(PoolSizes) s, int kW,
                                                  int kH, int dW, int dH, int padW, int padH,
                                                  int dilationW, int dilationH) {
  const long inputHeight = s.inputHeight, inputWidth = s.inputWidth;
  for (long oh = 0; oh < s.outputHeight; oh++) {
    long hStart = oh * dH - padH;
    long iFirst, iLast;              /* the window rows i with 0 <= hStart + i*dilationH < H */
    THNN_windowTaps(hStart, kH, dilationH, inputHeight, &iFirst, &iLast);
    for (long ow = 0; ow < s.outputWidth; ow++) {
      long wStart = ow * dW - padW;
      long jFirst, jLast;
      THNN_windowTaps(wStart, kW, dilationW, inputWidth, &jFirst, &jLast);
      real best = -INFINITY;
      THIndex_t at = -1;
      for (long i = iFirst; i < iLast; i++) {
        long rowStart = (hStart + i * dilationH) * inputWidth + wStart;
        for (long j = jFirst; j < jLast; j++) {
          long position = rowStart + j * dilationW;
          real value = input[position];
          if (at < 0 || value > best || isnan(value)) {
            best = value;
            at = position;
          }
        }
      }
      output[oh * s.outputWidth + ow] = best;
      indices[oh * s.outputWidth + ow] = at;
    }
  }
}

void THNN_(SpatialDilatedMaxPooling_updateOutput)(THNNState *state, THTensor *input,
                                                  THTensor *output, THIndexTensor *indices,
                                                  int kW, int kH, int dW, int dH, int padW,
                                                  int padH, int dilationW, int dilationH,
                                                  bool ceil_mode) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialPooling_check)(input, kW, kH, dW, dH, padW, padH, dilationW,
                                                   dilationH, ceil_mode, 5);
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

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane * kH * kW,
                   THNN_(SpatialDilatedMaxPooling_plane)(
                       in_data + p * inputPlane, out_data + p * outputPlane,
                       ind_data + p * outputPlane, s, kW, kH, dW, dH, padW, padH, dilationW,
                       dilationH););

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
  THIndexTensor_(freeCopyTo)(ind, indices);
}

void THNN_(SpatialDilatedMaxPooling_updateGradInput)(THNNState *state, THTensor *input,
                                                     THTensor *gradOutput, THTensor *gradInput,
                                                     THIndexTensor *indices, int kW, int kH,
                                                     int dW, int dH, int padW, int padH,
                                                     int dilationW, int dilationH,
                                                     bool ceil_mode) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialPooling_check)(input, kW, kH, dW, dH, padW, padH, dilationW,
                                                   dilationH, ceil_mode, 6);
  long sizes[4];
  const long *outputSizes = THNN_(SpatialPooling_outputSizes)(&s, sizes);
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", s.ndim, outputSizes);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;
  THIndexTensor *ind = THNN_newCheckedIndices(indices, 5, s.ndim, outputSizes, inputPlane, -1);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * inputPlane, {
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    const THIndex_t *at = ind_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long k = 0; k < outputPlane; k++)
      if (at[k] >= 0)
        gi[at[k]] += go[k];
  });

  THTensor_(free)(gradOutput);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
