/* The THNN 3-D cases for one float type (expanded by test_thnn_volumetric.c through
 * THGenerateFloatTypes.h): the poolings, the unpooling and the replication padding, on small
 * volumes with odd window, stride, padding and dilation combinations (1x1x1 volumes included). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_volumetric_cases.c"
#else

#include "thnn_helpers.c"

static void Case_(freeAll)(THTensor **tensors, size_t n) {
  for (size_t k = 0; k < n; k++)
    THTensor_(free)(tensors[k]);
}
#define FREE_ALL(...) Case_(freeAll)((THTensor *[]){__VA_ARGS__}, \
                                     sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))

/* Element (n, c, t, h, w) of a contiguous batch x planes x T x H x W array. */
static long Case_(at5)(const long *sizes, long n, long c, long t, long h, long w) {
  return (((n * sizes[1] + c) * sizes[2] + t) * sizes[3] + h) * sizes[4] + w;
}

/* ---- Pooling ---- */

/* One pooling: geometry (each triple in the order time, height, width), and the output size it
 * must give (worked out by hand). */
typedef struct {
  long batch, planes, in[3];
  int k[3], d[3], pad[3], dilation[3];
  bool ceil_mode;
  long out[3];
  THIndexTensor *indices;
} Case_(Pool);

/* batch, planes, T, H, W, kT, kH, kW, dT, dH, dW, pT, pH, pW, dilationT, dilationH, dilationW,
 * ceil_mode, outT, outH, outW */
static const long Case_(poolShapes)[][21] = {
  {2, 2, 4, 4, 4, 2, 2, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 0, 2, 2, 2},  /* the usual 2x2x2 */
  {1, 2, 5, 4, 5, 2, 2, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 1, 3, 2, 3},  /* ceil_mode adds partial
                                                                       windows */
  {1, 2, 5, 4, 5, 2, 2, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 0, 2, 2, 2},  /* ... which floor drops */
  {2, 1, 3, 5, 6, 3, 2, 3, 2, 1, 2, 1, 1, 1, 1, 1, 1, 0, 2, 6, 3},  /* padding, uneven window */
  {1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1},  /* a 1x1x1 volume */
  {1, 2, 5, 6, 7, 2, 2, 3, 1, 2, 1, 1, 0, 1, 2, 2, 1, 0, 5, 2, 7},  /* dilation */
  {1, 1, 5, 5, 5, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2},  /* ceil_mode: a window that
                                                                       would start in the
                                                                       padding is dropped */
  {2, 3, 4, 5, 3, 2, 3, 1, 1, 2, 1, 0, 0, 0, 1, 1, 1, 0, 3, 2, 3},  /* strides that leave
                                                                       elements out */
  {1, 1, 8, 1, 7, 1, 1, 1, 3, 1, 3, 0, 0, 0, 1, 1, 1, 1, 3, 1, 3},  /* ceil_mode without
                                                                       padding: a window that
                                                                       would start past the
                                                                       input is dropped too */
};
#define POOL_SHAPES (sizeof(Case_(poolShapes)) / sizeof(Case_(poolShapes)[0]))

static Case_(Pool) Case_(poolOfShape)(const long *s) {
  Case_(Pool) p = {s[0], s[1], {s[2], s[3], s[4]}, {(int)s[5], (int)s[6], (int)s[7]},
                   {(int)s[8], (int)s[9], (int)s[10]}, {(int)s[11], (int)s[12], (int)s[13]},
                   {(int)s[14], (int)s[15], (int)s[16]}, s[17] != 0, {s[18], s[19], s[20]},
                   THIndexTensor_(new)()};
  return p;
}

/* An average pooling has no padding, dilation or ceil_mode. */
static bool Case_(isAverageShape)(const long *s) {
  return s[11] == 0 && s[12] == 0 && s[13] == 0 && s[14] == 1 && s[15] == 1 && s[16] == 1 &&
         s[17] == 0;
}

