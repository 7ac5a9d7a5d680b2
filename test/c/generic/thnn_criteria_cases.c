/* The THNN criterion cases for one float type (expanded by test_thnn_criteria.c through
 * THGenerateFloatTypes.h). The criteria of an input and a target of the same size are checked
 * from one table; the class-index criteria (ClassNLL, SpatialClassNLL, MultiMargin, MultiLabel-
 * Margin) have cases of their own. Inputs and targets are chosen away from each loss's kinks, so
 * that central differences are exact enough. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_criteria_cases.c"
#else

#include "thnn_gradients.c"

/* A tensor of the given sizes whose element k (row-major) is value(k). */
static THTensor *Case_(filled)(int dims, const long *sizes, double (*value)(long k)) {
  THTensor *t = THTensor_(new)();
  THTensor_(resizeNd)(t, dims, sizes, NULL);
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(t); k++)
    THTensor_(data)(t)[k] = (real)value(k);
  return t;
}

static THLongTensor *Case_(labels)(int dims, const long *sizes, const long *values) {
  THLongTensor *t = THLongTensor_new();
  THLongTensor_resizeNd(t, dims, sizes, NULL);
  for (ptrdiff_t k = 0; k < THLongTensor_nElement(t); k++)
    THLongTensor_data(t)[k] = values[k];
  return t;
}

static double Case_(loss)(THTensor *output) {
  return THTensor_(nElement)(output) == 1 ? THTensor_(data)(output)[0] : NAN;
}

/* The relative tolerance of a loss against a reference summed in double. */
static double Case_(tolerance)(void) {
#if defined(TH_REAL_IS_FLOAT)
  return 1e-5;
#else
  return 1e-12;
#endif
}

static int Case_(close)(double a, double b) {
  return fabs(a - b) <= Case_(tolerance)() * (fabs(b) > 1 ? fabs(b) : 1);
}

/* A 1-element gradOutput of 1: the gradient of the loss itself, for gradientError. */
static THTensor *Case_(one)(void) {
  THTensor *t = THTensor_(newWithSize1d)(1);
  THTensor_(data)(t)[0] = 1;
  return t;
}

static void Case_(freeAll)(THTensor **tensors, size_t count) {
  for (size_t k = 0; k < count; k++)
    THTensor_(free)(tensors[k]);
}
/* Frees every tensor listed. */
#define CASE_FREE(...)                                                                         \
  Case_(freeAll)((THTensor *[]){__VA_ARGS__},                                                  \
                 sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))

/* ---- Criteria of an input and a target of its size, from one table ---- */

typedef struct Case_(Pairwise) {
  const char *name;
  void (*forward)(THTensor *input, THTensor *target, THTensor *output, bool sizeAverage);
  void (*backward)(THTensor *input, THTensor *target, THTensor *gradInput, bool sizeAverage);
  double (*term)(double x, double y);    /* the reference: one element's share of the loss */
  double (*input)(long k), (*target)(long k);
} Case_(Pairwise);

static double Case_(anyInput)(long k) { return -1.3 + 0.37 * k; }
static double Case_(anyTarget)(long k) { return 0.8 - 0.21 * k; }
static double Case_(signTarget)(long k) { return k % 3 ? 1 : -1; }
static double Case_(probabilityTarget)(long k) { return k % 4 ? 0.1 * k : 0; }

static void Case_(absF)(THTensor *i, THTensor *t, THTensor *o, bool s) {
  THNN_(AbsCriterion_updateOutput)(NULL, i, t, o, s);
}
static void Case_(absB)(THTensor *i, THTensor *t, THTensor *g, bool s) {
  THNN_(AbsCriterion_updateGradInput)(NULL, i, t, g, s);
}
static double Case_(absT)(double x, double y) { return fabs(x - y); }

static void Case_(mseF)(THTensor *i, THTensor *t, THTensor *o, bool s) {
  THNN_(MSECriterion_updateOutput)(NULL, i, t, o, s);
}
static void Case_(mseB)(THTensor *i, THTensor *t, THTensor *g, bool s) {
  THNN_(MSECriterion_updateGradInput)(NULL, i, t, g, s);
}
static double Case_(mseT)(double x, double y) { return (x - y) * (x - y); }

static void Case_(smoothL1F)(THTensor *i, THTensor *t, THTensor *o, bool s) {
  THNN_(SmoothL1Criterion_updateOutput)(NULL, i, t, o, s);
}
static void Case_(smoothL1B)(THTensor *i, THTensor *t, THTensor *g, bool s) {
  THNN_(SmoothL1Criterion_updateGradInput)(NULL, i, t, g, s);
}
static double Case_(smoothL1T)(double x, double y) {
  return fabs(x - y) < 1 ? (x - y) * (x - y) / 2 : fabs(x - y) - 0.5;
}

