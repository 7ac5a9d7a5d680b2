/* THNN's fully connected module (generic/Linear.c), expanded for Float and Double. Everything is
 * a matrix product of TH (addmm, addmv, addr), which runs on BLAS.
 * On the path of a Linear layer: THNN_FloatLinear_updateOutput → THFloatTensor_addmm. */
#include "THNN.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/Linear.c"
#include "THGenerateFloatTypes.h"
