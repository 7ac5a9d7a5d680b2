/* SpatialUpSamplingBilinear: resizes each plane of a 4-D input (batch x planes x H x W) to
 * outputHeight x outputWidth by bilinear interpolation, corners on corners: output row oh samples
 * input row oh * (H - 1) / (outputHeight - 1) (row 0 when outputHeight is 1), between the two
 * input rows around it, and the same for columns. The backward shares each gradient between the
 * four input pixels by the same weights; it is told the input's sizes instead of the input.
 * Planes run in parallel. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialUpSamplingBilinear.c"
#else

/* Where output row (or column) o falls among the input's: the row above, *low, the offset *step
 * (0 or 1) to the row below, and the weight *frac of the row below. */
static inline void THNN_(SpatialUpSamplingBilinear_source)(long o, long inputSize,
                                                           long outputSize, long *low, long *step,
                                                           real *frac) {
  double ratio = outputSize > 1 ? (double)(inputSize - 1) / (outputSize - 1) : 0;
  double position = o * ratio;
  *low = (long)position;
  *step = *low < inputSize - 1 ? 1 : 0;
  *frac = (real)(position - *low);
}

/* The output size is positive (outputHeight at argument outputArg). */
static void THNN_(SpatialUpSamplingBilinear_checkOutputSize)(int outputHeight, int outputWidth,
                                                             int outputArg) {
  THArgCheck(outputHeight > 0 && outputWidth > 0, outputArg, "output size should be greater than "
             "zero, but got outputHeight: %d outputWidth: %d", outputHeight, outputWidth);
}

void THNN_(SpatialUpSamplingBilinear_updateOutput)(THNNState *state, THTensor *input,
                                                   THTensor *output, int outputHeight,
                                                   int outputWidth) {
  (void)state;
  THNN_(SpatialUpSamplingBilinear_checkOutputSize)(outputHeight, outputWidth, 4);
  THArgCheck(input->nDimension == 4, 2, "input should be a 4D tensor (batch x planes x height x "
             "width), but got size %s", THTensor_(sizeDesc)(input).str);
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, outputHeight, outputWidth);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[4];
  THTensor_(resizeNd)(output, 4, THNN_(SpatialPooling_outputSizes)(&s, sizes), NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, 4.0 * s.batch * s.planes * outputPlane, {
    const real *in = in_data + p * inputPlane;
    real *o = out_data + p * outputPlane;
    for (long oh = 0; oh < s.outputHeight; oh++) {
      long h, dh;
      real fh;
      THNN_(SpatialUpSamplingBilinear_source)(oh, s.inputHeight, s.outputHeight, &h, &dh, &fh);
      for (long ow = 0; ow < s.outputWidth; ow++) {
        long w, dw;
        real fw;
        THNN_(SpatialUpSamplingBilinear_source)(ow, s.inputWidth, s.outputWidth, &w, &dw, &fw);
        const real *at = in + h * s.inputWidth + w;
        o[oh * s.outputWidth + ow] =
            (1 - fh) * ((1 - fw) * at[0] + fw * at[dw]) +
            fh * ((1 - fw) * at[dh * s.inputWidth] + fw * at[dh * s.inputWidth + dw]);
      }
    }
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialUpSamplingBilinear_updateGradInput)(THNNState *state, THTensor *gradOutput,
                                                      THTensor *gradInput, int nbatch,
                                                      int nchannels, int inputHeight,
                                                      int inputWidth, int outputHeight,
                                                      int outputWidth) {
  (void)state;
  THArgCheck(nbatch > 0 && nchannels > 0 && inputHeight > 0 && inputWidth > 0, 4, "input sizes "
             "should be greater than zero, but got nbatch: %d nchannels: %d inputHeight: %d "
             "inputWidth: %d", nbatch, nchannels, inputHeight, inputWidth);
  THNN_(SpatialUpSamplingBilinear_checkOutputSize)(outputHeight, outputWidth, 8);
  THNN_(PoolSizes) s = {4, nbatch, nchannels, inputHeight, inputWidth, outputHeight, outputWidth};
  long sizes[4];
  THNN_(checkSizes)(gradOutput, 2, "gradOutput", 4, THNN_(SpatialPooling_outputSizes)(&s, sizes));
  THNN_(checkApart)(gradInput, 3, "gradInput", "gradOutput", gradOutput, NULL);
  THTensor_(resize4d)(gradInput, nbatch, nchannels, inputHeight, inputWidth);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, 4.0 * s.batch * s.planes * outputPlane, {
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long oh = 0; oh < s.outputHeight; oh++) {
      long h, dh;
      real fh;
      THNN_(SpatialUpSamplingBilinear_source)(oh, s.inputHeight, s.outputHeight, &h, &dh, &fh);
      for (long ow = 0; ow < s.outputWidth; ow++) {
        long w, dw;
        real fw;
        THNN_(SpatialUpSamplingBilinear_source)(ow, s.inputWidth, s.outputWidth, &w, &dw, &fw);
        real g = go[oh * s.outputWidth + ow];
        real *at = gi + h * s.inputWidth + w;
        at[0] += (1 - fh) * (1 - fw) * g;
        at[dw] += (1 - fh) * fw * g;
        at[dh * s.inputWidth] += fh * (1 - fw) * g;
        at[dh * s.inputWidth + dw] += fh * fw * g;
      }
    }
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
