/* Sqrt: output = sqrt(input + eps); the backward reads the forward's output:
 * gradInput = gradOutput / (2 * output), and 0 where output is 0 (the derivative's pole). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Sqrt.c"
#else

void THNN_(Sqrt_updateOutput)(THNNState *state, THTensor *input, THTensor *output, real eps) {
  (void)state;
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
  THNN_ELEMENTWISE_1(output, input, sqrt(x + eps));
}

void THNN_(Sqrt_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                 THTensor *gradInput, THTensor *output) {
  (void)state, (void)input;
  THNN_(checkSameNumel)(output, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "output",
                               output, NULL);
  THTensor_(resizeAs)(gradInput, output);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, output, y == 0 ? 0 : x / (2 * y));
}

#endif
