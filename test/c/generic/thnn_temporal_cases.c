/* The THNN temporal cases for one float type (expanded by test_thnn_temporal.c through
 * THGenerateFloatTypes.h): TemporalConvolution, TemporalMaxPooling, TemporalSubSampling and
 * TemporalRowConvolution (in both layouts) on
 * short sequences, single (2-D) or batched (3-D), with strides below, equal to and above the
 * kernel width, and a kernel as wide as the sequence. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_temporal_cases.c"
#else

#include "thnn_helpers.c"

static void Case_(freeAll)(THTensor **tensors, size_t n) {
  for (size_t k = 0; k < n; k++)
    THTensor_(free)(tensors[k]);
}
#define FREE_ALL(...) Case_(freeAll)((THTensor *[]){__VA_ARGS__}, \
                                     sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))

/* One temporal call: the geometry (batch 0 for a 2-D input), the parameters, a window. */
typedef struct {
  long batch, frames, inSize, outSize;
  int kW, dW;
  THTensor *weight, *bias;
} Case_(Temporal);

/* batch (0: a 2-D input), frames, inSize, outSize, kW, dW */
static const long Case_(shapes)[][6] = {
  {0, 7, 3, 4, 2, 1},   /* overlapping windows */
  {2, 7, 3, 2, 3, 2},   /* a batch, stride 2 */
  {1, 5, 2, 3, 5, 1},   /* a batch of 1, the kernel as wide as the sequence */
  {0, 9, 2, 2, 2, 3},   /* a stride wider than the kernel: frames left out */
  {3, 4, 1, 1, 1, 1},   /* one feature, kernel 1 */
};
#define CASE_SHAPE_COUNT (sizeof(Case_(shapes)) / sizeof(Case_(shapes)[0]))

static long Case_(outputFrames)(Case_(Temporal) c) {
  return (c.frames - c.kW) / c.dW + 1;
}

/* The input of a case: (batch x) frames x inSize, scrambled values. */
static THTensor *Case_(inputOf)(Case_(Temporal) c, long seed) {
  if (c.batch == 0)
    return Case_(valuesOf)(2, (long[]){c.frames, c.inSize}, seed);
  return Case_(valuesOf)(3, (long[]){c.batch, c.frames, c.inSize}, seed);
}

/* Element (n, t, f) of a 2-D (n ignored) or 3-D tensor. */
static double Case_(at)(THTensor *t, long n, long frame, long f) {
  return t->nDimension == 2 ? THTensor_(get2d)(t, frame, f) : THTensor_(get3d)(t, n, frame, f);
}

/* The sequences of a case's input or output: 1 for a 2-D tensor. */
static long Case_(sequences)(Case_(Temporal) c) {
  return c.batch == 0 ? 1 : c.batch;
}

/* ---- TemporalConvolution ---- */

static Case_(Temporal) Case_(newConv)(const long *s) {
  Case_(Temporal) c = {s[0], s[1], s[2], s[3], (int)s[4], (int)s[5], NULL, NULL};
  c.weight = Case_(valuesOf)(2, (long[]){c.outSize, c.kW * c.inSize}, 17);
  c.bias = Case_(valuesOf)(1, (long[]){c.outSize}, 23);
  return c;
}

static void Case_(convForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Temporal) *c = context;
  THNN_(TemporalConvolution_updateOutput)(NULL, input, output, c->weight, c->bias, c->kW, c->dW,
                                          (int)c->inSize, (int)c->outSize);
}

/* The largest difference between output and bias + the sum over the window's frames and
 * features of weight times input, written as loops. */
