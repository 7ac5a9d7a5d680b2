/* SoftShrink: output = input - lambda above lambda, input + lambda below -lambda, else 0;
 * gradInput = gradOutput outside [-lambda, lambda], else 0. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftShrink.c"
#else

void THNN_(SoftShrink_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                    real lambda) {
  (void)state;
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
  THNN_ELEMENTWISE_1(output, input, x > lambda ? x - lambda : (x < -lambda ? x + lambda : 0));
}

void THNN_(SoftShrink_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, real lambda) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, input, y > lambda || y < -lambda ? x : 0);
}

#endif
