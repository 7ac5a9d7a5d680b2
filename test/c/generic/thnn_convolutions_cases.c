/* The cases of test_thnn_convolutions.c for one float type (expanded through
 * THGenerateFloatTypes.h): every module of a KIND_ constant is driven through one description of
 * a call (Case_(Conv)), so that one reference by loops, one forward, one backward and one
 * parameter-gradient dispatcher serve them all. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_convolutions_cases.c"
#else

#include "thnn_helpers.c"

static void Case_(freeAll)(THTensor **tensors, size_t n) {
  for (size_t k = 0; k < n; k++)
    THTensor_(free)(tensors[k]);
}
#define FREE_ALL(...) Case_(freeAll)((THTensor *[]){__VA_ARGS__}, \
                                     sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))

/* One call: the module, its geometry (T, kT, ... are 1 and pT, aT 0 for the 2-D modules), the
 * parameters and buffers, and the output size the formulas of the era give. */
typedef struct {
  int kind;
  long batch;        /* 0: a single image (3-D or 4-D input) */
  long nIn, nOut, T, H, W;
  int kT, kH, kW, dT, dH, dW, pT, pH, pW, dilT, dilH, dilW, aT, aH, aW;
  long outT, outH, outW;
  THTensor *weight, *bias, *connTable, *buffer1, *buffer2;
} Case_(Conv);

static bool Case_(isVolumetric)(int kind) {
  return kind >= KIND_VOLUMETRIC_MM;
}

static bool Case_(isTransposed)(int kind) {
  return kind == KIND_FULL || kind == KIND_FULL_MAP || kind == KIND_VOLUMETRIC_FULL;
}

/* The connection table of the map modules: (input, output) pairs, not every pair linked. */
static const int Case_(links)[][2] = {{0, 0}, {1, 0}, {2, 1}, {0, 1}};
#define N_LINKS 4

/* The output length of one dimension. */
static long Case_(outputLength)(int kind, long in, int k, int d, int p, int dil, int a) {
  if (Case_(isTransposed)(kind))
    return (in - 1) * d - 2L * p + k + a;
  return (in + 2L * p - (long)dil * (k - 1) - 1) / d + 1;
}

/* shape: batch, nIn, nOut, T, H, W, kT, kH, kW, dT, dH, dW, pT, pH, pW, dilT, dilH, dilW, aT, aH,
 * aW (the map modules take nIn 3 and nOut 2, no padding, dilation or adj). */
static Case_(Conv) Case_(newConv)(int kind, const long *shape) {
  Case_(Conv) c;
  c.kind = kind;
  c.batch = shape[0];
  c.nIn = shape[1], c.nOut = shape[2], c.T = shape[3], c.H = shape[4], c.W = shape[5];
  int *window[] = {&c.kT, &c.kH, &c.kW, &c.dT, &c.dH, &c.dW, &c.pT, &c.pH, &c.pW,
                   &c.dilT, &c.dilH, &c.dilW, &c.aT, &c.aH, &c.aW};
  for (int k = 0; k < 15; k++)
    *window[k] = (int)shape[6 + k];
  c.outT = Case_(outputLength)(kind, c.T, c.kT, c.dT, c.pT, c.dilT, c.aT);
  c.outH = Case_(outputLength)(kind, c.H, c.kH, c.dH, c.pH, c.dilH, c.aH);
  c.outW = Case_(outputLength)(kind, c.W, c.kW, c.dW, c.pW, c.dilW, c.aW);
  c.connTable = NULL;
  if (kind == KIND_LOCAL) {
    c.weight = Case_(valuesOf)(6, (long[]){c.outH, c.outW, c.nOut, c.nIn, c.kH, c.kW}, 17);
    c.bias = Case_(valuesOf)(3, (long[]){c.nOut, c.outH, c.outW}, 23);
  } else if (kind == KIND_MAP || kind == KIND_FULL_MAP) {
    c.weight = Case_(valuesOf)(3, (long[]){N_LINKS, c.kH, c.kW}, 17);
    c.bias = Case_(valuesOf)(1, (long[]){c.nOut}, 23);
    c.connTable = THTensor_(newWithSize2d)(N_LINKS, 2);
    for (int k = 0; k < N_LINKS; k++)
      for (int j = 0; j < 2; j++)
        THTensor_(set2d)(c.connTable, k, j, Case_(links)[k][j]);
  } else {
    long first = Case_(isTransposed)(kind) ? c.nIn : c.nOut;
    long second = Case_(isTransposed)(kind) ? c.nOut : c.nIn;
    if (Case_(isVolumetric)(kind))
      c.weight = Case_(valuesOf)(5, (long[]){first, second, c.kT, c.kH, c.kW}, 17);
    else
      c.weight = Case_(valuesOf)(4, (long[]){first, second, c.kH, c.kW}, 17);
    c.bias = Case_(valuesOf)(1, (long[]){c.nOut}, 23);
  }
  c.buffer1 = THTensor_(new)();
  c.buffer2 = THTensor_(new)();
  return c;
}

static void Case_(freeConv)(Case_(Conv) c) {
  FREE_ALL(c.weight, c.bias, c.connTable, c.buffer1, c.buffer2);
}

/* The sizes of a tensor of `planes` planes laid out as the module's input or output: a batch or
 * one image, 2-D or 3-D. */
