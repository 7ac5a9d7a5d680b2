/* The THNN BatchNormalization cases for one float type (expanded by test_thnn_normalization.c
 * through THGenerateFloatTypes.h): 3 features, as an N x 3 matrix or an N x 3 x H x W batch. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_normalization_cases.c"
#else

#include "thnn_helpers.c"

/* The module: parameters (NULL for none), running statistics, saved statistics, mode. */
typedef struct {
  THTensor *weight, *bias, *running_mean, *running_var, *save_mean, *save_std;
  bool train;
} Case_(BatchNorm);

static Case_(BatchNorm) Case_(newBatchNorm)(bool affine, bool train) {
  Case_(BatchNorm) m;
  m.weight = affine ? Case_(valuesOf)(1, (long[]){3}, 4) : NULL;
  m.bias = affine ? Case_(valuesOf)(1, (long[]){3}, 9) : NULL;
  m.running_mean = Case_(valuesOf)(1, (long[]){3}, 2);
  m.running_var = THTensor_(newWithSize1d)(3);
  for (long f = 0; f < 3; f++)
    THTensor_(set1d)(m.running_var, f, (real)(0.5 + f));
  m.save_mean = THTensor_(new)();
  m.save_std = THTensor_(new)();
  m.train = train;
  return m;
}

static void Case_(freeBatchNorm)(Case_(BatchNorm) m) {
  THTensor *tensors[] = {m.weight, m.bias, m.running_mean, m.running_var, m.save_mean, m.save_std};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
}

static const double Case_(eps) = 1e-5, Case_(momentum) = 0.1;

static void Case_(batchNormForward)(THTensor *input, THTensor *output, void *context) {
  Case_(BatchNorm) *m = context;
  THNN_(BatchNormalization_updateOutput)(NULL, input, output, m->weight, m->bias,
                                         m->running_mean, m->running_var, m->save_mean,
                                         m->save_std, m->train, Case_(momentum), Case_(eps));
}

/* Element (i, f, s) of a contiguous N x 3 x (inner) tensor. */
static real *Case_(at)(THTensor *t, long i, long f, long s, long inner) {
  return THTensor_(data)(t) + (i * 3 + f) * inner + s;
}

/* Mean and biased variance of feature f, summed one value at a time. */
static void Case_(statistics)(THTensor *input, long f, double *mean, double *var) {
  long batch = input->size[0], inner = THTensor_(nElement)(input) / (batch * 3), n = batch * inner;
  double sum = 0, squares = 0;
  for (long i = 0; i < batch; i++)
    for (long s = 0; s < inner; s++)
      sum += *Case_(at)(input, i, f, s, inner);
  *mean = sum / n;
  for (long i = 0; i < batch; i++)
    for (long s = 0; s < inner; s++)
      squares += pow(*Case_(at)(input, i, f, s, inner) - *mean, 2);
  *var = squares / n;
}

/* The forward of m on input against (x - mean) / sqrt(var + eps) * weight + bias, with the batch's
 * statistics (training, which must also update the running ones) or the running ones. */
static void Case_(checkBatchNormForward)(THTensor *input, bool affine, bool train) {
  Case_(BatchNorm) m = Case_(newBatchNorm)(affine, train);
  THTensor *runningMean = THTensor_(newClone)(m.running_mean);
  THTensor *runningVar = THTensor_(newClone)(m.running_var);
  THTensor *output = THTensor_(new)();
  Case_(batchNormForward)(input, output, &m);
  CHECK(THTensor_(isSameSizeAs)(output, input));
  long batch = input->size[0], inner = THTensor_(nElement)(input) / (batch * 3), n = batch * inner;
  double worst = 0;
  for (long f = 0; f < 3; f++) {
    double mean, var;
    if (train) {
      Case_(statistics)(input, f, &mean, &var);
      worst = fmax(worst, fabs(THTensor_(get1d)(m.save_mean, f) - mean));
      worst = fmax(worst, fabs(THTensor_(get1d)(m.save_std, f) - 1 / sqrt(var + Case_(eps))));
      double movedMean = 0.9 * THTensor_(get1d)(runningMean, f) + 0.1 * mean;
      double movedVar = 0.9 * THTensor_(get1d)(runningVar, f) + 0.1 * var * n / (n - 1);
      worst = fmax(worst, fabs(THTensor_(get1d)(m.running_mean, f) - movedMean));
      worst = fmax(worst, fabs(THTensor_(get1d)(m.running_var, f) - movedVar));
    } else {
      mean = THTensor_(get1d)(runningMean, f);
      var = THTensor_(get1d)(runningVar, f);
      worst = fmax(worst, Case_(maxDifference)(m.running_mean, runningMean));
    }
    double w = affine ? THTensor_(get1d)(m.weight, f) : 1;
    double b = affine ? THTensor_(get1d)(m.bias, f) : 0;
    for (long i = 0; i < batch; i++)
      for (long s = 0; s < inner; s++) {
        double x = *Case_(at)(input, i, f, s, inner);
        double expected = (x - mean) / sqrt(var + Case_(eps)) * w + b;
        worst = fmax(worst, fabs(*Case_(at)(output, i, f, s, inner) - expected));
      }
  }
  CHECK(worst < 1e-4);
  THTensor_(free)(runningMean);
  THTensor_(free)(runningVar);
  THTensor_(free)(output);
  Case_(freeBatchNorm)(m);
}

