/* The THNN activation cases for one float type (expanded by test_thnn_activations.c through
 * THGenerateFloatTypes.h). Inputs are small ramps of values on both sides of each module's kinks,
 * kept away from the kinks themselves so that central differences are exact enough. The
 * element-wise modules are checked from one table: forward against a reference written out here,
 * backward against central differences, transposed operands, a single element; the others
 * (SoftMax, LogSoftMax, PReLU, RReLU in training) have cases of their own. */
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

/* The tolerance of a comparison with a reference computed in double. */
static double Case_(tolerance)(void) {
#if defined(TH_REAL_IS_FLOAT)
  return 1e-5;
#else
  return 1e-12;
#endif
}

/* The number of elements of a and b (same number) further apart than the tolerance, relative to
 * the larger of 1 and |b|; both are read in row-major order, whatever their layouts. */
static long Case_(mismatches)(THTensor *a, THTensor *b) {
  long wrong = THTensor_(nElement)(a) != THTensor_(nElement)(b);
  THTensor *ac = THTensor_(newContiguous)(a), *bc = THTensor_(newContiguous)(b);
  for (ptrdiff_t k = 0; !wrong && k < THTensor_(nElement)(a); k++) {
    double x = THTensor_(data)(ac)[k], y = THTensor_(data)(bc)[k];
    wrong += !(fabs(x - y) <= Case_(tolerance)() * (fabs(y) > 1 ? fabs(y) : 1));
  }
  THTensor_(free)(ac);
  THTensor_(free)(bc);
  return wrong;
}

/* ---- The element-wise modules, from one table ---- */

/* One module with its configuration fixed: forward, backward (given the forward's output, which
 * several modules read), the reference of one output element, and where its input ramp starts. */
typedef struct Case_(Pointwise) {
  const char *name;
  void (*forward)(THTensor *input, THTensor *output, void *context);
  void (*backward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput, THTensor *output);
  double (*reference)(double x);
  double offset;
} Case_(Pointwise);

static void Case_(absF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(Abs_updateOutput)(NULL, i, o);
}
static void Case_(absB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(Abs_updateGradInput)(NULL, i, g, gi);
}
static double Case_(absR)(double x) { return fabs(x); }

static void Case_(eluF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(ELU_updateOutput)(NULL, i, o, 1.5, false);
}
static void Case_(eluB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  THNN_(ELU_updateGradInput)(NULL, i, g, gi, o, 1.5, false);
}
static double Case_(eluR)(double x) { return x > 0 ? x : 1.5 * (exp(x) - 1); }

static void Case_(hardShrinkF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(HardShrink_updateOutput)(NULL, i, o, 0.5);
}
static void Case_(hardShrinkB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(HardShrink_updateGradInput)(NULL, i, g, gi, 0.5);
}
static double Case_(hardShrinkR)(double x) { return fabs(x) > 0.5 ? x : 0; }

static void Case_(hardTanhF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(HardTanh_updateOutput)(NULL, i, o, -1, 1.5, false);
}
static void Case_(hardTanhB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(HardTanh_updateGradInput)(NULL, i, g, gi, -1, 1.5, false);
}
static double Case_(hardTanhR)(double x) { return x < -1 ? -1 : (x > 1.5 ? 1.5 : x); }

static void Case_(leakyReLUF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(LeakyReLU_updateOutput)(NULL, i, o, 0.1, false);
}
static void Case_(leakyReLUB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(LeakyReLU_updateGradInput)(NULL, i, g, gi, 0.1, false);
}
static double Case_(leakyReLUR)(double x) { return x > 0 ? x : 0.1 * x; }

/* LogSigmoid's buffer lives from the forward to the backward, as a module's would. */
static THTensor *Case_(logSigmoidBuffer);
static void Case_(logSigmoidF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(LogSigmoid_updateOutput)(NULL, i, o, Case_(logSigmoidBuffer));
}
static void Case_(logSigmoidB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(LogSigmoid_updateGradInput)(NULL, i, g, gi, Case_(logSigmoidBuffer));
}
static double Case_(logSigmoidR)(double x) { return log(1 / (1 + exp(-x))); }

static void Case_(rreluEvalF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(RReLU_updateOutput)(NULL, i, o, NULL, 0.125, 0.375, false, false, NULL);
}
static void Case_(rreluEvalB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(RReLU_updateGradInput)(NULL, i, g, gi, NULL, 0.125, 0.375, false, false);
}
static double Case_(rreluEvalR)(double x) { return x >= 0 ? x : 0.25 * x; }

static void Case_(sigmoidF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(Sigmoid_updateOutput)(NULL, i, o);
}
static void Case_(sigmoidB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  THNN_(Sigmoid_updateGradInput)(NULL, i, g, gi, o);
}
static double Case_(sigmoidR)(double x) { return 1 / (1 + exp(-x)); }

