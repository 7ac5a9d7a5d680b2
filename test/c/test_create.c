/* THTensorCreate, for every dtype: the cases in generic/create_cases.c are expanded once per
 * dtype by TH's THGenerateAllTypes.h driver, giving tests named create_Float_eye, ... Results are
 * compared with values computed the obvious way; results given as strided views are written in
 * place; every error path names what was wrong. */
#include "harness.h"

#define Case_(NAME) TH_CONCAT_4(create_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/create_cases.c"
#include "THGenerateAllTypes.h"

#define RUN_TABLE(table) harness_run(table, (int)(sizeof(table) / sizeof(table[0])))

int main(void) {
  RUN_TABLE(create_Byte_tests);
  RUN_TABLE(create_Char_tests);
  RUN_TABLE(create_Short_tests);
  RUN_TABLE(create_Int_tests);
  RUN_TABLE(create_Long_tests);
  RUN_TABLE(create_Float_tests);
  RUN_TABLE(create_Double_tests);
  return harness_finish(__FILE__);
}
