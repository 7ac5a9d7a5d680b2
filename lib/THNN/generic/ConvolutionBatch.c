/* ConvolutionBatch: the per-image loops under every unfolding convolution (2-D and 3-D; plain,
 * dilated and full, i.e. transposed), shared by Spatial.c and Volumetric.c.
 *
 * Each image of a batch is unfolded (im2col, vol2col) into a columns matrix of rows x positions
 * and multiplied at once, or multiplied and folded back at once, so that the columns of one image
 * stay in cache: no buffer holds the columns of a whole batch. A batch is cut into slices of
 * consecutive images, one slice per thread of set_num_threads (THGetNumThreads), and the slices
 * run in parallel (TH_PARALLEL_LOOP), each with its own part of the workspace and with its GEMMs
 * on its own thread. A batch of fewer images than threads is one slice: its images run one after
 * the other on the calling thread, and each GEMM, outside any parallel region, may be shared out
 * by THBlas itself. The number of slices depends only on the sizes and on set_num_threads, never
 * on how busy the machine is, so a call repeated gives the same result to the last bit.
 *
 * The workspace (the module's finput, fgradInput or columns argument) is resized by the kernel to
 * slices x rows x positions, contiguous: one image's columns per slice. Every element of it is
 * written by each call: it holds nothing from an earlier one. For the parameter gradients, slice 0
 * adds to gradWeight and gradBias directly, and each later slice to a copy of its own (planes x
 * rows, then the bias, in a temporary tensor of slices - 1 rows); the copies are added to
 * gradWeight and gradBias afterwards in slice order (a fixed order: the sums are deterministic).
 *
 * The three passes, in matrix terms (weight is planes x rows, row-major):
 *   unfoldMultiply: target_t = [bias +] weight * unfold(source_t)
 *                   (a convolution's output; a full convolution's gradInput)
 *   multiplyFold:   target_t = [bias +] fold(weight^T * source_t)
 *                   (a convolution's gradInput; a full convolution's output)
 *   accumulate:     gradWeight += scale * left_t * unfold(source_t)^T, gradBias += scale * the
 *                   sums of gradOutput_t's planes (source is the input and left the gradOutput
 *                   of a convolution, the other way round for a full convolution)
 * BLAS is column-major: there a row-major matrix is its transpose, so target^T = columns^T *
 * weight^T is gemm('n', 'n', positions, planes, rows, ...). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionBatch.c"
#else

/* The window of a 3-D convolution: kernel, stride, padding, dilation (1 for a plain kernel). A 2-D
 * window is one with kT = dT = dilationT = 1 and pT = 0. */
typedef struct {
  int kT, kW, kH, dT, dW, dH, pT, pW, pH, dilationT, dilationW, dilationH;
} THNN_(VolWindow);

/* The sizes of an unfolding: the image unfolded (planes x T x H x W; T = 1 in 2-D), and the
 * positions of the window over it (outT x outH x outW), one column each. */
typedef struct {
  long planes, T, H, W;
  long outT, outH, outW;
} THNN_(VolShape);

/* How one image is unfolded into columns, and folded back (its adjoint). The functions take raw
 * pointers and raise nothing: they run inside parallel regions. */
typedef struct THNN_(Unfolding) THNN_(Unfolding);
struct THNN_(Unfolding) {
  THNN_(VolShape) shape;
  THNN_(VolWindow) window;
  /* columns (rows x positions) = the unfolding of image */
  void (*unfold)(const THNN_(Unfolding) *u, const real *image, real *columns);
  /* image += the folding of columns */
  void (*fold)(const THNN_(Unfolding) *u, const real *columns, real *image);
};

static long THNN_(Unfolding_rows)(const THNN_(Unfolding) *u) {
  return u->shape.planes * u->window.kT * u->window.kH * u->window.kW;
}

static long THNN_(Unfolding_positions)(const THNN_(Unfolding) *u) {
  return u->shape.outT * u->shape.outH * u->shape.outW;
}

/* The elements of one plane of the unfolded image, and of the whole image. */
static long THNN_(Unfolding_planeSize)(const THNN_(Unfolding) *u) {
  return u->shape.T * u->shape.H * u->shape.W;
}

