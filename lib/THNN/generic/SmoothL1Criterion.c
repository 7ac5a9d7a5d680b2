/* SmoothL1Criterion (nn.SmoothL1Loss), with d = input - target: loss = sum(d^2 / 2 where |d| < 1,
 * else |d| - 1/2); gradient d clamped to [-1, 1].
 * Averaged over the elements when sizeAverage is true. Input and target may have any shapes of as
 * many elements. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SmoothL1Criterion.c"
#else

void THNN_(SmoothL1Criterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target,
                                           THTensor *output, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  accreal sum;
  THNN_SUM_2(sum, input, target, fabs(x - y) < 1 ? (x - y) * (x - y) / 2 : fabs(x - y) - (real)0.5);
  THNN_(setLoss)(output, sum, THNN_(elementsDivisor)(input, sizeAverage));
}

void THNN_(SmoothL1Criterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                              THTensor *gradInput, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  real norm = (real)(1 / THNN_(elementsDivisor)(input, sizeAverage));
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "target", target,
                               NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, input, target,
                     x - y < -1 ? -norm : (x - y > 1 ? norm : (x - y) * norm));
}

#endif
