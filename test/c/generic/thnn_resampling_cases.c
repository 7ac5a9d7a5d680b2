/* The THNN 2-D resampling cases for one float type (expanded by test_thnn_resampling.c through
 * THGenerateFloatTypes.h): every module goes through checkModule (forward against a reference
 * computed pixel by pixel, one image against its slice of the batch, a strided input and a
 * strided gradOutput, the backward against central differences) on shape tables that include
 * batch 1 and 1x1 images; then each module's own properties and its size checks. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_resampling_cases.c"
#else

#include "thnn_helpers.c"

static void Case_(freeAll)(THTensor **tensors, size_t n) {
  for (size_t k = 0; k < n; k++)
    THTensor_(free)(tensors[k]);
}
#define FREE_ALL(...) Case_(freeAll)((THTensor *[]){__VA_ARGS__}, \
                                     sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))
#define ROWS(table) (sizeof(table) / sizeof((table)[0]))

/* ---- What every module goes through ---- */

typedef void (*Case_(Backward))(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                void *context);
/* The expected value of output (n, c, oh, ow) for a 4-D input. */
typedef double (*Case_(Reference))(THTensor *input, long n, long c, long oh, long ow,
                                   void *context);

typedef struct {
  Case_(Forward) forward;
  Case_(Backward) backward;
  Case_(Reference) reference;
  bool takesOneImage;  /* also takes a 3-D input (planes x H x W) */
} Case_(Module);

/* The largest difference between output and the reference (infinity for a wrong size). */
static double Case_(referenceError)(Case_(Module) m, void *context, THTensor *input,
                                    THTensor *output, long outH, long outW) {
  long batch = input->size[0], planes = input->size[1];
  if (output->nDimension != 4 || output->size[0] != batch || output->size[1] != planes ||
      output->size[2] != outH || output->size[3] != outW)
    return INFINITY;
  double worst = 0;
  for (long n = 0; n < batch; n++)
    for (long c = 0; c < planes; c++)
      for (long oh = 0; oh < outH; oh++)
        for (long ow = 0; ow < outW; ow++) {
          double d = fabs(THTensor_(get4d)(output, n, c, oh, ow) -
                          m.reference(input, n, c, oh, ow, context));
          if (d > worst || d != d)
            worst = d;
        }
  return worst;
}

/* A batch x planes x H x W input whose output must be batch x planes x outH x outW. */
static void Case_(checkModule)(Case_(Module) m, void *context, long batch, long planes, long H,
                               long W, long outH, long outW) {
  THTensor *input = Case_(valuesOf)(4, (long[]){batch, planes, H, W}, 1);
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  m.forward(input, output, context);
  CHECK(Case_(referenceError)(m, context, input, output, outH, outW) < 1e-5);
  /* each image alone (3-D) gives its slice of the batch */
  for (long n = 0; m.takesOneImage && n < batch; n++) {
    THTensor *image = THTensor_(newSelect)(input, 0, n), *alone = THTensor_(new)();
    THTensor *slice = THTensor_(newSelect)(output, 0, n);
    m.forward(image, alone, context);
    CHECK(Case_(maxDifference)(alone, slice) == 0);
    FREE_ALL(image, alone, slice);
  }
  /* a strided input: H and W swapped twice */
  THTensor *base = Case_(valuesOf)(4, (long[]){batch, planes, W, H}, 5);
  THTensor *strided = THTensor_(newTranspose)(base, 2, 3);
  THTensor *contiguous = THTensor_(newClone)(strided);
  THTensor *fromStrided = THTensor_(new)(), *fromContiguous = THTensor_(new)();
  m.forward(strided, fromStrided, context);
  m.forward(contiguous, fromContiguous, context);
  CHECK(Case_(maxDifference)(fromStrided, fromContiguous) == 0);
  /* the backward, against central differences and with a strided gradOutput */
  m.forward(input, output, context);
  THTensor *gradOutput = Case_(valuesOf)(4, output->size, 3);
  m.backward(input, gradOutput, gradInput, context);
  CHECK(Case_(gradientError)(m.forward, context, input, gradOutput, gradInput) < 1e-6);
  THTensor *gradBase = Case_(valuesOf)(4, (long[]){batch, planes, outW, outH}, 3);
  THTensor *gradStrided = THTensor_(newTranspose)(gradBase, 2, 3);
  THTensor *gradContiguous = THTensor_(newClone)(gradStrided);
  THTensor *fromGradStrided = THTensor_(new)();
  m.backward(input, gradStrided, fromGradStrided, context);
  m.backward(input, gradContiguous, gradInput, context);
  CHECK(Case_(maxDifference)(fromGradStrided, gradInput) == 0);
  FREE_ALL(input, output, gradInput, base, strided, contiguous, fromStrided, fromContiguous,
           gradOutput, gradBase, gradStrided, gradContiguous, fromGradStrided);
}

/* Every index of a max pooling names, in its input plane, an element equal to its output. */
static long Case_(indicesNotAtOutputs)(THTensor *input, THTensor *output,
                                       THIndexTensor *indices) {
  long wrong = 0, W = input->size[3];
  for (long n = 0; n < output->size[0]; n++)
    for (long c = 0; c < output->size[1]; c++)
      for (long oh = 0; oh < output->size[2]; oh++)
        for (long ow = 0; ow < output->size[3]; ow++) {
          long at = THIndexTensor_(get4d)(indices, n, c, oh, ow);
          wrong += at < 0 || at >= input->size[2] * W ||
                   THTensor_(get4d)(input, n, c, at / W, at % W) !=
                       THTensor_(get4d)(output, n, c, oh, ow);
        }
  return wrong;
}

/* ---- SpatialSubSampling ---- */

typedef struct {
  int kW, kH, dW, dH;
  THTensor *weight, *bias;
} Case_(SubSampling);