static void Case_(klDivF)(THTensor *i, THTensor *t, THTensor *o, bool s) {
  THNN_(DistKLDivCriterion_updateOutput)(NULL, i, t, o, s);
}
static void Case_(klDivB)(THTensor *i, THTensor *t, THTensor *g, bool s) {
  THNN_(DistKLDivCriterion_updateGradInput)(NULL, i, t, g, s);
}
static double Case_(klDivT)(double x, double y) { return y > 0 ? y * (log(y) - x) : 0; }

static void Case_(marginF)(THTensor *i, THTensor *t, THTensor *o, bool s) {
  THNN_(MarginCriterion_updateOutput)(NULL, i, t, o, s, 0.5);
}
static void Case_(marginB)(THTensor *i, THTensor *t, THTensor *g, bool s) {
  THNN_(MarginCriterion_updateGradInput)(NULL, i, t, g, s, 0.5);
}
static double Case_(marginT)(double x, double y) { return 0.5 - x * y > 0 ? 0.5 - x * y : 0; }

static void Case_(softMarginF)(THTensor *i, THTensor *t, THTensor *o, bool s) {
  THNN_(SoftMarginCriterion_updateOutput)(NULL, i, t, o, s);
}
static void Case_(softMarginB)(THTensor *i, THTensor *t, THTensor *g, bool s) {
  THNN_(SoftMarginCriterion_updateGradInput)(NULL, i, t, g, s);
}
static double Case_(softMarginT)(double x, double y) { return log(1 + exp(-x * y)); }

static const Case_(Pairwise) Case_(pairwise)[] = {
  {"AbsCriterion", Case_(absF), Case_(absB), Case_(absT), Case_(anyInput), Case_(anyTarget)},
  {"MSECriterion", Case_(mseF), Case_(mseB), Case_(mseT), Case_(anyInput), Case_(anyTarget)},
  {"SmoothL1Criterion", Case_(smoothL1F), Case_(smoothL1B), Case_(smoothL1T), Case_(anyInput),
   Case_(anyTarget)},
  {"DistKLDivCriterion", Case_(klDivF), Case_(klDivB), Case_(klDivT), Case_(anyInput),
   Case_(probabilityTarget)},
  {"MarginCriterion", Case_(marginF), Case_(marginB), Case_(marginT), Case_(anyInput),
   Case_(signTarget)},
  {"SoftMarginCriterion", Case_(softMarginF), Case_(softMarginB), Case_(softMarginT),
   Case_(anyInput), Case_(signTarget)},
};

/* The loss of one table entry as a function of its input, for gradientError. */
typedef struct Case_(PairwiseContext) {
  const Case_(Pairwise) *criterion;
  THTensor *target;
  bool sizeAverage;
} Case_(PairwiseContext);

static void Case_(pairwiseLoss)(THTensor *input, THTensor *output, void *c) {
  Case_(PairwiseContext) *context = c;
  context->criterion->forward(input, context->target, output, context->sizeAverage);
}

TEST(Case_(pairwise_losses_and_gradients)) {
  long shapes[3][2] = {{3, 4}, {1, 1}, {12, 1}};
  for (size_t m = 0; m < sizeof(Case_(pairwise)) / sizeof(Case_(pairwise)[0]); m++) {
    const Case_(Pairwise) *criterion = &Case_(pairwise)[m];
    for (int shape = 0; shape < 3; shape++) {
      for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
        THTensor *input = Case_(filled)(2, shapes[shape], criterion->input);
        THTensor *target = Case_(filled)(2, shapes[shape], criterion->target);
        THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)(), *one = Case_(one)();
        ptrdiff_t n = THTensor_(nElement)(input);
        double expected = 0;
        for (ptrdiff_t k = 0; k < n; k++)
          expected += criterion->term(THTensor_(data)(input)[k], THTensor_(data)(target)[k]);
        expected /= sizeAverage ? n : 1;
        criterion->forward(input, target, output, sizeAverage);
        criterion->backward(input, target, gradInput, sizeAverage);
        Case_(PairwiseContext) context = {criterion, target, sizeAverage};
        double error = Case_(gradientError)(Case_(pairwiseLoss), &context, input, one, gradInput);
        int ok = THTensor_(nElement)(output) == 1 && Case_(close)(Case_(loss)(output), expected) &&
                 THTensor_(isSameSizeAs)(gradInput, input) && error < 1e-6;
        if (!ok)
          printf("  %s on %ldx%ld, sizeAverage %d: loss %g (expected %g), gradient error %g\n",
                 criterion->name, shapes[shape][0], shapes[shape][1], sizeAverage,
                 Case_(loss)(output), expected, error);
        CHECK(ok);
        CASE_FREE(input, target, output, gradInput, one);
      }
    }
  }
}