static long THNN_(Unfolding_imageSize)(const THNN_(Unfolding) *u) {
  return u->shape.planes * THNN_(Unfolding_planeSize)(u);
}

/* One pass over a batch, on raw contiguous data (see the header comment for what each pass
 * computes with these). */
typedef struct {
  const THNN_(Unfolding) *unfolding;
  long batch, slices;
  real *workspace;       /* slices x columnsSize */
  long columnsSize;
  real *copies;          /* accumulate: (slices - 1) x copySize, or NULL for one slice */
  long copySize;
  const real *weight;    /* planes x rows */
  long planes;
  const real *source;
  real *target;          /* unfoldMultiply, multiplyFold */
  const real *bias;      /* NULL: none */
  const real *left;      /* accumulate: batch x planes x positions */
  const real *gradOutput;
  long biasPlanes, biasPlaneSize;
  real *gradWeight;      /* accumulate: planes x rows, contiguous */
  real *gradBias;        /* NULL: none; biasStride apart */
  long biasStride;
  real scale;
} THNN_(ConvBatch);

/* How many slices a batch is cut into (see the header comment); work counts multiply-adds. */
static long THNN_(ConvBatch_slices)(long batch, double work) {
  long threads = THGetNumThreads();
  return threads > 1 && batch >= threads && work > TH_OMP_OVERHEAD_THRESHOLD ? threads : 1;
}

/* The first image of a slice, and how many it has. */
static void THNN_(ConvBatch_images)(const THNN_(ConvBatch) *b, long slice, long *first,
                                    long *count) {
  ptrdiff_t begin, length;
  THParallel_shareOf(b->batch, b->slices, slice, &begin, &length);
  *first = begin;
  *count = length;
}

/* planes rows of `size` elements each, starting as bias[plane] (or 0 when bias is NULL). */
static void THNN_(ConvBatch_fillPlanes)(real *planes, long count, long size, const real *bias) {
  if (!bias) {
    memset(planes, 0, sizeof(real) * count * size);
    return;
  }
  for (long plane = 0; plane < count; plane++)
    THVector_(fill)(planes + plane * size, bias[plane], size);
}

static void THNN_(ConvBatch_unfoldMultiplySlice)(const THNN_(ConvBatch) *b, long slice) {
  const THNN_(Unfolding) *u = b->unfolding;
  long rows = THNN_(Unfolding_rows)(u), positions = THNN_(Unfolding_positions)(u);
  long imageSize = THNN_(Unfolding_imageSize)(u);
  real *columns = b->workspace + slice * b->columnsSize;
  long first, count;
  THNN_(ConvBatch_images)(b, slice, &first, &count);
  for (long t = first; t < first + count; t++) {
    real *target = b->target + t * b->planes * positions;
    u->unfold(u, b->source + t * imageSize, columns);
    /* without a bias the GEMM overwrites the target (beta = 0): nothing to zero first */
    if (b->bias)
      THNN_(ConvBatch_fillPlanes)(target, b->planes, positions, b->bias);
    THBlas_(gemm)('n', 'n', positions, b->planes, rows, 1, columns, positions,
                  (real *)b->weight, rows, b->bias ? 1 : 0, target, positions);
  }
}

static void THNN_(ConvBatch_multiplyFoldSlice)(const THNN_(ConvBatch) *b, long slice) {
  const THNN_(Unfolding) *u = b->unfolding;
  long rows = THNN_(Unfolding_rows)(u), positions = THNN_(Unfolding_positions)(u);
  long imageSize = THNN_(Unfolding_imageSize)(u);
  real *columns = b->workspace + slice * b->columnsSize;
  long first, count;
  THNN_(ConvBatch_images)(b, slice, &first, &count);
  for (long t = first; t < first + count; t++) {
    real *target = b->target + t * imageSize;
    THBlas_(gemm)('n', 't', positions, rows, b->planes, 1,
                  (real *)b->source + t * b->planes * positions, positions, (real *)b->weight,
                  rows, 0, columns, positions);
    /* the fold adds where windows overlap: its target starts as the bias, or zero */
    THNN_(ConvBatch_fillPlanes)(target, u->shape.planes, THNN_(Unfolding_planeSize)(u),
                                b->bias);
    u->fold(u, columns, target);
  }
}

