/* The THNN 2-D cases for one float type (expanded by test_thnn_spatial.c through
 * THGenerateFloatTypes.h): SpatialConvolutionMM and its im2col, and the poolings, on small images
 * with odd window, stride and padding combinations (1x1 images included). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_spatial_cases.c"
#else

#include "thnn_helpers.c"

static void Case_(freeAll)(THTensor **tensors, size_t n) {
  for (size_t k = 0; k < n; k++)
    THTensor_(free)(tensors[k]);
}
#define FREE_ALL(...) Case_(freeAll)((THTensor *[]){__VA_ARGS__}, \
                                     sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))

/* ---- SpatialConvolutionMM ---- */

/* One convolution: its geometry, parameters and buffers. */
typedef struct {
  long batch, nIn, nOut, H, W;
  int kH, kW, dH, dW, padH, padW;
  THTensor *weight, *bias, *finput, *fgradInput;
} Case_(Conv);

static Case_(Conv) Case_(newConv)(long batch, long nIn, long nOut, long H, long W, int kH, int kW,
                                  int dH, int dW, int padH, int padW, bool withBias) {
  Case_(Conv) c = {batch, nIn, nOut, H, W, kH, kW, dH, dW, padH, padW, NULL, NULL, NULL, NULL};
  c.weight = Case_(valuesOf)(4, (long[]){nOut, nIn, kH, kW}, 17);
  c.bias = withBias ? Case_(valuesOf)(1, (long[]){nOut}, 23) : NULL;
  c.finput = THTensor_(new)();
  c.fgradInput = THTensor_(new)();
  return c;
}

static void Case_(freeConv)(Case_(Conv) c) {
  FREE_ALL(c.weight, c.bias, c.finput, c.fgradInput);
}

static void Case_(convForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Conv) *c = context;
  THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, output, c->weight, c->bias, c->finput,
                                           c->fgradInput, c->kW, c->kH, c->dW, c->dH, c->padW,
                                           c->padH);
}

/* Input pixel (n, plane, h, w) of a contiguous 4-D tensor, 0 outside the image. */
static double Case_(pixel)(THTensor *t, long n, long plane, long h, long w) {
  if (h < 0 || h >= t->size[2] || w < 0 || w >= t->size[3])
    return 0;
  return THTensor_(get4d)(t, n, plane, h, w);
}

/* The largest difference between output and the convolution written as loops over every output
 * pixel and every weight. */
static double Case_(convError)(Case_(Conv) c, THTensor *input, THTensor *output) {
  long outH = (c.H + 2 * c.padH - c.kH) / c.dH + 1, outW = (c.W + 2 * c.padW - c.kW) / c.dW + 1;
  if (output->nDimension != 4 || output->size[0] != c.batch || output->size[1] != c.nOut ||
      output->size[2] != outH || output->size[3] != outW)
    return INFINITY;
  double worst = 0;
  for (long n = 0; n < c.batch; n++)
    for (long o = 0; o < c.nOut; o++)
      for (long oh = 0; oh < outH; oh++)
        for (long ow = 0; ow < outW; ow++) {
          double sum = c.bias ? THTensor_(get1d)(c.bias, o) : 0;
          for (long i = 0; i < c.nIn; i++)
            for (int kh = 0; kh < c.kH; kh++)
              for (int kw = 0; kw < c.kW; kw++)
                sum += THTensor_(get4d)(c.weight, o, i, kh, kw) *
                       Case_(pixel)(input, n, i, oh * c.dH - c.padH + kh, ow * c.dW - c.padW + kw);
          worst = fmax(worst, fabs(THTensor_(get4d)(output, n, o, oh, ow) - sum));
        }
  return worst;
}

/* batch, nIn, nOut, H, W, kH, kW, dH, dW, padH, padW */
static const long Case_(convShapes)[][11] = {
  {2, 2, 3, 5, 6, 3, 2, 1, 1, 1, 0},  /* non-square kernel, padding on one side */
  {3, 3, 2, 7, 5, 3, 3, 2, 2, 1, 1},  /* stride 2 */
  {1, 1, 2, 1, 1, 3, 3, 1, 1, 1, 1},  /* a 1x1 image */
  {1, 2, 2, 4, 4, 1, 1, 1, 1, 0, 0},  /* a 1x1 kernel */
  {2, 2, 1, 6, 7, 2, 3, 3, 2, 0, 1},  /* strides that leave pixels out */
  {1, 1, 1, 2, 2, 2, 2, 1, 1, 0, 0},  /* the kernel covers the image */
};