/* Transposed input and target (and a transposed gradInput to write into): the same loss and
 * gradient as the contiguous call, element for element in row-major order. */
TEST(Case_(pairwise_criteria_take_any_layout)) {
  long sizes[2] = {4, 3};
  for (size_t m = 0; m < sizeof(Case_(pairwise)) / sizeof(Case_(pairwise)[0]); m++) {
    const Case_(Pairwise) *criterion = &Case_(pairwise)[m];
    THTensor *inputBase = Case_(filled)(2, sizes, criterion->input);
    THTensor *targetBase = Case_(filled)(2, sizes, criterion->target);
    THTensor *input = THTensor_(newTranspose)(inputBase, 0, 1);
    THTensor *target = THTensor_(newTranspose)(targetBase, 0, 1);
    THTensor *inputCopy = THTensor_(newClone)(input), *targetCopy = THTensor_(newClone)(target);
    THTensor *gradBase = THTensor_(newWithSize2d)(4, 3);
    THTensor *gradInput = THTensor_(newTranspose)(gradBase, 0, 1), *expectedGrad = THTensor_(new)();
    THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
    criterion->forward(input, target, output, true);
    criterion->backward(input, target, gradInput, true);
    criterion->forward(inputCopy, targetCopy, expected, true);
    criterion->backward(inputCopy, targetCopy, expectedGrad, true);
    long wrong = !Case_(close)(Case_(loss)(output), Case_(loss)(expected));
    for (long r = 0; r < 3; r++)
      for (long c = 0; c < 4; c++)
        wrong += !Case_(close)(THTensor_(get2d)(gradInput, r, c),
                               THTensor_(get2d)(expectedGrad, r, c));
    if (wrong)
      printf("  %s with transposed operands: %ld wrong\n", criterion->name, wrong);
    CHECK_EQ_LONG(wrong, 0);
    CASE_FREE(inputBase, targetBase, input, target, inputCopy, targetCopy, gradBase, gradInput,
              expectedGrad, output, expected);
  }
}

TEST(Case_(pairwise_criteria_check_the_target_size)) {
  long sizes[2] = {3, 4}, shortSize[1] = {5};
  for (size_t m = 0; m < sizeof(Case_(pairwise)) / sizeof(Case_(pairwise)[0]); m++) {
    const Case_(Pairwise) *criterion = &Case_(pairwise)[m];
    THTensor *input = Case_(filled)(2, sizes, criterion->input);
    THTensor *target = Case_(filled)(1, shortSize, criterion->target);
    THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
    EXPECT_TH_ERROR(criterion->forward(input, target, output, true),
                    "target should have 12 elements (size 3x4), but got 5 (size 5)");
    EXPECT_TH_ERROR(criterion->backward(input, target, gradInput, true),
                    "target should have 12 elements (size 3x4), but got 5 (size 5)");
    CASE_FREE(input, target, output, gradInput);
  }
}

/* ---- BCECriterion, with and without weights ---- */

static double Case_(probability)(long k) { return 0.05 + 0.075 * k; }
static double Case_(halves)(long k) { return (k % 3) / 2.0; }
static double Case_(weightOf)(long k) { return 0.5 + 0.25 * (k % 5); }

typedef struct Case_(BCEContext) {
  THTensor *target, *weights;
  bool sizeAverage;
} Case_(BCEContext);

static void Case_(bceLoss)(THTensor *input, THTensor *output, void *c) {
  Case_(BCEContext) *context = c;
  THNN_(BCECriterion_updateOutput)(NULL, input, context->target, output, context->sizeAverage,
                                   context->weights);
}

TEST(Case_(bce_loss_and_gradient_with_and_without_weights)) {
  long sizes[2] = {3, 4};
  for (int weighted = 0; weighted <= 1; weighted++) {
    for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
      THTensor *input = Case_(filled)(2, sizes, Case_(probability));
      THTensor *target = Case_(filled)(2, sizes, Case_(halves));
      THTensor *weights = weighted ? Case_(filled)(2, sizes, Case_(weightOf)) : NULL;
      THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)(), *one = Case_(one)();
      double expected = 0;
      for (long k = 0; k < 12; k++) {
        double x = Case_(probability)(k), y = Case_(halves)(k);
        expected -= (weighted ? Case_(weightOf)(k) : 1) *
                    (y * log(x + 1e-12) + (1 - y) * log(1 - x + 1e-12));
      }
      expected /= sizeAverage ? 12 : 1;
      Case_(BCEContext) context = {target, weights, sizeAverage};
      Case_(bceLoss)(input, output, &context);
      THNN_(BCECriterion_updateGradInput)(NULL, input, target, gradInput, sizeAverage, weights);
      double error = Case_(gradientError)(Case_(bceLoss), &context, input, one, gradInput);
      CHECK(Case_(close)(Case_(loss)(output), expected));
      CHECK(error < 1e-6);
      CASE_FREE(input, target, output, gradInput, one);
      if (weights)
        THTensor_(free)(weights);
    }
  }
}

