/* The THNN Linear cases for one float type (expanded by test_thnn_linear.c through
 * THGenerateFloatTypes.h): 4 inputs to 3 outputs, one sample (1-D) or a batch (2-D). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_linear_cases.c"
#else

#include "thnn_helpers.c"

/* The module's parameters, and the buffer of ones it keeps. */
typedef struct {
  THTensor *weight, *bias, *addBuffer;
} Case_(Linear);

static Case_(Linear) Case_(newLinear)(void) {
  Case_(Linear) m;
  m.weight = Case_(valuesOf)(2, (long[]){3, 4}, 11);
  m.bias = Case_(valuesOf)(1, (long[]){3}, 29);
  m.addBuffer = THTensor_(new)();
  return m;
}

static void Case_(freeLinear)(Case_(Linear) m) {
  THTensor_(free)(m.weight);
  THTensor_(free)(m.bias);
  THTensor_(free)(m.addBuffer);
}

static void Case_(linearForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Linear) *m = context;
  THNN_(Linear_updateOutput)(NULL, input, output, m->weight, m->bias, m->addBuffer);
}

/* weight * x + bias for row `row` of a 2-D input (or the 1-D input), summed one term at a time. */
static double Case_(linearReference)(Case_(Linear) m, THTensor *input, long row, long out) {
  double sum = THTensor_(get1d)(m.bias, out);
  for (long i = 0; i < 4; i++)
    sum += THTensor_(get2d)(m.weight, out, i) *
           (input->nDimension == 1 ? THTensor_(get1d)(input, i) : THTensor_(get2d)(input, row, i));
  return sum;
}

TEST(Case_(linear_forward_is_weight_times_input_plus_bias)) {
  Case_(Linear) m = Case_(newLinear)();
  THTensor *batch = Case_(valuesOf)(2, (long[]){5, 4}, 3), *output = THTensor_(new)();
  THTensor *sample = THTensor_(newSelect)(batch, 0, 2), *sampleOutput = THTensor_(new)();
  Case_(linearForward)(batch, output, &m);
  CHECK_EQ_LONG(output->nDimension, 2);
  CHECK_EQ_LONG(output->size[0], 5);
  CHECK_EQ_LONG(output->size[1], 3);
  double worst = 0;
  for (long row = 0; row < 5; row++)
    for (long out = 0; out < 3; out++)
      worst = fmax(worst, fabs(THTensor_(get2d)(output, row, out) -
                               Case_(linearReference)(m, batch, row, out)));
  CHECK(worst < 1e-5);
  /* one sample alone gives its row of the batch */
  Case_(linearForward)(sample, sampleOutput, &m);
  CHECK_EQ_LONG(sampleOutput->nDimension, 1);
  THTensor *row = THTensor_(newSelect)(output, 0, 2);
  CHECK(Case_(maxDifference)(sampleOutput, row) < 1e-5);
  THTensor_(free)(row);
  THTensor_(free)(sample);
  THTensor_(free)(sampleOutput);
  THTensor_(free)(batch);
  THTensor_(free)(output);
  Case_(freeLinear)(m);
}

TEST(Case_(linear_forward_reads_a_transposed_input)) {
  Case_(Linear) m = Case_(newLinear)();
  THTensor *base = Case_(valuesOf)(2, (long[]){4, 5}, 3);
  THTensor *transposed = THTensor_(newTranspose)(base, 0, 1);
  THTensor *contiguous = THTensor_(newClone)(transposed);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  Case_(linearForward)(transposed, output, &m);
  Case_(linearForward)(contiguous, expected, &m);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  THTensor_(free)(base);
  THTensor_(free)(transposed);
  THTensor_(free)(contiguous);
  THTensor_(free)(output);
  THTensor_(free)(expected);
  Case_(freeLinear)(m);
}

