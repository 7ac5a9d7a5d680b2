/* THNN's 1-D modules over sequences (frames x features), expanded for Float and Double: the
 * temporal convolution, pooling and subsampling, and the row (per-feature) convolution of
 * v0.1.10, one generic file each.
 * On the path of `backend.TemporalConvolution_updateOutput(...)`: one THTensor_(addmm) per
 * sequence, over a strided view of its frames. */
#include <stdio.h>

#include "THNN.h"

/* A contiguous reference to indices (argument argNumber) once it is checked: it has the sizes
 * `like` (ndim of them: the pooled output's) and each index is an offset in a window of kW
 * frames, from 0 to kW-1. */
static THIndexTensor *THNN_newCheckedWindowOffsets(THIndexTensor *indices, int argNumber,
                                                   int ndim, const long *like, int kW) {
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
    long offset = data[k];   /* read before the cleanup frees data */
    THArgCheckWithCleanup(offset >= 0 && offset < kW, THIndexTensor_(free)(contiguous);,
                          argNumber, "indices should be offsets in windows of %d frames, but "
                          "found %ld", kW, offset);
  }
  return contiguous;
}

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/TemporalConvolution.c"
#include "THGenerateFloatTypes.h"
#include "generic/TemporalMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/TemporalSubSampling.c"
#include "THGenerateFloatTypes.h"
#include "generic/TemporalRowConvolution.c"
#include "THGenerateFloatTypes.h"