TEST(Case_(bce_checks_target_and_weights)) {
  long sizes[2] = {3, 4}, shortSize[1] = {5};
  THTensor *input = Case_(filled)(2, sizes, Case_(probability));
  THTensor *target = Case_(filled)(2, sizes, Case_(halves));
  THTensor *shortOne = Case_(filled)(1, shortSize, Case_(halves));
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  EXPECT_TH_ERROR(THNN_(BCECriterion_updateOutput)(NULL, input, shortOne, output, true, NULL),
                  "target should have 12 elements (size 3x4), but got 5 (size 5)");
  EXPECT_TH_ERROR(THNN_(BCECriterion_updateOutput)(NULL, input, target, output, true, shortOne),
                  "weights should have 12 elements (size 3x4), but got 5 (size 5)");
  EXPECT_TH_ERROR(THNN_(BCECriterion_updateGradInput)(NULL, input, target, gradInput, true,
                                                      shortOne),
                  "weights should have 12 elements (size 3x4), but got 5 (size 5)");
  CASE_FREE(input, target, shortOne, output, gradInput);
}

/* ---- L1Cost ---- */

static void Case_(l1CostLoss)(THTensor *input, THTensor *output, void *c) {
  (void)c;
  THNN_(L1Cost_updateOutput)(NULL, input, output);
}

TEST(Case_(l1_cost_loss_and_gradient)) {
  long sizes[2] = {3, 4};
  THTensor *input = Case_(filled)(2, sizes, Case_(anyInput)), *output = THTensor_(new)();
  THTensor *gradInput = THTensor_(new)(), *one = Case_(one)();
  double expected = 0;
  for (long k = 0; k < 12; k++)
    expected += fabs(Case_(anyInput)(k));
  THNN_(L1Cost_updateOutput)(NULL, input, output);
  THNN_(L1Cost_updateGradInput)(NULL, input, NULL, gradInput);
  CHECK(Case_(close)(Case_(loss)(output), expected));
  CHECK(Case_(gradientError)(Case_(l1CostLoss), NULL, input, one, gradInput) < 1e-6);
  CASE_FREE(input, output, gradInput, one);
}

/* ---- ClassNLLCriterion and SpatialClassNLLCriterion ---- */

typedef struct Case_(NLLContext) {
  THLongTensor *target;
  THTensor *weights, *totalWeight;
  bool sizeAverage, spatial;
} Case_(NLLContext);

static void Case_(nllLoss)(THTensor *input, THTensor *output, void *c) {
  Case_(NLLContext) *context = c;
  if (context->spatial)
    THNN_(SpatialClassNLLCriterion_updateOutput)(NULL, input, context->target, output,
                                                 context->sizeAverage, context->weights,
                                                 context->totalWeight);
  else
    THNN_(ClassNLLCriterion_updateOutput)(NULL, input, context->target, output,
                                          context->sizeAverage, context->weights,
                                          context->totalWeight);
}

static void Case_(nllGradient)(Case_(NLLContext) *context, THTensor *input, THTensor *gradInput) {
  if (context->spatial)
    THNN_(SpatialClassNLLCriterion_updateGradInput)(NULL, input, context->target, gradInput,
                                                    context->sizeAverage, context->weights,
                                                    context->totalWeight);
  else
    THNN_(ClassNLLCriterion_updateGradInput)(NULL, input, context->target, gradInput,
                                             context->sizeAverage, context->weights,
                                             context->totalWeight);
}

static double Case_(logProbability)(long k) { return -0.1 - 0.13 * k; }
static double Case_(classWeight)(long k) { return 0.5 + k; }

/* One call of each form: the loss and total_weight against sums over the samples (pixels),
 * the gradient against central differences. */