static double Case_(convError)(Case_(Temporal) c, THTensor *input, THTensor *output) {
  long outFrames = Case_(outputFrames)(c);
  if (output->nDimension != input->nDimension ||
      output->size[output->nDimension - 2] != outFrames ||
      output->size[output->nDimension - 1] != c.outSize)
    return INFINITY;
  double worst = 0;
  for (long n = 0; n < Case_(sequences)(c); n++)
    for (long t = 0; t < outFrames; t++)
      for (long o = 0; o < c.outSize; o++) {
        double sum = THTensor_(get1d)(c.bias, o);
        for (long k = 0; k < c.kW; k++)
          for (long f = 0; f < c.inSize; f++)
            sum += THTensor_(get2d)(c.weight, o, k * c.inSize + f) *
                   Case_(at)(input, n, t * c.dW + k, f);
        worst = fmax(worst, fabs(Case_(at)(output, n, t, o) - sum));
      }
  return worst;
}

TEST(Case_(conv_forward_matches_window_sums)) {
  for (size_t k = 0; k < CASE_SHAPE_COUNT; k++) {
    Case_(Temporal) c = Case_(newConv)(Case_(shapes)[k]);
    THTensor *input = Case_(inputOf)(c, 1), *output = THTensor_(new)();
    Case_(convForward)(input, output, &c);
    CHECK(Case_(convError)(c, input, output) < 1e-5);
    /* each sequence of a batch alone (2-D) gives its slice of the output */
    for (long n = 0; c.batch > 0 && n < c.batch; n++) {
      THTensor *sequence = THTensor_(newSelect)(input, 0, n), *alone = THTensor_(new)();
      THTensor *slice = THTensor_(newSelect)(output, 0, n);
      Case_(convForward)(sequence, alone, &c);
      CHECK(Case_(maxDifference)(alone, slice) < 1e-6);
      FREE_ALL(sequence, alone, slice);
    }
    FREE_ALL(input, output, c.weight, c.bias);
  }
}

TEST(Case_(conv_reads_strided_inputs_and_writes_strided_outputs)) {
  Case_(Temporal) c = Case_(newConv)(Case_(shapes)[1]);
  /* the input as a transposed view of a batch x inSize x frames tensor */
  THTensor *base = Case_(valuesOf)(3, (long[]){c.batch, c.inSize, c.frames}, 1);
  THTensor *input = THTensor_(newTranspose)(base, 1, 2);
  THTensor *contiguous = THTensor_(newClone)(input), *expected = THTensor_(new)();
  Case_(convForward)(contiguous, expected, &c);
  /* the output a transposed view too */
  long outFrames = Case_(outputFrames)(c);
  THTensor *outBase = THTensor_(newWithSize3d)(c.batch, c.outSize, outFrames);
  THTensor *output = THTensor_(newTranspose)(outBase, 1, 2);
  Case_(convForward)(input, output, &c);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  THTensor *gradOutput = Case_(valuesOf)(3, expected->size, 3);
  THTensor *gradInput = THTensor_(new)(), *gradExpected = THTensor_(new)();
  THNN_(TemporalConvolution_updateGradInput)(NULL, contiguous, gradOutput, gradExpected, c.weight,
                                             c.kW, c.dW);
  THTensor *gradOutputT = THTensor_(newTranspose)(gradOutput, 1, 2);
  THTensor *gradOutputStrided = THTensor_(newClone)(gradOutputT);
  THTensor *gradOutputView = THTensor_(newTranspose)(gradOutputStrided, 1, 2);
  THNN_(TemporalConvolution_updateGradInput)(NULL, input, gradOutputView, gradInput, c.weight,
                                             c.kW, c.dW);
  CHECK(Case_(maxDifference)(gradInput, gradExpected) < 1e-6);
  FREE_ALL(base, input, contiguous, expected, outBase, output, gradOutput, gradInput,
           gradExpected, gradOutputT, gradOutputStrided, gradOutputView, c.weight, c.bias);
}