TEST(Case_(batch_norm_forward_normalises_each_feature)) {
  THTensor *matrix = Case_(valuesOf)(2, (long[]){5, 3}, 1);
  THTensor *images = Case_(valuesOf)(4, (long[]){2, 3, 2, 3}, 6);
  THTensor *pixels = Case_(valuesOf)(4, (long[]){1, 3, 1, 2}, 6);
  THTensor *all[] = {matrix, images, pixels};
  for (int k = 0; k < 3; k++)
    for (int affine = 0; affine < 2; affine++)
      for (int train = 0; train < 2; train++)
        Case_(checkBatchNormForward)(all[k], affine, train);
  for (int k = 0; k < 3; k++)
    THTensor_(free)(all[k]);
}

TEST(Case_(batch_norm_forward_reads_a_transposed_input)) {
  THTensor *base = Case_(valuesOf)(2, (long[]){3, 4}, 1);
  THTensor *transposed = THTensor_(newTranspose)(base, 0, 1);
  THTensor *contiguous = THTensor_(newClone)(transposed);
  Case_(BatchNorm) a = Case_(newBatchNorm)(true, true), b = Case_(newBatchNorm)(true, true);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  Case_(batchNormForward)(transposed, output, &a);
  Case_(batchNormForward)(contiguous, expected, &b);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  CHECK(Case_(maxDifference)(a.running_var, b.running_var) < 1e-6);
  THTensor_(free)(base);
  THTensor_(free)(transposed);
  THTensor_(free)(contiguous);
  THTensor_(free)(output);
  THTensor_(free)(expected);
  Case_(freeBatchNorm)(a);
  Case_(freeBatchNorm)(b);
}

/* backward's gradInput, gradWeight and gradBias (scale 0.5, added to what they held) against
 * central differences of the forward, in one mode. */
static void Case_(checkBatchNormBackward)(THTensor *input, bool train) {
  Case_(BatchNorm) m = Case_(newBatchNorm)(true, train);
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  Case_(batchNormForward)(input, output, &m);
  THTensor *gradOutput = Case_(valuesOf)(input->nDimension, input->size, 3);
  THTensor *gradWeight = Case_(valuesOf)(1, (long[]){3}, 5);
  THTensor *gradBias = Case_(valuesOf)(1, (long[]){3}, 7);
  THTensor *weightBefore = THTensor_(newClone)(gradWeight);
  THTensor *biasBefore = THTensor_(newClone)(gradBias);
  THNN_(BatchNormalization_backward)(NULL, input, gradOutput, gradInput, gradWeight, gradBias,
                                     m.weight, m.running_mean, m.running_var, m.save_mean,
                                     m.save_std, train, 0.5, Case_(eps));
  THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
  THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
  CHECK(Case_(gradientError)(Case_(batchNormForward), &m, input, gradOutput, gradInput) < 1e-6);
  CHECK(Case_(gradientErrorOf)(Case_(batchNormForward), &m, input, m.weight, gradOutput,
                               addedWeight) < 1e-6);
  CHECK(Case_(gradientErrorOf)(Case_(batchNormForward), &m, input, m.bias, gradOutput,
                               addedBias) < 1e-6);
  /* gradInput alone (no parameter gradients, no weight: weight 1) */
  THTensor *alone = THTensor_(new)();
  THTensor_(fill)(m.weight, 1);
  THNN_(BatchNormalization_backward)(NULL, input, gradOutput, alone, NULL, NULL, NULL,
                                     m.running_mean, m.running_var, m.save_mean, m.save_std,
                                     train, 0.5, Case_(eps));
  CHECK(Case_(gradientError)(Case_(batchNormForward), &m, input, gradOutput, alone) < 1e-6);
  THTensor *tensors[] = {output, gradInput, gradOutput, gradWeight, gradBias, weightBefore,
                         biasBefore, addedWeight, addedBias, alone};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeBatchNorm)(m);
}

