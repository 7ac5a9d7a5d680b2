/* SpatialConvolutionMap: a 2-D convolution (cross-correlation, no padding) in which a connection
 * table says which input plane each kernel reads and which output plane it adds to: weight is
 * nConnections x kH x kW, connTable nConnections x 2 (input plane, output plane; from 0), bias
 * nOutputPlane. An output plane is its bias plus the valid cross-correlation of each connected
 * input plane with its kernel. Direct loops over the windows, in parallel over (image, output
 * plane) for the forward, (image, input plane) for the backward, kernels for the parameter
 * gradients. The window loops here serve SpatialFullConvolutionMap.c too, with the roles of the
 * input and the output swapped. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialConvolutionMap.c"
#else

/* The sizes of one call. The "big" planes are the ones the kernel slides over (the input here,
 * the output of the full convolution), the "small" ones have one pixel per window position. */
typedef struct {
  long batch, nInputPlane, nOutputPlane, nConnections;
  long inputHeight, inputWidth, outputHeight, outputWidth;
  int kH, kW, dH, dW;
} THNN_(MapSizes);

/* Checks input (argument 2), weight (weightArg), connTable (weightArg + 2 with a bias argument
 * between them, else weightArg + 1: connArg), the plane counts (connArg + 1, + 2) and the stride
 * (connArg + 3), and computes the sizes (THNNSizes.h): a full convolution's output is
 * (H-1)*dH + kH high. */
static THNN_(MapSizes) THNN_(ConvolutionMap_check)(THTensor *input, THTensor *weight,
                                                   int weightArg, const char *weightName,
                                                   THTensor *connTable, int connArg,
                                                   int nInputPlane, int nOutputPlane, int dW,
                                                   int dH, bool full) {
  THArgCheck(nInputPlane > 0 && nOutputPlane > 0, connArg + 1, "nInputPlane and nOutputPlane "
             "should be greater than zero, but got %d and %d", nInputPlane, nOutputPlane);
  THArgCheck(dW > 0 && dH > 0, connArg + 3, "stride should be greater than zero, but got "
             "dH: %d dW: %d", dH, dW);
  THArgCheck(weight->nDimension == 3 && weight->size[1] > 0 && weight->size[2] > 0, weightArg,
             "%s should be a 3D tensor (nConnections x kH x kW) with a kernel of 1x1 at least, "
             "but got size %s", weightName, THTensor_(sizeDesc)(weight).str);
  THNN_(MapSizes) s;
  s.nInputPlane = nInputPlane;
  s.nOutputPlane = nOutputPlane;
  s.nConnections = weight->size[0];
  s.kH = (int)weight->size[1];
  s.kW = (int)weight->size[2];
  s.dH = dH;
  s.dW = dW;
  THNN_(checkConnTable)(connTable, connArg, s.nConnections, nInputPlane, nOutputPlane);
  THNN_(checkDims)(input, 2, "input", 3, 4);
  int batched = input->nDimension == 4;
  s.batch = batched ? input->size[0] : 1;
  THArgCheck(input->size[batched] == nInputPlane, 2, "input should have %d planes "
             "(nInputPlane), but got size %s", nInputPlane, THTensor_(sizeDesc)(input).str);
  s.inputHeight = input->size[batched + 1];
  s.inputWidth = input->size[batched + 2];
  if (full) {
    s.outputHeight = THNN_transposedOutputSize(s.inputHeight, s.kH, dH, 0, 1, 0);
    s.outputWidth = THNN_transposedOutputSize(s.inputWidth, s.kW, dW, 0, 1, 0);
  } else {
    s.outputHeight = THNN_windowOutputSize(s.inputHeight, s.kH, dH, 0, 1, false);
    s.outputWidth = THNN_windowOutputSize(s.inputWidth, s.kW, dW, 0, 1, false);
  }
  long sizes[4] = {s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth};
  THNN_(checkOutputSize)(input, input->nDimension, sizes + !batched, 2);
  return s;
}

/* gradOutput (argument 3) has the output's size. */
static void THNN_(ConvolutionMap_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                                  THNN_(MapSizes) s) {
  long sizes[4] = {s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth};
  if (input->nDimension == 4)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 4, sizes);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 3, sizes + 1);
}

