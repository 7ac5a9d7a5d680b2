/* THNN's normalization modules (generic/BatchNormalization.c), expanded for Float and Double.
 * On the path of `nn.BatchNorm2d(c)(x)`: THNN_FloatBatchNormalization_updateOutput. */
#include <math.h>

#include "THNN.h"
#include "THParallel.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/BatchNormalization.c"
#include "THGenerateFloatTypes.h"
