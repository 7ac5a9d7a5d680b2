/* THNN's normalization modules (lib/THNN/Normalization.c), for Float and Double: the cases in
 * generic/thnn_normalization_cases.c are expanded once per float type by THGenerateFloatTypes.h.
 * BatchNormalization's forward is compared with statistics computed in the test, its backward
 * (input, weight and bias) with central differences, in training and in evaluation; the size
 * checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_normalization_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_normalization_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_normalization))