static void Case_(maxPoolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Pool) *p = context;
  THNN_(VolumetricDilatedMaxPooling_updateOutput)(
      NULL, input, output, p->indices, p->k[0], p->k[2], p->k[1], p->d[0], p->d[2], p->d[1],
      p->pad[0], p->pad[2], p->pad[1], p->dilation[0], p->dilation[2], p->dilation[1],
      p->ceil_mode);
}

static void Case_(averagePoolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Pool) *p = context;
  THNN_(VolumetricAveragePooling_updateOutput)(NULL, input, output, p->k[0], p->k[2], p->k[1],
                                               p->d[0], p->d[2], p->d[1]);
}

static void Case_(maxPoolBackward)(Case_(Pool) *p, THTensor *input, THTensor *gradOutput,
                                   THTensor *gradInput) {
  THNN_(VolumetricDilatedMaxPooling_updateGradInput)(
      NULL, input, gradOutput, gradInput, p->indices, p->d[0], p->d[2], p->d[1], p->pad[0],
      p->pad[2], p->pad[1], p->dilation[0], p->dilation[2], p->dilation[1]);
}

/* The largest difference between output (and indices) and the pooling of each window scanned
 * element by element: the maximum (max = true; its index t*H*W + h*W + w in the volume) or the
 * mean. input is contiguous. */
static double Case_(poolError)(Case_(Pool) p, THTensor *input, THTensor *output, bool max) {
  long outSizes[5] = {p.batch, p.planes, p.out[0], p.out[1], p.out[2]};
  long inSizes[5] = {p.batch, p.planes, p.in[0], p.in[1], p.in[2]};
  if (output->nDimension != 5)
    return INFINITY;
  for (int d = 0; d < 5; d++)
    if (output->size[d] != outSizes[d])
      return INFINITY;
  THTensor *out = THTensor_(newContiguous)(output);
  const real *x = THTensor_(data)(input), *y = THTensor_(data)(out);
  const THIndex_t *indices = max ? THIndexTensor_(data)(p.indices) : NULL;
  double worst = 0;
  for (long n = 0; n < p.batch; n++)
    for (long c = 0; c < p.planes; c++)
      for (long ot = 0; ot < p.out[0]; ot++)
        for (long oh = 0; oh < p.out[1]; oh++)
          for (long ow = 0; ow < p.out[2]; ow++) {
            double best = -INFINITY, sum = 0;
            long at = -1, count = 0;
            for (int i = 0; i < p.k[0]; i++)
              for (int j = 0; j < p.k[1]; j++)
                for (int l = 0; l < p.k[2]; l++) {
                  long t = ot * p.d[0] - p.pad[0] + i * p.dilation[0];
                  long h = oh * p.d[1] - p.pad[1] + j * p.dilation[1];
                  long w = ow * p.d[2] - p.pad[2] + l * p.dilation[2];
                  if (t < 0 || t >= p.in[0] || h < 0 || h >= p.in[1] || w < 0 || w >= p.in[2])
                    continue;
                  double value = x[Case_(at5)(inSizes, n, c, t, h, w)];
                  count++;
                  sum += value;
                  if (value > best) {
                    best = value;
                    at = (t * p.in[1] + h) * p.in[2] + w;
                  }
                }
            long k = Case_(at5)(outSizes, n, c, ot, oh, ow);
            if (max) {
              worst = fmax(worst, fabs(y[k] - best));
              if (indices[k] != at)
                worst = INFINITY;
            } else {
              worst = fmax(worst, fabs(y[k] - sum / count));
            }
          }
  THTensor_(free)(out);
  return worst;
}

/* A pooling's forward against poolError, each sample alone (4-D) against its slice of the batch,
 * and the backward against central differences. */