static void Case_(subSamplingForward)(THTensor *input, THTensor *output, void *context) {
  Case_(SubSampling) *c = context;
  THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, c->weight, c->bias, c->kW, c->kH,
                                         c->dW, c->dH);
}

static void Case_(subSamplingBackward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                       void *context) {
  Case_(SubSampling) *c = context;
  THNN_(SpatialSubSampling_updateGradInput)(NULL, input, gradOutput, gradInput, c->weight, c->kW,
                                            c->kH, c->dW, c->dH);
}

static double Case_(subSamplingReference)(THTensor *input, long n, long c, long oh, long ow,
                                          void *context) {
  Case_(SubSampling) *s = context;
  double sum = 0;
  for (int i = 0; i < s->kH; i++)
    for (int j = 0; j < s->kW; j++)
      sum += THTensor_(get4d)(input, n, c, oh * s->dH + i, ow * s->dW + j);
  return THTensor_(get1d)(s->bias, c) + THTensor_(get1d)(s->weight, c) * sum;
}

/* batch, planes, H, W, kH, kW, dH, dW, outH, outW */
static const long Case_(subSamplingShapes)[][10] = {
  {2, 2, 5, 6, 2, 3, 2, 1, 2, 4},  /* non-square window, uneven strides */
  {1, 3, 4, 4, 2, 2, 2, 2, 2, 2},  /* batch 1, the usual 2x2 */
  {1, 1, 1, 1, 1, 1, 1, 1, 1, 1},  /* a 1x1 image */
  {3, 1, 3, 3, 3, 3, 1, 1, 1, 1},  /* the window covers the image */
  {2, 2, 7, 5, 3, 2, 3, 2, 2, 2},  /* strides that leave pixels out */
};

TEST(Case_(subsampling_matches_window_sums_and_central_differences)) {
  for (size_t k = 0; k < ROWS(Case_(subSamplingShapes)); k++) {
    const long *s = Case_(subSamplingShapes)[k];
    Case_(SubSampling) c = {(int)s[5], (int)s[4], (int)s[7], (int)s[6],
                            Case_(valuesOf)(1, (long[]){s[1]}, 17),
                            Case_(valuesOf)(1, (long[]){s[1]}, 23)};
    Case_(Module) m = {Case_(subSamplingForward), Case_(subSamplingBackward),
                       Case_(subSamplingReference), true};
    Case_(checkModule)(m, &c, s[0], s[1], s[2], s[3], s[8], s[9]);
    /* the parameter gradients: added times scale to what the tensors held */
    THTensor *input = Case_(valuesOf)(4, (long[]){s[0], s[1], s[2], s[3]}, 1);
    THTensor *output = THTensor_(new)();
    Case_(subSamplingForward)(input, output, &c);
    THTensor *gradOutput = Case_(valuesOf)(4, output->size, 3);
    THTensor *gradWeight = Case_(valuesOf)(1, c.weight->size, 5);
    THTensor *gradBias = Case_(valuesOf)(1, c.bias->size, 7);
    THTensor *weightBefore = THTensor_(newClone)(gradWeight);
    THTensor *biasBefore = THTensor_(newClone)(gradBias);
    THNN_(SpatialSubSampling_accGradParameters)(NULL, input, gradOutput, gradWeight, gradBias,
                                                c.kW, c.kH, c.dW, c.dH, 0.5);
    THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
    THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
    CHECK(Case_(gradientErrorOf)(Case_(subSamplingForward), &c, input, c.weight, gradOutput,
                                 addedWeight) < 1e-6);
    CHECK(Case_(gradientErrorOf)(Case_(subSamplingForward), &c, input, c.bias, gradOutput,
                                 addedBias) < 1e-6);
    FREE_ALL(input, output, gradOutput, gradWeight, gradBias, weightBefore, biasBefore,
             addedWeight, addedBias, c.weight, c.bias);
  }
}

TEST(Case_(subsampling_accumulates_into_strided_parameter_gradients)) {
  Case_(SubSampling) c = {2, 2, 2, 2, Case_(valuesOf)(1, (long[]){3}, 17),
                          Case_(valuesOf)(1, (long[]){3}, 23)};
  THTensor *input = Case_(valuesOf)(4, (long[]){2, 3, 4, 4}, 1), *output = THTensor_(new)();
  Case_(subSamplingForward)(input, output, &c);
  THTensor *gradOutput = Case_(valuesOf)(4, output->size, 3);
  /* every other element of 6-element tensors, against contiguous ones */
  THTensor *weightBase = THTensor_(newWithSize1d)(6), *biasBase = THTensor_(newWithSize1d)(6);
  THTensor_(zero)(weightBase);
  THTensor_(zero)(biasBase);
  THTensor *gradWeight = THTensor_(newWithStorage1d)(weightBase->storage, 0, 3, 2);
  THTensor *gradBias = THTensor_(newWithStorage1d)(biasBase->storage, 1, 3, 2);
  THTensor *expectedWeight = THTensor_(newWithSize1d)(3);
  THTensor *expectedBias = THTensor_(newWithSize1d)(3);
  THTensor_(zero)(expectedWeight);
  THTensor_(zero)(expectedBias);
  THNN_(SpatialSubSampling_accGradParameters)(NULL, input, gradOutput, gradWeight, gradBias, 2, 2,
                                              2, 2, 1);
  THNN_(SpatialSubSampling_accGradParameters)(NULL, input, gradOutput, expectedWeight,
                                              expectedBias, 2, 2, 2, 2, 1);
  CHECK(Case_(maxDifference)(gradWeight, expectedWeight) == 0);
  CHECK(Case_(maxDifference)(gradBias, expectedBias) == 0);
  CHECK(THTensor_(get1d)(weightBase, 1) == 0 && THTensor_(get1d)(biasBase, 0) == 0);
  FREE_ALL(input, output, gradOutput, weightBase, biasBase, gradWeight, gradBias, expectedWeight,
           expectedBias, c.weight, c.bias);
}