static void Case_(softPlusF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(SoftPlus_updateOutput)(NULL, i, o, 2, 3);
}
static void Case_(softPlusB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  THNN_(SoftPlus_updateGradInput)(NULL, i, g, gi, o, 2, 3);
}
static double Case_(softPlusR)(double x) { return 2 * x > 3 ? x : log(1 + exp(2 * x)) / 2; }

static void Case_(softShrinkF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(SoftShrink_updateOutput)(NULL, i, o, 0.5);
}
static void Case_(softShrinkB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(SoftShrink_updateGradInput)(NULL, i, g, gi, 0.5);
}
static double Case_(softShrinkR)(double x) { return x > 0.5 ? x - 0.5 : (x < -0.5 ? x + 0.5 : 0); }

static void Case_(sqrtF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(Sqrt_updateOutput)(NULL, i, o, 0.1);
}
static void Case_(sqrtB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  THNN_(Sqrt_updateGradInput)(NULL, i, g, gi, o);
}
static double Case_(sqrtR)(double x) { return sqrt(x + 0.1); }

static void Case_(squareF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(Square_updateOutput)(NULL, i, o);
}
static void Case_(squareB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(Square_updateGradInput)(NULL, i, g, gi);
}
static double Case_(squareR)(double x) { return x * x; }

static void Case_(tanhF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(Tanh_updateOutput)(NULL, i, o);
}
static void Case_(tanhB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  THNN_(Tanh_updateGradInput)(NULL, i, g, gi, o);
}
static double Case_(tanhR)(double x) { return tanh(x); }

static void Case_(thresholdF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(Threshold_updateOutput)(NULL, i, o, 0.5, -3, false);
}
static void Case_(thresholdB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(Threshold_updateGradInput)(NULL, i, g, gi, 0.5, -3, false);
}
static double Case_(thresholdR)(double x) { return x > 0.5 ? x : -3; }

/* Inputs from offset in steps of 0.5: -2.75 ... 2.75 misses every kink (0, +-0.5, -1, 1.5 and
 * SoftPlus's 1.5); Sqrt's input stays positive. */
static const Case_(Pointwise) Case_(pointwise)[] = {
  {"Abs", Case_(absF), Case_(absB), Case_(absR), -2.75},
  {"ELU", Case_(eluF), Case_(eluB), Case_(eluR), -2.75},
  {"HardShrink", Case_(hardShrinkF), Case_(hardShrinkB), Case_(hardShrinkR), -2.75},
  {"HardTanh", Case_(hardTanhF), Case_(hardTanhB), Case_(hardTanhR), -2.75},
  {"LeakyReLU", Case_(leakyReLUF), Case_(leakyReLUB), Case_(leakyReLUR), -2.75},
  {"LogSigmoid", Case_(logSigmoidF), Case_(logSigmoidB), Case_(logSigmoidR), -2.75},
  {"RReLU (evaluation)", Case_(rreluEvalF), Case_(rreluEvalB), Case_(rreluEvalR), -2.75},
  {"Sigmoid", Case_(sigmoidF), Case_(sigmoidB), Case_(sigmoidR), -2.75},
  {"SoftPlus", Case_(softPlusF), Case_(softPlusB), Case_(softPlusR), -2.75},
  {"SoftShrink", Case_(softShrinkF), Case_(softShrinkB), Case_(softShrinkR), -2.75},
  {"Sqrt", Case_(sqrtF), Case_(sqrtB), Case_(sqrtR), 0.25},
  {"Square", Case_(squareF), Case_(squareB), Case_(squareR), -2.75},
  {"Tanh", Case_(tanhF), Case_(tanhB), Case_(tanhR), -2.75},
  {"Threshold", Case_(thresholdF), Case_(thresholdB), Case_(thresholdR), -2.75},
};
#define CASE_POINTWISE_COUNT (long)(sizeof(Case_(pointwise)) / sizeof(Case_(pointwise)[0]))

/* The forward of module m on input (any layout) against its reference, element by element. */
static long Case_(forwardMismatches)(const Case_(Pointwise) *m, THTensor *input) {
  THTensor *output = THTensor_(new)(), *expected = THTensor_(newClone)(input);
  m->forward(input, output, NULL);
  long wrong = !THTensor_(isSameSizeAs)(output, input);
  THTensor *flat = THTensor_(newContiguous)(expected);
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(flat); k++)
    THTensor_(data)(flat)[k] = (real)m->reference(THTensor_(data)(flat)[k]);
  wrong += Case_(mismatches)(output, flat);
  THTensor_(free)(output);
  THTensor_(free)(expected);
  THTensor_(free)(flat);
  return wrong;
}

TEST(Case_(pointwise_forward_matches_the_reference)) {
  Case_(logSigmoidBuffer) = THTensor_(new)();
  for (long m = 0; m < CASE_POINTWISE_COUNT; m++) {
    const Case_(Pointwise) *module = &Case_(pointwise)[m];
    THTensor *matrix = Case_(ramp)(3, 4, module->offset, 0.5);
    THTensor *single = Case_(ramp)(1, 1, module->offset, 0.5);
    long wrong = Case_(forwardMismatches)(module, matrix);
    wrong += Case_(forwardMismatches)(module, single);
    if (wrong)
      printf("  %s forward: %ld wrong\n", module->name, wrong);
    CHECK_EQ_LONG(wrong, 0);
    THTensor_(free)(matrix);
    THTensor_(free)(single);
  }
  THTensor_(free)(Case_(logSigmoidBuffer));
}

