/* LeakyReLU: output = input where input > 0, else negval * input; gradInput = gradOutput or
 * negval * gradOutput accordingly. In place, the module overwrites input (and gradOutput) and makes
 * output (gradInput) a view of it. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LeakyReLU.c"
#else

void THNN_(LeakyReLU_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                   real negval, bool inplace) {
  (void)state;
  if (inplace) {
    THNN_ELEMENTWISE_1(input, input, x > 0 ? x : x * negval);
    THTensor_(set)(output, input);
  } else {
    THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
    THNN_ELEMENTWISE_1(output, input, x > 0 ? x : x * negval);
  }
}

void THNN_(LeakyReLU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                      THTensor *gradInput, real negval, bool inplace) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  if (inplace) {
    THNN_ELEMENTWISE_2(gradOutput, gradOutput, input, y > 0 ? x : x * negval);
    THTensor_(set)(gradInput, gradOutput);
  } else {
    THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
    THNN_ELEMENTWISE_2(gradInput, gradOutput, input, y > 0 ? x : x * negval);
  }
}

#endif