TEST(Case_(conv_gradients_match_central_differences)) {
  for (size_t k = 0; k < CASE_SHAPE_COUNT; k++) {
    Case_(Temporal) c = Case_(newConv)(Case_(shapes)[k]);
    THTensor *input = Case_(inputOf)(c, 1), *output = THTensor_(new)();
    Case_(convForward)(input, output, &c);
    THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
    THTensor *gradInput = THTensor_(new)();
    THNN_(TemporalConvolution_updateGradInput)(NULL, input, gradOutput, gradInput, c.weight,
                                               c.kW, c.dW);
    CHECK(Case_(gradientError)(Case_(convForward), &c, input, gradOutput, gradInput) < 1e-6);
    THTensor *gradWeight = Case_(valuesOf)(2, c.weight->size, 5);
    THTensor *gradBias = Case_(valuesOf)(1, c.bias->size, 7);
    THTensor *weightBefore = THTensor_(newClone)(gradWeight);
    THTensor *biasBefore = THTensor_(newClone)(gradBias);
    THNN_(TemporalConvolution_accGradParameters)(NULL, input, gradOutput, gradWeight, gradBias,
                                                 c.kW, c.dW, 0.5);
    THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
    THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
    CHECK(Case_(gradientErrorOf)(Case_(convForward), &c, input, c.weight, gradOutput,
                                 addedWeight) < 1e-6);
    CHECK(Case_(gradientErrorOf)(Case_(convForward), &c, input, c.bias, gradOutput,
                                 addedBias) < 1e-6);
    FREE_ALL(input, output, gradOutput, gradInput, gradWeight, gradBias, weightBefore,
             biasBefore, addedWeight, addedBias, c.weight, c.bias);
  }
}

TEST(Case_(conv_checks_every_size)) {
  Case_(Temporal) c = Case_(newConv)((long[]){0, 5, 3, 4, 2, 1});
  THTensor *input = Case_(inputOf)(c, 1), *output = THTensor_(new)();
  THTensor *shortInput = Case_(valuesOf)(2, (long[]){1, 3}, 1);
  THTensor *flat = Case_(valuesOf)(1, (long[]){15}, 1);
  THTensor *wideInput = Case_(valuesOf)(2, (long[]){5, 4}, 1);
  THTensor *wrongWeight = Case_(valuesOf)(2, (long[]){4, 5}, 1);
  THTensor *shortBias = Case_(valuesOf)(1, (long[]){3}, 1);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){4, 4}, 1), *gradInput = THTensor_(new)();
  THTensor *goodGradOutput = Case_(valuesOf)(2, (long[]){4, 4}, 1);
  THTensor *wrongGradOutput = Case_(valuesOf)(2, (long[]){3, 4}, 1);
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, shortInput, output, c.weight,
                                                          c.bias, 2, 1, 3, 4),
                  "Given input size: (1x3). Calculated output size: (0x4). Output size is too "
                  "small");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, flat, output, c.weight, c.bias,
                                                          2, 1, 3, 4),
                  "input should be a 2D or 3D tensor, but got size 15");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, wideInput, output, c.weight,
                                                          c.bias, 2, 1, 3, 4),
                  "weight should be outputFrameSize x 8 (kW 2 times the input's 4 features), "
                  "but got size 4x6");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, input, output, c.weight, c.bias,
                                                          2, 1, 2, 4),
                  "input should have 2 features per frame (inputFrameSize), but got size 5x3");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, input, output, c.weight, c.bias,
                                                          2, 1, 3, 5),
                  "weight should have 5 rows (outputFrameSize), but got size 4x6");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, input, output, wrongWeight,
                                                          c.bias, 2, 1, 3, 4),
                  "weight should be outputFrameSize x 6");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, input, output, c.weight,
                                                          shortBias, 2, 1, 3, 4),
                  "bias should be a 1D tensor of size 4, but got size 3");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, input, output, c.weight, c.bias,
                                                          0, 1, 3, 4),
                  "kernel size should be greater than zero, but got kW: 0");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateOutput)(NULL, input, output, c.weight, c.bias,
                                                          2, 0, 3, 4),
                  "stride should be greater than zero, but got dW: 0");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_updateGradInput)(NULL, input, wrongGradOutput,
                                                             gradInput, c.weight, 2, 1),
                  "gradOutput should be of size 4x4, but got size 3x4");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_accGradParameters)(NULL, input, goodGradOutput,
                                                               wrongWeight, c.bias, 2, 1, 1),
                  "gradWeight should be outputFrameSize x 6");
  EXPECT_TH_ERROR(THNN_(TemporalConvolution_accGradParameters)(NULL, input, goodGradOutput,
                                                               c.weight, shortBias, 2, 1, 1),
                  "gradBias should be a 1D tensor of size 4, but got size 3");
  (void)gradOutput;
  FREE_ALL(input, output, shortInput, flat, wideInput, wrongWeight, shortBias, gradOutput,
           gradInput, goodGradOutput, wrongGradOutput, c.weight, c.bias);
}