static Case_(Conv) Case_(convOfShape)(const long *s, bool withBias) {
  return Case_(newConv)(s[0], s[1], s[2], s[3], s[4], (int)s[5], (int)s[6], (int)s[7], (int)s[8],
                        (int)s[9], (int)s[10], withBias);
}

TEST(Case_(conv_forward_matches_direct_loops)) {
  for (size_t k = 0; k < sizeof(Case_(convShapes)) / sizeof(Case_(convShapes)[0]); k++) {
    for (int withBias = 0; withBias < 2; withBias++) {
      Case_(Conv) c = Case_(convOfShape)(Case_(convShapes)[k], withBias);
      THTensor *input = Case_(valuesOf)(4, (long[]){c.batch, c.nIn, c.H, c.W}, 1);
      THTensor *output = THTensor_(new)();
      Case_(convForward)(input, output, &c);
      CHECK(Case_(convError)(c, input, output) < 1e-5);
      /* each image alone (3-D) gives its slice of the batch */
      for (long n = 0; n < c.batch; n++) {
        THTensor *image = THTensor_(newSelect)(input, 0, n), *alone = THTensor_(new)();
        THTensor *slice = THTensor_(newSelect)(output, 0, n);
        Case_(convForward)(image, alone, &c);
        CHECK(Case_(maxDifference)(alone, slice) < 1e-5);
        FREE_ALL(image, alone, slice);
      }
      FREE_ALL(input, output);
      Case_(freeConv)(c);
    }
  }
}

TEST(Case_(conv_reads_strided_inputs_and_2d_weights)) {
  Case_(Conv) c = Case_(convOfShape)(Case_(convShapes)[1], true);
  /* the input as a transposed view (H and W swapped twice) */
  THTensor *base = Case_(valuesOf)(4, (long[]){c.batch, c.nIn, c.W, c.H}, 1);
  THTensor *input = THTensor_(newTranspose)(base, 2, 3);
  THTensor *contiguous = THTensor_(newClone)(input);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  Case_(convForward)(contiguous, expected, &c);
  Case_(convForward)(input, output, &c);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  /* the weight as nOut x (nIn*kH*kW), the era's other form */
  THTensor *weight4d = c.weight;
  c.weight = THTensor_(newWithStorage2d)(weight4d->storage, 0, c.nOut, c.nIn * c.kH * c.kW,
                                         c.nIn * c.kH * c.kW, 1);
  Case_(convForward)(contiguous, output, &c);
  CHECK(Case_(maxDifference)(output, expected) < 1e-6);
  FREE_ALL(weight4d, base, input, contiguous, output, expected);
  Case_(freeConv)(c);
}

TEST(Case_(conv_gradients_match_central_differences)) {
  for (size_t k = 0; k < sizeof(Case_(convShapes)) / sizeof(Case_(convShapes)[0]); k++) {
    Case_(Conv) c = Case_(convOfShape)(Case_(convShapes)[k], true);
    THTensor *input = Case_(valuesOf)(4, (long[]){c.batch, c.nIn, c.H, c.W}, 1);
    THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
    Case_(convForward)(input, output, &c);
    THTensor *gradOutput = Case_(valuesOf)(4, output->size, 3);
    THNN_(SpatialConvolutionMM_updateGradInput)(NULL, input, gradOutput, gradInput, c.weight,
                                                c.finput, c.fgradInput, c.kW, c.kH, c.dW, c.dH,
                                                c.padW, c.padH);
    CHECK(Case_(gradientError)(Case_(convForward), &c, input, gradOutput, gradInput) < 1e-6);
    THTensor *gradWeight = Case_(valuesOf)(4, c.weight->size, 5);
    THTensor *gradBias = Case_(valuesOf)(1, c.bias->size, 7);
    THTensor *weightBefore = THTensor_(newClone)(gradWeight);
    THTensor *biasBefore = THTensor_(newClone)(gradBias);
    THNN_(SpatialConvolutionMM_accGradParameters)(NULL, input, gradOutput, gradWeight, gradBias,
                                                  c.finput, c.fgradInput, c.kW, c.kH, c.dW, c.dH,
                                                  c.padW, c.padH, 0.5);
    THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
    THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
    CHECK(Case_(gradientErrorOf)(Case_(convForward), &c, input, c.weight, gradOutput,
                                 addedWeight) < 1e-6);
    CHECK(Case_(gradientErrorOf)(Case_(convForward), &c, input, c.bias, gradOutput,
                                 addedBias) < 1e-6);
    FREE_ALL(input, output, gradInput, gradOutput, gradWeight, gradBias, weightBefore, biasBefore,
             addedWeight, addedBias);
    Case_(freeConv)(c);
  }
}

