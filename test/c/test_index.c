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

HARNESS_MAIN_PER_DTYPE(index)