static int Case_(sizesOf)(Case_(Conv) c, long planes, long T, long H, long W, long *sizes) {
  int n = 0;
  if (c.batch)
    sizes[n++] = c.batch;
  sizes[n++] = planes;
  if (Case_(isVolumetric)(c.kind))
    sizes[n++] = T;
  sizes[n++] = H;
  sizes[n++] = W;
  return n;
}

static THTensor *Case_(newInput)(Case_(Conv) c, long seed) {
  long sizes[5];
  int n = Case_(sizesOf)(c, c.nIn, c.T, c.H, c.W, sizes);
  return Case_(valuesOf)(n, sizes, seed);
}

/* ---- the calls ---- */

static void Case_(forward)(THTensor *input, THTensor *output, void *context) {
  Case_(Conv) *c = context;
  switch (c->kind) {
  case KIND_DILATED:
    THNN_(SpatialDilatedConvolution_updateOutput)(
        NULL, input, output, c->weight, c->bias, c->buffer1, c->buffer2, c->kW, c->kH, c->dW,
        c->dH, c->pW, c->pH, c->dilW, c->dilH);
    break;
  case KIND_FULL:
    THNN_(SpatialFullConvolution_updateOutput)(
        NULL, input, output, c->weight, c->bias, c->buffer1, c->buffer2, c->kW, c->kH, c->dW,
        c->dH, c->pW, c->pH, c->aW, c->aH);
    break;
  case KIND_LOCAL:
    THNN_(SpatialConvolutionLocal_updateOutput)(
        NULL, input, output, c->weight, c->bias, c->buffer1, c->buffer2, c->kW, c->kH, c->dW,
        c->dH, c->pW, c->pH, c->W, c->H, c->outW, c->outH);
    break;
  case KIND_MAP:
    THNN_(SpatialConvolutionMap_updateOutput)(NULL, input, output, c->weight, c->bias,
                                              c->connTable, (int)c->nIn, (int)c->nOut, c->dW,
                                              c->dH);
    break;
  case KIND_FULL_MAP:
    THNN_(SpatialFullConvolutionMap_updateOutput)(NULL, input, output, c->weight, c->bias,
                                                  c->connTable, (int)c->nIn, (int)c->nOut, c->dW,
                                                  c->dH);
    break;
  case KIND_VOLUMETRIC_MM:
    THNN_(VolumetricConvolutionMM_updateOutput)(
        NULL, input, output, c->weight, c->bias, c->buffer1, c->kT, c->kW, c->kH, c->dT, c->dW,
        c->dH, c->pT, c->pW, c->pH);
    break;
  case KIND_VOLUMETRIC:
    THNN_(VolumetricConvolution_updateOutput)(NULL, input, output, c->weight, c->bias, c->buffer1,
                                              c->buffer2, c->dT, c->dW, c->dH, c->pT, c->pW,
                                              c->pH);
    break;
  case KIND_VOLUMETRIC_DILATED:
    THNN_(VolumetricDilatedConvolution_updateOutput)(
        NULL, input, output, c->weight, c->bias, c->buffer1, c->buffer2, c->kT, c->kW, c->kH,
        c->dT, c->dW, c->dH, c->pT, c->pW, c->pH, c->dilT, c->dilW, c->dilH);
    break;
  case KIND_VOLUMETRIC_FULL:
    THNN_(VolumetricFullConvolution_updateOutput)(
        NULL, input, output, c->weight, c->bias, c->buffer1, c->buffer2, c->dT, c->dW, c->dH,
        c->pT, c->pW, c->pH, c->aT, c->aW, c->aH);
    break;
  }
}

static void Case_(backward)(Case_(Conv) *c, THTensor *input, THTensor *gradOutput,
                            THTensor *gradInput) {
  switch (c->kind) {
  case KIND_DILATED:
    THNN_(SpatialDilatedConvolution_updateGradInput)(
        NULL, input, gradOutput, gradInput, c->weight, c->buffer1, c->kW, c->kH, c->dW, c->dH,
        c->pW, c->pH, c->dilW, c->dilH);
    break;
  case KIND_FULL:
    THNN_(SpatialFullConvolution_updateGradInput)(
        NULL, input, gradOutput, gradInput, c->weight, c->buffer1, c->kW, c->kH, c->dW, c->dH,
        c->pW, c->pH, c->aW, c->aH);
    break;
  case KIND_LOCAL:
    THNN_(SpatialConvolutionLocal_updateGradInput)(
        NULL, input, gradOutput, gradInput, c->weight, c->buffer1, c->buffer2, c->kW, c->kH,
        c->dW, c->dH, c->pW, c->pH, c->W, c->H, c->outW, c->outH);
    break;
  case KIND_MAP:
    THNN_(SpatialConvolutionMap_updateGradInput)(NULL, input, gradOutput, gradInput, c->weight,
                                                 c->bias, c->connTable, (int)c->nIn,
                                                 (int)c->nOut, c->dW, c->dH);
    break;
  case KIND_FULL_MAP:
    THNN_(SpatialFullConvolutionMap_updateGradInput)(NULL, input, gradOutput, gradInput,
                                                     c->weight, c->bias, c->connTable,
                                                     (int)c->nIn, (int)c->nOut, c->dW, c->dH);
    break;
  case KIND_VOLUMETRIC_MM:
    THNN_(VolumetricConvolutionMM_updateGradInput)(
        NULL, input, gradOutput, gradInput, c->weight, c->buffer1, c->buffer2, c->kT, c->kW,
        c->kH, c->dT, c->dW, c->dH, c->pT, c->pW, c->pH);
    break;
  case KIND_VOLUMETRIC:
    THNN_(VolumetricConvolution_updateGradInput)(NULL, input, gradOutput, gradInput, c->weight,
                                                 c->buffer1, c->dT, c->dW, c->dH, c->pT, c->pW,
                                                 c->pH);
    break;
  case KIND_VOLUMETRIC_DILATED:
    THNN_(VolumetricDilatedConvolution_updateGradInput)(
        NULL, input, gradOutput, gradInput, c->weight, c->buffer1, c->kT, c->kW, c->kH, c->dT,
        c->dW, c->dH, c->pT, c->pW, c->pH, c->dilT, c->dilW, c->dilH);
    break;
  case KIND_VOLUMETRIC_FULL:
    THNN_(VolumetricFullConvolution_updateGradInput)(
        NULL, input, gradOutput, gradInput, c->weight, c->buffer1, c->buffer2, c->dT, c->dW,
        c->dH, c->pT, c->pW, c->pH, c->aT, c->aW, c->aH);
    break;
  }
}

