/* Abs: output = |input|; gradInput = gradOutput * sign(input). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Abs.c"
#else

void THNN_(Abs_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  (void)state;
  THTensor_(abs)(output, input);
}

void THNN_(Abs_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                THTensor *gradInput) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
  TH_TENSOR_APPLY3(real, gradInput, real, gradOutput, real, input,
                   *gradInput_data = *input_data < 0 ? -*gradOutput_data
                                   : *input_data > 0 ? *gradOutput_data : 0;);
}

#endif
