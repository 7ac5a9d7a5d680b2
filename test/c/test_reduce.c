/* THTensorReduce for every dtype: the cases in generic/reduce_cases.c are expanded once per dtype by TH's
 * own THGenerateAllTypes.h driver, giving tests named reduce_Float_..., reduce_Byte_... Each case
 * runs on contiguous, transposed, narrowed and strided operands and checks against results
 * computed the obvious way, and checks the error paths. */
#include "harness.h"

#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(reduce_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/reduce_cases.c"
#include "THGenerateAllTypes.h"

#define RUN_TABLE(table) harness_run(table, (int)(sizeof(table) / sizeof(table[0])))

int main(void) {
  RUN_TABLE(reduce_Byte_tests);
  RUN_TABLE(reduce_Char_tests);
  RUN_TABLE(reduce_Short_tests);
  RUN_TABLE(reduce_Int_tests);
  RUN_TABLE(reduce_Long_tests);
  RUN_TABLE(reduce_Float_tests);
  RUN_TABLE(reduce_Double_tests);
  return harness_finish(__FILE__);
}