static void Case_(accGradParameters)(Case_(Conv) *c, THTensor *input, THTensor *gradOutput,
                                     THTensor *gradWeight, THTensor *gradBias, real scale) {
  switch (c->kind) {
  case KIND_DILATED:
    THNN_(SpatialDilatedConvolution_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->buffer2, c->kW, c->kH,
        c->dW, c->dH, c->pW, c->pH, c->dilW, c->dilH, scale);
    break;
  case KIND_FULL:
    THNN_(SpatialFullConvolution_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->buffer2, c->kW, c->kH,
        c->dW, c->dH, c->pW, c->pH, c->aW, c->aH, scale);
    break;
  case KIND_LOCAL:
    THNN_(SpatialConvolutionLocal_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->buffer2, c->kW, c->kH,
        c->dW, c->dH, c->pW, c->pH, c->W, c->H, c->outW, c->outH, scale);
    break;
  case KIND_MAP:
    THNN_(SpatialConvolutionMap_accGradParameters)(NULL, input, gradOutput, gradWeight, gradBias,
                                                   c->connTable, (int)c->nIn, (int)c->nOut,
                                                   c->dW, c->dH, scale);
    break;
  case KIND_FULL_MAP:
    THNN_(SpatialFullConvolutionMap_accGradParameters)(NULL, input, gradOutput, gradWeight,
                                                       gradBias, c->connTable, (int)c->nIn,
                                                       (int)c->nOut, c->dW, c->dH, scale);
    break;
  case KIND_VOLUMETRIC_MM:
    THNN_(VolumetricConvolutionMM_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->kT, c->kW, c->kH, c->dT,
        c->dW, c->dH, c->pT, c->pW, c->pH, scale);
    break;
  case KIND_VOLUMETRIC:
    THNN_(VolumetricConvolution_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->buffer2, c->dT, c->dW,
        c->dH, c->pT, c->pW, c->pH, scale);
    break;
  case KIND_VOLUMETRIC_DILATED:
    THNN_(VolumetricDilatedConvolution_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->buffer2, c->kT, c->kW,
        c->kH, c->dT, c->dW, c->dH, c->pT, c->pW, c->pH, c->dilT, c->dilW, c->dilH, scale);
    break;
  case KIND_VOLUMETRIC_FULL:
    THNN_(VolumetricFullConvolution_accGradParameters)(
        NULL, input, gradOutput, gradWeight, gradBias, c->buffer1, c->buffer2, c->dT, c->dW,
        c->dH, c->pT, c->pW, c->pH, c->aT, c->aW, c->aH, scale);
    break;
  }
}

/* ---- the reference: every convolution written as loops ---- */

/* The weight linking input plane i to output plane o at tap (kt, kh, kw), for output position
 * (oh, ow) of the local convolution; NULL where the planes are not linked (the map modules). */
static const real *Case_(tap)(Case_(Conv) c, long link, long oh, long ow, int kt, int kh,
                              int kw) {
  const real *w = THTensor_(data)(c.weight);
  long o = 0, i = 0;
  switch (c.kind) {
  case KIND_MAP:
  case KIND_FULL_MAP:
    return w + (link * c.kH + kh) * c.kW + kw;
  case KIND_LOCAL:
    o = link / c.nIn, i = link % c.nIn;
    return w + ((((oh * c.outW + ow) * c.nOut + o) * c.nIn + i) * c.kH + kh) * c.kW + kw;
  default:
    o = link / c.nIn, i = link % c.nIn;
    if (Case_(isTransposed)(c.kind))
      return w + (((i * c.nOut + o) * c.kT + kt) * c.kH + kh) * c.kW + kw;
    return w + (((o * c.nIn + i) * c.kT + kt) * c.kH + kh) * c.kW + kw;
  }
}

/* The output of the call on input (contiguous), by loops: for each pair of linked planes, each
 * position of the small side (the output of a convolution, the input of a transposed one) and
 * each kernel tap, the big side's pixel at position*stride - padding + tap*dilation. */
