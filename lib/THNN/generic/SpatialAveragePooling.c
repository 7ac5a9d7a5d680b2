/* SpatialAveragePooling: each output is the mean of its kH x kW window. The window is clipped to
 * the padded input; its divisor counts the padding in it when count_include_pad, else only the
 * input elements. The backward shares each gradient out over the window by the same divisor. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAveragePooling.c"
#else

/* The window of output (oh, ow): rows [*h0, *h1), columns [*w0, *w1) of the input, and its
 * divisor (0 for a window that holds no input element). */
static inline long THNN_(SpatialAveragePooling_window)(THNN_(PoolSizes) s, long oh, long ow,
                                                       int kW, int kH, int dW, int dH, int padW,
                                                       int padH, bool count_include_pad,
                                                       long *h0, long *h1, long *w0, long *w1) {
  long hstart = oh * dH - padH, wstart = ow * dW - padW;
  long hend = hstart + kH, wend = wstart + kW;
  if (hend > s.inputHeight + padH)
    hend = s.inputHeight + padH;
  if (wend > s.inputWidth + padW)
    wend = s.inputWidth + padW;
  long padded = (hend - hstart) * (wend - wstart);
  *h0 = hstart < 0 ? 0 : hstart;
  *w0 = wstart < 0 ? 0 : wstart;
  *h1 = hend > s.inputHeight ? s.inputHeight : hend;
  *w1 = wend > s.inputWidth ? s.inputWidth : wend;
  long inside = *h1 > *h0 && *w1 > *w0 ? (*h1 - *h0) * (*w1 - *w0) : 0;
  return inside == 0 ? 0 : count_include_pad ? padded : inside;
}

void THNN_(SpatialAveragePooling_updateOutput)(THNNState *state, THTensor *input,
                                               THTensor *output, int kW, int kH, int dW, int dH,
                                               int padW, int padH, bool ceil_mode,
                                               bool count_include_pad) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialPooling_check)(input, kW, kH, dW, dH, padW, padH, 1, 1,
                                                   ceil_mode, 4);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[4];
  THTensor_(resizeNd)(output, s.ndim, THNN_(SpatialPooling_outputSizes)(&s, sizes), NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane * kH * kW, {
    const real *in = in_data + p * inputPlane;
    real *o = out_data + p * outputPlane;
    for (long oh = 0; oh < s.outputHeight; oh++) {
      for (long ow = 0; ow < s.outputWidth; ow++) {
        long h0, h1, w0, w1;
        long divisor = THNN_(SpatialAveragePooling_window)(s, oh, ow, kW, kH, dW, dH, padW, padH,
                                                           count_include_pad, &h0, &h1, &w0, &w1);
        accreal sum = 0;
        for (long h = h0; h < h1; h++)
          for (long w = w0; w < w1; w++)
            sum += in[h * s.inputWidth + w];
        o[oh * s.outputWidth + ow] = divisor ? (real)(sum / divisor) : 0;
      }
    }
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialAveragePooling_updateGradInput)(THNNState *state, THTensor *input,
                                                  THTensor *gradOutput, THTensor *gradInput,
                                                  int kW, int kH, int dW, int dH, int padW,
                                                  int padH, bool ceil_mode,
                                                  bool count_include_pad) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialPooling_check)(input, kW, kH, dW, dH, padW, padH, 1, 1,
                                                   ceil_mode, 5);
  long sizes[4];
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", s.ndim,
                    THNN_(SpatialPooling_outputSizes)(&s, sizes));
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane * kH * kW, {
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long oh = 0; oh < s.outputHeight; oh++) {
      for (long ow = 0; ow < s.outputWidth; ow++) {
        long h0, h1, w0, w1;
        long divisor = THNN_(SpatialAveragePooling_window)(s, oh, ow, kW, kH, dW, dH, padW, padH,
                                                           count_include_pad, &h0, &h1, &w0, &w1);
        if (divisor == 0)
          continue;
        real share = go[oh * s.outputWidth + ow] / divisor;
        for (long h = h0; h < h1; h++)
          for (long w = w0; w < w1; w++)
            gi[h * s.inputWidth + w] += share;
      }
    }
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