/* ---- TemporalMaxPooling ---- */

typedef struct {
  int kW, dW;
  THLongTensor *indices;
} Case_(Pool);

static void Case_(poolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Pool) *p = context;
  THNN_(TemporalMaxPooling_updateOutput)(NULL, input, output, p->indices, p->kW, p->dW);
}

TEST(Case_(max_pooling_takes_each_window_maximum_and_its_offset)) {
  for (size_t k = 0; k < CASE_SHAPE_COUNT; k++) {
    Case_(Temporal) c = Case_(newConv)(Case_(shapes)[k]);
    Case_(Pool) p = {c.kW, c.dW, THLongTensor_new()};
    THTensor *input = Case_(inputOf)(c, 1), *output = THTensor_(new)();
    Case_(poolForward)(input, output, &p);
    long outFrames = Case_(outputFrames)(c), wrong = 0;
    CHECK_EQ_LONG(output->size[output->nDimension - 2], outFrames);
    CHECK(THLongTensor_nElement(p.indices) == THTensor_(nElement)(output));
    for (long n = 0; n < Case_(sequences)(c); n++)
      for (long t = 0; t < outFrames; t++)
        for (long f = 0; f < c.inSize; f++) {
          long best = 0;
          for (long w = 1; w < c.kW; w++)
            if (Case_(at)(input, n, t * c.dW + w, f) > Case_(at)(input, n, t * c.dW + best, f))
              best = w;
          long at = (n * outFrames + t) * c.inSize + f;
          wrong += Case_(at)(output, n, t, f) != Case_(at)(input, n, t * c.dW + best, f);
          wrong += THLongTensor_data(p.indices)[at] != best;
        }
    CHECK_EQ_LONG(wrong, 0);
    /* the gradient goes to each maximum, as central differences say */
    THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
    THTensor *gradInput = THTensor_(new)();
    THNN_(TemporalMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput, p.indices,
                                              c.kW, c.dW);
    CHECK(Case_(gradientError)(Case_(poolForward), &p, input, gradOutput, gradInput) < 1e-6);
    THLongTensor_free(p.indices);
    FREE_ALL(input, output, gradOutput, gradInput, c.weight, c.bias);
  }
}

TEST(Case_(max_pooling_reads_strided_inputs_and_propagates_nan)) {
  THTensor *base = Case_(valuesOf)(2, (long[]){3, 6}, 1);
  THTensor *input = THTensor_(newTranspose)(base, 0, 1);
  THTensor *contiguous = THTensor_(newClone)(input);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  Case_(Pool) p = {2, 2, THLongTensor_new()};
  Case_(poolForward)(contiguous, expected, &p);
  Case_(poolForward)(input, output, &p);
  CHECK(Case_(maxDifference)(output, expected) < 1e-12);
  THTensor_(set2d)(contiguous, 3, 0, NAN);
  Case_(poolForward)(contiguous, output, &p);
  CHECK(isnan((double)THTensor_(get2d)(output, 1, 0)));
  CHECK_EQ_LONG(THLongTensor_get2d(p.indices, 1, 0), 1);
  THLongTensor_free(p.indices);
  FREE_ALL(base, input, contiguous, output, expected);
}