static THTensor *Case_(reference)(Case_(Conv) c, THTensor *input) {
  long sizes[5];
  int n = Case_(sizesOf)(c, c.nOut, c.outT, c.outH, c.outW, sizes);
  THTensor *output = THTensor_(new)();
  THTensor_(resizeNd)(output, n, sizes, NULL);
  real *out = THTensor_(data)(output);
  const real *in = THTensor_(data)(input);
  const real *bias = THTensor_(data)(c.bias);
  long outVolume = c.outT * c.outH * c.outW, inVolume = c.T * c.H * c.W;
  long images = c.batch ? c.batch : 1;
  bool transposed = Case_(isTransposed)(c.kind);
  bool map = c.kind == KIND_MAP || c.kind == KIND_FULL_MAP;
  long links = map ? N_LINKS : c.nIn * c.nOut;
  /* the small side's sizes */
  long sT = transposed ? c.T : c.outT, sH = transposed ? c.H : c.outH;
  long sW = transposed ? c.W : c.outW;
  long bT = transposed ? c.outT : c.T, bH = transposed ? c.outH : c.H;
  long bW = transposed ? c.outW : c.W;
  for (long t = 0; t < images; t++) {
    real *image = out + t * c.nOut * outVolume;
    for (long o = 0; o < c.nOut; o++)
      for (long p = 0; p < outVolume; p++)
        image[o * outVolume + p] = c.kind == KIND_LOCAL ? bias[o * outVolume + p] : bias[o];
    for (long link = 0; link < links; link++) {
      long o = map ? Case_(links)[link][1] : link / c.nIn;
      long i = map ? Case_(links)[link][0] : link % c.nIn;
      const real *inPlane = in + (t * c.nIn + i) * inVolume;
      real *outPlane = image + o * outVolume;
      for (long st = 0; st < sT; st++)
        for (long sh = 0; sh < sH; sh++)
          for (long sw = 0; sw < sW; sw++)
            for (int kt = 0; kt < c.kT; kt++)
              for (int kh = 0; kh < c.kH; kh++)
                for (int kw = 0; kw < c.kW; kw++) {
                  long bt = st * c.dT - c.pT + (long)kt * c.dilT;
                  long bh = sh * c.dH - c.pH + (long)kh * c.dilH;
                  long bw = sw * c.dW - c.pW + (long)kw * c.dilW;
                  if (bt < 0 || bt >= bT || bh < 0 || bh >= bH || bw < 0 || bw >= bW)
                    continue;
                  long small = (st * sH + sh) * sW + sw, big = (bt * bH + bh) * bW + bw;
                  real w = *Case_(tap)(c, link, sh, sw, kt, kh, kw);
                  if (transposed)
                    outPlane[big] += inPlane[small] * w;
                  else
                    outPlane[small] += inPlane[big] * w;
                }
    }
  }
  return output;
}

/* ---- the shapes ---- */

/* batch, nIn, nOut, T, H, W, kT, kH, kW, dT, dH, dW, pT, pH, pW, dilT, dilH, dilW, aT, aH, aW */
static const long Case_(dilatedShapes)[][21] = {
  {2, 2, 3, 1, 6, 7, 1, 3, 2, 1, 1, 1, 0, 1, 0, 1, 2, 3, 0, 0, 0},  /* dilations 2 and 3 */
  {1, 1, 2, 1, 5, 5, 1, 2, 2, 1, 2, 1, 0, 1, 1, 1, 2, 2, 0, 0, 0},  /* batch 1, strides (2, 1) */
  {0, 2, 2, 1, 4, 4, 1, 3, 3, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0},  /* one image, dilation 1 */
  {2, 1, 1, 1, 1, 1, 1, 3, 3, 1, 1, 1, 0, 2, 2, 1, 2, 2, 0, 0, 0},  /* 1x1 images, all padding */
};
static const long Case_(fullShapes)[][21] = {
  {2, 2, 3, 1, 3, 4, 1, 3, 2, 1, 2, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0},  /* stride 2, adjH 1 */
  {1, 3, 2, 1, 2, 2, 1, 2, 3, 1, 3, 2, 0, 0, 1, 1, 1, 1, 0, 2, 1},  /* batch 1, adj (2, 1) */
  {0, 2, 1, 1, 1, 1, 1, 3, 3, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0},  /* a 1x1 image */
  {2, 1, 2, 1, 3, 3, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0},  /* a 1x1 kernel */
};
static const long Case_(localShapes)[][21] = {
  {2, 2, 3, 1, 5, 4, 1, 3, 2, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0},
  {0, 1, 2, 1, 5, 5, 1, 2, 2, 1, 2, 2, 0, 0, 1, 1, 1, 1, 0, 0, 0},  /* one image, stride 2 */
  {1, 2, 1, 1, 1, 1, 1, 3, 3, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0},  /* a 1x1 image */
};
static const long Case_(mapShapes)[][21] = {
  {2, 3, 2, 1, 5, 6, 1, 3, 2, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0},
  {0, 3, 2, 1, 5, 5, 1, 2, 2, 1, 2, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0},  /* one image, stride (2, 1) */
  {1, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0},  /* 1x1 image and kernel */
};
static const long Case_(volumetricShapes)[][21] = {
  {2, 2, 3, 3, 4, 5, 2, 3, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0},
  {0, 1, 2, 4, 4, 3, 2, 2, 2, 2, 1, 2, 0, 1, 1, 1, 1, 1, 0, 0, 0},  /* one volume, strides */
  {1, 2, 1, 1, 1, 1, 1, 3, 3, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0},  /* a 1x1x1 volume, batch 1 */
};
static const long Case_(volumetricDilatedShapes)[][21] = {
  {2, 2, 2, 5, 4, 5, 2, 2, 3, 1, 1, 2, 1, 0, 1, 3, 2, 1, 0, 0, 0},
  {0, 1, 2, 3, 3, 3, 2, 2, 2, 1, 2, 1, 1, 1, 1, 2, 2, 2, 0, 0, 0},  /* one volume */
};
static const long Case_(volumetricFullShapes)[][21] = {
  {2, 2, 3, 2, 3, 2, 2, 3, 2, 2, 1, 2, 1, 1, 0, 1, 1, 1, 1, 0, 1},  /* aT, aW 1 */
  {0, 1, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 0, 0, 1, 1, 1, 1, 0, 1, 0},  /* one volume */
};