static void Case_(checkPooling)(Case_(Pool) *p, Case_(Forward) forward, bool max) {
  THTensor *input = Case_(valuesOf)(5, (long[]){p->batch, p->planes, p->in[0], p->in[1],
                                                p->in[2]}, 1);
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  forward(input, output, p);
  CHECK(Case_(poolError)(*p, input, output, max) < 1e-5);
  for (long n = 0; n < p->batch; n++) {
    THTensor *sample = THTensor_(newSelect)(input, 0, n), *alone = THTensor_(new)();
    THTensor *slice = THTensor_(newSelect)(output, 0, n);
    forward(sample, alone, p);
    CHECK_EQ_LONG(alone->nDimension, 4);
    CHECK(Case_(maxDifference)(alone, slice) < 1e-6);
    FREE_ALL(sample, alone, slice);
  }
  forward(input, output, p);
  THTensor *gradOutput = Case_(valuesOf)(5, output->size, 3);
  if (max)
    Case_(maxPoolBackward)(p, input, gradOutput, gradInput);
  else
    THNN_(VolumetricAveragePooling_updateGradInput)(NULL, input, gradOutput, gradInput, p->k[0],
                                                    p->k[2], p->k[1], p->d[0], p->d[2], p->d[1]);
  CHECK(Case_(gradientError)(forward, p, input, gradOutput, gradInput) < 1e-6);
  FREE_ALL(input, output, gradInput, gradOutput);
}

TEST(Case_(max_pooling_matches_windows_scanned_one_by_one)) {
  for (size_t k = 0; k < POOL_SHAPES; k++) {
    Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[k]);
    Case_(checkPooling)(&p, Case_(maxPoolForward), true);
    THIndexTensor_(free)(p.indices);
  }
}

TEST(Case_(max_pooling_is_dilated_max_pooling_with_dilation_1)) {
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[3]);
  THTensor *input = Case_(valuesOf)(5, (long[]){p.batch, p.planes, p.in[0], p.in[1], p.in[2]}, 1);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  THTensor *gradInput = THTensor_(new)(), *expectedGrad = THTensor_(new)();
  Case_(maxPoolForward)(input, expected, &p);
  THTensor *gradOutput = Case_(valuesOf)(5, expected->size, 3);
  Case_(maxPoolBackward)(&p, input, gradOutput, expectedGrad);
  THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, p.indices, 3, 3, 2, 2, 2, 1, 1,
                                           1, 1, false);
  THNN_(VolumetricMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput, p.indices, 2,
                                              2, 1, 1, 1, 1);
  CHECK(Case_(maxDifference)(output, expected) == 0);
  CHECK(Case_(maxDifference)(gradInput, expectedGrad) == 0);
  FREE_ALL(input, output, expected, gradInput, expectedGrad, gradOutput);
  THIndexTensor_(free)(p.indices);
}

TEST(Case_(max_pooling_lets_nan_win)) {
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[0]);
  THTensor *input = Case_(valuesOf)(5, (long[]){2, 2, 4, 4, 4}, 1), *output = THTensor_(new)();
  THTensor_(data)(input)[Case_(at5)(input->size, 1, 0, 3, 2, 1)] = NAN;
  Case_(maxPoolForward)(input, output, &p);
  long k = Case_(at5)(output->size, 1, 0, 1, 1, 0);
  CHECK(isnan(THTensor_(data)(output)[k]));
  CHECK_EQ_LONG(THIndexTensor_(data)(p.indices)[k], (3 * 4 + 2) * 4 + 1);
  FREE_ALL(input, output);
  THIndexTensor_(free)(p.indices);
}

TEST(Case_(a_dilated_window_over_padding_only_gives_minus_infinity_and_no_gradient)) {
  /* a 1x1x1 volume padded by 1, windows of 2 elements 2 apart: they see positions -1 and 1 */
  THTensor *input = Case_(valuesOf)(4, (long[]){1, 1, 1, 1}, 1), *output = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(4, (long[]){1, 1, 1, 1}, 2);
  THTensor *gradInput = THTensor_(new)();
  THIndexTensor *indices = THIndexTensor_(new)();
  THNN_(VolumetricDilatedMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 2, 1, 1, 1,
                                                  1, 1, 1, 2, 2, 2, false);
  CHECK_EQ_LONG(output->nDimension, 4);
  CHECK(isinf(THTensor_(data)(output)[0]) && THTensor_(data)(output)[0] < 0);
  CHECK_EQ_LONG(THIndexTensor_(data)(indices)[0], -1);
  THNN_(VolumetricDilatedMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput, indices,
                                                     1, 1, 1, 1, 1, 1, 2, 2, 2);
  CHECK(THTensor_(data)(gradInput)[0] == 0);
  FREE_ALL(input, output, gradOutput, gradInput);
  THIndexTensor_(free)(indices);
}

