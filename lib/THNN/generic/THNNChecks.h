/* The argument checks the THNN kernels share, for one float type (included by each family's
 * driver through THGenerateFloatTypes.h). Private to lib/THNN. Every failure is a TH argument
 * error naming the sizes; `argNumber` is the C position of the argument at fault (state is 1,
 * input 2, ...), which the bindings turn into the Python argument's name. */
#include <stdarg.h>
#include <stdio.h>

#include "THNNSizes.h"

#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THNNChecks.h"
#else

/* t has as many elements as reference, laid out in any shape. */
static inline void THNN_(checkSameNumel)(THTensor *reference, THTensor *t, int argNumber,
                                         const char *name) {
  ptrdiff_t expected = THTensor_(nElement)(reference), got = THTensor_(nElement)(t);
  THArgCheck(expected == got, argNumber, "%s should have %td elements (size %s), but got %td "
             "(size %s)", name, expected, THTensor_(sizeDesc)(reference).str, got,
             THTensor_(sizeDesc)(t).str);
}

/* t has exactly reference's sizes. */
static inline void THNN_(checkSameSize)(THTensor *reference, THTensor *t, int argNumber,
                                        const char *name) {
  THArgCheck(THTensor_(isSameSizeAs)(reference, t), argNumber, "%s should be of size %s, but "
             "got size %s", name, THTensor_(sizeDesc)(reference).str,
             THTensor_(sizeDesc)(t).str);
}

/* t has one of two numbers of dimensions (the single-sample and the batch forms of a module). */
static inline void THNN_(checkDims)(THTensor *t, int argNumber, const char *name, int dims,
                                    int batchDims) {
  THArgCheck(t->nDimension == dims || t->nDimension == batchDims, argNumber,
             "%s should be a %dD or %dD tensor, but got size %s", name, dims, batchDims,
             THTensor_(sizeDesc)(t).str);
}

/* The output sizes a module computed from input (ndim of them, THNNSizes.h) are all at least
 * 1 and fit in a long; otherwise the error names the input's size and the output's. */
static inline void THNN_(checkOutputSize)(THTensor *input, int ndim, const long *sizes,
                                          int argNumber) {
  int positive = 1, fits = 1;
  for (int d = 0; d < ndim; d++) {
    fits &= sizes[d] != THNN_SIZE_OVERFLOW;
    positive &= sizes[d] >= 1;
  }
  if (positive)
    return;
  char output[160] = "";
  for (int d = 0, used = 0; d < ndim && used < (int)sizeof(output); d++)
    used += sizes[d] == THNN_SIZE_OVERFLOW
                ? snprintf(output + used, sizeof(output) - used, d ? "x(overflow)" : "(overflow)")
                : snprintf(output + used, sizeof(output) - used, d ? "x%ld" : "%ld", sizes[d]);
  THArgCheck(0, argNumber, "Given input size: (%s). Calculated output size: (%s). Output size "
             "is too %s", THTensor_(sizeDesc)(input).str, output, fits ? "small" : "large");
}

/* ---- Outputs and buffers: never the memory of what the kernel reads ---- */

/* Whether `written` (an output or buffer the kernel writes, resizing it if it must) may share
 * memory with `read` (another tensor of the call): the same tensor, the same storage (even an
 * empty one), or storages whose memory overlaps. Whole storages are compared, not the elements the tensors reach now: resizing either
 * (an empty buffer, an output of another size) may lay it over the other, or move the memory
 * under a pointer the kernel already holds. */
static inline int THNN_(sharesMemory)(THTensor *written, THTensor *read) {
  if (written == NULL || read == NULL)
    return 0;
  if (written == read)
    return 1;
  if (written->storage == NULL || read->storage == NULL)
    return 0;
  if (written->storage == read->storage) /* even empty: resizing one resizes the other */
    return 1;
  const char *first = (const char *)written->storage->data;
  const char *end = first + written->storage->size * (ptrdiff_t)sizeof(real);
  const char *readFirst = (const char *)read->storage->data;
  const char *readEnd = readFirst + read->storage->size * (ptrdiff_t)sizeof(real);
  return first < readEnd && readFirst < end;
}

/* The error of an output or buffer (argument argNumber, `name`) that shares memory with a tensor
 * the kernel reads (`readName`): writing it (or resizing it) would change what is still to be
 * read. */
static inline void THNN_(refuseSharedMemory)(int argNumber, const char *name,
                                             const char *readName) {
  THArgCheck(0, argNumber, "%s should not share memory with %s, which is read while %s is "
             "written: give %s a tensor of its own", name, readName, name, name);
}

/* The first of the ("name", tensor) pairs in `others` (ended by NULL) that shares memory with
 * `written`, or NULL; one that is the very same view is let pass when sameViewAllowed. */
