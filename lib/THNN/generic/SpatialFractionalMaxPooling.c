/* SpatialFractionalMaxPooling (Graham, "Fractional Max-Pooling", 2014): pools an input into
 * outputH x outputW planes with poolSizeH x poolSizeW windows whose starts advance by a fractional
 * stride alpha = (inputSize - poolSize) / (outputSize - 1), shifted by a random offset u in [0, 1]
 * per plane and direction: window i starts at floor((i + u) * alpha) - floor(u * alpha), the last
 * one at inputSize - poolSize, so every window lies inside the input. The caller draws the offsets
 * (randomSamples: batch x planes x 2, the width's then the height's), so that a forward can be
 * repeated. indices keeps where each maximum was, as the position h*inputWidth + w in its plane
 * (a NaN wins). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFractionalMaxPooling.c"
#else

/* The start of window i among outputSize windows of poolSize over inputSize, for offset u. */
static inline long THNN_(SpatialFractionalMaxPooling_start)(long i, real u, long inputSize,
                                                            long outputSize, int poolSize) {
  if (i == outputSize - 1)
    return inputSize - poolSize;
  double alpha = (double)(inputSize - poolSize) / (double)(outputSize - 1);
  return (long)floor((i + u) * alpha) - (long)floor(u * alpha);
}

/* Checks the output size (outputW at argument outputArg), the pool and the input against each
 * other, and computes the sizes. */
static THNN_(PoolSizes) THNN_(SpatialFractionalMaxPooling_check)(THTensor *input,
                                                                 int outputW, int outputH,
                                                                 int poolSizeW, int poolSizeH,
                                                                 int outputArg) {
  THArgCheck(outputW > 0 && outputH > 0, outputArg, "output size should be greater than zero, "
             "but got outputH: %d outputW: %d", outputH, outputW);
  THArgCheck(poolSizeW > 0 && poolSizeH > 0, outputArg + 2, "pool size should be greater than "
             "zero, but got poolSizeH: %d poolSizeW: %d", poolSizeH, poolSizeW);
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, outputH, outputW);
  THArgCheck(s.inputHeight >= (long)outputH + poolSizeH - 1 &&
             s.inputWidth >= (long)outputW + poolSizeW - 1, 2, "input of size %s is too small "
             "for a %dx%d output of %dx%d pools (H x W): its planes should be at least %ldx%ld",
             THTensor_(sizeDesc)(input).str, outputH, outputW, poolSizeH, poolSizeW,
             (long)outputH + poolSizeH - 1, (long)outputW + poolSizeW - 1);
  return s;
}

/* One plane, with its offsets uW and uH: the maximum of every window. */
static void THNN_(SpatialFractionalMaxPooling_plane)(const real *input, real *output,
                                                     THIndex_t *indices, THNN_(PoolSizes) s,
                                                     int poolSizeW, int poolSizeH, real uW,
                                                     real uH) {
  for (long oh = 0; oh < s.outputHeight; oh++) {
    long h0 = THNN_(SpatialFractionalMaxPooling_start)(oh, uH, s.inputHeight, s.outputHeight,
                                                       poolSizeH);
    for (long ow = 0; ow < s.outputWidth; ow++) {
      long w0 = THNN_(SpatialFractionalMaxPooling_start)(ow, uW, s.inputWidth, s.outputWidth,
                                                         poolSizeW);
      real best = input[h0 * s.inputWidth + w0];
      THIndex_t at = h0 * s.inputWidth + w0;
      for (long h = h0; h < h0 + poolSizeH; h++)
        for (long w = w0; w < w0 + poolSizeW; w++) {
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

void THNN_(SpatialFractionalMaxPooling_updateOutput)(THNNState *state, THTensor *input,
                                                     THTensor *output, int outputW, int outputH,
                                                     int poolSizeW, int poolSizeH,
                                                     THIndexTensor *indices,
                                                     THTensor *randomSamples) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialFractionalMaxPooling_check)(input, outputW, outputH,
                                                                poolSizeW, poolSizeH, 4);
  THNN_(checkSizes)(randomSamples, 9, "randomSamples", 3, (long[]){s.batch, s.planes, 2});
  THNN_(checkApart)(output, 3, "output", "input", input, "randomSamples", randomSamples, NULL);
  THTensor *samples = THTensor_(newContiguous)(randomSamples);
  real *u = THTensor_(data)(samples);
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(samples); k++)
    THArgCheckWithCleanup(u[k] >= 0 && u[k] <= 1, THTensor_(free)(samples);, 9,
                          "randomSamples should lie in [0, 1], but found %g", (double)u[k]);
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

  TH_PARALLEL_LOOP(p, s.batch * s.planes,
                   (double)s.batch * s.planes * outputPlane * poolSizeH * poolSizeW,
                   THNN_(SpatialFractionalMaxPooling_plane)(
                       in_data + p * inputPlane, out_data + p * outputPlane,
                       ind_data + p * outputPlane, s, poolSizeW, poolSizeH, u[2 * p],
                       u[2 * p + 1]););

  THTensor_(free)(samples);
  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
  THIndexTensor_(freeCopyTo)(ind, indices);
}

void THNN_(SpatialFractionalMaxPooling_updateGradInput)(THNNState *state, THTensor *input,
                                                        THTensor *gradOutput,
                                                        THTensor *gradInput, int outputW,
                                                        int outputH, int poolSizeW,
                                                        int poolSizeH, THIndexTensor *indices) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialFractionalMaxPooling_check)(input, outputW, outputH,
                                                                poolSizeW, poolSizeH, 5);
  THNN_(Resampling_checkGradOutput)(&s, gradOutput);
  THNN_(Resampling_maxPoolingBackward)(s, input, gradOutput, gradInput, indices, 9);
}

#endif