TEST(Case_(max_pooling_checks_sizes_and_indices)) {
  THTensor *input = Case_(valuesOf)(2, (long[]){5, 2}, 1), *output = THTensor_(new)();
  THTensor *cube4 = Case_(valuesOf)(4, (long[]){1, 1, 5, 2}, 1), *gradInput = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  THNN_(TemporalMaxPooling_updateOutput)(NULL, input, output, indices, 2, 1);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){4, 2}, 3);
  THTensor *wrongGradOutput = Case_(valuesOf)(2, (long[]){3, 2}, 3);
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateOutput)(NULL, input, output, indices, 6, 1),
                  "Given input size: (5x2). Calculated output size: (0x2). Output size is too "
                  "small");
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateOutput)(NULL, cube4, output, indices, 2, 1),
                  "input should be a 2D or 3D tensor, but got size 1x1x5x2");
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateOutput)(NULL, input, output, indices, 2, 0),
                  "stride should be greater than zero, but got dW: 0");
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateGradInput)(NULL, input, wrongGradOutput,
                                                            gradInput, indices, 2, 1),
                  "gradOutput should be of size 4x2, but got size 3x2");
  THLongTensor_set2d(indices, 2, 1, 2);
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                            indices, 2, 1),
                  "indices should be offsets in windows of 2 frames, but found 2");
  /* a transposed (not contiguous) indices tensor is read, and named, the same way */
  THLongTensor *base = THLongTensor_newWithSize2d(2, 4);
  THLongTensor_zero(base);
  THLongTensor_set2d(base, 1, 3, -1);
  THLongTensor *transposed = THLongTensor_newTranspose(base, 0, 1);
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                            transposed, 2, 1),
                  "indices should be offsets in windows of 2 frames, but found -1");
  THLongTensor_free(base);
  THLongTensor_free(transposed);
  THLongTensor_resize1d(indices, 8);
  EXPECT_TH_ERROR(THNN_(TemporalMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                            indices, 2, 1),
                  "indices should be of size 4x2, but got size 8");
  THLongTensor_free(indices);
  FREE_ALL(input, output, cube4, gradInput, gradOutput, wrongGradOutput);
}

/* ---- TemporalSubSampling ---- */

static void Case_(subForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Temporal) *c = context;
  THNN_(TemporalSubSampling_updateOutput)(NULL, input, output, c->weight, c->bias, c->kW, c->dW,
                                          (int)c->inSize);
}

TEST(Case_(subsampling_matches_window_sums_and_central_differences)) {
  for (size_t k = 0; k < CASE_SHAPE_COUNT; k++) {
    const long *s = Case_(shapes)[k];
    Case_(Temporal) c = {s[0], s[1], s[2], s[2], (int)s[4], (int)s[5], NULL, NULL};
    c.weight = Case_(valuesOf)(1, (long[]){c.inSize}, 17);
    c.bias = Case_(valuesOf)(1, (long[]){c.inSize}, 23);
    THTensor *input = Case_(inputOf)(c, 1), *output = THTensor_(new)();
    Case_(subForward)(input, output, &c);
    long outFrames = Case_(outputFrames)(c);
    double worst = 0;
    for (long n = 0; n < Case_(sequences)(c); n++)
      for (long t = 0; t < outFrames; t++)
        for (long f = 0; f < c.inSize; f++) {
          double sum = 0;
          for (long w = 0; w < c.kW; w++)
            sum += Case_(at)(input, n, t * c.dW + w, f);
          double expected = THTensor_(get1d)(c.bias, f) + THTensor_(get1d)(c.weight, f) * sum;
          worst = fmax(worst, fabs(Case_(at)(output, n, t, f) - expected));
        }
    CHECK(output->size[output->nDimension - 2] == outFrames && worst < 1e-5);
    THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
    THTensor *gradInput = THTensor_(new)();
    THNN_(TemporalSubSampling_updateGradInput)(NULL, input, gradOutput, gradInput, c.weight,
                                               c.kW, c.dW);
    CHECK(Case_(gradientError)(Case_(subForward), &c, input, gradOutput, gradInput) < 1e-6);
    THTensor *gradWeight = Case_(valuesOf)(1, c.weight->size, 5);
    THTensor *gradBias = Case_(valuesOf)(1, c.bias->size, 7);
    THTensor *weightBefore = THTensor_(newClone)(gradWeight);
    THTensor *biasBefore = THTensor_(newClone)(gradBias);
    THNN_(TemporalSubSampling_accGradParameters)(NULL, input, gradOutput, gradWeight, gradBias,
                                                 c.kW, c.dW, 2);
    THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 2);
    THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 2);
    CHECK(Case_(gradientErrorOf)(Case_(subForward), &c, input, c.weight, gradOutput,
                                 addedWeight) < 1e-6);
    CHECK(Case_(gradientErrorOf)(Case_(subForward), &c, input, c.bias, gradOutput,
                                 addedBias) < 1e-6);
    FREE_ALL(input, output, gradOutput, gradInput, gradWeight, gradBias, weightBefore,
             biasBefore, addedWeight, addedBias, c.weight, c.bias);
  }
}