static void Case_(checkNLL)(const char *form, int dims, const long *sizes, int targetDims,
                            const long *targetSizes, const long *classes, int weighted,
                            int sizeAverage, int spatial) {
  THTensor *input = Case_(filled)(dims, sizes, Case_(logProbability));
  long nClasses = spatial || dims == 2 ? sizes[1] : sizes[0];
  long weightSize[1] = {nClasses};
  THTensor *weights = weighted ? Case_(filled)(1, weightSize, Case_(classWeight)) : NULL;
  THLongTensor *target = Case_(labels)(targetDims, targetSizes, classes);
  THTensor *output = THTensor_(new)(), *totalWeight = THTensor_(new)();
  THTensor *gradInput = THTensor_(new)(), *one = Case_(one)();
  /* the reference: sample (pixel) p of batch element b reads input[b][class][p] */
  long batch = dims == 1 ? 1 : sizes[0];
  long pixels = spatial ? sizes[2] * sizes[3] : 1;
  double loss = 0, total = 0;
  for (long b = 0; b < batch; b++) {
    for (long p = 0; p < pixels; p++) {
      long c = classes[b * pixels + p];
      double w = weighted ? Case_(classWeight)(c) : 1;
      loss -= w * Case_(logProbability)((b * nClasses + c) * pixels + p);
      total += w;
    }
  }
  double expected = sizeAverage ? loss / total : loss;
  Case_(NLLContext) context = {target, weights, totalWeight, sizeAverage, spatial};
  Case_(nllLoss)(input, output, &context);
  int ok = Case_(close)(Case_(loss)(output), expected) &&
           THTensor_(nElement)(totalWeight) == 1 &&
           Case_(close)(THTensor_(data)(totalWeight)[0], total);
  Case_(nllGradient)(&context, input, gradInput);
  double error = Case_(gradientError)(Case_(nllLoss), &context, input, one, gradInput);
  if (!ok || !(error < 1e-6))
    printf("  %s (weights %d, sizeAverage %d): loss %g (expected %g), gradient error %g\n", form,
           weighted, sizeAverage, Case_(loss)(output), expected, error);
  CHECK(ok);
  CHECK(error < 1e-6);
  CASE_FREE(input, output, totalWeight, gradInput, one);
  if (weights)
    THTensor_(free)(weights);
  THLongTensor_free(target);
}

TEST(Case_(class_nll_losses_and_gradients)) {
  long vector[1] = {4}, one[1] = {1}, matrix[2] = {3, 4}, three[1] = {3};
  long single[2] = {1, 1}, image[4] = {2, 3, 2, 2}, pixels[3] = {2, 2, 2};
  long vectorClass[1] = {2}, rowClasses[3] = {3, 0, 2}, singleClass[1] = {0};
  long pixelClasses[8] = {0, 2, 1, 1, 2, 2, 0, 1};
  for (int weighted = 0; weighted <= 1; weighted++) {
    for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
      Case_(checkNLL)("ClassNLL 1D", 1, vector, 1, one, vectorClass, weighted, sizeAverage, 0);
      Case_(checkNLL)("ClassNLL 2D", 2, matrix, 1, three, rowClasses, weighted, sizeAverage, 0);
      Case_(checkNLL)("ClassNLL 1x1", 2, single, 1, one, singleClass, weighted, sizeAverage, 0);
      Case_(checkNLL)("SpatialClassNLL", 4, image, 3, pixels, pixelClasses, weighted,
                      sizeAverage, 1);
    }
  }
}

TEST(Case_(class_nll_with_zero_total_weight_gives_zero)) {
  long matrix[2] = {2, 3}, two[1] = {2}, classes[2] = {1, 1};
  THTensor *input = Case_(filled)(2, matrix, Case_(logProbability));
  THTensor *weights = THTensor_(newWithSize1d)(3), *output = THTensor_(new)();
  THTensor *totalWeight = THTensor_(new)(), *gradInput = THTensor_(new)();
  THLongTensor *target = Case_(labels)(1, two, classes);
  THTensor_(fill)(weights, 0);
  THNN_(ClassNLLCriterion_updateOutput)(NULL, input, target, output, true, weights, totalWeight);
  THNN_(ClassNLLCriterion_updateGradInput)(NULL, input, target, gradInput, true, weights,
                                           totalWeight);
  CHECK_NEAR(Case_(loss)(output), 0, 0);
  CHECK_NEAR(THTensor_(sumall)(gradInput), 0, 0);
  CHECK_NEAR(THTensor_(maxall)(gradInput), 0, 0);
  CASE_FREE(input, weights, output, totalWeight, gradInput);
  THLongTensor_free(target);
}

