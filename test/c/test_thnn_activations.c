/* THNN's activations (lib/THNN/Activations.c), for Float and Double: the cases in
 * generic/thnn_activations_cases.c are expanded once per float type by THGenerateFloatTypes.h.
 * Each forward is compared with a reference computed one element at a time, each backward with
 * central differences of the forward; the size checks raise TH errors. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_activations_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_activations_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_activations))
