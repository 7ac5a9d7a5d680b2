/* THTensorSort for every dtype: the cases in generic/sort_cases.c are expanded once per dtype by TH's
 * own THGenerateAllTypes.h driver, giving tests named sort_Float_..., sort_Byte_... Each case
 * runs on contiguous, transposed, narrowed and strided operands and checks against results
 * computed the obvious way, and checks the error paths. */
#include "harness.h"

#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(sort_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/sort_cases.c"
#include "THGenerateAllTypes.h"

HARNESS_MAIN_PER_DTYPE(sort)