TEST(Case_(subsampling_reads_strided_inputs_and_checks_every_size)) {
  THTensor *weight = Case_(valuesOf)(1, (long[]){3}, 17);
  THTensor *bias = Case_(valuesOf)(1, (long[]){3}, 23);
  THTensor *shortVector = Case_(valuesOf)(1, (long[]){2}, 23);
  THTensor *base = Case_(valuesOf)(2, (long[]){3, 6}, 1);
  THTensor *input = THTensor_(newTranspose)(base, 0, 1);
  THTensor *contiguous = THTensor_(newClone)(input);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  THNN_(TemporalSubSampling_updateOutput)(NULL, contiguous, expected, weight, bias, 3, 2, 3);
  THNN_(TemporalSubSampling_updateOutput)(NULL, input, output, weight, bias, 3, 2, 3);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){2, 3}, 3), *gradInput = THTensor_(new)();
  THTensor *wrongGradOutput = Case_(valuesOf)(2, (long[]){3, 3}, 3);
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_updateOutput)(NULL, input, output, weight, bias, 7,
                                                          1, 3), "Given input size: (6x3). "
                  "Calculated output size: (0x3). Output size is too small");
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_updateOutput)(NULL, input, output, weight, bias, 3,
                                                          2, 4),
                  "input should have 4 features per frame (inputFrameSize), but got size 6x3");
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_updateOutput)(NULL, input, output, shortVector, bias,
                                                          3, 2, 3),
                  "weight should be a 1D tensor of size 3, but got size 2");
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_updateOutput)(NULL, input, output, weight,
                                                          shortVector, 3, 2, 3),
                  "bias should be a 1D tensor of size 3, but got size 2");
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_updateGradInput)(NULL, input, wrongGradOutput,
                                                             gradInput, weight, 3, 2),
                  "gradOutput should be of size 2x3, but got size 3x3");
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_accGradParameters)(NULL, input, gradOutput,
                                                               shortVector, bias, 3, 2, 1),
                  "gradWeight should be a 1D tensor of size 3, but got size 2");
  EXPECT_TH_ERROR(THNN_(TemporalSubSampling_accGradParameters)(NULL, input, gradOutput, weight,
                                                               shortVector, 3, 2, 1),
                  "gradBias should be a 1D tensor of size 3, but got size 2");
  FREE_ALL(weight, bias, shortVector, base, input, contiguous, output, expected, gradOutput,
           gradInput, wrongGradOutput);
}

/* ---- TemporalRowConvolution ---- */

typedef struct {
  int kW, dW, padW;
  bool featFirst;
  THTensor *weight, *bias, *finput, *fgradInput;
} Case_(Row);

static void Case_(rowForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Row) *r = context;
  THNN_(TemporalRowConvolution_updateOutput)(NULL, input, output, r->weight, r->bias, r->finput,
                                             r->fgradInput, r->kW, r->dW, r->padW, r->featFirst);
}