TEST(Case_(average_pooling_matches_windows_scanned_one_by_one)) {
  for (size_t k = 0; k < POOL_SHAPES; k++) {
    if (!Case_(isAverageShape)(Case_(poolShapes)[k]))
      continue;
    Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[k]);
    Case_(checkPooling)(&p, Case_(averagePoolForward), false);
    THIndexTensor_(free)(p.indices);
  }
}

/* ---- VolumetricReplicationPadding ---- */

/* One padding: pads in the era's order (left, right, top, bottom, front, back). */
typedef struct {
  int pleft, pright, ptop, pbottom, pfront, pback;
} Case_(Pad);

static void Case_(padForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Pad) *q = context;
  THNN_(VolumetricReplicationPadding_updateOutput)(NULL, input, output, q->pleft, q->pright,
                                                   q->ptop, q->pbottom, q->pfront, q->pback);
}

/* The input coordinate that output coordinate o repeats: the nearest one to o - pad. */
static long Case_(nearest)(long o, int pad, long size) {
  long i = o - pad;
  if (i < 0)
    return 0;
  if (i > size - 1)
    return size - 1;
  return i;
}

/* The largest difference between output and the padding computed element by element. */
static double Case_(padError)(Case_(Pad) q, THTensor *input, THTensor *output) {
  long T = input->size[2], H = input->size[3], W = input->size[4];
  long outSizes[5] = {input->size[0], input->size[1], T + q.pfront + q.pback,
                      H + q.ptop + q.pbottom, W + q.pleft + q.pright};
  if (output->nDimension != 5)
    return INFINITY;
  for (int d = 0; d < 5; d++)
    if (output->size[d] != outSizes[d])
      return INFINITY;
  THTensor *out = THTensor_(newContiguous)(output);
  double worst = 0;
  for (long n = 0; n < outSizes[0]; n++)
    for (long c = 0; c < outSizes[1]; c++)
      for (long t = 0; t < outSizes[2]; t++)
        for (long h = 0; h < outSizes[3]; h++)
          for (long w = 0; w < outSizes[4]; w++) {
            real expected = THTensor_(data)(input)[Case_(at5)(
                input->size, n, c, Case_(nearest)(t, q.pfront, T), Case_(nearest)(h, q.ptop, H),
                Case_(nearest)(w, q.pleft, W))];
            worst = fmax(worst, fabs(THTensor_(data)(out)[Case_(at5)(outSizes, n, c, t, h, w)] -
                                     expected));
          }
  THTensor_(free)(out);
  return worst;
}

/* batch, planes, T, H, W, pleft, pright, ptop, pbottom, pfront, pback */
static const long Case_(padShapes)[][11] = {
  {2, 2, 3, 4, 5, 1, 2, 0, 3, 2, 1},    /* uneven pads, one of them 0 */
  {1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2},    /* a 1x1x1 volume */
  {1, 2, 4, 5, 6, -1, 2, -2, 0, 1, -1}, /* negative pads crop */
  {1, 1, 2, 2, 2, 4, 3, 5, 1, 3, 4},    /* pads larger than the volume */
};