/* ---- SpatialAdaptiveMaxPooling and SpatialAdaptiveAveragePooling ---- */

typedef struct {
  int owidth, oheight;
  THIndexTensor *indices;
} Case_(Adaptive);

static void Case_(adaptiveMaxForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Adaptive) *a = context;
  THNN_(SpatialAdaptiveMaxPooling_updateOutput)(NULL, input, output, a->indices, a->owidth,
                                                a->oheight);
}

static void Case_(adaptiveMaxBackward)(THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, void *context) {
  Case_(Adaptive) *a = context;
  THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                   a->indices);
}

static void Case_(adaptiveAverageForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Adaptive) *a = context;
  THNN_(SpatialAdaptiveAveragePooling_updateOutput)(NULL, input, output, a->owidth, a->oheight);
}

static void Case_(adaptiveAverageBackward)(THTensor *input, THTensor *gradOutput,
                                           THTensor *gradInput, void *context) {
  (void)context;
  THNN_(SpatialAdaptiveAveragePooling_updateGradInput)(NULL, input, gradOutput, gradInput);
}

/* The window of output o of `out` over `in` elements: [floor(o*in/out), ceil((o+1)*in/out)). */
static void Case_(adaptiveRange)(long o, long in, long out, long *start, long *end) {
  *start = (long)floor((double)o * in / out);
  *end = (long)ceil((double)(o + 1) * in / out);
}

/* The maximum (max) or the mean of the adaptive window of (oh, ow). */
static double Case_(adaptiveWindow)(THTensor *input, long n, long c, long oh, long ow,
                                    Case_(Adaptive) *a, bool max) {
  long h0, h1, w0, w1;
  Case_(adaptiveRange)(oh, input->size[2], a->oheight, &h0, &h1);
  Case_(adaptiveRange)(ow, input->size[3], a->owidth, &w0, &w1);
  double best = -INFINITY, sum = 0;
  for (long h = h0; h < h1; h++)
    for (long w = w0; w < w1; w++) {
      double x = THTensor_(get4d)(input, n, c, h, w);
      best = fmax(best, x);
      sum += x;
    }
  return max ? best : sum / ((h1 - h0) * (w1 - w0));
}

static double Case_(adaptiveMaxReference)(THTensor *input, long n, long c, long oh, long ow,
                                          void *context) {
  return Case_(adaptiveWindow)(input, n, c, oh, ow, context, true);
}

static double Case_(adaptiveAverageReference)(THTensor *input, long n, long c, long oh, long ow,
                                              void *context) {
  return Case_(adaptiveWindow)(input, n, c, oh, ow, context, false);
}

/* batch, planes, H, W, oheight, owidth */
static const long Case_(adaptiveShapes)[][6] = {
  {2, 2, 5, 7, 2, 3},  /* uneven windows that overlap */
  {1, 3, 4, 4, 2, 2},  /* batch 1, windows that tile */
  {1, 2, 3, 2, 5, 4},  /* an output larger than the input */
  {2, 1, 1, 1, 1, 1},  /* a 1x1 image */
  {1, 1, 1, 1, 3, 2},  /* a 1x1 image spread over 3x2 */
  {1, 2, 6, 5, 1, 1},  /* global pooling */
};

TEST(Case_(adaptive_poolings_match_their_windows)) {
  for (size_t k = 0; k < ROWS(Case_(adaptiveShapes)); k++) {
    const long *s = Case_(adaptiveShapes)[k];
    Case_(Adaptive) a = {(int)s[5], (int)s[4], THIndexTensor_(new)()};
    Case_(Module) max = {Case_(adaptiveMaxForward), Case_(adaptiveMaxBackward),
                         Case_(adaptiveMaxReference), true};
    Case_(Module) mean = {Case_(adaptiveAverageForward), Case_(adaptiveAverageBackward),
                          Case_(adaptiveAverageReference), true};
    Case_(checkModule)(max, &a, s[0], s[1], s[2], s[3], s[4], s[5]);
    Case_(checkModule)(mean, &a, s[0], s[1], s[2], s[3], s[4], s[5]);
    THTensor *input = Case_(valuesOf)(4, (long[]){s[0], s[1], s[2], s[3]}, 1);
    THTensor *output = THTensor_(new)();
    Case_(adaptiveMaxForward)(input, output, &a);
    CHECK_EQ_LONG(Case_(indicesNotAtOutputs)(input, output, a.indices), 0);
    FREE_ALL(input, output);
    THIndexTensor_(free)(a.indices);
  }
}

/* ---- SpatialFractionalMaxPooling ---- */

typedef struct {
  int outputW, outputH, poolSizeW, poolSizeH;
  THIndexTensor *indices;
  THTensor *samples;
} Case_(Fractional);

static void Case_(fractionalForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Fractional) *f = context;
  THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, f->outputW, f->outputH,
                                                  f->poolSizeW, f->poolSizeH, f->indices,
                                                  f->samples);
}

static void Case_(fractionalBackward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                      void *context) {
  Case_(Fractional) *f = context;
  THNN_(SpatialFractionalMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                     f->outputW, f->outputH, f->poolSizeW,
                                                     f->poolSizeH, f->indices);
}

/* Where window o of `out` windows of `pool` over `in` elements starts, for offset u: the stride
 * is alpha = (in - pool) / (out - 1), window o starts at floor((o + u) alpha) - floor(u alpha),
 * and the last one ends with the input. */
static long Case_(fractionalStart)(long o, double u, long in, long out, long pool) {
  if (o == out - 1)
    return in - pool;
  double alpha = (double)(in - pool) / (out - 1);
  return (long)floor((o + u) * alpha) - (long)floor(u * alpha);
}