static inline const char *THNN_(firstSharing)(THTensor *written, bool sameViewAllowed,
                                              va_list others) {
  if (written == NULL)       /* an optional output left out */
    return NULL;
  for (const char *other = va_arg(others, const char *); other;
       other = va_arg(others, const char *)) {
    THTensor *read = va_arg(others, THTensor *);
    bool sameView = read && (written == read || THTensor_(isSetTo)(written, read));
    if (THNN_(sharesMemory)(written, read) && !(sameViewAllowed && sameView))
      return other;
  }
  return NULL;
}

/* `written` (argument argNumber, `name`) shares memory with none of the tensors that follow,
 * given as ("name", tensor) pairs and ended by NULL; a NULL tensor (an optional one left out) is
 * skipped:
 *   THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, NULL); */
static inline void THNN_(checkApart)(THTensor *written, int argNumber, const char *name,
                                     ...) {
  va_list others;
  va_start(others, name);
  const char *clash = THNN_(firstSharing)(written, false, others);
  va_end(others);
  if (clash)
    THNN_(refuseSharedMemory)(argNumber, name, clash);
}

/* The same for an element-wise kernel, which reads each element before it writes the one at the
 * same place: `written` may also be the very same view as one of the others (the module run in
 * place), never another view into its memory. */
static inline void THNN_(checkElementwiseApart)(THTensor *written, int argNumber,
                                                const char *name, ...) {
  va_list others;
  va_start(others, name);
  const char *clash = THNN_(firstSharing)(written, true, others);
  va_end(others);
  if (clash)
    THNN_(refuseSharedMemory)(argNumber, name, clash);
}

/* A buffer the kernel fills and reads through its data pointer becomes contiguous, of these
 * sizes (strides given, so that a buffer of the right sizes but another layout is laid out
 * anew). */
static inline void THNN_(resizeBuffer)(THTensor *buffer, int ndim, const long *sizes) {
  long strides[8];
  long step = 1;
  for (int d = ndim - 1; d >= 0; d--) {
    strides[d] = step;
    step *= sizes[d];
  }
  THTensor_(resizeNd)(buffer, ndim, sizes, strides);
}

/* ---- Activations and criteria: their checks, and the helpers they share ---- */

/* Every class index in target lies in [0, nClasses); otherwise the first one that does not is
 * named (the check reads the targets before any kernel indexes with them). */
static inline void THNN_(checkClassIndices)(THIndexTensor *target, long nClasses, int argNumber) {
  long firstBad = 0;
  int found = 0;
  TH_TENSOR_APPLY(long, target, if (!found && (*target_data < 0 || *target_data >= nClasses)) {
    firstBad = *target_data;
    found = 1;
  });
  THArgCheck(!found, argNumber, "target %ld is out of range: class indices go from 0 to %ld",
             firstBad, nClasses - 1);
}

/* An optional tensor of weights, one per class, has nClasses elements. */
static inline void THNN_(checkClassWeights)(THTensor *weights, long nClasses, int argNumber) {
  THArgCheck(weights == NULL || THTensor_(nElement)(weights) == nClasses, argNumber,
             "weights should have one element per class (%ld), but got size %s", nClasses,
             weights ? THTensor_(sizeDesc)(weights).str : "");
}

/* SoftMax and LogSoftMax: the input seen as `outer` blocks of `dim` features, each feature a run
 * of `inner` elements (a contiguous input): a vector (1 x dim x 1), a batch of vectors
 * (batch x dim x 1), a feature map (1 x features x height*width) or a batch of feature maps. */
static inline void THNN_(softMaxShape)(THTensor *input, int argNumber, long *outer, long *dim,
                                       long *inner) {
  int n = input->nDimension;
  THArgCheck(n >= 1 && n <= 4, argNumber, "input should be a 1D (features), 2D (batch x "
             "features), 3D (features x height x width) or 4D (batch x features x height x "
             "width) tensor, but got size %s", THTensor_(sizeDesc)(input).str);
  int featureDim = n == 1 || n == 3 ? 0 : 1;
  *outer = featureDim == 1 ? input->size[0] : 1;
  *dim = input->size[featureDim];
  *inner = n >= 3 ? input->size[n - 2] * input->size[n - 1] : 1;
}

/* The largest of n contiguous reals, compared as the strided loops of SoftMax and LogSoftMax
 * compare (a NaN is never larger, so only a NaN in first place is kept). Eight running maxima,
 * each starting from x[0], let the compiler use vector instructions without changing that rule. */
static inline real THNN_(rowMax)(const real *x, long n) {
  real lanes[8];
  for (int j = 0; j < 8; j++)
    lanes[j] = x[0];
  long d = 0;
  for (; d + 8 <= n; d += 8)
    for (int j = 0; j < 8; j++)
      lanes[j] = x[d + j] > lanes[j] ? x[d + j] : lanes[j];
  real max = lanes[0];
  for (int j = 1; j < 8; j++)
    max = lanes[j] > max ? lanes[j] : max;
  for (; d < n; d++)
    max = x[d] > max ? x[d] : max;
  return max;
}