TEST(Case_(replication_padding_repeats_the_border)) {
  for (size_t k = 0; k < sizeof(Case_(padShapes)) / sizeof(Case_(padShapes)[0]); k++) {
    const long *s = Case_(padShapes)[k];
    Case_(Pad) q = {(int)s[5], (int)s[6], (int)s[7], (int)s[8], (int)s[9], (int)s[10]};
    THTensor *input = Case_(valuesOf)(5, s, 1), *output = THTensor_(new)();
    Case_(padForward)(input, output, &q);
    CHECK(Case_(padError)(q, input, output) == 0);
    THTensor *sample = THTensor_(newSelect)(input, 0, 0), *alone = THTensor_(new)();
    THTensor *slice = THTensor_(newSelect)(output, 0, 0);
    Case_(padForward)(sample, alone, &q);
    CHECK(Case_(maxDifference)(alone, slice) == 0);
    THTensor *gradOutput = Case_(valuesOf)(5, output->size, 3), *gradInput = THTensor_(new)();
    THNN_(VolumetricReplicationPadding_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                        q.pleft, q.pright, q.ptop, q.pbottom,
                                                        q.pfront, q.pback);
    CHECK(Case_(gradientError)(Case_(padForward), &q, input, gradOutput, gradInput) < 1e-6);
    FREE_ALL(input, output, sample, alone, slice, gradOutput, gradInput);
  }
}

/* ---- Strided inputs ---- */

TEST(Case_(every_module_reads_strided_inputs)) {
  /* the input as a view with time and width swapped twice: sizes 2x2x4x4x5, not contiguous */
  THTensor *base = Case_(valuesOf)(5, (long[]){2, 2, 5, 4, 4}, 1);
  THTensor *input = THTensor_(newTranspose)(base, 2, 4);
  THTensor *contiguous = THTensor_(newClone)(input);
  THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[0]);
  Case_(maxPoolForward)(contiguous, expected, &p);
  Case_(maxPoolForward)(input, output, &p);
  CHECK(Case_(maxDifference)(output, expected) == 0);
  Case_(averagePoolForward)(contiguous, expected, &p);
  Case_(averagePoolForward)(input, output, &p);
  CHECK(Case_(maxDifference)(output, expected) == 0);
  Case_(Pad) q = {1, 0, 2, 1, 0, 1};
  Case_(padForward)(contiguous, expected, &q);
  Case_(padForward)(input, output, &q);
  CHECK(Case_(maxDifference)(output, expected) == 0);
  /* a strided output is written through */
  THTensor *wide = THTensor_(newWithSize1d)(2 * 2 * 5 * 7 * 6);
  THTensor *strided = THTensor_(newWithStorage)(wide->storage, 0, NULL, NULL);
  THTensor_(resize5d)(strided, 2, 2, 5, 6, 7);
  THTensor *view = THTensor_(newTranspose)(strided, 3, 4);
  Case_(padForward)(input, view, &q);
  CHECK(Case_(maxDifference)(view, expected) == 0);
  FREE_ALL(base, input, contiguous, output, expected, wide, strided, view);
  THIndexTensor_(free)(p.indices);
}

/* ---- VolumetricMaxUnpooling ---- */

typedef struct {
  THIndexTensor *indices;
  int oT, oH, oW;
} Case_(Unpool);

static void Case_(unpoolForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Unpool) *u = context;
  THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, input, output, u->indices, u->oT, u->oW,
                                             u->oH, 2, 2, 2, 0, 0, 0);
}

