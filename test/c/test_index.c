/* THTensorIndex, for every dtype: the cases in generic/index_cases.c are expanded once per dtype
 * by TH's THGenerateAllTypes.h driver, giving tests named index_Float_index_select, ... Each case
 * runs on contiguous and strided operands, compares with a direct loop over get/set, and checks
 * that the error paths name the index, dimension and sizes and leave every operand unchanged. */
#include "harness.h"

/* How an operand is laid out in memory (its values do not depend on it). */
#include "layouts.h"

/* A 1-D LongTensor holding the n given positions. */
static THLongTensor *positions(long n, const long *values) {
  THLongTensor *index = THLongTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++)
    THLongTensor_set1d(index, i, values[i]);
  return index;
}

#define Case_(NAME) TH_CONCAT_4(index_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/index_cases.c"
#include "THGenerateAllTypes.h"

#define RUN_TABLE(table) harness_run(table, (int)(sizeof(table) / sizeof(table[0])))

int main(void) {
  RUN_TABLE(index_Byte_tests);
  RUN_TABLE(index_Char_tests);
  RUN_TABLE(index_Short_tests);
  RUN_TABLE(index_Int_tests);
  RUN_TABLE(index_Long_tests);
  RUN_TABLE(index_Float_tests);
  RUN_TABLE(index_Double_tests);
  return harness_finish(__FILE__);
}
