/* THTensorArithmetic, for every dtype: the cases in generic/arithmetic_cases.c are expanded once
 * per dtype by TH's own THGenerateAllTypes.h driver (the same mechanism that builds TH), giving
 * tests named arithmetic_Float_scalar_add_sub_mul_div, arithmetic_Int_fmod_and_remainder_signs...
 * Every case runs on contiguous, transposed, narrowed and strided operands, compares with results
 * computed the obvious way, and checks the error paths. */
#include <math.h>

#include "harness.h"

/* How an operand is laid out in memory (its values do not depend on it). */
#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(arithmetic_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/arithmetic_cases.c"
#include "THGenerateAllTypes.h"

HARNESS_MAIN_PER_DTYPE(arithmetic)
