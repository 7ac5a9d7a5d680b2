/* THNN's 2-D modules (lib/THNN/Spatial.c), for Float and Double: the cases in
 * generic/thnn_spatial_cases.c are expanded once per float type by THGenerateFloatTypes.h. The
 * im2col convolution is compared with a direct convolution by loops, each pooling with windows
 * scanned one element at a time; backwards and parameter gradients with central differences;
 * batches with their images one by one; the size checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_spatial_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_spatial_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_spatial))
