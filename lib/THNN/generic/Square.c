/* Square: output = input^2; gradInput = 2 * input * gradOutput. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Square.c"
#else

void THNN_(Square_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  (void)state;
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
  THNN_ELEMENTWISE_1(output, input, x * x);
}

void THNN_(Square_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                   THTensor *gradInput) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, input, 2 * y * x);
}

#endif