/* The copy of gradWeight (then gradBias) of a slice after the first. */
static real *THNN_(ConvBatch_copy)(const THNN_(ConvBatch) *b, long slice) {
  return b->copies + (slice - 1) * b->copySize;
}

/* Slice 0 adds to gradWeight and gradBias; slice k > 0 to its own copies, which its first image
 * overwrites. */
static void THNN_(ConvBatch_accumulateSlice)(const THNN_(ConvBatch) *b, long slice) {
  const THNN_(Unfolding) *u = b->unfolding;
  long rows = THNN_(Unfolding_rows)(u), positions = THNN_(Unfolding_positions)(u);
  long imageSize = THNN_(Unfolding_imageSize)(u);
  real *columns = b->workspace + slice * b->columnsSize;
  real *gradWeight = slice ? THNN_(ConvBatch_copy)(b, slice) : b->gradWeight;
  real *gradBias = slice ? gradWeight + b->planes * rows : b->gradBias;
  long biasStride = slice ? 1 : b->biasStride;
  long first, count;
  THNN_(ConvBatch_images)(b, slice, &first, &count);
  for (long t = first; t < first + count; t++) {
    int overwrite = slice && t == first;
    u->unfold(u, b->source + t * imageSize, columns);
    THBlas_(gemm)('t', 'n', rows, b->planes, positions, b->scale, columns, positions,
                  (real *)b->left + t * b->planes * positions, positions, overwrite ? 0 : 1,
                  gradWeight, rows);
    if (!b->gradBias)
      continue;
    const real *gradOutput = b->gradOutput + t * b->biasPlanes * b->biasPlaneSize;
    for (long plane = 0; plane < b->biasPlanes; plane++) {
      real sum = b->scale *
          (real)THVector_(sum)(gradOutput + plane * b->biasPlaneSize, b->biasPlaneSize);
      gradBias[plane * biasStride] = overwrite ? sum : gradBias[plane * biasStride] + sum;
    }
  }
}

/* The copies of the slices after the first, added to gradWeight and gradBias in slice order. */
static void THNN_(ConvBatch_sumSlices)(const THNN_(ConvBatch) *b) {
  long rows = THNN_(Unfolding_rows)(b->unfolding);
  for (long slice = 1; slice < b->slices; slice++) {
    real *gradWeight = THNN_(ConvBatch_copy)(b, slice);
    THVector_(cadd)(b->gradWeight, b->gradWeight, 1, gradWeight, b->planes * rows);
    for (long plane = 0; b->gradBias && plane < b->biasPlanes; plane++)
      b->gradBias[plane * b->biasStride] += gradWeight[b->planes * rows + plane];
  }
}

/* Runs pass(b, slice) for every slice: in parallel for several, else on this thread, outside any
 * parallel region. */
static void THNN_(ConvBatch_run)(const THNN_(ConvBatch) *b,
                                 void (*pass)(const THNN_(ConvBatch) *, long)) {
  if (b->slices == 1) {
    pass(b, 0);
    return;
  }
  /* several slices: the work was found worth sharing already (ConvBatch_slices) */
  TH_PARALLEL_LOOP(slice, b->slices, TH_OMP_OVERHEAD_THRESHOLD + 1, pass(b, slice););
}

/* A pass over `batch` images of `planes` x `rows` multiply-adds per position, its workspace
 * resized to slices x rows x positions. */
static THNN_(ConvBatch) THNN_(ConvBatch_new)(const THNN_(Unfolding) *u, long batch, long planes,
                                             THTensor *workspace) {
  long rows = THNN_(Unfolding_rows)(u), positions = THNN_(Unfolding_positions)(u);
  THNN_(ConvBatch) b;
  memset(&b, 0, sizeof(b));
  b.unfolding = u;
  b.batch = batch;
  b.planes = planes;
  b.slices = THNN_(ConvBatch_slices)(batch, (double)batch * planes * rows * positions);
  b.columnsSize = rows * positions;
  long sizes[3] = {b.slices, rows, positions};
  THNN_(resizeBuffer)(workspace, 3, sizes);
  b.workspace = THTensor_(data)(workspace);
  return b;
}