TEST(Case_(max_unpooling_puts_each_maximum_back)) {
  /* pool 2x2x2 windows of a 2x3x4x4x6 batch, then unpool the maxima into 4x4x6 volumes */
  Case_(Pool) p = Case_(poolOfShape)(Case_(poolShapes)[0]);
  p.planes = 3, p.in[2] = 6;
  THTensor *input = Case_(valuesOf)(5, (long[]){2, 3, 4, 4, 6}, 1), *pooled = THTensor_(new)();
  Case_(maxPoolForward)(input, pooled, &p);
  Case_(Unpool) u = {p.indices, 4, 4, 6};
  THTensor *output = THTensor_(new)();
  Case_(unpoolForward)(pooled, output, &u);
  long wrong = output->nDimension != 5 || !THTensor_(isSameSizeAs)(output, input);
  for (long n = 0; !wrong && n < 2; n++)
    for (long c = 0; c < 3; c++)
      for (long t = 0; t < 4; t++)
        for (long h = 0; h < 4; h++)
          for (long w = 0; w < 6; w++) {
            real x = THTensor_(data)(input)[Case_(at5)(input->size, n, c, t, h, w)];
            real pooledMax = THTensor_(data)(pooled)[Case_(at5)(pooled->size, n, c, t / 2, h / 2,
                                                                w / 2)];
            wrong += THTensor_(data)(output)[Case_(at5)(output->size, n, c, t, h, w)] !=
                     (x == pooledMax ? x : 0);
          }
  CHECK_EQ_LONG(wrong, 0);
  /* each sample alone, and the backward against central differences */
  THIndexTensor *allIndices = p.indices;
  u.indices = THIndexTensor_(newSelect)(allIndices, 0, 1);
  THTensor *sample = THTensor_(newSelect)(pooled, 0, 1), *alone = THTensor_(new)();
  THTensor *slice = THTensor_(newSelect)(output, 0, 1);
  Case_(unpoolForward)(sample, alone, &u);
  CHECK_EQ_LONG(alone->nDimension, 4);
  CHECK(Case_(maxDifference)(alone, slice) == 0);
  THIndexTensor_(free)(u.indices);
  u.indices = allIndices;
  THTensor *gradOutput = Case_(valuesOf)(5, output->size, 3), *gradInput = THTensor_(new)();
  THNN_(VolumetricMaxUnpooling_updateGradInput)(NULL, pooled, gradOutput, gradInput, u.indices, 4,
                                                6, 4, 2, 2, 2, 0, 0, 0);
  CHECK(Case_(gradientError)(Case_(unpoolForward), &u, pooled, gradOutput, gradInput) < 1e-6);
  FREE_ALL(input, pooled, output, sample, alone, slice, gradOutput, gradInput);
  THIndexTensor_(free)(allIndices);
}

/* ---- The checks ---- */

