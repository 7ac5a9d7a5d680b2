/* LogSigmoid: output = log(1 / (1 + exp(-input))), computed as min(input, 0) - log1p(exp(-|input|))
 * so that no exp overflows. The forward keeps exp(-|input|) in buffer, from which the backward
 * gets the derivative 1 - sigmoid(input): buffer / (1 + buffer) for input >= 0, and
 * 1 / (1 + buffer) below. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LogSigmoid.c"
#else

void THNN_(LogSigmoid_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                    THTensor *buffer) {
  (void)state;
  THNN_(checkApart)(buffer, 4, "buffer", "input", input, NULL);
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, "buffer", buffer, NULL);
  THTensor_(resizeAs)(buffer, input);
  THTensor_(resizeAs)(output, input);
  THNN_ELEMENTWISE_1(buffer, input, exp(-fabs(x)));
  THNN_ELEMENTWISE_2(output, input, buffer, (x < 0 ? x : 0) - log1p(y));
}

void THNN_(LogSigmoid_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, THTensor *buffer) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkSameNumel)(input, buffer, 5, "buffer");
  /* gradOutput is read after gradInput is written: apart from it, not only element-wise */
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "buffer", buffer, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, input, buffer, (x >= 0 ? y : 1) / (1 + y));
  THTensor_(cmul)(gradInput, gradInput, gradOutput);
}

#endif
