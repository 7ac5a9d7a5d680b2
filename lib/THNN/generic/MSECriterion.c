/* MSECriterion (nn.MSELoss): loss = sum((input - target)^2); gradient 2 * (input - target).
 * Averaged over the elements when sizeAverage is true. Input and target may have any shapes of as
 * many elements. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MSECriterion.c"
#else

void THNN_(MSECriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target,
                                      THTensor *output, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  accreal sum;
  THNN_SUM_2(sum, input, target, (x - y) * (x - y));
  THNN_(setLoss)(output, sum, THNN_(elementsDivisor)(input, sizeAverage));
}

void THNN_(MSECriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                         THTensor *gradInput, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  real norm = (real)(1 / THNN_(elementsDivisor)(input, sizeAverage));
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "target", target,
                               NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, input, target, 2 * (x - y) * norm);
}

#endif
