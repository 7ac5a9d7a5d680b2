/* MarginCriterion, target holding 1s and -1s: loss = sum(max(0, margin - input * target));
 * gradient -target where input * target < margin, else 0.
 * Averaged over the elements when sizeAverage is true. Input and target may have any shapes of as
 * many elements. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MarginCriterion.c"
#else

void THNN_(MarginCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target,
                                         THTensor *output, bool sizeAverage, real margin) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  accreal sum;
  THNN_SUM_2(sum, input, target, margin - x * y > 0 ? margin - x * y : 0);
  THNN_(setLoss)(output, sum, THNN_(elementsDivisor)(input, sizeAverage));
}

void THNN_(MarginCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                            THTensor *gradInput, bool sizeAverage, real margin) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  real norm = (real)(1 / THNN_(elementsDivisor)(input, sizeAverage));
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "target", target,
                               NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, input, target, x * y < margin ? -y * norm : 0);
}

#endif