TEST(Case_(pooling_checks_every_size)) {
  THTensor *input = Case_(valuesOf)(5, (long[]){1, 2, 4, 4, 4}, 1), *output = THTensor_(new)();
  THTensor *flat = Case_(valuesOf)(3, (long[]){4, 4, 4}, 1), *gradInput = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(5, (long[]){1, 2, 2, 2, 3}, 1);
  THTensor *otherPlanes = Case_(valuesOf)(5, (long[]){1, 3, 2, 2, 2}, 1);
  THIndexTensor *indices = THIndexTensor_(new)();
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, indices, 2, 5, 2,
                                                           1, 1, 1, 0, 0, 0, false),
                  "Given input size: (1x2x4x4x4). Calculated output size: (1x2x3x3x0). Output "
                  "size is too small");
  EXPECT_TH_ERROR(THNN_(VolumetricDilatedMaxPooling_updateOutput)(NULL, input, output, indices, 2,
                                                                  2, 2, 1, 1, 1, 0, 0, 0, 4, 1, 1,
                                                                  false), "Given input size: "
                  "(1x2x4x4x4). Calculated output size: (1x2x0x3x3). Output size is too small");
  EXPECT_TH_ERROR(THNN_(VolumetricAveragePooling_updateOutput)(NULL, input, output, 5, 1, 1, 1, 1,
                                                               1), "Given input size: (1x2x4x4x4). "
                  "Calculated output size: (1x2x0x4x4). Output size is too small");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateOutput)(NULL, flat, output, indices, 2, 2, 2,
                                                           2, 2, 2, 0, 0, 0, false),
                  "input should be a 4D or 5D tensor, but got size 4x4x4");
  EXPECT_TH_ERROR(THNN_(VolumetricAveragePooling_updateOutput)(NULL, flat, output, 2, 2, 2, 2, 2,
                                                               2),
                  "input should be a 4D or 5D tensor, but got size 4x4x4");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, indices, 2, 0, 2,
                                                           2, 2, 2, 0, 0, 0, false),
                  "kernel size should be greater than zero, but got kT: 2 kH: 2 kW: 0");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 2,
                                                           0, 2, 2, 0, 0, 0, false),
                  "stride should be greater than zero, but got dT: 0 dH: 2 dW: 2");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 2,
                                                           2, 2, 2, 0, 0, -1, false),
                  "padding should be at least zero, but got padT: 0 padH: -1 padW: 0");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 2,
                                                           2, 2, 2, 2, 0, 0, false),
                  "pad should be at most half of kernel size, but got padT = 2, padH = 0, "
                  "padW = 0, kT = 2, kH = 2, kW = 2");
  EXPECT_TH_ERROR(THNN_(VolumetricDilatedMaxPooling_updateOutput)(NULL, input, output, indices, 2,
                                                                  2, 2, 2, 2, 2, 0, 0, 0, 1, 0, 1,
                                                                  false),
                  "dilation should be greater than zero, but got dilationT: 1 dilationH: 1 "
                  "dilationW: 0");
  EXPECT_TH_ERROR(THNN_(VolumetricAveragePooling_updateGradInput)(NULL, input, gradOutput,
                                                                  gradInput, 2, 2, 2, 2, 2, 2),
                  "gradOutput should be of size 1x2x2x2x2, but got size 1x2x2x2x3");
  /* the max pooling's backward has no window: gradOutput matches the input's batch and planes,
   * the indices match gradOutput, and each index lies in the input volume */
  THNN_(VolumetricMaxPooling_updateOutput)(NULL, input, output, indices, 2, 2, 2, 2, 2, 2, 0, 0,
                                           0, false);
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateGradInput)(NULL, input, otherPlanes, gradInput,
                                                              indices, 2, 2, 2, 0, 0, 0),
                  "gradOutput should be a 5D tensor with the batch and planes of the input (size "
                  "1x2x4x4x4), but got size 1x3x2x2x2");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                              indices, 2, 2, 2, 0, 0, 0),
                  "indices should be of size 1x2x2x2x3, but got size 1x2x2x2x2");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateGradInput)(NULL, input, output, gradInput,
                                                              indices, 2, 0, 2, 0, 0, 0),
                  "stride should be greater than zero, but got dT: 2 dH: 2 dW: 0");
  THIndexTensor_(data)(indices)[5] = 64;
  EXPECT_TH_ERROR(THNN_(VolumetricMaxPooling_updateGradInput)(NULL, input, output, gradInput,
                                                              indices, 2, 2, 2, 0, 0, 0),
                  "indices should be positions in planes of 64 elements, but found 64");
  FREE_ALL(input, output, flat, gradInput, gradOutput, otherPlanes);
  THIndexTensor_(free)(indices);
}

