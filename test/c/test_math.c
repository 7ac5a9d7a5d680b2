/* THTensorMath, for every dtype: the cases in generic/math_cases.c are expanded once per dtype by
 * TH's own THGenerateAllTypes.h driver (the same mechanism that builds TH), giving tests named
 * math_Float_addmm, math_Byte_sum, ... Every case runs on contiguous, transposed, narrowed and
 * strided operands, compares with results computed the obvious way, and checks the error paths. */
#include "harness.h"

/* How an operand is laid out in memory (its values do not depend on it). */
#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(math_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/math_cases.c"
#include "THGenerateAllTypes.h"

#define RUN_TABLE(table) harness_run(table, (int)(sizeof(table) / sizeof(table[0])))

int main(void) {
  RUN_TABLE(math_Byte_tests);
  RUN_TABLE(math_Char_tests);
  RUN_TABLE(math_Short_tests);
  RUN_TABLE(math_Int_tests);
  RUN_TABLE(math_Long_tests);
  RUN_TABLE(math_Float_tests);
  RUN_TABLE(math_Double_tests);
  return harness_finish(__FILE__);
}