TEST(Case_(unfolded_copy_and_acc_are_im2col_and_its_adjoint)) {
  /* 2 planes of 3x4, kernel 2x3, stride (2, 1), padding (1, 1): output 3x4 */
  THTensor *image = Case_(valuesOf)(3, (long[]){2, 3, 4}, 1);
  THTensor *columns = THTensor_(newWithSize2d)(2 * 2 * 3, 3 * 4);
  THNN_(unfolded_copy)(columns, image, 3, 2, 1, 2, 1, 1, 2, 4, 3, 4, 3);
  long wrong = 0;
  for (long plane = 0; plane < 2; plane++)
    for (int kh = 0; kh < 2; kh++)
      for (int kw = 0; kw < 3; kw++)
        for (long oh = 0; oh < 3; oh++)
          for (long ow = 0; ow < 4; ow++) {
            long h = oh * 2 - 1 + kh, w = ow - 1 + kw;
            real expected = h < 0 || h >= 3 || w < 0 || w >= 4
                                ? 0 : THTensor_(get3d)(image, plane, h, w);
            wrong += THTensor_(get2d)(columns, (plane * 2 + kh) * 3 + kw, oh * 4 + ow) != expected;
          }
  CHECK_EQ_LONG(wrong, 0);
  /* <im2col(x), c> == <x, col2im(c)> for any x and c */
  THTensor *c = Case_(valuesOf)(2, columns->size, 9), *back = THTensor_(newWithSize3d)(2, 3, 4);
  THTensor_(zero)(back);
  THNN_(unfolded_acc)(c, back, 3, 2, 1, 2, 1, 1, 2, 4, 3, 4, 3);
  CHECK_NEAR(THTensor_(dot)(columns, c), THTensor_(dot)(image, back), 1e-4);
  THTensor *wrongColumns = THTensor_(newWithSize2d)(12, 11);
  EXPECT_TH_ERROR(THNN_(unfolded_copy)(wrongColumns, image, 3, 2, 1, 2, 1, 1, 2, 4, 3, 4, 3),
                  "finput should be contiguous with 12 x 12 elements, but got size 12x11");
  EXPECT_TH_ERROR(THNN_(unfolded_acc)(columns, wrongColumns, 3, 2, 1, 2, 1, 1, 2, 4, 3, 4, 3),
                  "input should be contiguous with 2 x 3 x 4 elements, but got size 12x11");
  EXPECT_TH_ERROR(THNN_(unfolded_copy)(columns, image, 3, 2, 1, 2, 1, 1, 0, 4, 3, 4, 3),
                  "sizes should be greater than zero, but got nInputPlane: 0");
  FREE_ALL(image, columns, c, back, wrongColumns);
}

