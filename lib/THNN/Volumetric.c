/* THNN's 3-D modules (planes x time x height x width), expanded for Float and Double: the
 * volumetric convolutions (vol2col + GEMM), poolings, unpooling and padding, one generic file each. */
#include "THNN.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

/* the convolutions */

/* the poolings, unpooling and padding */
