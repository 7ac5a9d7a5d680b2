/* SpatialAdaptiveAveragePooling: pools any input into oheight x owidth planes, each output the
 * mean of its window: rows floor(i*H/oheight) to ceil((i+1)*H/oheight) (end excluded), the same
 * for columns. The backward shares each gradient equally over its window. Planes run in
 * parallel. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAdaptiveAveragePooling.c"
#else

/* One plane's gradients: each output's gradient shared out over its window. */
static void THNN_(SpatialAdaptiveAveragePooling_planeBackward)(real *gradInput,
                                                               const real *gradOutput,
                                                               THNN_(PoolSizes) s) {
  memset(gradInput, 0, sizeof(real) * s.inputHeight * s.inputWidth);
  for (long oh = 0; oh < s.outputHeight; oh++) {
    long h0, h1;
    THNN_(adaptiveWindow)(oh, s.inputHeight, s.outputHeight, &h0, &h1);
    for (long ow = 0; ow < s.outputWidth; ow++) {
      long w0, w1;
      THNN_(adaptiveWindow)(ow, s.inputWidth, s.outputWidth, &w0, &w1);
      real share = gradOutput[oh * s.outputWidth + ow] / ((h1 - h0) * (w1 - w0));
      for (long h = h0; h < h1; h++)
        for (long w = w0; w < w1; w++)
          gradInput[h * s.inputWidth + w] += share;
    }
  }
}

void THNN_(SpatialAdaptiveAveragePooling_updateOutput)(THNNState *state, THTensor *input,
                                                       THTensor *output, int owidth,
                                                       int oheight) {
  (void)state;
  THArgCheck(owidth > 0 && oheight > 0, 4, "output size should be greater than zero, but got "
             "owidth: %d oheight: %d", owidth, oheight);
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, oheight, owidth);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[4];
  THTensor_(resizeNd)(output, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * (inputPlane + outputPlane), {
    const real *in = in_data + p * inputPlane;
    real *o = out_data + p * outputPlane;
    for (long oh = 0; oh < s.outputHeight; oh++) {
      long h0, h1;
      THNN_(adaptiveWindow)(oh, s.inputHeight, s.outputHeight, &h0, &h1);
      for (long ow = 0; ow < s.outputWidth; ow++) {
        long w0, w1;
        THNN_(adaptiveWindow)(ow, s.inputWidth, s.outputWidth, &w0, &w1);
        accreal sum = 0;
        for (long h = h0; h < h1; h++)
          for (long w = w0; w < w1; w++)
            sum += in[h * s.inputWidth + w];
        o[oh * s.outputWidth + ow] = (real)(sum / ((h1 - h0) * (w1 - w0)));
      }
    }
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialAdaptiveAveragePooling_updateGradInput)(THNNState *state, THTensor *input,
                                                          THTensor *gradOutput,
                                                          THTensor *gradInput) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, 0, 0);
  THNN_(Resampling_outputSizeFrom)(&s, gradOutput);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * (inputPlane + outputPlane),
                   THNN_(SpatialAdaptiveAveragePooling_planeBackward)(
                       gi_data + p * inputPlane, go_data + p * outputPlane, s););

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