typedef struct {
  int kind;
  const long (*shapes)[21];
  size_t count;
} Case_(Family);

#define FAMILY(kind, table) {kind, Case_(table), sizeof(Case_(table)) / sizeof(Case_(table)[0])}
static const Case_(Family) Case_(families)[] = {
  FAMILY(KIND_DILATED, dilatedShapes),
  FAMILY(KIND_FULL, fullShapes),
  FAMILY(KIND_LOCAL, localShapes),
  FAMILY(KIND_MAP, mapShapes),
  FAMILY(KIND_FULL_MAP, mapShapes),
  FAMILY(KIND_VOLUMETRIC_MM, volumetricShapes),
  FAMILY(KIND_VOLUMETRIC, volumetricShapes),
  FAMILY(KIND_VOLUMETRIC_DILATED, volumetricDilatedShapes),
  FAMILY(KIND_VOLUMETRIC_FULL, volumetricFullShapes),
};
#undef FAMILY
#define N_FAMILIES (sizeof(Case_(families)) / sizeof(Case_(families)[0]))

/* ---- the tests ---- */

TEST(Case_(every_forward_matches_direct_loops)) {
  for (size_t f = 0; f < N_FAMILIES; f++) {
    Case_(Family) family = Case_(families)[f];
    for (size_t k = 0; k < family.count; k++) {
      Case_(Conv) c = Case_(newConv)(family.kind, family.shapes[k]);
      THTensor *input = Case_(newInput)(c, 1), *output = THTensor_(new)();
      Case_(forward)(input, output, &c);
      THTensor *expected = Case_(reference)(c, input);
      double error = Case_(maxDifference)(output, expected);
      CHECK(error < 1e-5);
      if (!(error < 1e-5))
        printf("  module %d, shape %zu: error %g\n", family.kind, k, error);
      /* each image of a batch alone gives its slice of the batch's output */
      for (long n = 0; n < c.batch; n++) {
        THTensor *image = THTensor_(newSelect)(input, 0, n), *alone = THTensor_(new)();
        THTensor *slice = THTensor_(newSelect)(output, 0, n);
        Case_(forward)(image, alone, &c);
        CHECK(Case_(maxDifference)(alone, slice) < 1e-5);
        FREE_ALL(image, alone, slice);
      }
      FREE_ALL(input, output, expected);
      Case_(freeConv)(c);
    }
  }
}

TEST(Case_(every_gradient_matches_central_differences)) {
  for (size_t f = 0; f < N_FAMILIES; f++) {
    Case_(Family) family = Case_(families)[f];
    for (size_t k = 0; k < family.count; k++) {
      Case_(Conv) c = Case_(newConv)(family.kind, family.shapes[k]);
      THTensor *input = Case_(newInput)(c, 1);
      THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
      Case_(forward)(input, output, &c);
      THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
      Case_(backward)(&c, input, gradOutput, gradInput);
      double inputError = Case_(gradientError)(Case_(forward), &c, input, gradOutput, gradInput);
      /* the parameter gradients are added, times scale, to what the tensors held */
      THTensor *gradWeight = Case_(valuesOf)(c.weight->nDimension, c.weight->size, 5);
      THTensor *gradBias = Case_(valuesOf)(c.bias->nDimension, c.bias->size, 7);
      THTensor *weightBefore = THTensor_(newClone)(gradWeight);
      THTensor *biasBefore = THTensor_(newClone)(gradBias);
      Case_(accGradParameters)(&c, input, gradOutput, gradWeight, gradBias, 0.5);
      THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
      THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
      double weightError = Case_(gradientErrorOf)(Case_(forward), &c, input, c.weight,
                                                  gradOutput, addedWeight);
      double biasError = Case_(gradientErrorOf)(Case_(forward), &c, input, c.bias, gradOutput,
                                                addedBias);
      CHECK(inputError < 1e-6 && weightError < 1e-6 && biasError < 1e-6);
      if (!(inputError < 1e-6 && weightError < 1e-6 && biasError < 1e-6))
        printf("  module %d, shape %zu: errors %g %g %g\n", family.kind, k, inputError,
               weightError, biasError);
      FREE_ALL(input, output, gradInput, gradOutput, gradWeight, gradBias, weightBefore,
               biasBefore, addedWeight, addedBias);
      Case_(freeConv)(c);
    }
  }
}

