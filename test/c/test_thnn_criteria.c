/* THNN's criteria (lib/THNN/Criteria.c), for Float and Double: the cases in
 * generic/thnn_criteria_cases.c are expanded once per float type by THGenerateFloatTypes.h. Each
 * loss is compared with a reference computed one term at a time, each gradient with central
 * differences of the loss; the size and class-index checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_criteria_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_criteria_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_criteria))