TEST(Case_(class_nll_checks_its_arguments)) {
  long matrix[2] = {3, 4}, three[1] = {3}, two[1] = {2}, cube[3] = {2, 2, 2};
  long image[4] = {2, 4, 2, 2}, pixels[3] = {2, 2, 2}, wrongPixels[3] = {2, 2, 3};
  long good[3] = {0, 1, 3}, tooLarge[3] = {0, 4, 1}, negative[3] = {-1, 0, 0};
  long pixelClasses[8] = {0, 1, 2, 3, 3, 2, 1, 5}, zeros[12] = {0};
  THTensor *input = Case_(filled)(2, matrix, Case_(logProbability));
  THTensor *input3d = Case_(filled)(3, cube, Case_(logProbability));
  THTensor *imageInput = Case_(filled)(4, image, Case_(logProbability));
  THTensor *weights = THTensor_(newWithSize1d)(3), *output = THTensor_(new)();
  THTensor *totalWeight = THTensor_(new)(), *gradInput = THTensor_(new)();
  THLongTensor *target = Case_(labels)(1, three, good);
  THLongTensor *large = Case_(labels)(1, three, tooLarge);
  THLongTensor *below = Case_(labels)(1, three, negative);
  THLongTensor *shortTarget = Case_(labels)(1, two, good);
  THLongTensor *pixelTarget = Case_(labels)(3, pixels, pixelClasses);
  THLongTensor *wrongTarget = Case_(labels)(3, wrongPixels, zeros);
  EXPECT_TH_ERROR(THNN_(ClassNLLCriterion_updateOutput)(NULL, input, large, output, true, NULL,
                                                        totalWeight),
                  "target 4 is out of range: class indices go from 0 to 3");
  EXPECT_TH_ERROR(THNN_(ClassNLLCriterion_updateGradInput)(NULL, input, below, gradInput, true,
                                                           NULL, totalWeight),
                  "target -1 is out of range: class indices go from 0 to 3");
  EXPECT_TH_ERROR(THNN_(ClassNLLCriterion_updateOutput)(NULL, input, shortTarget, output, true,
                                                        NULL, totalWeight),
                  "target should have 3 elements (one class index per sample of input, size "
                  "3x4), but got size 2");
  EXPECT_TH_ERROR(THNN_(ClassNLLCriterion_updateOutput)(NULL, input, target, output, true,
                                                        weights, totalWeight),
                  "weights should have one element per class (4), but got size 3");
  EXPECT_TH_ERROR(THNN_(ClassNLLCriterion_updateOutput)(NULL, input3d, target, output, true,
                                                        NULL, totalWeight),
                  "input should be a 1D or 2D tensor, but got size 2x2x2");
  EXPECT_TH_ERROR(THNN_(SpatialClassNLLCriterion_updateOutput)(NULL, imageInput, pixelTarget,
                                                               output, true, NULL, totalWeight),
                  "target 5 is out of range: class indices go from 0 to 3");
  EXPECT_TH_ERROR(THNN_(SpatialClassNLLCriterion_updateGradInput)(NULL, imageInput, wrongTarget,
                                                                  gradInput, true, NULL,
                                                                  totalWeight),
                  "target should be of size 2x2x2 (batch x height x width of input, size "
                  "2x4x2x2), but got size 2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialClassNLLCriterion_updateOutput)(NULL, input, target, output, true,
                                                               NULL, totalWeight),
                  "input should be a 4D tensor (batch x classes x height x width), but got size "
                  "3x4");
  CASE_FREE(input, input3d, imageInput, weights, output, totalWeight, gradInput);
  THLongTensor *labels[] = {target, large, below, shortTarget, pixelTarget, wrongTarget};
  for (size_t k = 0; k < sizeof(labels) / sizeof(labels[0]); k++)
    THLongTensor_free(labels[k]);
}

/* ---- MultiMarginCriterion ---- */

typedef struct Case_(MarginContext) {
  THLongTensor *target;
  THTensor *weights, *isTarget;
  bool sizeAverage;
  int p;
} Case_(MarginContext);

static void Case_(multiMarginLoss)(THTensor *input, THTensor *output, void *c) {
  Case_(MarginContext) *context = c;
  THNN_(MultiMarginCriterion_updateOutput)(NULL, input, context->target, output,
                                           context->sizeAverage, context->p, context->weights,
                                           0.75);
}

static double Case_(score)(long k) { return sin(1.3 * k + 0.2); }