TEST(Case_(every_module_reads_strided_inputs)) {
  for (size_t f = 0; f < N_FAMILIES; f++) {
    Case_(Family) family = Case_(families)[f];
    Case_(Conv) c = Case_(newConv)(family.kind, family.shapes[0]);
    /* the input as a view with its last two dimensions transposed */
    THTensor *contiguous = Case_(newInput)(c, 1);
    int n = contiguous->nDimension;
    THTensor *base = THTensor_(newTranspose)(contiguous, n - 2, n - 1);
    THTensor *packed = THTensor_(newContiguous)(base);
    THTensor *input = THTensor_(newTranspose)(packed, n - 2, n - 1);
    THTensor *output = THTensor_(new)(), *expected = THTensor_(new)();
    CHECK(!THTensor_(isContiguous)(input));
    Case_(forward)(contiguous, expected, &c);
    Case_(forward)(input, output, &c);
    CHECK(Case_(maxDifference)(output, expected) < 1e-6);
    /* the backward reads a strided gradOutput too */
    THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
    THTensor *goBase = THTensor_(newTranspose)(gradOutput, n - 2, n - 1);
    THTensor *goPacked = THTensor_(newContiguous)(goBase);
    THTensor *goStrided = THTensor_(newTranspose)(goPacked, n - 2, n - 1);
    THTensor *gradInput = THTensor_(new)(), *gradExpected = THTensor_(new)();
    Case_(backward)(&c, contiguous, gradOutput, gradExpected);
    Case_(backward)(&c, input, goStrided, gradInput);
    CHECK(Case_(maxDifference)(gradInput, gradExpected) < 1e-6);
    FREE_ALL(contiguous, base, packed, input, output, expected, gradOutput, goBase, goPacked,
             goStrided, gradInput, gradExpected);
    Case_(freeConv)(c);
  }
}

TEST(Case_(dilation_1_is_the_mm_convolution)) {
  /* SpatialDilatedConvolution with dilation 1 is SpatialConvolutionMM, and likewise in 3-D */
  Case_(Conv) c = Case_(newConv)(KIND_DILATED, Case_(dilatedShapes)[2]);
  THTensor *input = Case_(newInput)(c, 1), *output = THTensor_(new)(), *mm = THTensor_(new)();
  Case_(forward)(input, output, &c);
  THNN_(SpatialConvolutionMM_updateOutput)(NULL, input, mm, c.weight, c.bias, c.buffer1,
                                           c.buffer2, c.kW, c.kH, c.dW, c.dH, c.pW, c.pH);
  CHECK(Case_(maxDifference)(output, mm) < 1e-6);
  FREE_ALL(input, output, mm);
  Case_(freeConv)(c);
  c = Case_(newConv)(KIND_VOLUMETRIC_DILATED, Case_(volumetricShapes)[0]);
  input = Case_(newInput)(c, 1), output = THTensor_(new)(), mm = THTensor_(new)();
  Case_(forward)(input, output, &c);
  c.kind = KIND_VOLUMETRIC_MM;
  Case_(forward)(input, mm, &c);
  CHECK(Case_(maxDifference)(output, mm) < 1e-6);
  FREE_ALL(input, output, mm);
  Case_(freeConv)(c);
}

TEST(Case_(no_bias_is_a_zero_bias)) {
  const int kinds[] = {KIND_DILATED, KIND_FULL, KIND_VOLUMETRIC_MM, KIND_VOLUMETRIC,
                       KIND_VOLUMETRIC_DILATED, KIND_VOLUMETRIC_FULL};
  for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
    const long *shape = Case_(families)[0].shapes[0];
    for (size_t f = 0; f < N_FAMILIES; f++)
      if (Case_(families)[f].kind == kinds[k])
        shape = Case_(families)[f].shapes[0];
    Case_(Conv) c = Case_(newConv)(kinds[k], shape);
    THTensor *input = Case_(newInput)(c, 1), *output = THTensor_(new)();
    THTensor_(zero)(c.bias);
    THTensor *expected = Case_(reference)(c, input);
    THTensor *bias = c.bias;
    c.bias = NULL;
    Case_(forward)(input, output, &c);
    CHECK(Case_(maxDifference)(output, expected) < 1e-5);
    c.bias = bias;
    FREE_ALL(input, output, expected);
    Case_(freeConv)(c);
  }
}

/* ---- the checks ---- */