TEST(Case_(pointwise_backward_matches_central_differences)) {
  Case_(logSigmoidBuffer) = THTensor_(new)();
  for (long m = 0; m < CASE_POINTWISE_COUNT; m++) {
    const Case_(Pointwise) *module = &Case_(pointwise)[m];
    THTensor *input = Case_(ramp)(3, 4, module->offset, 0.5), *output = THTensor_(new)();
    THTensor *gradOutput = Case_(ramp)(3, 4, 1, 0.25), *gradInput = THTensor_(new)();
    module->forward(input, output, NULL);
    module->backward(input, gradOutput, gradInput, output);
    double error = Case_(gradientError)(module->forward, NULL, input, gradOutput, gradInput);
    if (!(error < 1e-6))
      printf("  %s backward: error %g\n", module->name, error);
    CHECK(error < 1e-6);
    THTensor_(free)(input);
    THTensor_(free)(output);
    THTensor_(free)(gradOutput);
    THTensor_(free)(gradInput);
  }
  THTensor_(free)(Case_(logSigmoidBuffer));
}

/* Transposed input and gradOutput, and a transposed output to write into: the same numbers, in
 * row-major order, as the contiguous call. */
TEST(Case_(pointwise_modules_take_any_layout)) {
  Case_(logSigmoidBuffer) = THTensor_(new)();
  for (long m = 0; m < CASE_POINTWISE_COUNT; m++) {
    const Case_(Pointwise) *module = &Case_(pointwise)[m];
    THTensor *base = Case_(ramp)(4, 3, module->offset, 0.5);
    THTensor *input = THTensor_(newTranspose)(base, 0, 1), *inputCopy = THTensor_(newClone)(input);
    THTensor *gradBase = Case_(ramp)(4, 3, 1, 0.25);
    THTensor *gradOutput = THTensor_(newTranspose)(gradBase, 0, 1);
    THTensor *gradOutputCopy = THTensor_(newClone)(gradOutput);
    THTensor *outBase = THTensor_(newWithSize2d)(4, 3);
    THTensor *output = THTensor_(newTranspose)(outBase, 0, 1), *expected = THTensor_(new)();
    THTensor *gradInput = THTensor_(new)(), *expectedGrad = THTensor_(new)();
    module->forward(input, output, NULL);
    module->backward(input, gradOutput, gradInput, output);
    module->forward(inputCopy, expected, NULL);
    module->backward(inputCopy, gradOutputCopy, expectedGrad, expected);
    long wrong = Case_(mismatches)(output, expected) + Case_(mismatches)(gradInput, expectedGrad);
    wrong += THTensor_(isContiguous)(output); /* written where it lies, not replaced */
    if (wrong)
      printf("  %s with transposed operands: %ld wrong\n", module->name, wrong);
    CHECK_EQ_LONG(wrong, 0);
    THTensor *all[] = {base, input, inputCopy, gradBase, gradOutput, gradOutputCopy, outBase,
                       output, expected, gradInput, expectedGrad};
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
      THTensor_(free)(all[k]);
  }
  THTensor_(free)(Case_(logSigmoidBuffer));
}

TEST(Case_(pointwise_backward_checks_the_gradient_size)) {
  Case_(logSigmoidBuffer) = THTensor_(new)();
  for (long m = 0; m < CASE_POINTWISE_COUNT; m++) {
    const Case_(Pointwise) *module = &Case_(pointwise)[m];
    THTensor *input = Case_(ramp)(3, 4, module->offset, 0.5), *output = THTensor_(new)();
    THTensor *gradOutput = THTensor_(newWithSize1d)(5), *gradInput = THTensor_(new)();
    module->forward(input, output, NULL);
    EXPECT_TH_ERROR(module->backward(input, gradOutput, gradInput, output),
                    "gradOutput should have 12 elements (size 3x4), but got 5 (size 5)");
    THTensor_(free)(input);
    THTensor_(free)(output);
    THTensor_(free)(gradOutput);
    THTensor_(free)(gradInput);
  }
  THTensor_(free)(Case_(logSigmoidBuffer));
}

