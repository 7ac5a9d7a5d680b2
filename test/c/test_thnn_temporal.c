/* THNN's 1-D modules over sequences (lib/THNN/Temporal.c), for Float and Double: the cases in
 * generic/thnn_temporal_cases.c are expanded once per float type by THGenerateFloatTypes.h. The
 * convolution is compared with sums over every window written as loops, the max pooling with its
 * windows scanned one element at a time, the subsampling with window sums; backwards and parameter
 * gradients with central differences; batches with their sequences one by one; strided inputs
 * with their contiguous copies; the size checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_temporal_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_temporal_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_temporal))
