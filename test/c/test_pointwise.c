/* THTensorPointwise, for every dtype: the cases in generic/pointwise_cases.c are expanded once per
 * dtype by THGenerateAllTypes.h, giving tests named pointwise_Float_exp..., pointwise_Int_abs....
 * Each function runs on contiguous, transposed, narrowed and strided operands, into a new tensor
 * and in place, and is compared with the C library's answer computed one element at a time; the
 * error paths are checked too. */
#include <math.h>

#include "harness.h"

/* How an operand is laid out in memory (its values do not depend on it). */
#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(pointwise_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/pointwise_cases.c"
#include "THGenerateAllTypes.h"

HARNESS_MAIN_PER_DTYPE(pointwise)