static double Case_(fractionalReference)(THTensor *input, long n, long c, long oh, long ow,
                                         void *context) {
  Case_(Fractional) *f = context;
  long h0 = Case_(fractionalStart)(oh, THTensor_(get3d)(f->samples, n, c, 1), input->size[2],
                                   f->outputH, f->poolSizeH);
  long w0 = Case_(fractionalStart)(ow, THTensor_(get3d)(f->samples, n, c, 0), input->size[3],
                                   f->outputW, f->poolSizeW);
  double best = -INFINITY;
  for (long h = h0; h < h0 + f->poolSizeH; h++)
    for (long w = w0; w < w0 + f->poolSizeW; w++)
      best = fmax(best, THTensor_(get4d)(input, n, c, h, w));
  return best;
}

/* batch x planes x 2 offsets in [0, 1). */
static THTensor *Case_(samplesOf)(long batch, long planes, long seed) {
  THTensor *samples = Case_(valuesOf)(3, (long[]){batch, planes, 2}, seed);
  THTensor_(add)(samples, samples, 1);
  THTensor_(mul)(samples, samples, 0.5);
  return samples;
}

/* batch, planes, H, W, outputH, outputW, poolSizeH, poolSizeW */
static const long Case_(fractionalShapes)[][8] = {
  {2, 2, 7, 7, 4, 4, 2, 2},  /* stride 5/3 */
  {1, 3, 5, 5, 2, 2, 2, 2},  /* batch 1 */
  {1, 2, 9, 6, 3, 5, 3, 2},  /* the smallest width that fits 5 pools of 2 */
  {2, 1, 1, 1, 1, 1, 1, 1},  /* a 1x1 image */
  {1, 2, 4, 5, 1, 1, 3, 2},  /* one output: the window at the end */
};

TEST(Case_(fractional_max_pooling_matches_its_windows)) {
  for (size_t k = 0; k < ROWS(Case_(fractionalShapes)); k++) {
    const long *s = Case_(fractionalShapes)[k];
    Case_(Fractional) f = {(int)s[5], (int)s[4], (int)s[7], (int)s[6], THIndexTensor_(new)(),
                           Case_(samplesOf)(s[0], s[1], 11)};
    Case_(Module) m = {Case_(fractionalForward), Case_(fractionalBackward),
                       Case_(fractionalReference), false};
    Case_(checkModule)(m, &f, s[0], s[1], s[2], s[3], s[4], s[5]);
    THTensor *input = Case_(valuesOf)(4, (long[]){s[0], s[1], s[2], s[3]}, 1);
    THTensor *output = THTensor_(new)();
    Case_(fractionalForward)(input, output, &f);
    CHECK_EQ_LONG(Case_(indicesNotAtOutputs)(input, output, f.indices), 0);
    /* one image (3-D) takes the offsets of a batch of one */
    THTensor *image = THTensor_(newSelect)(input, 0, 0), *alone = THTensor_(new)();
    THTensor *slice = THTensor_(newSelect)(output, 0, 0);
    THTensor *all = f.samples;
    f.samples = THTensor_(newNarrow)(all, 0, 0, 1);
    Case_(fractionalForward)(image, alone, &f);
    CHECK(Case_(maxDifference)(alone, slice) == 0);
    FREE_ALL(input, output, image, alone, slice, all, f.samples);
    THIndexTensor_(free)(f.indices);
  }
}

TEST(Case_(fractional_windows_cover_the_input_from_end_to_end)) {
  /* offsets 0, just below 1 and 1: the first window starts at 0, the last ends with the input,
   * and the starts advance by floor(alpha) or ceil(alpha) */
  double offsets[] = {0, 0.999, 1};
  for (size_t k = 0; k < 3; k++) {
    long previous = -1, wrong = 0;
    for (long o = 0; o < 4; o++) {
      long start = Case_(fractionalStart)(o, offsets[k], 10, 4, 3);  /* alpha 7/3 */
      wrong += start < 0 || start + 3 > 10 || (o > 0 && start - previous != 2 &&
                                               start - previous != 3);
      previous = start;
    }
    CHECK_EQ_LONG(wrong, 0);
    CHECK_EQ_LONG(previous, 7);
  }
  /* the kernel takes the same windows: a plane 0..9 in one row gives each window's last element */
  THTensor *input = THTensor_(newWithSize3d)(1, 1, 10), *output = THTensor_(new)();
  for (long w = 0; w < 10; w++)
    THTensor_(set3d)(input, 0, 0, w, (real)w);
  Case_(Fractional) f = {4, 1, 3, 1, THIndexTensor_(new)(), THTensor_(newWithSize3d)(1, 1, 2)};
  THTensor_(zero)(f.samples);
  Case_(fractionalForward)(input, output, &f);
  long wrong = 0;
  for (long o = 0; o < 4; o++)
    wrong += THTensor_(get3d)(output, 0, 0, o) != Case_(fractionalStart)(o, 0, 10, 4, 3) + 2;
  CHECK_EQ_LONG(wrong, 0);
  FREE_ALL(input, output, f.samples);
  THIndexTensor_(free)(f.indices);
}

TEST(Case_(max_poolings_let_nan_win)) {
  THTensor *input = Case_(valuesOf)(3, (long[]){1, 4, 4}, 1), *output = THTensor_(new)();
  THTensor_(set3d)(input, 0, 2, 3, NAN);
  Case_(Adaptive) a = {2, 2, THIndexTensor_(new)()};
  THNN_(SpatialAdaptiveMaxPooling_updateOutput)(NULL, input, output, a.indices, 2, 2);
  CHECK(isnan(THTensor_(get3d)(output, 0, 1, 1)));
  CHECK_EQ_LONG(THIndexTensor_(get3d)(a.indices, 0, 1, 1), 2 * 4 + 3);
  Case_(Fractional) f = {2, 2, 2, 2, a.indices, Case_(samplesOf)(1, 1, 3)};
  Case_(fractionalForward)(input, output, &f);
  CHECK(isnan(THTensor_(get3d)(output, 0, 1, 1)));
  CHECK_EQ_LONG(THIndexTensor_(get3d)(a.indices, 0, 1, 1), 2 * 4 + 3);
  FREE_ALL(input, output, f.samples);
  THIndexTensor_(free)(a.indices);
}