/* The connection table as whole numbers: from[k] and to[k] (checked before; freed by THFree). */
static long *THNN_(ConvolutionMap_connections)(THTensor *connTable, long nConnections) {
  long *links = THAlloc(sizeof(long) * 2 * (nConnections > 0 ? nConnections : 1));
  for (long k = 0; k < nConnections; k++) {
    links[2 * k] = (long)THTensor_(get2d)(connTable, k, 0);
    links[2 * k + 1] = (long)THTensor_(get2d)(connTable, k, 1);
  }
  return links;
}

/* small[y][x] += sum over the window of big[y*dH + kh][x*dW + kw] * kernel[kh][kw]: the valid
 * cross-correlation, one plane. */
static void THNN_(ConvolutionMap_addValidXCorr)(real *small, const real *big,
                                                const real *kernel, long smallH, long smallW,
                                                long bigW, THNN_(MapSizes) s) {
  for (long y = 0; y < smallH; y++)
    for (long x = 0; x < smallW; x++) {
      accreal sum = 0;
      for (int kh = 0; kh < s.kH; kh++) {
        const real *row = big + (y * s.dH + kh) * bigW + x * s.dW;
        for (int kw = 0; kw < s.kW; kw++)
          sum += row[kw] * kernel[kh * s.kW + kw];
      }
      small[y * smallW + x] += (real)sum;
    }
}

/* big[y*dH + kh][x*dW + kw] += small[y][x] * kernel[kh][kw]: the full convolution, the adjoint of
 * the valid cross-correlation, one plane. */
static void THNN_(ConvolutionMap_addFullConv)(real *big, const real *small, const real *kernel,
                                              long smallH, long smallW, long bigW,
                                              THNN_(MapSizes) s) {
  for (long y = 0; y < smallH; y++)
    for (long x = 0; x < smallW; x++) {
      real value = small[y * smallW + x];
      for (int kh = 0; kh < s.kH; kh++) {
        real *row = big + (y * s.dH + kh) * bigW + x * s.dW;
        for (int kw = 0; kw < s.kW; kw++)
          row[kw] += value * kernel[kh * s.kW + kw];
      }
    }
}

/* gradKernel[kh][kw] += scale * sum over y, x of small[y][x] * big[y*dH + kh][x*dW + kw]. */
static void THNN_(ConvolutionMap_addKernelGradient)(real *gradKernel, const real *small,
                                                    const real *big, long smallH, long smallW,
                                                    long bigW, THNN_(MapSizes) s, real scale) {
  for (int kh = 0; kh < s.kH; kh++)
    for (int kw = 0; kw < s.kW; kw++) {
      accreal sum = 0;
      for (long y = 0; y < smallH; y++)
        for (long x = 0; x < smallW; x++)
          sum += small[y * smallW + x] * big[(y * s.dH + kh) * bigW + x * s.dW + kw];
      gradKernel[kh * s.kW + kw] += scale * (real)sum;
    }
}

/* gradBias[o] += scale * the sum of gradOutput's plane o over the batch. */
static void THNN_(ConvolutionMap_addBiasGradient)(THTensor *gradBias, const real *gradOutput,
                                                  THNN_(MapSizes) s, real scale) {
  long planeSize = s.outputHeight * s.outputWidth;
  for (long o = 0; o < s.nOutputPlane; o++) {
    accreal sum = 0;
    for (long t = 0; t < s.batch; t++)
      sum += THVector_(sum)(gradOutput + (t * s.nOutputPlane + o) * planeSize, planeSize);
    THTensor_(data)(gradBias)[o * gradBias->stride[0]] += scale * (real)sum;
  }
}

/* The plane sizes of a call: the "big" planes are the input of SpatialConvolutionMap and the
 * output of SpatialFullConvolutionMap (full), the "small" ones the other side. */
static void THNN_(ConvolutionMap_planes)(THNN_(MapSizes) s, bool full, long *smallH,
                                         long *smallW, long *bigW) {
  *smallH = full ? s.inputHeight : s.outputHeight;
  *smallW = full ? s.inputWidth : s.outputWidth;
  *bigW = full ? s.outputWidth : s.inputWidth;
}

