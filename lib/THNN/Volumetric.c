/* THNN's 3-D modules (planes x time x height x width), expanded for Float and Double: the
 * volumetric convolutions (vol2col + GEMM), poolings, unpooling and padding, one generic file each. */
#include <math.h>
#include <string.h>

#include "THNN.h"
#include "THNNPooling.h"
#include "THParallel.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

/* the convolutions: their per-image loops (shared with Spatial.c), vol2col, the modules */
#include "generic/ConvolutionBatch.c"
#include "THGenerateFloatTypes.h"
#include "generic/vol2col.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricConvolutionMM.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricConvolution.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricDilatedConvolution.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricFullConvolution.c"
#include "THGenerateFloatTypes.h"

/* the poolings, unpooling and padding */
#include "generic/VolumetricPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricDilatedMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricAveragePooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricMaxUnpooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/VolumetricReplicationPadding.c"
#include "THGenerateFloatTypes.h"