TEST(Case_(spatial_checks_name_the_sizes)) {
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  /* dilated */
  Case_(Conv) c = Case_(newConv)(KIND_DILATED, Case_(dilatedShapes)[0]);  /* 2x2x6x7, 3x2 */
  THTensor *input = Case_(newInput)(c, 1);
  THTensor *small = Case_(valuesOf)(4, (long[]){2, 2, 2, 7}, 1);
  THTensor *flat = Case_(valuesOf)(2, (long[]){6, 7}, 1);
  THTensor *planes = Case_(valuesOf)(4, (long[]){2, 3, 6, 7}, 1);
  THTensor *wrongGrad = Case_(valuesOf)(4, (long[]){2, 3, 2, 2}, 1);
  EXPECT_TH_ERROR(Case_(forward)(small, output, &c), "Given input size: (2x2x2x7). Calculated "
                  "output size: (2x3x0x4). Output size is too small");
  EXPECT_TH_ERROR(Case_(forward)(flat, output, &c),
                  "input should be a 3D or 4D tensor, but got size 6x7");
  EXPECT_TH_ERROR(Case_(forward)(planes, output, &c),
                  "input should have 2 planes (weight is 3x2x3x2), but got size 2x3x6x7");
  EXPECT_TH_ERROR(Case_(backward)(&c, input, wrongGrad, gradInput),
                  "gradOutput should be of size 2x3x4x4, but got size 2x3x2x2");
  c.dilH = 0;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "dilation should be greater than zero, but got dilationH: 0 dilationW: 3");
  Case_(freeConv)(c);
  FREE_ALL(input, small, flat, planes, wrongGrad);
  /* full */
  c = Case_(newConv)(KIND_FULL, Case_(fullShapes)[0]);  /* 2x2x3x4, kernel 3x2, stride (2, 1) */
  input = Case_(newInput)(c, 1);
  planes = Case_(valuesOf)(4, (long[]){2, 3, 3, 4}, 1);
  EXPECT_TH_ERROR(Case_(forward)(planes, output, &c),
                  "input should have 2 planes (weight is 2x3x3x2), but got size 2x3x3x4");
  c.aW = 1;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "output padding should be at least zero "
                  "and smaller than the stride, but got adjH: 1 adjW: 1 (dH: 2 dW: 1)");
  c.aW = 0, c.pH = 4;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "Given input size: (2x2x3x4). Calculated "
                  "output size: (2x3x0x5). Output size is too small");
  c.pH = 1;
  THTensor *weight = c.weight;
  c.weight = Case_(valuesOf)(2, (long[]){2, 18}, 1);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "weight should be a 4D tensor (nInputPlane "
                  "x nOutputPlane x kH x kW), but got size 2x18");
  THTensor_(free)(c.weight);
  c.weight = weight;
  Case_(freeConv)(c);
  FREE_ALL(input, planes);
  /* local: the sizes given must be the input's and the output's */
  c = Case_(newConv)(KIND_LOCAL, Case_(localShapes)[0]);  /* 2x2x5x4, kernel 3x2, pad (1, 0) */
  input = Case_(newInput)(c, 1);
  c.W = 5;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "input of size 2x2x5x4 should be 5x5 (inputHeight x inputWidth)");
  c.W = 4, c.outW = 4;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "the output should be 5x3 (input of size "
                  "2x2x5x4), but outputHeight x outputWidth is 5x4");
  c.outW = 3;
  weight = c.weight;
  c.weight = Case_(valuesOf)(6, (long[]){5, 3, 3, 2, 2, 2}, 1);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "weight should be 5x3xnOutputPlanex2x3x2 "
                  "(outputHeight x outputWidth x nOutputPlane x nInputPlane x kH x kW) or "
                  "15xnOutputPlanex12, but got size 5x3x3x2x2x2");
  THTensor_(free)(c.weight);
  c.weight = weight;
  THTensor *bias = c.bias;
  c.bias = Case_(valuesOf)(1, (long[]){3}, 1);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "bias should be of size 3x5x3, but got size 3");
  THTensor_(free)(c.bias);
  c.bias = NULL;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "bias should be a tensor, but got NULL");
  c.bias = bias;
  c.kH = 8, c.H = 5, c.outH = 5;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "Given input size: (2x2x5x4). Calculated "
                  "output size: (2x3x0x3). Output size is too small");
  c.kH = 3;
  Case_(freeConv)(c);
  THTensor_(free)(input);
  /* map: the connection table, the planes, the kernel */
  c = Case_(newConv)(KIND_MAP, Case_(mapShapes)[0]);  /* 2x3x5x6, kernel 3x2 */
  input = Case_(newInput)(c, 1);
  THTensor_(set2d)(c.connTable, 2, 0, 3);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "connTable row 2 links input plane 3 to "
                  "output plane 1, but the planes go from 0 to 2 and from 0 to 1");
  THTensor_(set2d)(c.connTable, 2, 0, 0.5);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "connTable row 2 links input plane 0.5");
  THTensor_(set2d)(c.connTable, 2, 0, 2);
  THTensor *table = c.connTable;
  c.connTable = THTensor_(newWithSize2d)(3, 2);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "connTable should be of size 4x2 (one row per kernel of weight), but got "
                  "size 3x2");
  THTensor_(free)(c.connTable);
  c.connTable = table;
  c.nIn = 4;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "input should have 4 planes (nInputPlane), but got size 2x3x5x6");
  c.nIn = 3;
  small = Case_(valuesOf)(3, (long[]){3, 2, 6}, 1);
  EXPECT_TH_ERROR(Case_(forward)(small, output, &c), "Given input size: (3x2x6). Calculated output "
                  "size: (2x0x5). Output size is too small");
  c.dW = 0;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "stride should be greater than zero, but got dH: 1 dW: 0");
  c.dW = 1;
  wrongGrad = Case_(valuesOf)(4, (long[]){2, 2, 3, 4}, 1);
  EXPECT_TH_ERROR(Case_(backward)(&c, input, wrongGrad, gradInput),
                  "gradOutput should be of size 2x2x3x5, but got size 2x2x3x4");
  c.kind = KIND_FULL_MAP;
  EXPECT_TH_ERROR(Case_(backward)(&c, input, wrongGrad, gradInput),
                  "gradOutput should be of size 2x2x7x7, but got size 2x2x3x4");
  Case_(freeConv)(c);
  FREE_ALL(input, small, wrongGrad, output, gradInput);
}