TEST(Case_(batch_norm_backward_matches_central_differences)) {
  THTensor *matrix = Case_(valuesOf)(2, (long[]){4, 3}, 1);
  THTensor *images = Case_(valuesOf)(4, (long[]){2, 3, 2, 2}, 6);
  for (int train = 0; train < 2; train++) {
    Case_(checkBatchNormBackward)(matrix, train);
    Case_(checkBatchNormBackward)(images, train);
  }
  THTensor_(free)(matrix);
  THTensor_(free)(images);
}

TEST(Case_(batch_norm_checks_every_size)) {
  Case_(BatchNorm) m = Case_(newBatchNorm)(true, true);
  THTensor *input = Case_(valuesOf)(2, (long[]){4, 3}, 1), *output = THTensor_(new)();
  THTensor *vector = Case_(valuesOf)(1, (long[]){3}, 1);
  THTensor *one = Case_(valuesOf)(2, (long[]){1, 3}, 1);
  THTensor *four = Case_(valuesOf)(1, (long[]){4}, 1);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){4, 2}, 1);
  EXPECT_TH_ERROR(Case_(batchNormForward)(vector, output, &m),
                  "input should have 2 or more dimensions (N x C x ...), but got size 3");
  EXPECT_TH_ERROR(Case_(batchNormForward)(one, output, &m),
                  "training needs more than 1 value per feature, but got input of size 1x3");
  EXPECT_TH_ERROR(THNN_(BatchNormalization_updateOutput)(NULL, input, output, four, m.bias,
                                                         m.running_mean, m.running_var,
                                                         m.save_mean, m.save_std, true, 0.1, 0),
                  "weight should be a 1D tensor of size 3, but got size 4");
  EXPECT_TH_ERROR(THNN_(BatchNormalization_updateOutput)(NULL, input, output, m.weight, four,
                                                         m.running_mean, m.running_var,
                                                         m.save_mean, m.save_std, true, 0.1, 0),
                  "bias should be a 1D tensor of size 3, but got size 4");
  EXPECT_TH_ERROR(THNN_(BatchNormalization_updateOutput)(NULL, input, output, m.weight, m.bias,
                                                         four, m.running_var, m.save_mean,
                                                         m.save_std, false, 0.1, 0),
                  "running_mean should be a 1D tensor of size 3, but got size 4");
  EXPECT_TH_ERROR(THNN_(BatchNormalization_updateOutput)(NULL, input, output, m.weight, m.bias,
                                                         m.running_mean, one, m.save_mean,
                                                         m.save_std, false, 0.1, 0),
                  "running_var should be a 1D tensor of size 3, but got size 1x3");
  EXPECT_TH_ERROR(THNN_(BatchNormalization_backward)(NULL, input, gradOutput, output, NULL, NULL,
                                                     m.weight, m.running_mean, m.running_var,
                                                     m.save_mean, m.save_std, false, 1, 0),
                  "gradOutput should be of size 4x3, but got size 4x2");
  /* training's backward needs the statistics of a training forward */
  EXPECT_TH_ERROR(THNN_(BatchNormalization_backward)(NULL, input, input, output, NULL, NULL,
                                                     m.weight, m.running_mean, m.running_var,
                                                     m.save_mean, m.save_std, true, 1, 0),
                  "save_mean should be a 1D tensor of size 3, but got size []");
  EXPECT_TH_ERROR(THNN_(BatchNormalization_backward)(NULL, input, input, output, four, NULL,
                                                     m.weight, m.running_mean, m.running_var,
                                                     m.save_mean, m.save_std, false, 1, 0),
                  "gradWeight should be a 1D tensor of size 3, but got size 4");
  THTensor *tensors[] = {input, output, vector, one, four, gradOutput};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeBatchNorm)(m);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(batch_norm_forward_normalises_each_feature)),
  TEST_ENTRY(Case_(batch_norm_forward_reads_a_transposed_input)),
  TEST_ENTRY(Case_(batch_norm_backward_matches_central_differences)),
  TEST_ENTRY(Case_(batch_norm_checks_every_size)),
};

#endif
