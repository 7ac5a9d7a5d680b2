/* SoftPlus: output = log(1 + exp(beta * input)) / beta, or input itself where beta * input is
 * above threshold (where the two agree to the float's precision, and exp would overflow). The
 * backward reads the forward's output: with z = exp(beta * output), gradInput =
 * gradOutput * (z - 1) / z, the sigmoid of beta * input. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftPlus.c"
#else

void THNN_(SoftPlus_updateOutput)(THNNState *state, THTensor *input, THTensor *output, real beta,
                                  real threshold) {
  (void)state;
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
  THNN_ELEMENTWISE_1(output, input, x * beta > threshold ? x : log1p(exp(x * beta)) / beta);
}

void THNN_(SoftPlus_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                     THTensor *gradInput, THTensor *output, real beta,
                                     real threshold) {
  (void)state, (void)input;
  THNN_(checkSameNumel)(output, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "output",
                               output, NULL);
  THTensor_(resizeAs)(gradInput, output);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, output,
                     y * beta > threshold ? x : x * (1 - exp(-y * beta)));
}

#endif