/* batch (0: 2-D), frames, features, kW, dW, padW */
static const long Case_(rowShapes)[][6] = {
  {0, 6, 3, 3, 1, 1},   /* padding on both ends */
  {2, 7, 2, 2, 2, 0},   /* a batch, stride 2 */
  {1, 2, 2, 4, 1, 1},   /* the padded sequence as wide as the kernel */
  {0, 8, 1, 3, 3, 2},   /* stride above the kernel, wide padding */
};

TEST(Case_(row_convolution_matches_loops_and_central_differences_in_both_layouts)) {
  for (size_t k = 0; k < sizeof(Case_(rowShapes)) / sizeof(Case_(rowShapes)[0]); k++) {
    const long *s = Case_(rowShapes)[k];
    long batch = s[0], frames = s[1], features = s[2];
    for (int featFirst = 0; featFirst < 2; featFirst++) {
      Case_(Row) r = {(int)s[3], (int)s[4], (int)s[5], featFirst,
                      Case_(valuesOf)(3, (long[]){features, 1, s[3]}, 17),
                      Case_(valuesOf)(1, (long[]){features}, 23), THTensor_(new)(),
                      THTensor_(new)()};
      long inner[2] = {featFirst ? features : frames, featFirst ? frames : features};
      THTensor *input = batch == 0 ? Case_(valuesOf)(2, inner, 1)
                                   : Case_(valuesOf)(3, (long[]){batch, inner[0], inner[1]}, 1);
      THTensor *output = THTensor_(new)();
      Case_(rowForward)(input, output, &r);
      long outFrames = (frames + 2 * r.padW - r.kW) / r.dW + 1;
      CHECK_EQ_LONG(output->size[output->nDimension - (featFirst ? 1 : 2)], outFrames);
      double worst = 0;
      for (long n = 0; n < (batch == 0 ? 1 : batch); n++)
        for (long f = 0; f < features; f++)
          for (long t = 0; t < outFrames; t++) {
            double sum = THTensor_(get1d)(r.bias, f);
            for (long w = 0; w < r.kW; w++) {
              long frame = t * r.dW - r.padW + w;
              if (frame >= 0 && frame < frames)
                sum += THTensor_(get3d)(r.weight, f, 0, w) *
                       (featFirst ? Case_(at)(input, n, f, frame) : Case_(at)(input, n, frame, f));
            }
            double got = featFirst ? Case_(at)(output, n, f, t) : Case_(at)(output, n, t, f);
            worst = fmax(worst, fabs(got - sum));
          }
      CHECK(worst < 1e-5);
      THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
      THTensor *gradInput = THTensor_(new)();
      THNN_(TemporalRowConvolution_updateGradInput)(NULL, input, gradOutput, gradInput, r.weight,
                                                    r.finput, r.fgradInput, r.kW, r.dW, r.padW,
                                                    r.featFirst);
      CHECK(Case_(gradientError)(Case_(rowForward), &r, input, gradOutput, gradInput) < 1e-6);
      THTensor *gradWeight = Case_(valuesOf)(3, r.weight->size, 5);
      THTensor *gradBias = Case_(valuesOf)(1, r.bias->size, 7);
      THTensor *weightBefore = THTensor_(newClone)(gradWeight);
      THTensor *biasBefore = THTensor_(newClone)(gradBias);
      THNN_(TemporalRowConvolution_accGradParameters)(NULL, input, gradOutput, gradWeight,
                                                      gradBias, r.finput, r.fgradInput, r.kW,
                                                      r.dW, r.padW, r.featFirst, 0.5);
      THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
      THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
      CHECK(Case_(gradientErrorOf)(Case_(rowForward), &r, input, r.weight, gradOutput,
                                   addedWeight) < 1e-6);
      CHECK(Case_(gradientErrorOf)(Case_(rowForward), &r, input, r.bias, gradOutput,
                                   addedBias) < 1e-6);
      FREE_ALL(input, output, gradOutput, gradInput, gradWeight, gradBias, weightBefore,
               biasBefore, addedWeight, addedBias, r.weight, r.bias, r.finput, r.fgradInput);
    }
  }
}

