/* Sigmoid: output = 1 / (1 + exp(-input)) (TH's sigmoid, on THVector's kernel); the backward reads
 * the forward's output: gradInput = gradOutput * (1 - output) * output. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Sigmoid.c"
#else

void THNN_(Sigmoid_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  (void)state;
  THTensor_(sigmoid)(output, input);
}

void THNN_(Sigmoid_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                    THTensor *gradInput, THTensor *output) {
  (void)state, (void)input;
  THNN_(checkSameNumel)(output, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "output",
                               output, NULL);
  THTensor_(resizeAs)(gradInput, output);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, output, x * (1 - y) * y);
}

#endif