TEST(Case_(multi_margin_losses_and_gradients)) {
  long matrix[2] = {3, 4}, vector[1] = {4}, three[1] = {3}, one[1] = {1}, weightSize[1] = {4};
  long classes[3] = {1, 3, 0};
  for (int p = 1; p <= 2; p++) {
    for (int weighted = 0; weighted <= 1; weighted++) {
      for (int form = 0; form < 2; form++) {
        int sizeAverage = form == 0;
        long frames = form == 0 ? 3 : 1;
        THTensor *input = form == 0 ? Case_(filled)(2, matrix, Case_(score))
                                    : Case_(filled)(1, vector, Case_(score));
        THLongTensor *target = Case_(labels)(1, form == 0 ? three : one, classes);
        THTensor *weights = weighted ? Case_(filled)(1, weightSize, Case_(classWeight)) : NULL;
        THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)(), *gradOut = Case_(one)();
        double expected = 0;
        for (long i = 0; i < frames; i++) {
          long y = classes[i];
          for (long j = 0; j < 4; j++) {
            double z = 0.75 - Case_(score)(i * 4 + y) + Case_(score)(i * 4 + j);
            if (j != y && z > 0)
              expected += (weighted ? Case_(classWeight)(y) : 1) * (p == 1 ? z : z * z) / 4;
          }
        }
        expected /= sizeAverage ? frames : 1;
        Case_(MarginContext) context = {target, weights, NULL, sizeAverage, p};
        Case_(multiMarginLoss)(input, output, &context);
        THNN_(MultiMarginCriterion_updateGradInput)(NULL, input, target, gradInput, sizeAverage,
                                                    p, weights, 0.75);
        double error = Case_(gradientError)(Case_(multiMarginLoss), &context, input, gradOut,
                                            gradInput);
        int ok = Case_(close)(Case_(loss)(output), expected) && error < 1e-6;
        if (!ok)
          printf("  MultiMargin p %d weights %d form %d: loss %g (expected %g), error %g\n", p,
                 weighted, form, Case_(loss)(output), expected, error);
        CHECK(ok);
        CASE_FREE(input, output, gradInput, gradOut);
        if (weights)
          THTensor_(free)(weights);
        THLongTensor_free(target);
      }
    }
  }
}

TEST(Case_(multi_margin_checks_its_arguments)) {
  long matrix[2] = {3, 4}, three[1] = {3}, two[1] = {2};
  long good[3] = {0, 1, 3}, tooLarge[3] = {0, 1, 4};
  THTensor *input = Case_(filled)(2, matrix, Case_(score)), *output = THTensor_(new)();
  THTensor *weights = THTensor_(newWithSize1d)(3), *gradInput = THTensor_(new)();
  THLongTensor *target = Case_(labels)(1, three, good);
  THLongTensor *large = Case_(labels)(1, three, tooLarge);
  THLongTensor *shortTarget = Case_(labels)(1, two, good);
  EXPECT_TH_ERROR(THNN_(MultiMarginCriterion_updateOutput)(NULL, input, large, output, true, 1,
                                                           NULL, 1),
                  "target 4 is out of range: class indices go from 0 to 3");
  EXPECT_TH_ERROR(THNN_(MultiMarginCriterion_updateGradInput)(NULL, input, target, gradInput,
                                                              true, 3, NULL, 1),
                  "p should be 1 or 2, but got 3");
  EXPECT_TH_ERROR(THNN_(MultiMarginCriterion_updateOutput)(NULL, input, target, output, true, 1,
                                                           weights, 1),
                  "weights should have one element per class (4), but got size 3");
  EXPECT_TH_ERROR(THNN_(MultiMarginCriterion_updateOutput)(NULL, input, shortTarget, output,
                                                           true, 1, NULL, 1),
                  "target should have 3 elements (one class index per sample of input, size "
                  "3x4), but got size 2");
  CASE_FREE(input, output, weights, gradInput);
  THLongTensor_free(target);
  THLongTensor_free(large);
  THLongTensor_free(shortTarget);
}

/* ---- MultiLabelMarginCriterion ---- */

static void Case_(multiLabelLoss)(THTensor *input, THTensor *output, void *c) {
  Case_(MarginContext) *context = c;
  THNN_(MultiLabelMarginCriterion_updateOutput)(NULL, input, context->target, output,
                                                context->isTarget, context->sizeAverage);
}

