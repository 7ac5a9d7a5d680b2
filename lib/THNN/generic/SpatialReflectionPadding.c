/* SpatialReflectionPadding: pads each plane with its own reflection, the edge not repeated:
 * padding [1 2 3] by 2 on the left gives [3 2 1 2 3]. A padding must be smaller than the size it
 * reflects (a negative one crops). The loops are SpatialPadding.c's. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialReflectionPadding.c"
#else

/* x reflected into [0, size), for -size < x < 2 * size - 1. */
static long THNN_(reflectedIndex)(long x, long size) {
  if (x < 0)
    return -x;
  if (x >= size)
    return 2 * (size - 1) - x;
  return x;
}

/* Checks the paddings (pad_l at argument padArg) and the input, and computes the sizes. */
static THNN_(PoolSizes) THNN_(SpatialReflectionPadding_check)(THTensor *input, int pad_l,
                                                              int pad_r, int pad_t, int pad_b,
                                                              int padArg) {
  THNN_(PoolSizes) s = THNN_(SpatialPadding_sizes)(input, pad_l, pad_r, pad_t, pad_b, padArg);
  THArgCheck(pad_l < s.inputWidth && pad_r < s.inputWidth && pad_t < s.inputHeight &&
             pad_b < s.inputHeight, padArg, "padding (%d, %d, %d, %d) (left, right, top, bottom) "
             "should be smaller than the input planes it reflects, but got input of size %s",
             pad_l, pad_r, pad_t, pad_b, THTensor_(sizeDesc)(input).str);
  return s;
}

void THNN_(SpatialReflectionPadding_updateOutput)(THNNState *state, THTensor *input,
                                                  THTensor *output, int pad_l, int pad_r,
                                                  int pad_t, int pad_b) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialReflectionPadding_check)(input, pad_l, pad_r, pad_t, pad_b,
                                                             4);
  THNN_(SpatialPadding_forward)(input, output, s, pad_l, pad_t, THNN_(reflectedIndex));
}

void THNN_(SpatialReflectionPadding_updateGradInput)(THNNState *state, THTensor *input,
                                                     THTensor *gradOutput, THTensor *gradInput,
                                                     int pad_l, int pad_r, int pad_t,
                                                     int pad_b) {
  (void)state;
  THNN_(PoolSizes) s = THNN_(SpatialReflectionPadding_check)(input, pad_l, pad_r, pad_t, pad_b,
                                                             5);
  THNN_(SpatialPadding_backward)(input, gradOutput, gradInput, s, pad_l, pad_t,
                                 THNN_(reflectedIndex));
}

#endif
