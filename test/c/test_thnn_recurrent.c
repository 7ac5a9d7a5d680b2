/* THNN's fused recurrent cells (lib/THNN/Recurrent.c), for Float and Double: the cases in
 * generic/thnn_recurrent_cases.c are expanded once per float type by THGenerateFloatTypes.h.
 * LSTMFused and GRUFused forwards are compared with the gate equations computed in the test in
 * double, their backwards with central differences of the forwards (Double), on batches of 1
 * and 3 and hidden sizes 1, 5 and 17, with and without biases, on contiguous and transposed
 * operands; the size and aliasing checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_recurrent_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_recurrent_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_recurrent))