TEST(Case_(volumetric_checks_name_the_sizes)) {
  THTensor *output = THTensor_(new)(), *gradInput = THTensor_(new)();
  Case_(Conv) c = Case_(newConv)(KIND_VOLUMETRIC_MM, Case_(volumetricShapes)[0]);
  /* 2x2x3x4x5, kernel 2x3x2, padding (1, 0, 1) */
  THTensor *input = Case_(newInput)(c, 1);
  THTensor *small = Case_(valuesOf)(5, (long[]){2, 2, 3, 2, 5}, 1);
  THTensor *image = Case_(valuesOf)(3, (long[]){2, 4, 5}, 1);
  THTensor *planes = Case_(valuesOf)(5, (long[]){2, 1, 3, 4, 5}, 1);
  THTensor *wrongGrad = Case_(valuesOf)(5, (long[]){2, 3, 1, 1, 1}, 1);
  const int kinds[] = {KIND_VOLUMETRIC_MM, KIND_VOLUMETRIC, KIND_VOLUMETRIC_DILATED};
  for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
    c.kind = kinds[k];
    EXPECT_TH_ERROR(Case_(forward)(small, output, &c), "Given input size: (2x2x3x2x5). Calculated "
                    "output size: (2x3x4x0x6). Output size is too small");
    EXPECT_TH_ERROR(Case_(forward)(image, output, &c),
                    "input should be a 4D or 5D tensor, but got size 2x4x5");
    EXPECT_TH_ERROR(Case_(forward)(planes, output, &c),
                    "input should have 2 planes (weight is 3x2x2x3x2), but got size 2x1x3x4x5");
    EXPECT_TH_ERROR(Case_(backward)(&c, input, wrongGrad, gradInput),
                    "gradOutput should be of size 2x3x4x2x6, but got size 2x3x1x1x1");
  }
  c.kind = KIND_VOLUMETRIC_MM;
  c.kW = 3;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "weight should be a 5D tensor (nOutputPlane "
                  "x nInputPlane x kT x kH x kW) with a 2x3x3 kernel (or 2D), but got size "
                  "3x2x2x3x2");
  c.kW = 2, c.dT = 0;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "stride should be greater than zero, but got dT: 0 dH: 1 dW: 1");
  c.kind = KIND_VOLUMETRIC;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "stride should be greater than zero, but got dT: 0 dH: 1 dW: 1");
  c.dT = 1, c.pW = -1;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c),
                  "padding should be at least zero, but got pT: 1 pH: 0 pW: -1");
  c.pW = 1, c.kind = KIND_VOLUMETRIC_DILATED, c.dilT = 0;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "dilation should be greater than zero, but "
                  "got dilationT: 0 dilationH: 1 dilationW: 1");
  c.dilT = 1, c.kind = KIND_VOLUMETRIC;
  THTensor *weight = c.weight;
  c.weight = Case_(valuesOf)(2, (long[]){3, 24}, 1);
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "weight should be a 5D tensor (nOutputPlane "
                  "x nInputPlane x kT x kH x kW), but got size 3x24");
  THTensor_(free)(c.weight);
  c.weight = weight;
  Case_(freeConv)(c);
  THTensor_(free)(input);
  /* full */
  c = Case_(newConv)(KIND_VOLUMETRIC_FULL, Case_(volumetricFullShapes)[0]);
  input = Case_(newInput)(c, 1);
  c.aH = 1;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "output padding should be at least zero and "
                  "smaller than the stride, but got aT: 1 aH: 1 aW: 1 (dT: 2 dH: 1 dW: 2)");
  c.aH = 0, c.pT = 3;
  EXPECT_TH_ERROR(Case_(forward)(input, output, &c), "Given input size: (2x2x2x3x2). Calculated "
                  "output size: (2x3x0x3x5). Output size is too small");
  c.pT = 1;
  EXPECT_TH_ERROR(Case_(forward)(planes, output, &c),
                  "input should have 2 planes (weight is 2x3x2x3x2), but got size 2x1x3x4x5");
  Case_(freeConv)(c);
  FREE_ALL(input, small, image, planes, wrongGrad, output, gradInput);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(every_forward_matches_direct_loops)),
  TEST_ENTRY(Case_(every_gradient_matches_central_differences)),
  TEST_ENTRY(Case_(every_module_reads_strided_inputs)),
  TEST_ENTRY(Case_(dilation_1_is_the_mm_convolution)),
  TEST_ENTRY(Case_(no_bias_is_a_zero_bias)),
  TEST_ENTRY(Case_(spatial_checks_name_the_sizes)),
  TEST_ENTRY(Case_(volumetric_checks_name_the_sizes)),
};

#undef FREE_ALL
#undef N_FAMILIES

#endif
