/* Tanh: output = tanh(input); the backward reads the forward's output:
 * gradInput = gradOutput * (1 - output^2). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Tanh.c"
#else

void THNN_(Tanh_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  (void)state;
  THTensor_(tanh)(output, input);
}

void THNN_(Tanh_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                 THTensor *gradInput, THTensor *output) {
  (void)state, (void)input;
  THNN_(checkSameNumel)(output, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "output",
                               output, NULL);
  THTensor_(resizeAs)(gradInput, output);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, output, x * (1 - y * y));
}

#endif
