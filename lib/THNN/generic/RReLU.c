/* RReLU, the randomized leaky ReLU. In training, each element below or at 0 is multiplied by a
 * slope drawn uniformly from [lower, upper) with the generator, kept in noise (1 for the elements
 * above 0) for the backward: gradInput = gradOutput * noise. In evaluation, the slope is the fixed
 * (lower + upper) / 2. In place, the module overwrites input (and gradOutput) and makes output
 * (gradInput) a view of it. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/RReLU.c"
#else

void THNN_(RReLU_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                               THTensor *noise, real lower, real upper, bool train, bool inplace,
                               THGenerator *generator) {
  (void)state;
  real slope = (lower + upper) / 2;
  if (!inplace)
    THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  if (!train) {
    if (inplace) {
      THNN_ELEMENTWISE_1(input, input, x >= 0 ? x : x * slope);
      THTensor_(set)(output, input);
    } else {
      THTensor_(resizeAs)(output, input);
      THNN_ELEMENTWISE_1(output, input, x >= 0 ? x : x * slope);
    }
    return;
  }
  THArgCheck(generator != NULL, 9, "a random generator is needed in training mode");
  THNN_(checkApart)(noise, 4, "noise", "input", input, "output", inplace ? NULL : output, NULL);
  THTensor_(resizeAs)(noise, input);
  /* one element after the other in row-major order, so that a seed gives the same slopes */
  if (inplace) {
    TH_TENSOR_APPLY2(real, input, real, noise,
      real r = *input_data <= 0 ? (real)THRandom_uniform(generator, lower, upper) : 1;
      *input_data *= r;
      *noise_data = r;
    );
    THTensor_(set)(output, input);
  } else {
    THTensor_(resizeAs)(output, input);
    TH_TENSOR_APPLY3(real, output, real, input, real, noise,
      real r = *input_data <= 0 ? (real)THRandom_uniform(generator, lower, upper) : 1;
      *output_data = *input_data * r;
      *noise_data = r;
    );
  }
}

void THNN_(RReLU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                  THTensor *gradInput, THTensor *noise, real lower, real upper,
                                  bool train, bool inplace) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  /* a range of slopes narrower than this is the fixed slope of evaluation */
  bool randomSlopes = train && upper - lower > 1e-6;
  if (randomSlopes)
    THNN_(checkSameNumel)(input, noise, 5, "noise");
  if (randomSlopes)
    THNN_(checkApart)(inplace ? gradOutput : gradInput, inplace ? 3 : 4,
                      inplace ? "gradOutput" : "gradInput", "noise", noise, NULL);
  if (!inplace)
    THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                                 input, NULL);
  real slope = (lower + upper) / 2;
  THTensor *result = gradOutput;
  if (!inplace) {
    THTensor_(resizeAs)(gradInput, input);
    result = gradInput;
  }
  if (randomSlopes)
    THTensor_(cmul)(result, gradOutput, noise);
  else
    THNN_ELEMENTWISE_2(result, gradOutput, input, y > 0 ? x : x * slope);
  if (inplace)
    THTensor_(set)(gradInput, gradOutput);
}

#endif
