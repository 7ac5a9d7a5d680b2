/* The check the 2-D and 3-D max poolings and unpoolings share (private to lib/THNN, included by
 * Spatial.c and Volumetric.c): the indices a max pooling wrote, checked before anything reads
 * them. (Their output sizes come from THNNSizes.h, like every module's.) */
#ifndef THNN_POOLING_H
#define THNN_POOLING_H

#include <stdio.h>

#include "THNN.h"

/* A contiguous reference to indices (argument argNumber) once it is checked: it has the sizes
 * of `like` (the pooled tensor), and each index lies in [lowest, planeSize): a position in a plane
 * of planeSize elements (for the 3-D poolings a "plane" is a whole volume, time x height x width),
 * or -1 where lowest is -1 (a pooling window that saw no input). */
static inline THIndexTensor *THNN_newCheckedIndices(THIndexTensor *indices, int argNumber,
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

#endif
