/* DistKLDivCriterion (nn.KLDivLoss), input holding log-probabilities: loss =
 * sum(target * (log(target) - input)) over the elements where target > 0; gradient -target there,
 * else 0.
 * Averaged over the elements when sizeAverage is true. Input and target may have any shapes of as
 * many elements. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/DistKLDivCriterion.c"
#else

void THNN_(DistKLDivCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target,
                                            THTensor *output, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  accreal sum;
  THNN_SUM_2(sum, input, target, y > 0 ? y * (log(y) - x) : 0);
  THNN_(setLoss)(output, sum, THNN_(elementsDivisor)(input, sizeAverage));
}

void THNN_(DistKLDivCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                               THTensor *gradInput, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  real norm = (real)(1 / THNN_(elementsDivisor)(input, sizeAverage));
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "target", target, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_1(gradInput, target, x > 0 ? -x * norm : 0);
}

#endif