TEST(Case_(unpooling_checks_every_size_and_index)) {
  THTensor *input = Case_(valuesOf)(5, (long[]){1, 2, 2, 2, 2}, 1), *output = THTensor_(new)();
  THTensor *flat = Case_(valuesOf)(3, (long[]){2, 2, 2}, 1), *gradInput = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(5, (long[]){1, 2, 4, 4, 3}, 1);
  THIndexTensor *indices = THIndexTensor_(newWithSize1d)(16);
  THIndexTensor_(resize5d)(indices, 1, 2, 2, 2, 2);
  THIndexTensor_(fill)(indices, 3);
  THIndexTensor *wrongIndices = THIndexTensor_(newWithSize4d)(2, 2, 2, 2);
  THIndexTensor_(fill)(wrongIndices, 0);
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, flat, output, indices, 4, 4, 4,
                                                             2, 2, 2, 0, 0, 0),
                  "input should be a 4D or 5D tensor, but got size 2x2x2");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, input, output, wrongIndices, 4,
                                                             4, 4, 2, 2, 2, 0, 0, 0),
                  "indices should be of size 1x2x2x2x2, but got size 2x2x2x2");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, input, output, indices, 4, 0, 4,
                                                             2, 2, 2, 0, 0, 0),
                  "output size should be greater than zero, but got oT: 4 oH: 4 oW: 0");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, input, output, indices, 4, 4, 4,
                                                             2, 2, 0, 0, 0, 0),
                  "stride should be greater than zero, but got dT: 2 dH: 0 dW: 2");
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, input, output, indices, 4, 4, 4,
                                                             2, 2, 2, -1, 0, 0),
                  "padding should be at least zero, but got padT: -1 padH: 0 padW: 0");
  THIndexTensor_(data)(indices)[9] = 64;
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateOutput)(NULL, input, output, indices, 4, 4, 4,
                                                             2, 2, 2, 0, 0, 0),
                  "indices should be positions in planes of 64 elements, but found 64");
  THIndexTensor_(data)(indices)[9] = -1;
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                                indices, 4, 3, 4, 2, 2, 2, 0, 0,
                                                                0),
                  "indices should be positions in planes of 48 elements, but found -1");
  THIndexTensor_(data)(indices)[9] = 0;
  EXPECT_TH_ERROR(THNN_(VolumetricMaxUnpooling_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                                indices, 4, 4, 4, 2, 2, 2, 0, 0,
                                                                0),
                  "gradOutput should be of size 1x2x4x4x4, but got size 1x2x4x4x3");
  FREE_ALL(input, output, flat, gradInput, gradOutput);
  THIndexTensor_(free)(indices);
  THIndexTensor_(free)(wrongIndices);
}

TEST(Case_(replication_padding_checks_every_size)) {
  THTensor *input = Case_(valuesOf)(5, (long[]){1, 2, 3, 4, 5}, 1), *output = THTensor_(new)();
  THTensor *flat = Case_(valuesOf)(3, (long[]){3, 4, 5}, 1), *gradInput = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(5, (long[]){1, 2, 3, 4, 5}, 1);
  EXPECT_TH_ERROR(THNN_(VolumetricReplicationPadding_updateOutput)(NULL, flat, output, 1, 1, 1, 1,
                                                                   1, 1),
                  "input should be a 4D or 5D tensor, but got size 3x4x5");
  EXPECT_TH_ERROR(THNN_(VolumetricReplicationPadding_updateOutput)(NULL, input, output, 0, 0, 0, 0,
                                                                   -2, -1), "Given input size: "
                  "(1x2x3x4x5). Calculated output size: (1x2x0x4x5). Output size is too small");
  EXPECT_TH_ERROR(THNN_(VolumetricReplicationPadding_updateGradInput)(NULL, input, gradOutput,
                                                                      gradInput, 1, 0, 0, 0, 0,
                                                                      0),
                  "gradOutput should be of size 1x2x3x4x6, but got size 1x2x3x4x5");
  FREE_ALL(input, output, flat, gradInput, gradOutput);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(max_pooling_matches_windows_scanned_one_by_one)),
  TEST_ENTRY(Case_(max_pooling_is_dilated_max_pooling_with_dilation_1)),
  TEST_ENTRY(Case_(max_pooling_lets_nan_win)),
  TEST_ENTRY(Case_(a_dilated_window_over_padding_only_gives_minus_infinity_and_no_gradient)),
  TEST_ENTRY(Case_(average_pooling_matches_windows_scanned_one_by_one)),
  TEST_ENTRY(Case_(replication_padding_repeats_the_border)),
  TEST_ENTRY(Case_(every_module_reads_strided_inputs)),
  TEST_ENTRY(Case_(max_unpooling_puts_each_maximum_back)),
  TEST_ENTRY(Case_(pooling_checks_every_size)),
  TEST_ENTRY(Case_(unpooling_checks_every_size_and_index)),
  TEST_ENTRY(Case_(replication_padding_checks_every_size)),
};

#undef POOL_SHAPES
#undef FREE_ALL

#endif