TEST(Case_(conv_checks_every_size)) {
  Case_(Conv) c = Case_(newConv)(1, 2, 3, 5, 5, 3, 3, 1, 1, 0, 0, true);
  THTensor *small = Case_(valuesOf)(3, (long[]){2, 2, 2}, 1), *output = THTensor_(new)();
  THTensor *flat = Case_(valuesOf)(2, (long[]){5, 5}, 1);
  THTensor *three = Case_(valuesOf)(4, (long[]){1, 3, 5, 5}, 1);
  THTensor *input = Case_(valuesOf)(4, (long[]){1, 2, 5, 5}, 1);
  THTensor *shortBias = Case_(valuesOf)(1, (long[]){2}, 1);
  THTensor *smallKernel = Case_(valuesOf)(4, (long[]){3, 2, 2, 2}, 1);
  THTensor *gradOutput = Case_(valuesOf)(4, (long[]){1, 3, 3, 2}, 1), *gradInput = THTensor_(new)();
  THTensor *goodGradOutput = Case_(valuesOf)(4, (long[]){1, 3, 3, 3}, 1);
  EXPECT_TH_ERROR(Case_(convForward)(small, output, &c), "Given input size: (2x2x2). Calculated "
                  "output size: (3x0x0). Output size is too small");
  EXPECT_TH_ERROR(Case_(convForward)(flat, output, &c),
                  "input should be a 3D or 4D tensor, but got size 5x5");
  EXPECT_TH_ERROR(Case_(convForward)(three, output, &c),
                  "input should have 2 planes (weight is 3x2x3x3), but got size 1x3x5x5");
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, output, c.weight,
                                                           shortBias, c.finput, c.fgradInput,
                                                           3, 3, 1, 1, 0, 0),
                  "bias should be a 1D tensor of size 3, but got size 2");
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, output, smallKernel,
                                                           c.bias, c.finput, c.fgradInput,
                                                           3, 3, 1, 1, 0, 0),
                  "weight should have a 3x3 kernel (kH x kW), but got size 3x2x2x2");
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, output, c.weight,
                                                           c.bias, c.finput, c.fgradInput,
                                                           3, 0, 1, 1, 0, 0),
                  "kernel size should be greater than zero, but got kH: 0 kW: 3");
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, output, c.weight,
                                                           c.bias, c.finput, c.fgradInput,
                                                           3, 3, 0, 1, 0, 0),
                  "stride should be greater than zero, but got dH: 1 dW: 0");
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, output, c.weight,
                                                           c.bias, c.finput, c.fgradInput,
                                                           3, 3, 1, 1, -1, 0),
                  "padding should be at least zero, but got padH: 0 padW: -1");
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                              c.weight, c.finput, c.fgradInput,
                                                              3, 3, 1, 1, 0, 0),
                  "gradOutput should be of size 1x3x3x3, but got size 1x3x3x2");
  /* the parameter gradients read the columns of a forward on this input */
  EXPECT_TH_ERROR(THNN_(SpatialConvolutionMM_accGradParameters)(NULL, input, goodGradOutput,
                                                                c.weight, c.bias, c.finput,
                                                                c.fgradInput, 3, 3, 1, 1, 0, 0,
                                                                1),
                  "finput (the columns of updateOutput) should be of size 1x18x9, but got size []");
  FREE_ALL(small, output, flat, three, input, shortBias, smallKernel, gradOutput, gradInput,
           goodGradOutput);
  Case_(freeConv)(c);
}

/* ---- Pooling ---- */

/* One pooling: geometry, and the output size it must give (worked out by hand). */
typedef struct {
  long batch, planes, H, W;
  int kH, kW, dH, dW, padH, padW, dilationH, dilationW;
  bool ceil_mode, count_include_pad;
  long outH, outW;
  THIndexTensor *indices;
} Case_(Pool);

/* batch, planes, H, W, kH, kW, dH, dW, padH, padW, dilationH, dilationW, ceil_mode, outH, outW */
static const long Case_(poolShapes)[][15] = {
  {2, 2, 4, 4, 2, 2, 2, 2, 0, 0, 1, 1, 0, 2, 2},  /* the usual 2x2 */
  {1, 3, 5, 5, 2, 2, 2, 2, 0, 0, 1, 1, 1, 3, 3},  /* ceil_mode adds a partial window */
  {1, 3, 5, 5, 2, 2, 2, 2, 0, 0, 1, 1, 0, 2, 2},  /* ... which floor mode drops */
  {2, 1, 5, 6, 3, 2, 2, 1, 1, 1, 1, 1, 0, 3, 7},  /* padding, non-square */
  {1, 2, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 1, 3, 3},  /* ceil_mode with padding */
  {1, 2, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1, 1, 2, 2},  /* ceil_mode: a window that would start in the
                                                     padding is dropped */
  {1, 2, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1},  /* a 1x1 image */
  {2, 2, 7, 6, 2, 3, 1, 2, 1, 1, 2, 2, 0, 7, 2},  /* dilation */
  {1, 1, 1, 8, 1, 1, 1, 3, 0, 0, 1, 1, 1, 1, 3},  /* ceil_mode without padding: a window that
                                                     would start past the input is dropped too */
  {2, 1, 4, 7, 2, 2, 3, 3, 0, 0, 1, 1, 1, 2, 3},  /* ... one that starts inside is kept */
};

