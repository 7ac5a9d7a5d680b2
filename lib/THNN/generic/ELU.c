/* ELU: output = input where input > 0, else alpha * (exp(input) - 1). The backward reads the
 * forward's output: gradInput = gradOutput where output > 0, else gradOutput * (output + alpha),
 * which is the derivative alpha * exp(input). In place, the module overwrites input (and
 * gradOutput) and makes output (gradInput) a view of it. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ELU.c"
#else

void THNN_(ELU_updateOutput)(THNNState *state, THTensor *input, THTensor *output, real alpha,
                             bool inplace) {
  (void)state;
  if (inplace) {
    THNN_ELEMENTWISE_1(input, input, x > 0 ? x : alpha * (exp(x) - 1));
    THTensor_(set)(output, input);
  } else {
    THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
    THNN_ELEMENTWISE_1(output, input, x > 0 ? x : alpha * (exp(x) - 1));
  }
}

void THNN_(ELU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                THTensor *gradInput, THTensor *output, real alpha, bool inplace) {
  (void)state, (void)input;
  THNN_(checkSameNumel)(output, gradOutput, 3, "gradOutput");
  if (inplace) {
    THNN_ELEMENTWISE_2(gradOutput, gradOutput, output, y > 0 ? x : x * (y + alpha));
    THTensor_(set)(gradInput, gradOutput);
  } else {
    THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "output",
                               output, NULL);
  THTensor_(resizeAs)(gradInput, output);
    THNN_ELEMENTWISE_2(gradInput, gradOutput, output, y > 0 ? x : x * (y + alpha));
  }
}

#endif
