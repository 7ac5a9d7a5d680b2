/* L1Cost: loss = sum(|input|); gradient sign(input). gradOutput, which may be NULL, is not read:
 * like every criterion's, the gradient is that of the loss itself. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/L1Cost.c"
#else

void THNN_(L1Cost_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  (void)state;
  accreal sum;
  THNN_SUM_1(sum, input, fabs(x));
  THNN_(setLoss)(output, sum, 1);
}

void THNN_(L1Cost_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                   THTensor *gradInput) {
  (void)state, (void)gradOutput;
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_1(gradInput, input, x > 0 ? 1 : (x < 0 ? -1 : 0));
}

#endif