TEST(Case_(log_sigmoid_checks_its_buffer_and_is_stable)) {
  THTensor *input = Case_(ramp)(1, 3, -200, 200), *output = THTensor_(new)();
  THTensor *buffer = THTensor_(new)(), *gradOutput = Case_(ramp)(1, 3, 1, 0);
  THTensor *gradInput = THTensor_(new)();
  THNN_(LogSigmoid_updateOutput)(NULL, input, output, buffer);
  real *y = THTensor_(data)(output);
  CHECK_NEAR(y[0], -200, 1e-3); /* log(sigmoid(-200)), without exp(200) */
  CHECK_NEAR(y[1], -log(2.0), 1e-6);
  CHECK_NEAR(y[2], 0, 1e-6);
  THNN_(LogSigmoid_updateGradInput)(NULL, input, gradOutput, gradInput, buffer);
  CHECK_NEAR(THTensor_(data)(gradInput)[0], 1, 1e-6);
  CHECK_NEAR(THTensor_(data)(gradInput)[2], 0, 1e-6);
  THTensor_(resize1d)(buffer, 2);
  EXPECT_TH_ERROR(THNN_(LogSigmoid_updateGradInput)(NULL, input, gradOutput, gradInput, buffer),
                  "buffer should have 3 elements (size 1x3), but got 2 (size 2)");
  THTensor_(free)(input);
  THTensor_(free)(output);
  THTensor_(free)(buffer);
  THTensor_(free)(gradOutput);
  THTensor_(free)(gradInput);
}

/* ---- In place: input (gradOutput) overwritten, output (gradInput) a view of it ---- */

typedef void (*Case_(InplaceForward))(THTensor *input, THTensor *output);
typedef void (*Case_(InplaceBackward))(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                        THTensor *output);

static void Case_(thresholdInF)(THTensor *i, THTensor *o) {
  THNN_(Threshold_updateOutput)(NULL, i, o, 0.5, -3, true);
}
static void Case_(thresholdInB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(Threshold_updateGradInput)(NULL, i, g, gi, 0.5, -3, true);
}
static void Case_(hardTanhInF)(THTensor *i, THTensor *o) {
  THNN_(HardTanh_updateOutput)(NULL, i, o, -1, 1.5, true);
}
static void Case_(hardTanhInB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(HardTanh_updateGradInput)(NULL, i, g, gi, -1, 1.5, true);
}
static void Case_(leakyReLUInF)(THTensor *i, THTensor *o) {
  THNN_(LeakyReLU_updateOutput)(NULL, i, o, 0.1, true);
}
static void Case_(leakyReLUInB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(LeakyReLU_updateGradInput)(NULL, i, g, gi, 0.1, true);
}
static void Case_(eluInF)(THTensor *i, THTensor *o) {
  THNN_(ELU_updateOutput)(NULL, i, o, 1.5, true);
}
static void Case_(eluInB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  THNN_(ELU_updateGradInput)(NULL, i, g, gi, o, 1.5, true);
}
static void Case_(rreluInF)(THTensor *i, THTensor *o) {
  THNN_(RReLU_updateOutput)(NULL, i, o, NULL, 0.125, 0.375, false, true, NULL);
}
static void Case_(rreluInB)(THTensor *i, THTensor *g, THTensor *gi, THTensor *o) {
  (void)o;
  THNN_(RReLU_updateGradInput)(NULL, i, g, gi, NULL, 0.125, 0.375, false, true);
}

/* Each in-place module against its out-of-place form (the table entry of the same name), which
 * the out-of-place cases above check against the reference. The in-place backward reads the
 * overwritten input, as a module's backward would after an in-place forward. */
TEST(Case_(inplace_modules_overwrite_their_input)) {
  struct {
    const char *name;
    Case_(InplaceForward) forward;
    Case_(InplaceBackward) backward;
    long table;
  } modules[] = {
    {"Threshold", Case_(thresholdInF), Case_(thresholdInB), 13},
    {"HardTanh", Case_(hardTanhInF), Case_(hardTanhInB), 3},
    {"LeakyReLU", Case_(leakyReLUInF), Case_(leakyReLUInB), 4},
    {"ELU", Case_(eluInF), Case_(eluInB), 1},
    {"RReLU (evaluation)", Case_(rreluInF), Case_(rreluInB), 6},
  };
  for (size_t m = 0; m < sizeof(modules) / sizeof(modules[0]); m++) {
    const Case_(Pointwise) *reference = &Case_(pointwise)[modules[m].table];
    CHECK(strcmp(reference->name, modules[m].name) == 0);
    THTensor *input = Case_(ramp)(3, 4, -2.75, 0.5), *original = THTensor_(newClone)(input);
    THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
    THTensor *gradOutput = Case_(ramp)(3, 4, 1, 0.25), *gradInput = THTensor_(new)();
    THTensor *expectedGrad = THTensor_(new)();
    reference->forward(original, expected, NULL);
    reference->backward(original, gradOutput, expectedGrad, expected);
    modules[m].forward(input, output);
    modules[m].backward(input, gradOutput, gradInput, output);
    long wrong = !THTensor_(isSetTo)(output, input) + !THTensor_(isSetTo)(gradInput, gradOutput);
    wrong += Case_(mismatches)(input, expected) + Case_(mismatches)(gradOutput, expectedGrad);
    if (wrong)
      printf("  %s in place: %ld wrong\n", modules[m].name, wrong);
    CHECK_EQ_LONG(wrong, 0);
    THTensor *all[] = {input, original, output, expected, gradOutput, gradInput, expectedGrad};
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
      THTensor_(free)(all[k]);
  }
}

