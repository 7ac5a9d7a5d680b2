/* VolumetricReplicationPadding: pads each volume (T x H x W) by repeating its border elements,
 * pfront/pback elements before/after in time, ptop/pbottom in height, pleft/pright in width;
 * a negative pad crops instead. Output element (t, h, w) is the input element at
 * (t - pfront, h - ptop, w - pleft), each coordinate clamped into the input; the backward adds
 * each gradient to that element. Volumes run in parallel once checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricReplicationPadding.c"
#else

/* Checks the input (4-D or 5-D) and that the padded volume is not empty; returns the sizes. */
static THNN_(VolumetricSizes) THNN_(VolumetricReplicationPadding_check)(THTensor *input,
                                                                        int pleft, int pright,
                                                                        int ptop, int pbottom,
                                                                        int pfront, int pback) {
  THNN_(VolumetricSizes) s = THNN_(VolumetricPooling_inputSizes)(input);
  s.output[0] = s.input[0] + pfront + pback;
  s.output[1] = s.input[1] + ptop + pbottom;
  s.output[2] = s.input[2] + pleft + pright;      /* in long: no overflow */
  long sizes[5];
  THNN_(checkOutputSize)(input, s.ndim, THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes), 2);
  return s;
}

/* The input coordinate an output coordinate o repeats: o - pad, clamped into [0, size). */
static inline long THNN_(VolumetricReplicationPadding_source)(long o, int pad, long size) {
  long i = o - pad;
  return i < 0 ? 0 : i >= size ? size - 1 : i;
}

/* The position in the input volume that output element k of a volume repeats (k counts the
 * output volume in row-major order). */
static inline long THNN_(VolumetricReplicationPadding_sourceOf)(THNN_(VolumetricSizes) s, long k,
                                                                int pfront, int ptop, int pleft) {
  long w = k % s.output[2], h = k / s.output[2] % s.output[1];
  long t = k / (s.output[2] * s.output[1]);
  long it = THNN_(VolumetricReplicationPadding_source)(t, pfront, s.input[0]);
  long ih = THNN_(VolumetricReplicationPadding_source)(h, ptop, s.input[1]);
  long iw = THNN_(VolumetricReplicationPadding_source)(w, pleft, s.input[2]);
  return (it * s.input[1] + ih) * s.input[2] + iw;
}

void THNN_(VolumetricReplicationPadding_updateOutput)(THNNState *state, THTensor *input,
                                                      THTensor *output, int pleft, int pright,
                                                      int ptop, int pbottom, int pfront,
                                                      int pback) {
  (void)state;
  THNN_(VolumetricSizes) s = THNN_(VolumetricReplicationPadding_check)(input, pleft, pright, ptop,
                                                                       pbottom, pfront, pback);
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  long sizes[5];
  THTensor_(resizeNd)(output, s.ndim, THNN_(VolumetricPooling_sizesOf)(&s, s.output, sizes),
                      NULL);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  long inputVolume = THNN_(VolumetricPooling_inputVolume)(s);
  long outputVolume = THNN_(VolumetricPooling_outputVolume)(s);

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputVolume, {
    const real *in = in_data + p * inputVolume;
    real *o = out_data + p * outputVolume;
    for (long k = 0; k < outputVolume; k++)
      o[k] = in[THNN_(VolumetricReplicationPadding_sourceOf)(s, k, pfront, ptop, pleft)];
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(VolumetricReplicationPadding_updateGradInput)(THNNState *state, THTensor *input,
                                                         THTensor *gradOutput,
                                                         THTensor *gradInput, int pleft,
                                                         int pright, int ptop, int pbottom,
                                                         int pfront, int pback) {
  (void)state;
  THNN_(VolumetricSizes) s = THNN_(VolumetricReplicationPadding_check)(input, pleft, pright, ptop,
                                                                       pbottom, pfront, pback);
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

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputVolume, {
    real *gi = gi_data + p * inputVolume;
    const real *go = go_data + p * outputVolume;
    memset(gi, 0, sizeof(real) * inputVolume);
    for (long k = 0; k < outputVolume; k++)
      gi[THNN_(VolumetricReplicationPadding_sourceOf)(s, k, pfront, ptop, pleft)] += go[k];
  });

  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