/* Every plane p of dst (batch x dstPlanes planes of dstPlaneSize) becomes its start value (the
 * bias, or 0 where bias is NULL) plus, for each connection k whose end on dst's side
 * (links[2k + dstSide]: 0 input, 1 output) is p, the plane at its other end in src run through
 * kernel k: the valid cross-correlation when dst is the small side, the full convolution when it
 * is the big one. In parallel over the planes of dst, which no two threads share. */
static void THNN_(ConvolutionMap_sumOverLinks)(real *dst, long dstPlanes, long dstPlaneSize,
                                               const real *src, long srcPlanes,
                                               long srcPlaneSize, const real *weight,
                                               const long *links, int dstSide, const real *bias,
                                               bool dstIsSmall, bool full, THNN_(MapSizes) s) {
  long smallH, smallW, bigW, kernelSize = (long)s.kH * s.kW;
  THNN_(ConvolutionMap_planes)(s, full, &smallH, &smallW, &bigW);
  long work = s.batch * s.nConnections * smallH * smallW * kernelSize;
  TH_PARALLEL_LOOP(n, s.batch * dstPlanes, work, {
    long t = n / dstPlanes, p = n % dstPlanes;
    real *plane = dst + n * dstPlaneSize;
    THVector_(fill)(plane, bias ? bias[p] : 0, dstPlaneSize);
    for (long k = 0; k < s.nConnections; k++) {
      if (links[2 * k + dstSide] != p)
        continue;
      const real *from = src + (t * srcPlanes + links[2 * k + 1 - dstSide]) * srcPlaneSize;
      if (dstIsSmall)
        THNN_(ConvolutionMap_addValidXCorr)(plane, from, weight + k * kernelSize, smallH,
                                            smallW, bigW, s);
      else
        THNN_(ConvolutionMap_addFullConv)(plane, from, weight + k * kernelSize, smallH, smallW,
                                          bigW, s);
    }
  });
}

/* The three entry points of SpatialConvolutionMap (full false) and SpatialFullConvolutionMap
 * (full true): the same steps, with the roles of the big and small planes swapped. */
static void THNN_(ConvolutionMap_updateOutput)(THTensor *input, THTensor *output,
                                               THTensor *weight, THTensor *bias,
                                               THTensor *connTable, int nInputPlane,
                                               int nOutputPlane, int dW, int dH, bool full) {
  THNN_(MapSizes) s = THNN_(ConvolutionMap_check)(input, weight, 4, "weight", connTable, 6,
                                                  nInputPlane, nOutputPlane, dW, dH, full);
  THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "connTable", connTable, NULL);
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  long *links = THNN_(ConvolutionMap_connections)(connTable, s.nConnections);
  input = THTensor_(newContiguous)(input);
  weight = THTensor_(newContiguous)(weight);
  bias = THTensor_(newContiguous)(bias);
  THTensor *out = THTensor_(newContiguous)(output);
  THNN_(ConvolutionMap_sumOverLinks)(
      THTensor_(data)(out), s.nOutputPlane, s.outputHeight * s.outputWidth,
      THTensor_(data)(input), s.nInputPlane, s.inputHeight * s.inputWidth,
      THTensor_(data)(weight), links, 1, THTensor_(data)(bias), !full, full, s);
  THFree(links);
  THTensor_(free)(input);
  THTensor_(free)(weight);
  THTensor_(free)(bias);
  THTensor_(freeCopyTo)(out, output);
}

static void THNN_(ConvolutionMap_updateGradInput)(THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradInput, THTensor *weight,
                                                  THTensor *connTable, int nInputPlane,
                                                  int nOutputPlane, int dW, int dH, bool full) {
  THNN_(MapSizes) s = THNN_(ConvolutionMap_check)(input, weight, 5, "weight", connTable, 7,
                                                  nInputPlane, nOutputPlane, dW, dH, full);
  THNN_(ConvolutionMap_checkGradOutput)(input, gradOutput, s);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight,
                    "connTable", connTable, NULL);
  THTensor_(resizeAs)(gradInput, input);
  long *links = THNN_(ConvolutionMap_connections)(connTable, s.nConnections);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  weight = THTensor_(newContiguous)(weight);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  /* the adjoint of the forward: from gradOutput's planes back to the input's */
  THNN_(ConvolutionMap_sumOverLinks)(
      THTensor_(data)(gradIn), s.nInputPlane, s.inputHeight * s.inputWidth,
      THTensor_(data)(gradOutput), s.nOutputPlane, s.outputHeight * s.outputWidth,
      THTensor_(data)(weight), links, 0, NULL, full, full, s);
  THFree(links);
  THTensor_(free)(gradOutput);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

