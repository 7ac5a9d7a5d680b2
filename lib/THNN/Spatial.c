/* THNN's 2-D modules, expanded for Float and Double: the im2col unfolding (generic/unfold.c), the
 * convolutions on it (generic/SpatialConvolutionMM.c, and the dilated, full (transposed), local
 * and connection-table ones after it), and the poolings, one generic file each.
 * On the path of `nn.Conv2d(3, 8, 3)(x)`: THNN_FloatSpatialConvolutionMM_updateOutput. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "THNN.h"
#include "THParallel.h"

/* The output size of a pooling window of k elements, `dilation` apart, moved by d over an input
 * of inputSize padded by pad on each side: as many whole windows as fit, or (ceil_mode) as many
 * as start inside the padded input. A window that would start in the right padding is dropped. */
static long THNN_poolingOutputSize(long inputSize, int k, int d, int pad, int dilation,
                                   bool ceil_mode) {
  long span = inputSize + 2L * pad - (long)dilation * (k - 1) - 1;
  if (span < 0)
    return 0;
  long size = (ceil_mode ? (span + d - 1) / d : span / d) + 1;
  if (pad > 0 && (size - 1) * d >= inputSize + pad)
    size--;
  return size;
}

/* A contiguous reference to indices (argument argNumber) once it is checked: it has the sizes
 * of `like` (the pooled tensor), and each index lies in [lowest, planeSize): a position in a plane
 * of planeSize elements, or -1 where lowest is -1 (a pooling window that saw no input). */
static THIndexTensor *THNN_newCheckedIndices(THIndexTensor *indices, int argNumber,
                                             int ndim, const long *like, long planeSize,
                                             long lowest) {
  int same = indices->nDimension == ndim;
  for (int d = 0; same && d < ndim; d++)
    same = indices->size[d] == like[d];
  if (!same) {
    char want[128] = "";
    for (int d = 0, used = 0; d < ndim && used < (int)sizeof(want); d++)
      used += snprintf(want + used, sizeof(want) - used, d ? "x%ld" : "%ld", like[d]);
    THArgCheck(0, argNumber, "indices should be of size %s, but got size %s", want,
               THIndexTensor_(sizeDesc)(indices).str);
  }
  THIndexTensor *contiguous = THIndexTensor_(newContiguous)(indices);
  THIndex_t *data = THIndexTensor_(data)(contiguous);
  ptrdiff_t n = THIndexTensor_(nElement)(contiguous);
  for (ptrdiff_t k = 0; k < n; k++) {
    THIndex_t index = data[k];
    THArgCheckWithCleanup(index >= lowest && index < planeSize,
                          THIndexTensor_(free)(contiguous);, argNumber,
                          "indices should be positions in planes of %ld elements, but found %ld",
                          planeSize, (long)index);
  }
  return contiguous;
}

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/unfold.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialConvolutionMM.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialDilatedConvolution.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialFullConvolution.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialConvolutionLocal.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialConvolutionMap.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialFullConvolutionMap.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialDilatedMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialAveragePooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialMaxUnpooling.c"
#include "THGenerateFloatTypes.h"