static Case_(Pool) Case_(poolOfShape)(const long *s) {
  Case_(Pool) p = {s[0], s[1], s[2], s[3], (int)s[4], (int)s[5], (int)s[6], (int)s[7], (int)s[8],
                   (int)s[9], (int)s[10], (int)s[11], s[12], false, s[13], s[14],
                   THIndexTensor_(new)()};
  return p;
}

static void Case_(maxPoolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Pool) *p = context;
  THNN_(SpatialDilatedMaxPooling_updateOutput)(NULL, input, output, p->indices, p->kW, p->kH,
                                               p->dW, p->dH, p->padW, p->padH, p->dilationW,
                                               p->dilationH, p->ceil_mode);
}

static void Case_(averagePoolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Pool) *p = context;
  THNN_(SpatialAveragePooling_updateOutput)(NULL, input, output, p->kW, p->kH, p->dW, p->dH,
                                            p->padW, p->padH, p->ceil_mode,
                                            p->count_include_pad);
}

/* The largest difference between output (and indices) and the pooling of each window scanned
 * element by element: the maximum (max = true) or the mean. */
static double Case_(poolError)(Case_(Pool) p, THTensor *input, THTensor *output, bool max) {
  if (output->nDimension != 4 || output->size[0] != p.batch || output->size[1] != p.planes ||
      output->size[2] != p.outH || output->size[3] != p.outW)
    return INFINITY;
  double worst = 0;
  for (long n = 0; n < p.batch; n++)
    for (long c = 0; c < p.planes; c++)
      for (long oh = 0; oh < p.outH; oh++)
        for (long ow = 0; ow < p.outW; ow++) {
          double best = -INFINITY, sum = 0;
          long at = -1, inside = 0, padded = 0;
          for (int i = 0; i < p.kH; i++)
            for (int j = 0; j < p.kW; j++) {
              long h = oh * p.dH - p.padH + i * p.dilationH;
              long w = ow * p.dW - p.padW + j * p.dilationW;
              padded += h < p.H + p.padH && w < p.W + p.padW;
              if (h < 0 || h >= p.H || w < 0 || w >= p.W)
                continue;
              double x = THTensor_(get4d)(input, n, c, h, w);
              inside++;
              sum += x;
              if (x > best) {
                best = x;
                at = h * p.W + w;
              }
            }
          double got = THTensor_(get4d)(output, n, c, oh, ow);
          if (max) {
            worst = fmax(worst, fabs(got - best));
            if (THIndexTensor_(get4d)(p.indices, n, c, oh, ow) != at)
              worst = INFINITY;
          } else {
            worst = fmax(worst, fabs(got - sum / (p.count_include_pad ? padded : inside)));
          }
        }
  return worst;
}

/* A pooling's forward against poolError, each image alone against its slice of the batch, and
 * the backward against central differences. */
static void Case_(checkPooling)(Case_(Pool) *p, Case_(Forward) forward, bool max) {
  THTensor *input = Case_(valuesOf)(4, (long[]){p->batch, p->planes, p->H, p->W}, 1);
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  forward(input, output, p);
  CHECK(Case_(poolError)(*p, input, output, max) < 1e-5);
  for (long n = 0; n < p->batch; n++) {
    THTensor *image = THTensor_(newSelect)(input, 0, n), *alone = THTensor_(new)();
    THTensor *slice = THTensor_(newSelect)(output, 0, n);
    forward(image, alone, p);
    CHECK(Case_(maxDifference)(alone, slice) < 1e-6);
    FREE_ALL(image, alone, slice);
  }
  forward(input, output, p);
  THTensor *gradOutput = Case_(valuesOf)(4, output->size, 3);
  if (max)
    THNN_(SpatialDilatedMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput, p->indices,
                                                    p->kW, p->kH, p->dW, p->dH, p->padW, p->padH,
                                                    p->dilationW, p->dilationH, p->ceil_mode);
  else
    THNN_(SpatialAveragePooling_updateGradInput)(NULL, input, gradOutput, gradInput, p->kW, p->kH,
                                                 p->dW, p->dH, p->padW, p->padH, p->ceil_mode,
                                                 p->count_include_pad);
  CHECK(Case_(gradientError)(forward, p, input, gradOutput, gradInput) < 1e-6);
  FREE_ALL(input, output, gradInput, gradOutput);
}

