/* HardShrink: output = input outside [-lambda, lambda], else 0; gradInput = gradOutput there,
 * else 0. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/HardShrink.c"
#else

void THNN_(HardShrink_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                    real lambda) {
  (void)state;
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
  THNN_ELEMENTWISE_1(output, input, x > lambda || x < -lambda ? x : 0);
}

void THNN_(HardShrink_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, real lambda) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, input, y > lambda || y < -lambda ? x : 0);
}

#endif