/* A criterion's loss: output becomes a 1-element tensor holding sum / divisor (the divisor of
 * sizeAverage, or 1; never 0, so that the loss of an empty input is 0). */
static inline void THNN_(setLoss)(THTensor *output, accreal sum, accreal divisor) {
  THTensor_(resize1d)(output, 1);
  THTensor_(set1d)(output, 0, (real)(divisor != 0 ? sum / divisor : sum));
}

/* The divisor of a criterion that averages over every element when sizeAverage is true. */
static inline accreal THNN_(elementsDivisor)(THTensor *input, bool sizeAverage) {
  return sizeAverage ? (accreal)THTensor_(nElement)(input) : 1;
}

/* The kernels that compute with flat loops write into a contiguous tensor: `result` itself,
 * resized like `like`, when it is contiguous, else a new tensor that THNN_(copyResultBack) copies
 * into `result` (a caller may pass any view as its output). */
static inline THTensor *THNN_(contiguousResult)(THTensor *result, THTensor *like) {
  THTensor_(resizeAs)(result, like);
  if (THTensor_(isContiguous)(result)) {
    THTensor_(retain)(result);
    return result;
  }
  THTensor *fresh = THTensor_(new)();
  THTensor_(resizeAs)(fresh, like);
  return fresh;
}

static inline void THNN_(copyResultBack)(THTensor *result, THTensor *computed) {
  if (computed != result)
    THTensor_(copy)(result, computed);
  THTensor_(free)(computed);
}

/* ---- Linear, Normalization and Spatial ---- */

/* t is a 1-D tensor of n elements (a per-feature vector: bias, running_mean, ...). */
static inline void THNN_(checkVector)(THTensor *t, long n, int argNumber, const char *name) {
  THArgCheck(t->nDimension == 1 && t->size[0] == n, argNumber,
             "%s should be a 1D tensor of size %ld, but got size %s", name, n,
             THTensor_(sizeDesc)(t).str);
}

/* t has the given sizes (ndim of them, at most 5). */
static inline void THNN_(checkSizes)(THTensor *t, int argNumber, const char *name, int ndim,
                                     const long *sizes) {
  int same = t->nDimension == ndim;
  for (int d = 0; same && d < ndim; d++)
    same = t->size[d] == sizes[d];
  if (!same) {
    char want[128] = "";
    for (int d = 0, used = 0; d < ndim && used < (int)sizeof(want); d++)
      used += snprintf(want + used, sizeof(want) - used, d ? "x%ld" : "%ld", sizes[d]);
    THArgCheck(0, argNumber, "%s should be of size %s, but got size %s", name, want,
               THTensor_(sizeDesc)(t).str);
  }
}

/* Window sizes, strides and dilations are positive; paddings are at least 0. */
static inline void THNN_(checkWindow)(int kW, int kH, int dW, int dH, int padW, int padH,
                                      int kernelArg) {
  THArgCheck(kW > 0 && kH > 0, kernelArg, "kernel size should be greater than zero, but got "
             "kH: %d kW: %d", kH, kW);
  THArgCheck(dW > 0 && dH > 0, kernelArg + 2, "stride should be greater than zero, but got "
             "dH: %d dW: %d", dH, dW);
  THArgCheck(padW >= 0 && padH >= 0, kernelArg + 4, "padding should be at least zero, but got "
             "padH: %d padW: %d", padH, padW);
}

/* ---- Convolutions with a connection table (SpatialConvolutionMap, SpatialFullConvolutionMap) ---- */

/* connTable (argument argNumber) is nConnections x 2, one row per kernel of weight: row k links
 * input plane connTable[k][0] to output plane connTable[k][1], both counted from 0 and whole
 * numbers in range. */
static inline void THNN_(checkConnTable)(THTensor *connTable, int argNumber, long nConnections,
                                         long nInputPlane, long nOutputPlane) {
  THArgCheck(connTable->nDimension == 2 && connTable->size[0] == nConnections &&
             connTable->size[1] == 2, argNumber, "connTable should be of size %ldx2 (one row "
             "per kernel of weight), but got size %s", nConnections,
             THTensor_(sizeDesc)(connTable).str);
  for (long k = 0; k < nConnections; k++) {
    real from = THTensor_(get2d)(connTable, k, 0), to = THTensor_(get2d)(connTable, k, 1);
    THArgCheck(from >= 0 && from < nInputPlane && from == (long)from && to >= 0 &&
               to < nOutputPlane && to == (long)to, argNumber, "connTable row %ld links input "
               "plane %g to output plane %g, but the planes go from 0 to %ld and from 0 to %ld",
               k, (double)from, (double)to, nInputPlane - 1, nOutputPlane - 1);
  }
}

#endif
