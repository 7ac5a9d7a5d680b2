/* VolumetricAveragePooling: each output is the mean of its kT x kH x kW window; windows lie
 * wholly inside the input (no padding), so every divisor is kT*kH*kW. The backward shares each
 * gradient out over its window. Volumes run in parallel once checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricAveragePooling.c"
#else

/* The window of kT x kW x kH moved by dT, dW, dH, as the geometry helpers take it. */
static THNN_(VolumetricWindow) THNN_(VolumetricAveragePooling_window)(int kT, int kW, int kH,
                                                                      int dT, int dW, int dH) {
  THNN_(VolumetricWindow) w = {{kT, kH, kW}, {dT, dH, dW}, {0, 0, 0}, {1, 1, 1}};
  return w;
}

void THNN_(VolumetricAveragePooling_updateOutput)(THNNState *state, THTensor *input,
                                                  THTensor *output, int kT, int kW, int kH,
                                                  int dT, int dW, int dH) {
  (void)state;
  THNN_(VolumetricWindow) w = THNN_(VolumetricAveragePooling_window)(kT, kW, kH, dT, dW, dH);
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_check)(input, w, false, 4);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[5];
  THTensor_(resizeNd)(output, s.ndim, THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes),
                      NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);
  long inH = s.input[1], inW = s.input[2];
  accreal divisor = (accreal)kT * kH * kW;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputVolume * kT * kH * kW,
  {
    const real *in = in_data + p * inputVolume;
    real *o = out_data + p * outputVolume;
    for (long ot = 0; ot < s.output[0]; ot++)
      for (long oh = 0; oh < s.output[1]; oh++)
        for (long ow = 0; ow < s.output[2]; ow++) {
          accreal sum = 0;
          for (long t = ot * dT; t < ot * dT + kT; t++)
            for (long h = oh * dH; h < oh * dH + kH; h++)
              for (long x = ow * dW; x < ow * dW + kW; x++)
                sum += in[(t * inH + h) * inW + x];
          *o++ = (real)(sum / divisor);
        }
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(VolumetricAveragePooling_updateGradInput)(THNNState *state, THTensor *input,
                                                     THTensor *gradOutput, THTensor *gradInput,
                                                     int kT, int kW, int kH, int dT, int dW,
                                                     int dH) {
  (void)state;
  THNN_(VolumetricWindow) w = THNN_(VolumetricAveragePooling_window)(kT, kW, kH, dT, dW, dH);
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_check)(input, w, false, 5);
  long sizes[5];
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", s.ndim,
                    THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes));
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);
  long inH = s.input[1], inW = s.input[2];
  accreal divisor = (accreal)kT * kH * kW;

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputVolume * kT * kH * kW,
  {
    real *gi = gi_data + p * inputVolume;
    const real *go = go_data + p * outputVolume;
    memset(gi, 0, sizeof(real) * inputVolume);
    for (long ot = 0; ot < s.output[0]; ot++)
      for (long oh = 0; oh < s.output[1]; oh++)
        for (long ow = 0; ow < s.output[2]; ow++) {
          real share = (real)(*go++ / divisor);
          for (long t = ot * dT; t < ot * dT + kT; t++)
            for (long h = oh * dH; h < oh * dH + kH; h++)
              for (long x = ow * dW; x < ow * dW + kW; x++)
                gi[(t * inH + h) * inW + x] += share;
        }
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
