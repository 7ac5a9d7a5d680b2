/* SoftMarginCriterion (nn.SoftMarginLoss), target holding 1s and -1s: loss =
 * sum(log(1 + exp(-target * input))), written so that no exp overflows; gradient
 * -target / (1 + exp(target * input)).
 * Averaged over the elements when sizeAverage is true. Input and target may have any shapes of as
 * many elements. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMarginCriterion.c"
#else

void THNN_(SoftMarginCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target,
                                             THTensor *output, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  accreal sum;
  THNN_SUM_2(sum, input, target, -x * y > 0 ? -x * y + log1p(exp(x * y)) : log1p(exp(-x * y)));
  THNN_(setLoss)(output, sum, THNN_(elementsDivisor)(input, sizeAverage));
}

void THNN_(SoftMarginCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                                THTensor *gradInput, bool sizeAverage) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  real norm = (real)(1 / THNN_(elementsDivisor)(input, sizeAverage));
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "target", target,
                               NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, input, target, -y * norm / (1 + exp(x * y)));
}

#endif
