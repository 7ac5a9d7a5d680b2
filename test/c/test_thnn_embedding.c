/* THNN's embedding table and sparse linear module (lib/THNN/Linear.c: LookupTable and
 * SparseLinear), for Float and Double: the cases in generic/thnn_embedding_cases.c are expanded
 * once per float type by THGenerateFloatTypes.h. LookupTable's backward is compared with central
 * differences of a row selection (its forward, TH's indexSelect) and with sums by loops, renorm
 * with norms computed in the test; SparseLinear with the same product on the dense input; the
 * size and index checks raise TH errors. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "THNN.h"

#define Case_(NAME) TH_CONCAT_4(thnn_embedding_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_embedding_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_embedding))
