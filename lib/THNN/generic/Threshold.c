/* Threshold (nn.ReLU is Threshold(0, 0)): output = input where input > threshold, else val;
 * gradInput = gradOutput where input > threshold, else 0. In place, the module overwrites input
 * (and gradOutput) and makes output (gradInput) a view of it. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Threshold.c"
#else

void THNN_(Threshold_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                   real threshold, real val, bool inplace) {
  (void)state;
  if (inplace) {
    THNN_ELEMENTWISE_1(input, input, x > threshold ? x : val);
    THTensor_(set)(output, input);
  } else {
    THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
    THNN_ELEMENTWISE_1(output, input, x > threshold ? x : val);
  }
}

void THNN_(Threshold_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                      THTensor *gradInput, real threshold, real val,
                                      bool inplace) {
  (void)state, (void)val;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  if (inplace) {
    THNN_ELEMENTWISE_2(gradOutput, gradOutput, input, y > threshold ? x : 0);
    THTensor_(set)(gradInput, gradOutput);
  } else {
    THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
    THNN_ELEMENTWISE_2(gradInput, gradOutput, input, y > threshold ? x : 0);
  }
}

#endif