/* ---- RReLU in training: random slopes in [lower, upper), kept in noise ---- */

TEST(Case_(rrelu_training_draws_slopes_into_noise)) {
  THGenerator *generator = THGenerator_new();
  THRandom_manualSeed(generator, 7);
  THTensor *input = Case_(ramp)(4, 5, -4.75, 0.5), *output = THTensor_(new)();
  THTensor *noise = THTensor_(new)(), *gradOutput = Case_(ramp)(4, 5, 1, 0.25);
  THTensor *gradInput = THTensor_(new)();
  THNN_(RReLU_updateOutput)(NULL, input, output, noise, 0.125, 0.375, true, false, generator);
  THNN_(RReLU_updateGradInput)(NULL, input, gradOutput, gradInput, noise, 0.125, 0.375, true,
                               false);
  long wrong = 0;
  for (long k = 0; k < 20; k++) {
    real x = THTensor_(data)(input)[k], r = THTensor_(data)(noise)[k];
    wrong += x > 0 ? r != 1 : !(r >= (real)0.125 && r <= (real)0.375);
    wrong += THTensor_(data)(output)[k] != x * r;
    wrong += THTensor_(data)(gradInput)[k] != THTensor_(data)(gradOutput)[k] * r;
  }
  CHECK_EQ_LONG(wrong, 0);
  /* the same seed, in place: the same slopes */
  THTensor *again = THTensor_(newClone)(input), *noiseAgain = THTensor_(new)();
  THTensor *outputAgain = THTensor_(new)();
  THRandom_manualSeed(generator, 7);
  THNN_(RReLU_updateOutput)(NULL, again, outputAgain, noiseAgain, 0.125, 0.375, true, true,
                            generator);
  CHECK(THTensor_(isSetTo)(outputAgain, again));
  CHECK_EQ_LONG(Case_(mismatches)(again, output) + Case_(mismatches)(noiseAgain, noise), 0);
  EXPECT_TH_ERROR(THNN_(RReLU_updateOutput)(NULL, input, output, noise, 0.125, 0.375, true, false,
                                            NULL),
                  "a random generator is needed in training mode");
  THTensor_(resize1d)(noise, 3);
  EXPECT_TH_ERROR(THNN_(RReLU_updateGradInput)(NULL, input, gradOutput, gradInput, noise, 0.125,
                                               0.375, true, false),
                  "noise should have 20 elements (size 4x5), but got 3 (size 3)");
  THTensor *all[] = {input, output, noise, gradOutput, gradInput, again, noiseAgain, outputAgain};
  for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
    THTensor_(free)(all[k]);
  THGenerator_free(generator);
}

/* ---- SoftMax and LogSoftMax, over the features of 1D to 4D inputs ---- */

static void Case_(softMaxF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(SoftMax_updateOutput)(NULL, i, o);
}
static void Case_(logSoftMaxF)(THTensor *i, THTensor *o, void *c) {
  (void)c;
  THNN_(LogSoftMax_updateOutput)(NULL, i, o);
}

/* The reference: the (log-)softmax over dimension featureDim of input, one vector at a time. */
static THTensor *Case_(softMaxReference)(THTensor *input, int featureDim, int logarithm) {
  THTensor *result = THTensor_(newClone)(input);
  THTensor *moved = THTensor_(newTranspose)(result, featureDim, result->nDimension - 1);
  THTensor *rows = THTensor_(newContiguous)(moved);
  long dim = input->size[featureDim];
  for (ptrdiff_t first = 0; first < THTensor_(nElement)(rows); first += dim) {
    real *x = THTensor_(data)(rows) + first;
    double sum = 0;
    for (long d = 0; d < dim; d++)
      sum += exp((double)x[d]);
    for (long d = 0; d < dim; d++)
      x[d] = (real)(logarithm ? x[d] - log(sum) : exp((double)x[d]) / sum);
  }
  THTensor_(copy)(moved, rows);
  THTensor_(free)(moved);
  THTensor_(free)(rows);
  return result;
}

TEST(Case_(softmax_forward_and_backward_in_every_form)) {
  /* 13 and 19 features: the contiguous rows take eight at a time, then the rest */
  long sizes[4][4] = {{19}, {3, 13}, {5, 2, 3}, {2, 5, 2, 2}};
  for (int n = 1; n <= 4; n++) {
    for (int logarithm = 0; logarithm <= 1; logarithm++) {
      Case_(Forward) forward = logarithm ? Case_(logSoftMaxF) : Case_(softMaxF);
      THTensor *input = THTensor_(new)();
      THTensor_(resizeNd)(input, n, sizes[n - 1], NULL);
      for (ptrdiff_t k = 0; k < THTensor_(nElement)(input); k++)
        THTensor_(data)(input)[k] = (real)sin(1.7 * k);
      THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
      THTensor *gradOutput = THTensor_(newClone)(input);
      for (ptrdiff_t k = 0; k < THTensor_(nElement)(input); k++)
        THTensor_(data)(gradOutput)[k] = (real)cos(0.9 * k);
      forward(input, output, NULL);
      THTensor *expected = Case_(softMaxReference)(input, n == 1 || n == 3 ? 0 : 1, logarithm);
      long wrong = Case_(mismatches)(output, expected);
      if (logarithm)
        THNN_(LogSoftMax_updateGradInput)(NULL, input, gradOutput, gradInput, output);
      else
        THNN_(SoftMax_updateGradInput)(NULL, input, gradOutput, gradInput, output);
      double error = Case_(gradientError)(forward, NULL, input, gradOutput, gradInput);
      if (wrong || !(error < 1e-6))
        printf("  %sSoftMax on %dD: %ld wrong, gradient error %g\n", logarithm ? "Log" : "", n,
               wrong, error);
      CHECK_EQ_LONG(wrong, 0);
      CHECK(error < 1e-6);
      THTensor *all[] = {input, output, gradInput, gradOutput, expected};
      for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
        THTensor_(free)(all[k]);
    }
  }
}

