/* SpatialReplicationPadding: pads each plane by repeating its edge pixels: padding [1 2 3] by 2
 * on the left gives [1 1 1 2 3]. Any padding works (a negative one crops). The loops are
 * SpatialPadding.c's. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialReplicationPadding.c"
#else

/* x clamped into [0, size). */
static long THNN_(clampedIndex)(long x, long size) {
  return x < 0 ? 0 : x >= size ? size - 1 : x;
}

void THNN_(SpatialReplicationPadding_updateOutput)(THNNState *state, THTensor *input,
                                                   THTensor *output, int pad_l, int pad_r,
                                                   int pad_t, int pad_b) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialPadding_sizes)(input, pad_l, pad_r, pad_t, pad_b, 4);
  THNN_(SpatialPadding_forward)(input, output, s, pad_l, pad_t, THNN_(clampedIndex));
}

void THNN_(SpatialReplicationPadding_updateGradInput)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradInput,
                                                      int pad_l, int pad_r, int pad_t,
                                                      int pad_b) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialPadding_sizes)(input, pad_l, pad_r, pad_t, pad_b, 5);
  THNN_(SpatialPadding_backward)(input, gradOutput, gradInput, s, pad_l, pad_t,
                                 THNN_(clampedIndex));
}

#endif
