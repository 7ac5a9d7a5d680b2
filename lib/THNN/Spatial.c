/* THNN's 2-D modules, expanded for Float and Double: the im2col unfolding (generic/unfold.c), the
 * convolution on it (generic/SpatialConvolutionMM.c), the poolings, and the resampling modules
 * (subsampling, adaptive and fractional pooling, upsampling, padding), one generic file each.
 * On the path of `nn.Conv2d(3, 8, 3)(x)`: THNN_FloatSpatialConvolutionMM_updateOutput. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "THNN.h"
#include "THNNPooling.h"
#include "THParallel.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/unfold.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialConvolutionMM.c"
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
#include "generic/SpatialResampling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialSubSampling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialAdaptiveMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialAdaptiveAveragePooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialFractionalMaxPooling.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialUpSamplingNearest.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialUpSamplingBilinear.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialPadding.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialReflectionPadding.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialReplicationPadding.c"
#include "THGenerateFloatTypes.h"