TEST(Case_(softmax_is_stable_and_takes_any_layout)) {
  /* large inputs: exp(1000) would overflow without the max subtracted */
  THTensor *base = Case_(ramp)(3, 2, 1000, 1), *input = THTensor_(newTranspose)(base, 0, 1);
  THTensor *output = THTensor_(new)(), *logOutput = THTensor_(new)();
  THNN_(SoftMax_updateOutput)(NULL, input, output);
  THNN_(LogSoftMax_updateOutput)(NULL, input, logOutput);
  /* row 0 of the transpose holds 1000, 1002, 1004 */
  CHECK_NEAR(THTensor_(get2d)(output, 0, 2), 1 / (1 + exp(-2.0) + exp(-4.0)), 1e-6);
  CHECK_NEAR(THTensor_(get2d)(logOutput, 0, 2), -log(1 + exp(-2.0) + exp(-4.0)), 1e-4);
  THTensor *all[] = {base, input, output, logOutput};
  for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
    THTensor_(free)(all[k]);
}

TEST(Case_(softmax_checks_its_arguments)) {
  THTensor *input = THTensor_(newWithSize3d)(2, 2, 2), *output = THTensor_(new)();
  THTensor *wide = THTensor_(newWithSize1d)(5), *gradOutput = THTensor_(newWithSize1d)(7);
  THTensor *gradInput = THTensor_(new)();
  THTensor_(fill)(input, 0);
  THTensor_(resize5d)(output, 1, 1, 1, 1, 2);
  EXPECT_TH_ERROR(THNN_(SoftMax_updateOutput)(NULL, output, input),
                  "input should be a 1D (features), 2D (batch x features), 3D (features x height "
                  "x width) or 4D (batch x features x height x width) tensor, but got size "
                  "1x1x1x1x2");
  EXPECT_TH_ERROR(THNN_(LogSoftMax_updateGradInput)(NULL, input, gradOutput, gradInput, input),
                  "gradOutput should have 8 elements (size 2x2x2), but got 7 (size 7)");
  EXPECT_TH_ERROR(THNN_(SoftMax_updateGradInput)(NULL, input, input, gradInput, wide),
                  "output should have 8 elements (size 2x2x2), but got 5 (size 5)");
  THTensor *all[] = {input, output, wide, gradOutput, gradInput};
  for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
    THTensor_(free)(all[k]);
}

/* ---- PReLU: a slope per channel, or one shared ---- */

typedef struct Case_(PReLUContext) {
  THTensor *weight;
  long nOutputPlane;
} Case_(PReLUContext);

static void Case_(preluF)(THTensor *i, THTensor *o, void *c) {
  Case_(PReLUContext) *context = c;
  THNN_(PReLU_updateOutput)(NULL, i, o, context->weight, context->nOutputPlane);
}

/* forward as a function of the weight, for the check of accGradParameters */
typedef struct Case_(PReLUWeightContext) {
  THTensor *input;
  long nOutputPlane;
} Case_(PReLUWeightContext);

static void Case_(preluOfWeight)(THTensor *weight, THTensor *o, void *c) {
  Case_(PReLUWeightContext) *context = c;
  THNN_(PReLU_updateOutput)(NULL, context->input, o, weight, context->nOutputPlane);
}

