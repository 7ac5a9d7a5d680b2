/* HardTanh: output = input clamped to [min_val, max_val]; gradInput = gradOutput strictly inside
 * the interval, else 0. In place, the module overwrites input (and gradOutput) and makes output
 * (gradInput) a view of it. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/HardTanh.c"
#else

void THNN_(HardTanh_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                  real min_val, real max_val, bool inplace) {
  (void)state;
  if (inplace) {
    THNN_ELEMENTWISE_1(input, input, x < min_val ? min_val : (x > max_val ? max_val : x));
    THTensor_(set)(output, input);
  } else {
    THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor_(resizeAs)(output, input);
    THNN_ELEMENTWISE_1(output, input, x < min_val ? min_val : (x > max_val ? max_val : x));
  }
}

void THNN_(HardTanh_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                     THTensor *gradInput, real min_val, real max_val,
                                     bool inplace) {
  (void)state;
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  if (inplace) {
    THNN_ELEMENTWISE_2(gradOutput, gradOutput, input, y > min_val && y < max_val ? x : 0);
    THTensor_(set)(gradInput, gradOutput);
  } else {
    THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "input",
                               input, NULL);
  THTensor_(resizeAs)(gradInput, input);
    THNN_ELEMENTWISE_2(gradInput, gradOutput, input, y > min_val && y < max_val ? x : 0);
  }
}

#endif