static void THNN_(ConvolutionMap_accGradParameters)(THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradWeight, THTensor *gradBias,
                                                    THTensor *connTable, int nInputPlane,
                                                    int nOutputPlane, int dW, int dH,
                                                    real scale, bool full) {
  THNN_(MapSizes) s = THNN_(ConvolutionMap_check)(input, gradWeight, 4, "gradWeight", connTable,
                                                  6, nInputPlane, nOutputPlane, dW, dH, full);
  THNN_(ConvolutionMap_checkGradOutput)(input, gradOutput, s);
  THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "input", input, "gradOutput", gradOutput,
                    "connTable", connTable, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "gradOutput", gradOutput, NULL);
  long *links = THNN_(ConvolutionMap_connections)(connTable, s.nConnections);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  real *in_data = THTensor_(data)(input), *go_data = THTensor_(data)(gradOutput);
  real *gw_data = THTensor_(data)(gradW);
  long inPlane = s.inputHeight * s.inputWidth, outPlane = s.outputHeight * s.outputWidth;
  long smallH, smallW, bigW, kernelSize = (long)s.kH * s.kW;
  THNN_(ConvolutionMap_planes)(s, full, &smallH, &smallW, &bigW);
  /* each kernel has its own gradient: the connections run in parallel */
  TH_PARALLEL_LOOP(k, s.nConnections, (double)s.batch * s.nConnections * smallH * smallW *
                   kernelSize, {
    for (long t = 0; t < s.batch; t++) {
      const real *inPlaneData = in_data + (t * s.nInputPlane + links[2 * k]) * inPlane;
      const real *outPlaneData = go_data + (t * s.nOutputPlane + links[2 * k + 1]) * outPlane;
      THNN_(ConvolutionMap_addKernelGradient)(
          gw_data + k * kernelSize, full ? inPlaneData : outPlaneData,
          full ? outPlaneData : inPlaneData, smallH, smallW, bigW, s, scale);
    }
  });
  THNN_(ConvolutionMap_addBiasGradient)(gradBias, go_data, s, scale);
  THFree(links);
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradW, gradWeight);
}

void THNN_(SpatialConvolutionMap_updateOutput)(THNNState *state, THTensor *input,
                                               THTensor *output, THTensor *weight, THTensor *bias,
                                               THTensor *connTable, int nInputPlane,
                                               int nOutputPlane, int dW, int dH) {
  (void)state;
  THNN_(ConvolutionMap_updateOutput)(input, output, weight, bias, connTable, nInputPlane,
                                     nOutputPlane, dW, dH, false);
}

void THNN_(SpatialConvolutionMap_updateGradInput)(THNNState *state, THTensor *input,
                                                  THTensor *gradOutput, THTensor *gradInput,
                                                  THTensor *weight, THTensor *bias,
                                                  THTensor *connTable, int nInputPlane,
                                                  int nOutputPlane, int dW, int dH) {
  (void)state, (void)bias;
  THNN_(ConvolutionMap_updateGradInput)(input, gradOutput, gradInput, weight, connTable,
                                        nInputPlane, nOutputPlane, dW, dH, false);
}

void THNN_(SpatialConvolutionMap_accGradParameters)(THNNState *state, THTensor *input,
                                                    THTensor *gradOutput, THTensor *gradWeight,
                                                    THTensor *gradBias, THTensor *connTable,
                                                    int nInputPlane, int nOutputPlane, int dW,
                                                    int dH, real scale) {
  (void)state;
  THNN_(ConvolutionMap_accGradParameters)(input, gradOutput, gradWeight, gradBias, connTable,
                                          nInputPlane, nOutputPlane, dW, dH, scale, false);
}

#endif