TEST(Case_(prelu_forward_and_gradients_per_channel_and_shared)) {
  /* the channels in dimension 0 for a 1D input, 1 for any other; nOutputPlane 0: shared */
  struct { int dims; long sizes[5]; long nOutputPlane; int channelDim; } forms[] = {
    {1, {3}, 3, 0}, {2, {2, 3}, 3, 1}, {3, {2, 3, 2}, 3, 1}, {4, {2, 3, 1, 2}, 3, 1},
    {5, {2, 3, 2, 1, 2}, 3, 1}, {3, {2, 3, 2}, 0, -1}, {2, {2, 3}, 0, -1}, {1, {1}, 1, 0},
  };
  for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
    long planes = forms[f].nOutputPlane ? forms[f].nOutputPlane : 1;
    THTensor *input = THTensor_(new)(), *output = THTensor_(new)();
    THTensor_(resizeNd)(input, forms[f].dims, forms[f].sizes, NULL);
    for (ptrdiff_t k = 0; k < THTensor_(nElement)(input); k++)
      THTensor_(data)(input)[k] = (real)(k % 2 ? 0.75 + 0.5 * k : -0.25 - 0.5 * k);
    THTensor *weight = Case_(ramp)(1, planes, 0.25, 0.125);
    Case_(PReLUContext) context = {weight, forms[f].nOutputPlane};
    Case_(preluF)(input, output, &context);
    long wrong = 0;
    for (ptrdiff_t k = 0; k < THTensor_(nElement)(input); k++) {
      /* the channel of element k: its index along channelDim */
      long channel = 0;
      if (forms[f].channelDim >= 0) {
        long inner = 1;
        for (int d = forms[f].channelDim + 1; d < forms[f].dims; d++)
          inner *= forms[f].sizes[d];
        channel = (k / inner) % forms[f].sizes[forms[f].channelDim];
      }
      real x = THTensor_(data)(input)[k];
      real expected = x > 0 ? x : THTensor_(data)(weight)[channel] * x;
      wrong += THTensor_(data)(output)[k] != expected;
    }
    THTensor *gradOutput = THTensor_(newClone)(input), *gradInput = THTensor_(new)();
    for (ptrdiff_t k = 0; k < THTensor_(nElement)(input); k++)
      THTensor_(data)(gradOutput)[k] = (real)(1 + 0.5 * k);
    THNN_(PReLU_updateGradInput)(NULL, input, gradOutput, gradInput, weight,
                                 forms[f].nOutputPlane);
    double error = Case_(gradientError)(Case_(preluF), &context, input, gradOutput, gradInput);
    /* accGradParameters adds scale times the gradient to what gradWeight holds (here 1s) */
    THTensor *gradWeight = Case_(ramp)(1, planes, 1, 0), *weightGrad = THTensor_(new)();
    THNN_(PReLU_accGradParameters)(NULL, input, gradOutput, gradInput, weight, gradWeight, NULL,
                                   NULL, forms[f].nOutputPlane, 2);
    THTensor_(resizeAs)(weightGrad, gradWeight);
    for (long c = 0; c < planes; c++)
      THTensor_(data)(weightGrad)[c] = (THTensor_(data)(gradWeight)[c] - 1) / 2;
    Case_(PReLUWeightContext) weightContext = {input, forms[f].nOutputPlane};
    double weightError = Case_(gradientError)(Case_(preluOfWeight), &weightContext, weight,
                                              gradOutput, weightGrad);
    if (wrong || !(error < 1e-6) || !(weightError < 1e-6))
      printf("  PReLU form %zu: %ld wrong, gradient errors %g %g\n", f, wrong, error,
             weightError);
    CHECK_EQ_LONG(wrong, 0);
    CHECK(error < 1e-6);
    CHECK(weightError < 1e-6);
    THTensor *all[] = {input, output, weight, gradOutput, gradInput, gradWeight, weightGrad};
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
      THTensor_(free)(all[k]);
  }
}

TEST(Case_(prelu_checks_its_arguments)) {
  THTensor *input = THTensor_(newWithSize2d)(2, 3), *output = THTensor_(new)();
  THTensor *weight = THTensor_(newWithSize1d)(3), *shortWeight = THTensor_(newWithSize1d)(2);
  THTensor *gradInput = THTensor_(new)(), *gradOutput = THTensor_(newWithSize1d)(4);
  THTensor *empty = THTensor_(new)();
  THTensor_(fill)(input, 1);
  THTensor_(fill)(weight, 0.25);
  EXPECT_TH_ERROR(THNN_(PReLU_updateOutput)(NULL, input, output, shortWeight, 2),
                  "input should have 2 channels in dimension 1, but got size 2x3");
  EXPECT_TH_ERROR(THNN_(PReLU_updateOutput)(NULL, input, output, shortWeight, 3),
                  "weight should have 3 elements, but got size 2");
  EXPECT_TH_ERROR(THNN_(PReLU_updateOutput)(NULL, input, output, weight, -1),
                  "nOutputPlane should be 0 (one shared weight) or the number of channels, but "
                  "got -1");
  EXPECT_TH_ERROR(THNN_(PReLU_updateOutput)(NULL, empty, output, weight, 3),
                  "input should have at least one dimension, but is empty");
  EXPECT_TH_ERROR(THNN_(PReLU_updateGradInput)(NULL, input, gradOutput, gradInput, weight, 3),
                  "gradOutput should have 6 elements (size 2x3), but got 4 (size 4)");
  EXPECT_TH_ERROR(THNN_(PReLU_accGradParameters)(NULL, input, input, gradInput, weight,
                                                 shortWeight, NULL, NULL, 3, 1),
                  "gradWeight should have 3 elements (size 3), but got 2 (size 2)");
  THTensor *all[] = {input, output, weight, shortWeight, gradInput, gradOutput, empty};
  for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
    THTensor_(free)(all[k]);
}

