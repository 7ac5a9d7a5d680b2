/* THNN's 2-D resampling modules (lib/THNN/Spatial.c): SpatialSubSampling, the adaptive and
 * fractional poolings, the two upsamplings and the two paddings, for Float and Double: the cases
 * in generic/thnn_resampling_cases.c are expanded once per float type by THGenerateFloatTypes.h.
 * Each forward is compared with a reference computed pixel by pixel in the test, each backward
 * (and SubSampling's parameter gradients) with central differences; the size checks raise TH
 * errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_resampling_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_resampling_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_resampling))