TEST(Case_(max_pooling_matches_windows_scanned_one_by_one)) {
  for (size_t k = 0; k < sizeof(Case_(poolShapes)) / sizeof(Case_(poolShapes)[0]); k++) {
    Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[k]);
    Case_(checkPooling)(&p, Case_(maxPoolForward), true);
    THIndexTensor_(free)(p.indices);
  }
}

TEST(Case_(max_pooling_is_dilated_max_pooling_with_dilation_1)) {
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[3]);
  THTensor *input = Case_(valuesOf)(4, (long[]){p.batch, p.planes, p.H, p.W}, 1);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  THTensor *gradInput = THTensor_(new)(), *expectedGrad = THTensor_(new)();
  Case_(maxPoolForward)(input, expected, &p);
  THTensor *gradOutput = Case_(valuesOf)(4, expected->size, 3);
  THNN_(SpatialDilatedMaxPooling_updateGradInput)(NULL, input, gradOutput, expectedGrad,
                                                  p.indices, p.kW, p.kH, p.dW, p.dH, p.padW,
                                                  p.padH, 1, 1, false);
  THNN_(SpatialMaxPooling_updateOutput)(NULL, input, output, p.indices, p.kW, p.kH, p.dW, p.dH,
                                        p.padW, p.padH, false);
  THNN_(SpatialMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput, p.indices, p.kW,
                                           p.kH, p.dW, p.dH, p.padW, p.padH, false);
  CHECK(Case_(maxDifference)(output, expected) == 0);
  CHECK(Case_(maxDifference)(gradInput, expectedGrad) == 0);
  FREE_ALL(input, output, expected, gradInput, expectedGrad, gradOutput);
  THIndexTensor_(free)(p.indices);
}

TEST(Case_(max_pooling_lets_nan_win)) {
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[0]);
  THTensor *input = Case_(valuesOf)(4, (long[]){2, 2, 4, 4}, 1), *output = THTensor_(new)();
  THTensor_(set4d)(input, 1, 0, 2, 3, NAN);
  Case_(maxPoolForward)(input, output, &p);
  CHECK(isnan(THTensor_(get4d)(output, 1, 0, 1, 1)));
  CHECK_EQ_LONG(THIndexTensor_(get4d)(p.indices, 1, 0, 1, 1), 2 * 4 + 3);
  FREE_ALL(input, output);
  THIndexTensor_(free)(p.indices);
}

TEST(Case_(a_dilated_window_over_padding_only_gives_minus_infinity_and_no_gradient)) {
  /* a 1x1 image padded by 1, window of 2 elements 2 apart: it sees positions -1 and 1 only */
  THTensor *input = Case_(valuesOf)(3, (long[]){1, 1, 1}, 1), *output = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(3, (long[]){1, 1, 1}, 2), *gradInput = THTensor_(new)();
  THIndexTensor *indices = THIndexTensor_(new)();
  THNN_(SpatialDilatedMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 1, 1, 1, 1, 2,
                                               2, false);
  CHECK(isinf(THTensor_(get3d)(output, 0, 0, 0)) && THTensor_(get3d)(output, 0, 0, 0) < 0);
  CHECK_EQ_LONG(THIndexTensor_(get3d)(indices, 0, 0, 0), -1);
  THNN_(SpatialDilatedMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput, indices, 2,
                                                  2, 1, 1, 1, 1, 2, 2, false);
  CHECK_EQ_LONG(THTensor_(get3d)(gradInput, 0, 0, 0), 0);
  FREE_ALL(input, output, gradOutput, gradInput);
  THIndexTensor_(free)(indices);
}

TEST(Case_(average_pooling_matches_windows_scanned_one_by_one)) {
  for (size_t k = 0; k < sizeof(Case_(poolShapes)) / sizeof(Case_(poolShapes)[0]); k++) {
    if (Case_(poolShapes)[k][10] != 1)
      continue;  /* average pooling has no dilation */
    for (int includePad = 0; includePad < 2; includePad++) {
      Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[k]);
      p.count_include_pad = includePad;
      Case_(checkPooling)(&p, Case_(averagePoolForward), false);
      THIndexTensor_(free)(p.indices);
    }
  }
}

