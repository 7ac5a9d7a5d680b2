/* THNN's 3-D modules (lib/THNN/Volumetric.c), for Float and Double: the cases in
 * generic/thnn_volumetric_cases.c are expanded once per float type by THGenerateFloatTypes.h.
 * Each pooling is compared with its windows scanned one element at a time, the unpooling with the
 * pooling it undoes, the replication padding with clamped coordinates; backwards with central
 * differences; batches with their samples one by one; the size checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_volumetric_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_volumetric_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_volumetric))
