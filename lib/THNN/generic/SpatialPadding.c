/* What SpatialReflectionPadding and SpatialReplicationPadding share: the output size, and the
 * loops of a padding that reads each output pixel from one input pixel (the forward) and adds
 * each gradient back to it (the backward). The two differ only in which pixel that is. A negative
 * padding crops. Private to Spatial.c. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialPadding.c"
#else

/* The input coordinate an output coordinate reads, given x = output coordinate - padding before
 * (which may lie outside [0, size)). */
typedef long (*THNN_(PaddingSource))(long x, long size);

/* Checks the input and computes the sizes of its padding (pad_l at argument padArg). */
static THNN_(PoolSizes) THNN_(SpatialPadding_sizes)(THTensor *input, int pad_l, int pad_r,
                                                    int pad_t, int pad_b, int padArg) {
  THNN_(PoolSizes) s = THNN_(Resampling_sizes)(input, 2, 0, 0);
  s.outputHeight = s.inputHeight + pad_t + pad_b;    /* in long: no overflow */
  s.outputWidth = s.inputWidth + pad_l + pad_r;
  long sizes[4];
  THNN_(checkOutputSize)(input, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), padArg);
  return s;
}

static void THNN_(SpatialPadding_forward)(THTensor *input, THTensor *output, THNN_(PoolSizes) s,
                                          int pad_l, int pad_t, THNN_(PaddingSource) source) {
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[4];
  THTensor_(resizeNd)(output, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane, {
    const real *in = in_data + p * inputPlane;
    real *o = out_data + p * outputPlane;
    for (long oh = 0; oh < s.outputHeight; oh++) {
      long h = source(oh - pad_t, s.inputHeight);
      for (long ow = 0; ow < s.outputWidth; ow++)
        o[oh * s.outputWidth + ow] = in[h * s.inputWidth + source(ow - pad_l, s.inputWidth)];
    }
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

static void THNN_(SpatialPadding_backward)(THTensor *input, THTensor *gradOutput,
                                           THTensor *gradInput, THNN_(PoolSizes) s, int pad_l,
                                           int pad_t, THNN_(PaddingSource) source) {
  THNN_(Resampling_checkGradOutput)(&s, gradOutput);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane, {
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long oh = 0; oh < s.outputHeight; oh++) {
      long h = source(oh - pad_t, s.inputHeight);
      for (long ow = 0; ow < s.outputWidth; ow++)
        gi[h * s.inputWidth + source(ow - pad_l, s.inputWidth)] += go[oh * s.outputWidth + ow];
    }
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
