/* The THNN activation cases for one float type (expanded by test_thnn_activations.c through
 * THGenerateFloatTypes.h). Inputs are small matrices of values on both sides of each module's
 * kinks, kept away from the kinks themselves so that central differences are exact enough. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_activations_cases.c"
#else

#include "thnn_gradients.c"

/* A rows x cols contiguous tensor whose element k is offset + step * k. */
static THTensor *Case_(ramp)(long rows, long cols, double offset, double step) {
  THTensor *t = THTensor_(newWithSize2d)(rows, cols);
  for (long k = 0; k < rows * cols; k++)
    THTensor_(data)(t)[k] = (real)(offset + step * k);
  return t;
}

/* ---- Abs ---- */

static void Case_(absForward)(THTensor *input, THTensor *output, void *context) {
  (void)context;
  THNN_(Abs_updateOutput)(NULL, input, output);
}

TEST(Case_(abs_forward_and_backward)) {
  THTensor *input = Case_(ramp)(3, 4, -2.75, 0.5), *output = THTensor_(new)();
  THTensor *gradOutput = Case_(ramp)(3, 4, 1, 0.25), *gradInput = THTensor_(new)();
  THNN_(Abs_updateOutput)(NULL, input, output);
  long wrong = !THTensor_(isSameSizeAs)(output, input);
  for (long k = 0; k < 12; k++)
    wrong += THTensor_(data)(output)[k] != (real)fabs(THTensor_(data)(input)[k]);
  CHECK_EQ_LONG(wrong, 0);
  THNN_(Abs_updateGradInput)(NULL, input, gradOutput, gradInput);
  CHECK(Case_(gradientError)(Case_(absForward), NULL, input, gradOutput, gradInput) < 1e-6);
  THTensor_(free)(input);
  THTensor_(free)(output);
  THTensor_(free)(gradOutput);
  THTensor_(free)(gradInput);
}

TEST(Case_(abs_backward_checks_the_gradient_size)) {
  THTensor *input = Case_(ramp)(3, 4, -2.75, 0.5), *gradInput = THTensor_(new)();
  THTensor *gradOutput = THTensor_(newWithSize1d)(5);
  EXPECT_TH_ERROR(THNN_(Abs_updateGradInput)(NULL, input, gradOutput, gradInput),
                  "gradOutput should have 12 elements (size 3x4), but got 5 (size 5)");
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
  THTensor_(free)(gradInput);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(abs_forward_and_backward)),
  TEST_ENTRY(Case_(abs_backward_checks_the_gradient_size)),
};

#endif