/* The backward and the parameter gradients of one input (1-D or 2-D). */
static void Case_(checkLinearGradients)(THTensor *input) {
  Case_(Linear) m = Case_(newLinear)();
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  Case_(linearForward)(input, output, &m);
  THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 5);
  THNN_(Linear_updateGradInput)(NULL, input, gradOutput, gradInput, m.weight);
  CHECK(THTensor_(isSameSizeAs)(gradInput, input));
  CHECK(Case_(gradientError)(Case_(linearForward), &m, input, gradOutput, gradInput) < 1e-6);

  THTensor *gradWeight = Case_(valuesOf)(2, (long[]){3, 4}, 7);
  THTensor *gradBias = Case_(valuesOf)(1, (long[]){3}, 13);
  THTensor *weightBefore = THTensor_(newClone)(gradWeight);
  THTensor *biasBefore = THTensor_(newClone)(gradBias);
  THNN_(Linear_accGradParameters)(NULL, input, gradOutput, gradInput, m.weight, m.bias,
                                  gradWeight, gradBias, m.addBuffer, 0.5);
  THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
  THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
  CHECK(Case_(gradientErrorOf)(Case_(linearForward), &m, input, m.weight, gradOutput,
                               addedWeight) < 1e-6);
  CHECK(Case_(gradientErrorOf)(Case_(linearForward), &m, input, m.bias, gradOutput,
                               addedBias) < 1e-6);
  THTensor *tensors[] = {output, gradInput, gradOutput, gradWeight, gradBias, weightBefore,
                         biasBefore, addedWeight, addedBias};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeLinear)(m);
}

TEST(Case_(linear_gradients_match_central_differences)) {
  THTensor *batch = Case_(valuesOf)(2, (long[]){5, 4}, 3);
  THTensor *single = Case_(valuesOf)(2, (long[]){1, 4}, 8);
  THTensor *sample = Case_(valuesOf)(1, (long[]){4}, 9);
  Case_(checkLinearGradients)(batch);
  Case_(checkLinearGradients)(single);
  Case_(checkLinearGradients)(sample);
  THTensor_(free)(batch);
  THTensor_(free)(single);
  THTensor_(free)(sample);
}

TEST(Case_(linear_checks_every_size)) {
  Case_(Linear) m = Case_(newLinear)();
  THTensor *input = Case_(valuesOf)(2, (long[]){5, 4}, 3), *output = THTensor_(new)();
  THTensor *cube = Case_(valuesOf)(3, (long[]){2, 5, 4}, 3);
  THTensor *narrow = Case_(valuesOf)(2, (long[]){5, 6}, 3);
  THTensor *shortBias = Case_(valuesOf)(1, (long[]){2}, 3);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){5, 2}, 3), *gradInput = THTensor_(new)();
  THTensor *goodGradOutput = Case_(valuesOf)(2, (long[]){5, 3}, 3);
  THTensor *gradWeight = Case_(valuesOf)(2, (long[]){4, 3}, 3);
  THTensor *gradBias = Case_(valuesOf)(1, (long[]){3}, 3);
  EXPECT_TH_ERROR(THNN_(Linear_updateOutput)(NULL, cube, output, m.weight, m.bias, m.addBuffer),
                  "input should be a 1D or 2D tensor, but got size 2x5x4");
  EXPECT_TH_ERROR(THNN_(Linear_updateOutput)(NULL, narrow, output, m.weight, m.bias, m.addBuffer),
                  "input should have 4 features (weight is 3x4), but got size 5x6");
  EXPECT_TH_ERROR(THNN_(Linear_updateOutput)(NULL, input, output, m.weight, shortBias,
                                             m.addBuffer),
                  "bias should be a 1D tensor of size 3, but got size 2");
  EXPECT_TH_ERROR(THNN_(Linear_updateOutput)(NULL, input, output, cube, m.bias, m.addBuffer),
                  "weight should be a 2D tensor, but got size 2x5x4");
  EXPECT_TH_ERROR(THNN_(Linear_updateGradInput)(NULL, input, gradOutput, gradInput, m.weight),
                  "gradOutput should be of size 5x3, but got size 5x2");
  EXPECT_TH_ERROR(THNN_(Linear_accGradParameters)(NULL, input, goodGradOutput, gradInput,
                                                  m.weight, m.bias, gradWeight, gradBias,
                                                  m.addBuffer, 1),
                  "gradWeight should be of size 3x4, but got size 4x3");
  EXPECT_TH_ERROR(THNN_(Linear_accGradParameters)(NULL, input, goodGradOutput, gradInput,
                                                  m.weight, m.bias, m.weight, shortBias,
                                                  m.addBuffer, 1),
                  "gradBias should be a 1D tensor of size 3, but got size 2");
  THTensor *tensors[] = {input, output, cube, narrow, shortBias, gradOutput, gradInput,
                         goodGradOutput, gradWeight, gradBias};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeLinear)(m);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(linear_forward_is_weight_times_input_plus_bias)),
  TEST_ENTRY(Case_(linear_forward_reads_a_transposed_input)),
  TEST_ENTRY(Case_(linear_gradients_match_central_differences)),
  TEST_ENTRY(Case_(linear_checks_every_size)),
};

#endif
