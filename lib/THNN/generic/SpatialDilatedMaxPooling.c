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

/* The 2x2 window at stride 2 without padding (LeNet's, VGG's) takes one output row from two input
 * rows (`top`, `bottom`), a pair of columns at a time, and must pick the tap the general loop
 * picks: in its order (top left, top right, bottom left, bottom right) a later tap wins only when
 * greater or NaN, so a tie keeps the first and the last NaN wins. Two forms of the same rule:
 *
 * - with selects in that order, the winner's offset in its window an int, as wide as a float:
 *   GCC vectorises this loop for Float even at the baseline SSE2 (4 windows at a time);
 * - for Double, which that loop leaves scalar and full of unpredictable branches, the winner of
 *   each row, then of the two rows (the same rule, applied pairwise, picks the same tap), each
 *   comparison an integer that becomes an offset to load from, so no branch depends on data. */
static void THNN_(SpatialMaxPooling2x2_rowBySelects)(const real *restrict top,
                                                     const real *restrict bottom,
                                                     real *restrict out, THIndex_t *restrict at,
                                                     long outputWidth, long topRow, int width) {
  for (long ow = 0; ow < outputWidth; ow++) {
    real topLeft = top[2 * ow], topRight = top[2 * ow + 1];
    real bottomLeft = bottom[2 * ow], bottomRight = bottom[2 * ow + 1];
    real best = topLeft;
    int offset = 0;
    if (topRight > best || topRight != topRight) {
      best = topRight;
      offset = 1;
    }
    if (bottomLeft > best || bottomLeft != bottomLeft) {
      best = bottomLeft;
      offset = width;
    }
    if (bottomRight > best || bottomRight != bottomRight) {
      best = bottomRight;
      offset = width + 1;
    }
    out[ow] = best;
    at[ow] = topRow + 2 * ow + offset;
  }
}

static void THNN_(SpatialMaxPooling2x2_rowByLoads)(const real *restrict top,
                                                   const real *restrict bottom,
                                                   real *restrict out, THIndex_t *restrict at,
                                                   long outputWidth, long topRow, long width) {
  for (long ow = 0; ow < outputWidth; ow++) {
    const real *topPair = top + 2 * ow, *bottomPair = bottom + 2 * ow;
    long topRight = (topPair[1] > topPair[0]) | (topPair[1] != topPair[1]);
    long bottomRight = (bottomPair[1] > bottomPair[0]) | (bottomPair[1] != bottomPair[1]);
    real topBest = topPair[topRight], bottomBest = bottomPair[bottomRight];
    long bottomWins = (bottomBest > topBest) | (bottomBest != bottomBest);
    long offset = topRight + bottomWins * (width + bottomRight - topRight);
    out[ow] = topPair[offset];
    at[ow] = topRow + 2 * ow + offset;
  }
}

/* One plane of the 2x2 window at stride 2, row by row in the form that suits `real`. */
static void THNN_(SpatialMaxPooling2x2_plane)(const real *input, real *output,
                                              THIndex_t *indices, THNN_(PoolSizes) s) {
  const long inputWidth = s.inputWidth, outputWidth = s.outputWidth;
  for (long oh = 0; oh < s.outputHeight; oh++) {
    const long topRow = 2 * oh * inputWidth;
    const real *top = input + topRow, *bottom = top + inputWidth;
    real *out = output + oh * outputWidth;
    THIndex_t *at = indices + oh * outputWidth;
    if (sizeof(real) == sizeof(float))  /* int: SpatialMaxPooling_is2x2 checks the width */
      THNN_(SpatialMaxPooling2x2_rowBySelects)(top, bottom, out, at, outputWidth, topRow,
                                                (int)inputWidth);
    else
      THNN_(SpatialMaxPooling2x2_rowByLoads)(top, bottom, out, at, outputWidth, topRow,
                                              inputWidth);
  }
}

/* Whether the window is the 2x2 one at stride 2 that SpatialMaxPooling2x2_plane computes: no
 * padding, no dilation, and an output of half the input (a ceil_mode that adds a window over
 * the last odd row or column takes the general path), rows short enough for an int offset. */
static int THNN_(SpatialMaxPooling_is2x2)(THNN_(PoolSizes) s, int kW, int kH, int dW, int dH,
                                          int padW, int padH, int dilationW, int dilationH) {
  return kW == 2 && kH == 2 && dW == 2 && dH == 2 && padW == 0 && padH == 0 &&
         dilationW == 1 && dilationH == 1 && s.outputHeight == s.inputHeight / 2 &&
         s.outputWidth == s.inputWidth / 2 && s.inputWidth < INT_MAX;
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

  if (THNN_(SpatialMaxPooling_is2x2)(s, kW, kH, dW, dH, padW, padH, dilationW, dilationH))
    TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * outputPlane * 4,
                     THNN_(SpatialMaxPooling2x2_plane)(in_data + p * inputPlane,
                                                       out_data + p * outputPlane,
                                                       ind_data + p * outputPlane, s););
  else
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

  /* Zeros, then each gradient added where its index points. (For the 2x2 window, writing each
   * window's four gradients at once, with no zero fill, measured 30% slower than this: the fill
   * streams and the scatter touches a quarter of the plane.) */
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