/* ---- SpatialUpSamplingNearest and SpatialUpSamplingBilinear ---- */

typedef struct {
  int scale_factor, outputHeight, outputWidth;
} Case_(UpSampling);

static void Case_(nearestForward)(THTensor *input, THTensor *output, void *context) {
  Case_(UpSampling) *u = context;
  THNN_(SpatialUpSamplingNearest_updateOutput)(NULL, input, output, u->scale_factor);
}

static void Case_(nearestBackward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                   void *context) {
  Case_(UpSampling) *u = context;
  THNN_(SpatialUpSamplingNearest_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                  u->scale_factor);
}

static double Case_(nearestReference)(THTensor *input, long n, long c, long oh, long ow,
                                      void *context) {
  Case_(UpSampling) *u = context;
  return THTensor_(get4d)(input, n, c, oh / u->scale_factor, ow / u->scale_factor);
}

static void Case_(bilinearForward)(THTensor *input, THTensor *output, void *context) {
  Case_(UpSampling) *u = context;
  THNN_(SpatialUpSamplingBilinear_updateOutput)(NULL, input, output, u->outputHeight,
                                                u->outputWidth);
}

static void Case_(bilinearBackward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                    void *context) {
  Case_(UpSampling) *u = context;
  THNN_(SpatialUpSamplingBilinear_updateGradInput)(
      NULL, gradOutput, gradInput, (int)input->size[0], (int)input->size[1], (int)input->size[2],
      (int)input->size[3], u->outputHeight, u->outputWidth);
}

/* Output o of `out` samples input position o * (in - 1) / (out - 1) (0 when out is 1): the
 * element below it, the one above (the same at the last element), and the weight of the above. */
static void Case_(bilinearPosition)(long o, long in, long out, long *below, long *above,
                                    double *weight) {
  double position = out > 1 ? (double)o * (in - 1) / (out - 1) : 0;
  *below = (long)floor(position);
  *above = *below + 1 < in ? *below + 1 : *below;
  *weight = position - *below;
}

static double Case_(bilinearReference)(THTensor *input, long n, long c, long oh, long ow,
                                       void *context) {
  Case_(UpSampling) *u = context;
  long h0, h1, w0, w1;
  double fh, fw;
  Case_(bilinearPosition)(oh, input->size[2], u->outputHeight, &h0, &h1, &fh);
  Case_(bilinearPosition)(ow, input->size[3], u->outputWidth, &w0, &w1, &fw);
  double top = (1 - fw) * THTensor_(get4d)(input, n, c, h0, w0) +
               fw * THTensor_(get4d)(input, n, c, h0, w1);
  double bottom = (1 - fw) * THTensor_(get4d)(input, n, c, h1, w0) +
                  fw * THTensor_(get4d)(input, n, c, h1, w1);
  return (1 - fh) * top + fh * bottom;
}

/* batch, planes, H, W, scale_factor */
static const long Case_(nearestShapes)[][5] = {
  {2, 2, 3, 4, 2},
  {1, 3, 1, 1, 3},  /* a 1x1 image */
  {1, 1, 2, 3, 1},  /* scale 1 copies */
};

/* batch, planes, H, W, outputHeight, outputWidth */
static const long Case_(bilinearShapes)[][6] = {
  {2, 2, 3, 4, 5, 7},  /* corners on corners: the steps are 1/2 and 1/2 */
  {1, 1, 1, 1, 3, 2},  /* a 1x1 image */
  {1, 2, 4, 3, 1, 1},  /* a 1x1 output: the top left pixel */
  {1, 2, 5, 6, 3, 4},  /* smaller than the input */
  {2, 1, 2, 2, 2, 2},  /* the same size: a copy */
  {1, 1, 3, 3, 8, 5},  /* steps that are not simple fractions */
};

TEST(Case_(upsamplings_match_their_interpolation)) {
  for (size_t k = 0; k < ROWS(Case_(nearestShapes)); k++) {
    const long *s = Case_(nearestShapes)[k];
    Case_(UpSampling) u = {(int)s[4], 0, 0};
    Case_(Module) m = {Case_(nearestForward), Case_(nearestBackward), Case_(nearestReference),
                       true};
    Case_(checkModule)(m, &u, s[0], s[1], s[2], s[3], s[2] * s[4], s[3] * s[4]);
  }
  for (size_t k = 0; k < ROWS(Case_(bilinearShapes)); k++) {
    const long *s = Case_(bilinearShapes)[k];
    Case_(UpSampling) u = {0, (int)s[4], (int)s[5]};
    Case_(Module) m = {Case_(bilinearForward), Case_(bilinearBackward), Case_(bilinearReference),
                       false};
    Case_(checkModule)(m, &u, s[0], s[1], s[2], s[3], s[4], s[5]);
  }
}