/* The tensor-level passes: the callers have checked every argument; target is resized to its
 * size (batch x planes x positions for unfoldMultiply, batch x the unfolded image for
 * multiplyFold); weight is planes x rows in any shape; workspace is resized here. Both run one
 * slice function over contiguous copies of their operands. */
static void THNN_(Convolution_pass)(const THNN_(Unfolding) *u, long batch, THTensor *source,
                                    THTensor *target, THTensor *weight, THTensor *bias,
                                    THTensor *workspace,
                                    void (*slicePass)(const THNN_(ConvBatch) *, long)) {
  THNN_(ConvBatch) b = THNN_(ConvBatch_new)(u, batch, weight->size[0], workspace);
  source = THTensor_(newContiguous)(source);
  weight = THTensor_(newContiguous)(weight);
  bias = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor *out = THTensor_(newContiguous)(target);
  b.source = THTensor_(data)(source);
  b.weight = THTensor_(data)(weight);
  b.bias = bias ? THTensor_(data)(bias) : NULL;
  b.target = THTensor_(data)(out);
  THNN_(ConvBatch_run)(&b, slicePass);
  THTensor_(free)(source);
  THTensor_(free)(weight);
  THTensor_(free)(bias);
  THTensor_(freeCopyTo)(out, target);
}

static void THNN_(Convolution_unfoldMultiply)(const THNN_(Unfolding) *u, long batch,
                                              THTensor *source, THTensor *target,
                                              THTensor *weight, THTensor *bias,
                                              THTensor *workspace) {
  THNN_(Convolution_pass)(u, batch, source, target, weight, bias, workspace,
                          THNN_(ConvBatch_unfoldMultiplySlice));
}

static void THNN_(Convolution_multiplyFold)(const THNN_(Unfolding) *u, long batch,
                                            THTensor *source, THTensor *target, THTensor *weight,
                                            THTensor *bias, THTensor *workspace) {
  THNN_(Convolution_pass)(u, batch, source, target, weight, bias, workspace,
                          THNN_(ConvBatch_multiplyFoldSlice));
}

/* gradWeight (planes x rows in any shape) += scale * sum_t left_t * unfold(source_t)^T, and
 * gradBias (a vector, or NULL) += scale * the sums of the planes of gradOutput (batch x
 * gradBias's size x planeSize). The one body of the parameter gradients of every unfolding
 * convolution. */
static void THNN_(Convolution_accumulate)(const THNN_(Unfolding) *u, long batch,
                                          THTensor *source, THTensor *left, THTensor *gradOutput,
                                          THTensor *gradWeight, THTensor *gradBias,
                                          THTensor *workspace, real scale) {
  long planes = gradWeight->size[0], biasPlanes = gradBias ? gradBias->size[0] : 0;
  long rows = THNN_(Unfolding_rows)(u);
  THNN_(ConvBatch) b = THNN_(ConvBatch_new)(u, batch, planes, workspace);
  b.copySize = planes * rows + biasPlanes;
  THTensor *copies = b.slices > 1 ? THTensor_(newWithSize2d)(b.slices - 1, b.copySize) : NULL;
  b.copies = copies ? THTensor_(data)(copies) : NULL;
  source = THTensor_(newContiguous)(source);
  left = THTensor_(newContiguous)(left);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  b.source = THTensor_(data)(source);
  b.left = THTensor_(data)(left);
  b.gradOutput = THTensor_(data)(gradOutput);
  b.biasPlanes = biasPlanes;
  if (batch * biasPlanes > 0)
    b.biasPlaneSize = THTensor_(nElement)(gradOutput) / (batch * biasPlanes);
  b.gradWeight = THTensor_(data)(gradW);
  b.gradBias = gradBias ? THTensor_(data)(gradBias) : NULL;
  b.biasStride = gradBias ? gradBias->stride[0] : 0;
  b.scale = scale;
  THNN_(ConvBatch_run)(&b, THNN_(ConvBatch_accumulateSlice));
  THNN_(ConvBatch_sumSlices)(&b);
  THTensor_(free)(copies);
  THTensor_(free)(source);
  THTensor_(free)(left);
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradW, gradWeight);
}

#endif