/* GatedLinear: the first half of the input along dim times the sigmoid of the second half. */
typedef struct {
  int dim;
} Case_(Glu);

static void Case_(gluForward)(THTensor *input, THTensor *output, void *context) {
  THNN_(GatedLinear_updateOutput)(NULL, input, output, ((Case_(Glu) *)context)->dim);
}

TEST(Case_(gated_linear_forward_and_backward_along_each_dim)) {
  for (int dim = 0; dim < 2; dim++) {
    /* 4 x 6: halves of 2 rows (dim 0) or of 3 columns (dim 1) */
    THTensor *input = Case_(ramp)(4, 6, -2.3, 0.17), *output = THTensor_(new)();
    Case_(Glu) glu = {dim};
    Case_(gluForward)(input, output, &glu);
    long half = input->size[dim] / 2, wrong = 0;
    CHECK_EQ_LONG(output->size[dim], half);
    CHECK_EQ_LONG(output->size[1 - dim], input->size[1 - dim]);
    for (long i = 0; i < output->size[0]; i++)
      for (long j = 0; j < output->size[1]; j++) {
        double a = THTensor_(get2d)(input, i, j);
        double b = dim == 0 ? THTensor_(get2d)(input, i + half, j)
                            : THTensor_(get2d)(input, i, j + half);
        wrong += fabs(THTensor_(get2d)(output, i, j) - a / (1 + exp(-b))) > Case_(tolerance)();
      }
    CHECK_EQ_LONG(wrong, 0);
    THTensor *gradOutput = Case_(ramp)(output->size[0], output->size[1], 0.4, -0.09);
    THTensor *gradInput = THTensor_(new)();
    THNN_(GatedLinear_updateGradInput)(NULL, input, gradOutput, gradInput, dim);
    CHECK(Case_(gradientError)(Case_(gluForward), &glu, input, gradOutput, gradInput) < 1e-6);
    /* a transposed input gives the transposed result along the other dim */
    THTensor *transposed = THTensor_(newTranspose)(input, 0, 1), *other = THTensor_(new)();
    THNN_(GatedLinear_updateOutput)(NULL, transposed, other, 1 - dim);
    THTensor *otherT = THTensor_(newTranspose)(other, 0, 1);
    CHECK_EQ_LONG(Case_(mismatches)(otherT, output), 0);
    THTensor *all[] = {input, output, gradOutput, gradInput, transposed, other, otherT};
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
      THTensor_(free)(all[k]);
  }
}

TEST(Case_(gated_linear_checks_dim_and_sizes)) {
  THTensor *odd = Case_(ramp)(3, 4, 0, 0.1), *input = Case_(ramp)(4, 4, 0, 0.1);
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  THTensor *gradOutput = Case_(ramp)(4, 4, 0, 0.1);
  EXPECT_TH_ERROR(THNN_(GatedLinear_updateOutput)(NULL, odd, output, 0),
                  "input should have an even size along dim 0 to be cut in halves, but got size "
                  "3x4");
  EXPECT_TH_ERROR(THNN_(GatedLinear_updateOutput)(NULL, input, output, 2),
                  "dim should be a dimension of the input (0 to 1), but got 2 (input is 4x4)");
  EXPECT_TH_ERROR(THNN_(GatedLinear_updateOutput)(NULL, input, output, -1),
                  "dim should be a dimension of the input (0 to 1), but got -1");
  EXPECT_TH_ERROR(THNN_(GatedLinear_updateGradInput)(NULL, input, gradOutput, gradInput, 1),
                  "gradOutput should be of size 4x2, but got size 4x4");
  THTensor *all[] = {odd, input, output, gradInput, gradOutput};
  for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
    THTensor_(free)(all[k]);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(pointwise_forward_matches_the_reference)),
  TEST_ENTRY(Case_(pointwise_backward_matches_central_differences)),
  TEST_ENTRY(Case_(pointwise_modules_take_any_layout)),
  TEST_ENTRY(Case_(pointwise_backward_checks_the_gradient_size)),
  TEST_ENTRY(Case_(log_sigmoid_checks_its_buffer_and_is_stable)),
  TEST_ENTRY(Case_(inplace_modules_overwrite_their_input)),
  TEST_ENTRY(Case_(rrelu_training_draws_slopes_into_noise)),
  TEST_ENTRY(Case_(softmax_forward_and_backward_in_every_form)),
  TEST_ENTRY(Case_(softmax_is_stable_and_takes_any_layout)),
  TEST_ENTRY(Case_(softmax_checks_its_arguments)),
  TEST_ENTRY(Case_(prelu_forward_and_gradients_per_channel_and_shared)),
  TEST_ENTRY(Case_(prelu_checks_its_arguments)),
  TEST_ENTRY(Case_(gated_linear_forward_and_backward_along_each_dim)),
  TEST_ENTRY(Case_(gated_linear_checks_dim_and_sizes)),
};

#undef CASE_POINTWISE_COUNT

#endif
