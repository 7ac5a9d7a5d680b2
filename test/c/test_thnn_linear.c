/* THNN's fully connected module (lib/THNN/Linear.c), for Float and Double: the cases in
 * generic/thnn_linear_cases.c are expanded once per float type by THGenerateFloatTypes.h. The
 * forward is compared with sums written out in the test, the backward and the parameter gradients
 * with central differences; the size checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_linear_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_linear_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_linear))