TEST(Case_(bilinear_upsampling_puts_corners_on_corners)) {
  THTensor *input = Case_(valuesOf)(4, (long[]){1, 1, 3, 4}, 1), *output = THTensor_(new)();
  THNN_(SpatialUpSamplingBilinear_updateOutput)(NULL, input, output, 7, 10);
  CHECK(THTensor_(get4d)(output, 0, 0, 0, 0) == THTensor_(get4d)(input, 0, 0, 0, 0));
  CHECK_NEAR(THTensor_(get4d)(output, 0, 0, 6, 9), THTensor_(get4d)(input, 0, 0, 2, 3), 1e-6);
  CHECK_NEAR(THTensor_(get4d)(output, 0, 0, 0, 9), THTensor_(get4d)(input, 0, 0, 0, 3), 1e-6);
  CHECK_NEAR(THTensor_(get4d)(output, 0, 0, 6, 0), THTensor_(get4d)(input, 0, 0, 2, 0), 1e-6);
  /* row 3 of 7 is input row 1 exactly; column 3 of 10 is input column 1 */
  CHECK_NEAR(THTensor_(get4d)(output, 0, 0, 3, 3), THTensor_(get4d)(input, 0, 0, 1, 1), 1e-6);
  FREE_ALL(input, output);
}

/* ---- SpatialReflectionPadding and SpatialReplicationPadding ---- */

typedef struct {
  int pad_l, pad_r, pad_t, pad_b;
} Case_(Padding);

static void Case_(reflectionForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Padding) *p = context;
  THNN_(SpatialReflectionPadding_updateOutput)(NULL, input, output, p->pad_l, p->pad_r, p->pad_t,
                                               p->pad_b);
}

static void Case_(reflectionBackward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                      void *context) {
  Case_(Padding) *p = context;
  THNN_(SpatialReflectionPadding_updateGradInput)(NULL, input, gradOutput, gradInput, p->pad_l,
                                                  p->pad_r, p->pad_t, p->pad_b);
}

static void Case_(replicationForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Padding) *p = context;
  THNN_(SpatialReplicationPadding_updateOutput)(NULL, input, output, p->pad_l, p->pad_r,
                                                p->pad_t, p->pad_b);
}

static void Case_(replicationBackward)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                       void *context) {
  Case_(Padding) *p = context;
  THNN_(SpatialReplicationPadding_updateGradInput)(NULL, input, gradOutput, gradInput, p->pad_l,
                                                   p->pad_r, p->pad_t, p->pad_b);
}

/* x folded back into [0, size) by mirrors at 0 and at size - 1. */
static long Case_(mirrored)(long x, long size) {
  while (x < 0 || x >= size)
    x = x < 0 ? -x : 2 * (size - 1) - x;
  return x;
}

static long Case_(clamped)(long x, long size) {
  return x < 0 ? 0 : x >= size ? size - 1 : x;
}

static double Case_(reflectionReference)(THTensor *input, long n, long c, long oh, long ow,
                                         void *context) {
  Case_(Padding) *p = context;
  return THTensor_(get4d)(input, n, c, Case_(mirrored)(oh - p->pad_t, input->size[2]),
                          Case_(mirrored)(ow - p->pad_l, input->size[3]));
}

static double Case_(replicationReference)(THTensor *input, long n, long c, long oh, long ow,
                                          void *context) {
  Case_(Padding) *p = context;
  return THTensor_(get4d)(input, n, c, Case_(clamped)(oh - p->pad_t, input->size[2]),
                          Case_(clamped)(ow - p->pad_l, input->size[3]));
}

/* batch, planes, H, W, pad_l, pad_r, pad_t, pad_b */
static const long Case_(paddingShapes)[][8] = {
  {2, 2, 4, 5, 1, 2, 3, 0},    /* different on every side */
  {1, 1, 3, 3, 2, 2, 2, 2},    /* the largest reflection of a 3x3 image */
  {1, 2, 4, 4, -1, 2, 0, -2},  /* negative padding crops */
  {2, 1, 1, 1, 0, 0, 0, 0},    /* a 1x1 image, as it is */
  {1, 2, 1, 1, 3, 1, 2, 0},    /* a 1x1 image replicated (it cannot be reflected) */
  {1, 1, 2, 6, 5, 5, 1, 1},    /* wide reflections of a wide image */
};

TEST(Case_(paddings_match_their_mirrors_and_edges)) {
  for (size_t k = 0; k < ROWS(Case_(paddingShapes)); k++) {
    const long *s = Case_(paddingShapes)[k];
    Case_(Padding) p = {(int)s[4], (int)s[5], (int)s[6], (int)s[7]};
    long outH = s[2] + s[6] + s[7], outW = s[3] + s[4] + s[5];
    Case_(Module) replication = {Case_(replicationForward), Case_(replicationBackward),
                                 Case_(replicationReference), true};
    Case_(checkModule)(replication, &p, s[0], s[1], s[2], s[3], outH, outW);
    if (s[4] < s[3] && s[5] < s[3] && s[6] < s[2] && s[7] < s[2]) {
      Case_(Module) reflection = {Case_(reflectionForward), Case_(reflectionBackward),
                                  Case_(reflectionReference), true};
      Case_(checkModule)(reflection, &p, s[0], s[1], s[2], s[3], outH, outW);
    }
  }
}

TEST(Case_(padding_one_row_by_hand)) {
  /* [1 2 3] padded by 2 on the left and 1 on the right */
  THTensor *input = THTensor_(newWithSize3d)(1, 1, 3), *output = THTensor_(new)();
  for (long w = 0; w < 3; w++)
    THTensor_(set3d)(input, 0, 0, w, (real)(w + 1));
  const real reflected[] = {3, 2, 1, 2, 3, 2}, replicated[] = {1, 1, 1, 2, 3, 3};
  THNN_(SpatialReflectionPadding_updateOutput)(NULL, input, output, 2, 1, 0, 0);
  long wrong = output->size[2] != 6;
  for (long w = 0; !wrong && w < 6; w++)
    wrong += THTensor_(get3d)(output, 0, 0, w) != reflected[w];
  THNN_(SpatialReplicationPadding_updateOutput)(NULL, input, output, 2, 1, 0, 0);
  wrong += output->size[2] != 6;
  for (long w = 0; !wrong && w < 6; w++)
    wrong += THTensor_(get3d)(output, 0, 0, w) != replicated[w];
  CHECK_EQ_LONG(wrong, 0);
  FREE_ALL(input, output);
}