TEST(Case_(multi_label_margin_loss_gradient_and_is_target)) {
  /* row 0 lists classes 3 and 0; row 1 class 2 (what follows its -1 is not read, even out of
   * range); row 2 no class at all */
  long matrix[2] = {3, 4}, labels[12] = {3, 0, -1, 1, 2, -1, 9, 9, -1, 0, 0, 0};
  long vector[1] = {4}, vectorLabels[4] = {1, -1, 0, 0};
  for (int form = 0; form < 2; form++) {
    for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
      long frames = form == 0 ? 3 : 1;
      const long *rows = form == 0 ? labels : vectorLabels;
      THTensor *input = form == 0 ? Case_(filled)(2, matrix, Case_(score))
                                  : Case_(filled)(1, vector, Case_(score));
      THLongTensor *target = form == 0 ? Case_(labels)(2, matrix, labels)
                                       : Case_(labels)(1, vector, vectorLabels);
      THTensor *output = THTensor_(new)(), *isTarget = THTensor_(new)();
      THTensor *gradInput = THTensor_(new)(), *gradOut = Case_(one)();
      THNN_(MultiLabelMarginCriterion_updateOutput)(NULL, input, target, output, isTarget,
                                                    sizeAverage);
      double expected = 0;
      long wrongMarks = THTensor_(nElement)(isTarget) != THTensor_(nElement)(input);
      for (long i = 0; !wrongMarks && i < frames; i++) {
        int listed[4] = {0};
        for (long k = 0; k < 4 && rows[i * 4 + k] >= 0; k++)
          listed[rows[i * 4 + k]] = 1;
        for (long k = 0; k < 4 && rows[i * 4 + k] >= 0; k++) {
          for (long j = 0; j < 4; j++) {
            double z = 1 - (Case_(score)(i * 4 + rows[i * 4 + k]) - Case_(score)(i * 4 + j));
            if (!listed[j] && z > 0)
              expected += z / 4;
          }
        }
        for (long j = 0; j < 4; j++)
          wrongMarks += THTensor_(data)(isTarget)[i * 4 + j] != listed[j];
      }
      expected /= sizeAverage ? frames : 1;
      Case_(MarginContext) context = {target, NULL, isTarget, sizeAverage, 0};
      THNN_(MultiLabelMarginCriterion_updateGradInput)(NULL, input, target, gradInput, isTarget,
                                                       sizeAverage);
      double error = Case_(gradientError)(Case_(multiLabelLoss), &context, input, gradOut,
                                          gradInput);
      int ok = Case_(close)(Case_(loss)(output), expected) && error < 1e-6 && wrongMarks == 0;
      if (!ok)
        printf("  MultiLabelMargin form %d: loss %g (expected %g), error %g, %ld marks wrong\n",
               form, Case_(loss)(output), expected, error, wrongMarks);
      CHECK(ok);
      CASE_FREE(input, output, isTarget, gradInput, gradOut);
      THLongTensor_free(target);
    }
  }
}

TEST(Case_(multi_label_margin_checks_its_arguments)) {
  long matrix[2] = {2, 4}, three[1] = {3};
  long tooLarge[8] = {0, 4, -1, 0, 1, -1, 0, 0}, some[3] = {0, 1, -1};
  THTensor *input = Case_(filled)(2, matrix, Case_(score)), *output = THTensor_(new)();
  THTensor *isTarget = THTensor_(new)(), *gradInput = THTensor_(new)();
  THLongTensor *large = Case_(labels)(2, matrix, tooLarge);
  THLongTensor *shortTarget = Case_(labels)(1, three, some);
  EXPECT_TH_ERROR(THNN_(MultiLabelMarginCriterion_updateOutput)(NULL, input, large, output,
                                                                isTarget, true),
                  "target 4 is out of range: class indices go from 0 to 3");
  EXPECT_TH_ERROR(THNN_(MultiLabelMarginCriterion_updateGradInput)(NULL, input, shortTarget,
                                                                   gradInput, isTarget, true),
                  "target should have the size of input (2x4), but got size 3");
  CASE_FREE(input, output, isTarget, gradInput);
  THLongTensor_free(large);
  THLongTensor_free(shortTarget);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(pairwise_losses_and_gradients)),
  TEST_ENTRY(Case_(pairwise_criteria_take_any_layout)),
  TEST_ENTRY(Case_(pairwise_criteria_check_the_target_size)),
  TEST_ENTRY(Case_(bce_loss_and_gradient_with_and_without_weights)),
  TEST_ENTRY(Case_(bce_checks_target_and_weights)),
  TEST_ENTRY(Case_(l1_cost_loss_and_gradient)),
  TEST_ENTRY(Case_(class_nll_losses_and_gradients)),
  TEST_ENTRY(Case_(class_nll_with_zero_total_weight_gives_zero)),
  TEST_ENTRY(Case_(class_nll_checks_its_arguments)),
  TEST_ENTRY(Case_(multi_margin_losses_and_gradients)),
  TEST_ENTRY(Case_(multi_margin_checks_its_arguments)),
  TEST_ENTRY(Case_(multi_label_margin_loss_gradient_and_is_target)),
  TEST_ENTRY(Case_(multi_label_margin_checks_its_arguments)),
};

#undef CASE_FREE

#endif