/* ---- SpatialMaxUnpooling ---- */

typedef struct {
  THIndexTensor *indices;
  int owidth, oheight;
} Case_(Unpool);

static void Case_(unpoolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Unpool) *u = context;
  THNN_(SpatialMaxUnpooling_updateOutput)(NULL, input, output, u->indices, u->owidth, u->oheight);
}

TEST(Case_(max_unpooling_puts_each_maximum_back)) {
  /* pool 2x2 windows of a 2x3x4x6 batch, then unpool the maxima into 4x6 planes */
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[0]);
  THTensor *input = Case_(valuesOf)(4, (long[]){2, 3, 4, 6}, 1), *pooled = THTensor_(new)();
  p.planes = 3, p.W = 6;
  Case_(maxPoolForward)(input, pooled, &p);
  Case_(Unpool) u = {p.indices, 6, 4};
  THTensor *output = THTensor_(new)();
  Case_(unpoolForward)(pooled, output, &u);
  CHECK_EQ_LONG(output->nDimension, 4);
  long wrong = 0;
  for (long n = 0; n < 2; n++)
    for (long c = 0; c < 3; c++)
      for (long h = 0; h < 4; h++)
        for (long w = 0; w < 6; w++) {
          real x = THTensor_(get4d)(input, n, c, h, w);
          real pooledMax = THTensor_(get4d)(pooled, n, c, h / 2, w / 2);
          wrong += THTensor_(get4d)(output, n, c, h, w) != (x == pooledMax ? x : 0);
        }
  CHECK_EQ_LONG(wrong, 0);
  /* each image alone, and the backward against central differences */
  THIndexTensor *allIndices = p.indices;
  u.indices = THIndexTensor_(newSelect)(allIndices, 0, 1);
  THTensor *image = THTensor_(newSelect)(pooled, 0, 1), *alone = THTensor_(new)();
  THTensor *slice = THTensor_(newSelect)(output, 0, 1);
  Case_(unpoolForward)(image, alone, &u);
  CHECK(Case_(maxDifference)(alone, slice) == 0);
  THIndexTensor_(free)(u.indices);
  u.indices = allIndices;
  THTensor *gradOutput = Case_(valuesOf)(4, output->size, 3), *gradInput = THTensor_(new)();
  THNN_(SpatialMaxUnpooling_updateGradInput)(NULL, pooled, gradOutput, gradInput, u.indices, 6, 4);
  CHECK(Case_(gradientError)(Case_(unpoolForward), &u, pooled, gradOutput, gradInput) < 1e-6);
  FREE_ALL(input, pooled, output, image, alone, slice, gradOutput, gradInput);
  THIndexTensor_(free)(allIndices);
}

