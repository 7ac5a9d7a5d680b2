/* SoftPlus: output = log(1 + exp(beta * input)) / beta, or input itself where beta * input is
 * above threshold (where the two agree to the float's precision, and exp would overflow). The
 * backward makes the same choice on the input, not on the output (which lies above the input:
 * for beta * input just below the threshold the output is above it), and gives gradOutput
 * times the sigmoid of beta * input there. */
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
  (void)state, (void)output;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
  THNN_ELEMENTWISE_2(gradInput, gradOutput, input,
                     y * beta > threshold ? x : x / (1 + exp(-y * beta)));
}

#endif
