/* THTensorLinear, for every dtype: the cases in generic/linear_cases.c are expanded once per dtype
 * by TH's THGenerateAllTypes.h, giving tests named linear_Float_addmv_..., linear_Byte_...; Float
 * and Double run the linked BLAS, the integer types THBlas's reference loops. Every product runs
 * on contiguous, transposed, narrowed, strided and expanded (stride 0) operands. */
#include "harness.h"

/* How an operand is laid out in memory (its values are read back with get*d, so any will do). */
#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(linear_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/linear_cases.c"
#include "THGenerateAllTypes.h"

HARNESS_MAIN_PER_DTYPE(linear)