TEST(Case_(row_convolution_takes_strided_views_no_bias_and_checks_every_size)) {
  Case_(Row) r = {2, 1, 0, false, Case_(valuesOf)(2, (long[]){3, 2}, 17), NULL, THTensor_(new)(),
                  THTensor_(new)()};
  THTensor *base = Case_(valuesOf)(2, (long[]){3, 5}, 1);
  THTensor *input = THTensor_(newTranspose)(base, 0, 1);     /* 5 frames x 3 features */
  THTensor *contiguous = THTensor_(newClone)(input);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  Case_(rowForward)(contiguous, expected, &r);
  Case_(rowForward)(input, output, &r);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  THTensor *wrongWeight = Case_(valuesOf)(3, (long[]){3, 2, 2}, 17);
  THTensor *shortBias = Case_(valuesOf)(1, (long[]){2}, 17);
  THTensor *wrongGradOutput = Case_(valuesOf)(2, (long[]){3, 3}, 3), *gradInput = THTensor_(new)();
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_updateOutput)(NULL, input, output, wrongWeight,
                                                             NULL, r.finput, r.fgradInput, 2, 1,
                                                             0, false),
                  "weight should be 3 x 1 x 2 (a kernel of kW for each of the input's features), "
                  "but got size 3x2x2");
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_updateOutput)(NULL, input, output, r.weight,
                                                             shortBias, r.finput, r.fgradInput, 2,
                                                             1, 0, false),
                  "bias should be a 1D tensor of size 3, but got size 2");
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_updateOutput)(NULL, input, output, r.weight, NULL,
                                                             r.finput, r.fgradInput, 2, 1, 0,
                                                             true),
                  "weight should be 5 x 1 x 2");
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_updateOutput)(NULL, input, output, r.weight, NULL,
                                                             r.finput, r.fgradInput, 2, 1, -1,
                                                             false),
                  "padding should be at least zero, but got padW: -1");
  THTensor *weight7 = Case_(valuesOf)(2, (long[]){3, 7}, 17);
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_updateOutput)(NULL, input, output, weight7, NULL,
                                                             r.finput, r.fgradInput, 7, 1, 0,
                                                             false), "Given input size: (5x3). "
                  "Calculated output size: (0x3). Output size is too small");
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_updateGradInput)(NULL, input, wrongGradOutput,
                                                                gradInput, r.weight, r.finput,
                                                                r.fgradInput, 2, 1, 0, false),
                  "gradOutput should be of size 4x3, but got size 3x3");
  EXPECT_TH_ERROR(THNN_(TemporalRowConvolution_accGradParameters)(NULL, input, output, r.weight,
                                                                  shortBias, r.finput,
                                                                  r.fgradInput, 2, 1, 0, false,
                                                                  1),
                  "gradBias should be a 1D tensor of size 3, but got size 2");
  FREE_ALL(r.weight, r.finput, r.fgradInput, base, input, contiguous, output, expected,
           wrongWeight, shortBias, wrongGradOutput, gradInput, weight7);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(conv_forward_matches_window_sums)),
  TEST_ENTRY(Case_(conv_reads_strided_inputs_and_writes_strided_outputs)),
  TEST_ENTRY(Case_(conv_gradients_match_central_differences)),
  TEST_ENTRY(Case_(conv_checks_every_size)),
  TEST_ENTRY(Case_(max_pooling_takes_each_window_maximum_and_its_offset)),
  TEST_ENTRY(Case_(max_pooling_reads_strided_inputs_and_propagates_nan)),
  TEST_ENTRY(Case_(max_pooling_checks_sizes_and_indices)),
  TEST_ENTRY(Case_(subsampling_matches_window_sums_and_central_differences)),
  TEST_ENTRY(Case_(subsampling_reads_strided_inputs_and_checks_every_size)),
  TEST_ENTRY(Case_(row_convolution_matches_loops_and_central_differences_in_both_layouts)),
  TEST_ENTRY(Case_(row_convolution_takes_strided_views_no_bias_and_checks_every_size)),
};

#undef CASE_SHAPE_COUNT

#endif