TEST(Case_(pooling_checks_every_size_and_index)) {
  THTensor *input = Case_(valuesOf)(4, (long[]){1, 2, 4, 4}, 1), *output = THTensor_(new)();
  THTensor *flat = Case_(valuesOf)(2, (long[]){4, 4}, 1), *gradInput = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(4, (long[]){1, 2, 2, 3}, 1);
  THTensor *goodGradOutput = Case_(valuesOf)(4, (long[]){1, 2, 2, 2}, 1);
  THIndexTensor *indices = THIndexTensor_(newWithSize4d)(1, 2, 2, 2);
  THIndexTensor *wrongIndices = THIndexTensor_(newWithSize4d)(1, 2, 2, 3);
  THIndexTensor_(fill)(indices, 3);
  EXPECT_TH_ERROR(THNN_(SpatialMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 2, 2,
                                                        2, 0, false),
                  "pad should be at most half of kernel size, but got padW = 2, padH = 0");
  EXPECT_TH_ERROR(THNN_(SpatialMaxPooling_updateOutput)(NULL, input, output, indices, 5, 2, 1, 1,
                                                        0, 0, false), "Given input size: "
                  "(1x2x4x4). Calculated output size: (1x2x3x0). Output size is too small");
  EXPECT_TH_ERROR(THNN_(SpatialMaxPooling_updateOutput)(NULL, flat, output, indices, 2, 2, 2, 2,
                                                        0, 0, false),
                  "input should be a 3D or 4D tensor, but got size 4x4");
  EXPECT_TH_ERROR(THNN_(SpatialDilatedMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2,
                                                               2, 2, 0, 0, 0, 1, false),
                  "dilation should be greater than zero, but got dilationH: 1 dilationW: 0");
  EXPECT_TH_ERROR(THNN_(SpatialMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                           indices, 2, 2, 2, 2, 0, 0, false),
                  "gradOutput should be of size 1x2x2x2, but got size 1x2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialMaxPooling_updateGradInput)(NULL, input, goodGradOutput,
                                                           gradInput, wrongIndices, 2, 2, 2, 2,
                                                           0, 0, false),
                  "indices should be of size 1x2x2x2, but got size 1x2x2x3");
  THIndexTensor_(set4d)(indices, 0, 1, 1, 0, 16);
  EXPECT_TH_ERROR(THNN_(SpatialMaxPooling_updateGradInput)(NULL, input, goodGradOutput,
                                                           gradInput, indices, 2, 2, 2, 2, 0, 0,
                                                           false),
                  "indices should be positions in planes of 16 elements, but found 16");
  EXPECT_TH_ERROR(THNN_(SpatialAveragePooling_updateOutput)(NULL, input, output, 3, 3, 1, 1, 2, 0,
                                                            false, true),
                  "pad should be at most half of kernel size, but got padW = 2, padH = 0");
  EXPECT_TH_ERROR(THNN_(SpatialAveragePooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                               2, 2, 2, 2, 0, 0, false, true),
                  "gradOutput should be of size 1x2x2x2, but got size 1x2x2x3");
  /* unpooling: the indices against the input, and every index inside the output planes */
  EXPECT_TH_ERROR(THNN_(SpatialMaxUnpooling_updateOutput)(NULL, goodGradOutput, output,
                                                          wrongIndices, 4, 4),
                  "indices should be of size 1x2x2x2, but got size 1x2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialMaxUnpooling_updateOutput)(NULL, goodGradOutput, output, indices,
                                                          4, 4),
                  "indices should be positions in planes of 16 elements, but found 16");
  THIndexTensor_(set4d)(indices, 0, 1, 1, 0, -1);
  EXPECT_TH_ERROR(THNN_(SpatialMaxUnpooling_updateGradInput)(NULL, goodGradOutput, input,
                                                             gradInput, indices, 4, 4),
                  "indices should be positions in planes of 16 elements, but found -1");
  THIndexTensor_(set4d)(indices, 0, 1, 1, 0, 0);
  EXPECT_TH_ERROR(THNN_(SpatialMaxUnpooling_updateGradInput)(NULL, goodGradOutput, gradOutput,
                                                             gradInput, indices, 4, 4),
                  "gradOutput should be of size 1x2x4x4, but got size 1x2x2x3");
  EXPECT_TH_ERROR(THNN_(SpatialMaxUnpooling_updateOutput)(NULL, goodGradOutput, output, indices,
                                                          0, 4),
                  "output size should be greater than zero, but got owidth: 0 oheight: 4");
  FREE_ALL(input, output, flat, gradInput, gradOutput, goodGradOutput);
  THIndexTensor_(free)(indices);
  THIndexTensor_(free)(wrongIndices);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(conv_forward_matches_direct_loops)),
  TEST_ENTRY(Case_(conv_reads_strided_inputs_and_2d_weights)),
  TEST_ENTRY(Case_(conv_gradients_match_central_differences)),
  TEST_ENTRY(Case_(unfolded_copy_and_acc_are_im2col_and_its_adjoint)),
  TEST_ENTRY(Case_(conv_checks_every_size)),
  TEST_ENTRY(Case_(max_pooling_matches_windows_scanned_one_by_one)),
  TEST_ENTRY(Case_(max_pooling_is_dilated_max_pooling_with_dilation_1)),
  TEST_ENTRY(Case_(max_pooling_lets_nan_win)),
  TEST_ENTRY(Case_(a_dilated_window_over_padding_only_gives_minus_infinity_and_no_gradient)),
  TEST_ENTRY(Case_(average_pooling_matches_windows_scanned_one_by_one)),
  TEST_ENTRY(Case_(max_unpooling_puts_each_maximum_back)),
  TEST_ENTRY(Case_(pooling_checks_every_size_and_index)),
};

#undef FREE_ALL

#endif