/* ---- The checks ---- */

TEST(Case_(resampling_checks_every_size)) {
  THTensor *input = Case_(valuesOf)(4, (long[]){1, 2, 4, 4}, 1), *output = THTensor_(new)();
  THTensor *flat = Case_(valuesOf)(2, (long[]){4, 4}, 1), *gradInput = THTensor_(new)();
  THTensor *weight = Case_(valuesOf)(1, (long[]){2}, 1);
  THTensor *shortVector = Case_(valuesOf)(1, (long[]){3}, 1);
  THTensor *matrix = Case_(valuesOf)(2, (long[]){2, 1}, 1);
  THTensor *gradOutput = Case_(valuesOf)(4, (long[]){1, 2, 2, 3}, 1);
  THTensor *threePlanes = Case_(valuesOf)(4, (long[]){1, 3, 2, 2}, 1);
  THIndexTensor *indices = THIndexTensor_(newWithSize4d)(1, 2, 2, 2);
  THIndexTensor *wrongIndices = THIndexTensor_(newWithSize4d)(1, 2, 2, 3);
  THIndexTensor_(fill)(indices, 3);
  THTensor *goodGradOutput = Case_(valuesOf)(4, (long[]){1, 2, 2, 2}, 1);

  /* SpatialSubSampling */
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, weight, weight, 5, 2,
                                                         1, 1), "Given input size: (1x2x4x4). "
                  "Calculated output size: (1x2x3x0). Output size is too small");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, flat, output, weight, weight, 2, 2,
                                                         1, 1),
                  "input should be a 3D or 4D tensor, but got size 4x4");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, shortVector,
                                                         weight, 2, 2, 1, 1),
                  "input should have 3 planes (weight is of size 3), but got size 1x2x4x4");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, matrix, weight, 2,
                                                         2, 1, 1),
                  "weight should be a 1D tensor (one element per plane), but got size 2x1");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, weight,
                                                         shortVector, 2, 2, 1, 1),
                  "bias should be a 1D tensor of size 2, but got size 3");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, weight, weight, 2,
                                                         0, 1, 1),
                  "kernel size should be greater than zero, but got kH: 0 kW: 2");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateOutput)(NULL, input, output, weight, weight, 2,
                                                         2, 1, 0),
                  "stride should be greater than zero, but got dH: 0 dW: 1");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                            weight, 2, 2, 2, 2),
                  "gradOutput should be of size 1x2x2x2, but got size 1x2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_accGradParameters)(NULL, input, goodGradOutput,
                                                              shortVector, weight, 2, 2, 2, 2,
                                                              1),
                  "input should have 3 planes (gradWeight is of size 3), but got size 1x2x4x4");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_accGradParameters)(NULL, input, goodGradOutput, weight,
                                                              shortVector, 2, 2, 2, 2, 1),
                  "gradBias should be a 1D tensor of size 2, but got size 3");
  EXPECT_TH_ERROR(THNN_(SpatialSubSampling_accGradParameters)(NULL, input, gradOutput, weight,
                                                              weight, 2, 2, 2, 2, 1),
                  "gradOutput should be of size 1x2x2x2, but got size 1x2x2x3");

  /* the adaptive poolings */
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveMaxPooling_updateOutput)(NULL, input, output, indices, 0,
                                                                2),
                  "output size should be greater than zero, but got owidth: 0 oheight: 2");
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveMaxPooling_updateOutput)(NULL, flat, output, indices, 2,
                                                                2),
                  "input should be a 3D or 4D tensor, but got size 4x4");
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(NULL, input, threePlanes,
                                                                   gradInput, indices),
                  "gradOutput should have the batch and 2 planes of input, but got size 1x3x2x2");
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(NULL, input, gradOutput,
                                                                   gradInput, indices),
                  "indices should be of size 1x2x2x3, but got size 1x2x2x2");
  THIndexTensor_(set4d)(indices, 0, 1, 1, 0, 16);
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(NULL, input, goodGradOutput,
                                                                   gradInput, indices),
                  "indices should be positions in planes of 16 elements, but found 16");
  THIndexTensor_(set4d)(indices, 0, 1, 1, 0, -1);
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(NULL, input, goodGradOutput,
                                                                   gradInput, indices),
                  "indices should be positions in planes of 16 elements, but found -1");
  THIndexTensor_(set4d)(indices, 0, 1, 1, 0, 3);
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveAveragePooling_updateOutput)(NULL, input, output, 2, -1),
                  "output size should be greater than zero, but got owidth: 2 oheight: -1");
  EXPECT_TH_ERROR(THNN_(SpatialAdaptiveAveragePooling_updateGradInput)(NULL, input, flat,
                                                                       gradInput),
                  "gradOutput should have the batch and 2 planes of input, but got size 4x4");

  /* SpatialFractionalMaxPooling */
  THTensor *samples = Case_(samplesOf)(1, 2, 1), *wrongSamples = Case_(samplesOf)(2, 2, 1);
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, 3, 3, 2,
                                                                  3, indices, samples),
                  "input of size 1x2x4x4 is too small for a 3x3 output of 3x2 pools (H x W): its "
                  "planes should be at least 5x4");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, 0, 3, 2,
                                                                  2, indices, samples),
                  "output size should be greater than zero, but got outputH: 3 outputW: 0");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, 2, 2, 2,
                                                                  0, indices, samples),
                  "pool size should be greater than zero, but got poolSizeH: 0 poolSizeW: 2");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, flat, output, 2, 2, 2, 2,
                                                                  indices, samples),
                  "input should be a 3D or 4D tensor, but got size 4x4");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, 2, 2, 2, 2,
                                                                  indices, wrongSamples),
                  "randomSamples should be of size 1x2x2, but got size 2x2x2");
  THTensor_(set3d)(samples, 0, 1, 0, 1.5);
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, 2, 2, 2, 2,
                                                                  indices, samples),
                  "randomSamples should lie in [0, 1], but found 1.5");
  THTensor_(set3d)(samples, 0, 1, 0, -0.25);
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateOutput)(NULL, input, output, 2, 2, 2, 2,
                                                                  indices, samples),
                  "randomSamples should lie in [0, 1], but found -0.25");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateGradInput)(NULL, input, gradOutput,
                                                                     gradInput, 2, 2, 2, 2,
                                                                     indices),
                  "gradOutput should be of size 1x2x2x2, but got size 1x2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateGradInput)(NULL, input, goodGradOutput,
                                                                     gradInput, 2, 2, 2, 2,
                                                                     wrongIndices),
                  "indices should be of size 1x2x2x2, but got size 1x2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialFractionalMaxPooling_updateGradInput)(NULL, input, goodGradOutput,
                                                                     gradInput, 2, 2, 4, 2,
                                                                     indices),
                  "input of size 1x2x4x4 is too small for a 2x2 output of 2x4 pools (H x W)");

  /* the upsamplings */
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingNearest_updateOutput)(NULL, input, output, 0),
                  "scale_factor should be greater than zero, but got 0");
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingNearest_updateOutput)(NULL, flat, output, 2),
                  "input should be a 3D or 4D tensor, but got size 4x4");
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingNearest_updateGradInput)(NULL, input, goodGradOutput,
                                                                  gradInput, 2),
                  "gradOutput should be of size 1x2x8x8, but got size 1x2x2x2");
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingBilinear_updateOutput)(NULL, input, output, 0, 3),
                  "output size should be greater than zero, but got outputHeight: 0 "
                  "outputWidth: 3");
  THTensor *image = THTensor_(newSelect)(input, 0, 0);
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingBilinear_updateOutput)(NULL, image, output, 3, 3),
                  "input should be a 4D tensor (batch x planes x height x width), but got size "
                  "2x4x4");
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingBilinear_updateGradInput)(NULL, goodGradOutput,
                                                                   gradInput, 1, 2, 4, 4, 2, 3),
                  "gradOutput should be of size 1x2x2x3, but got size 1x2x2x2");
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingBilinear_updateGradInput)(NULL, goodGradOutput,
                                                                   gradInput, 1, 0, 4, 4, 2, 2),
                  "input sizes should be greater than zero, but got nbatch: 1 nchannels: 0 "
                  "inputHeight: 4 inputWidth: 4");
  EXPECT_TH_ERROR(THNN_(SpatialUpSamplingBilinear_updateGradInput)(NULL, goodGradOutput,
                                                                   gradInput, 1, 2, 4, 4, 2, 0),
                  "output size should be greater than zero, but got outputHeight: 2 "
                  "outputWidth: 0");

  /* the paddings */
  EXPECT_TH_ERROR(THNN_(SpatialReflectionPadding_updateOutput)(NULL, input, output, 1, 4, 0, 0),
                  "padding (1, 4, 0, 0) (left, right, top, bottom) should be smaller than the "
                  "input planes it reflects, but got input of size 1x2x4x4");
  EXPECT_TH_ERROR(THNN_(SpatialReflectionPadding_updateGradInput)(NULL, input, goodGradOutput,
                                                                  gradInput, 0, 0, 0, 4),
                  "padding (0, 0, 0, 4) (left, right, top, bottom) should be smaller than the "
                  "input planes it reflects");
  EXPECT_TH_ERROR(THNN_(SpatialReplicationPadding_updateOutput)(NULL, input, output, -2, -2, 0,
                                                                0), "Given input size: (1x2x4x4). "
                  "Calculated output size: (1x2x4x0). Output size is too small");
  EXPECT_TH_ERROR(THNN_(SpatialReflectionPadding_updateOutput)(NULL, flat, output, 1, 1, 1, 1),
                  "input should be a 3D or 4D tensor, but got size 4x4");
  EXPECT_TH_ERROR(THNN_(SpatialReplicationPadding_updateGradInput)(NULL, input, goodGradOutput,
                                                                   gradInput, 1, 1, 1, 1),
                  "gradOutput should be of size 1x2x6x6, but got size 1x2x2x2");
  EXPECT_TH_ERROR(THNN_(SpatialReflectionPadding_updateGradInput)(NULL, input, goodGradOutput,
                                                                  gradInput, 1, 1, 1, 1),
                  "gradOutput should be of size 1x2x6x6, but got size 1x2x2x2");

  FREE_ALL(input, output, flat, gradInput, weight, shortVector, matrix, gradOutput,
           threePlanes, goodGradOutput, samples, wrongSamples, image);
  THIndexTensor_(free)(indices);
  THIndexTensor_(free)(wrongIndices);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(subsampling_matches_window_sums_and_central_differences)),
  TEST_ENTRY(Case_(subsampling_accumulates_into_strided_parameter_gradients)),
  TEST_ENTRY(Case_(adaptive_poolings_match_their_windows)),
  TEST_ENTRY(Case_(fractional_max_pooling_matches_its_windows)),
  TEST_ENTRY(Case_(fractional_windows_cover_the_input_from_end_to_end)),
  TEST_ENTRY(Case_(max_poolings_let_nan_win)),
  TEST_ENTRY(Case_(upsamplings_match_their_interpolation)),
  TEST_ENTRY(Case_(bilinear_upsampling_puts_corners_on_corners)),
  TEST_ENTRY(Case_(paddings_match_their_mirrors_and_edges)),
  TEST_ENTRY(Case_(padding_one_row_by_hand)),
  TEST_ENTRY(Case_(resampling_checks_every_size)),
};

#undef ROWS
#undef FREE_ALL

#endif
