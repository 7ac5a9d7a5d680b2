/* THTensorCreate, for every dtype: the cases in generic/create_cases.c are expanded once per
 * dtype by TH's THGenerateAllTypes.h driver, giving tests named create_Float_eye, ... Results are
 * compared with values computed the obvious way; results given as strided views are written in
 * place; every error path names what was wrong. Half, which has fill and zero only, has its own
 * case. */
#include "harness.h"

/* How an operand is laid out in memory (its values do not depend on it). */
#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(create_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/create_cases.c"
#include "THGenerateAllTypes.h"

TEST(half_tensors_fill_in_any_layout) {
  THHalfTensor *h = THHalfTensor_newWithSize2d(3, 3);
  THHalfTensor_zero(h);
  THHalfTensor *column = THHalfTensor_newSelect(h, 1, 1);
  THHalfTensor_fill(column, TH_float2half(1.5f));
  for (long i = 0; i < 3; i++)
    for (long j = 0; j < 3; j++)
      CHECK_NEAR(TH_half2float(THHalfTensor_get2d(h, i, j)), j == 1 ? 1.5 : 0, 0);
  THHalfTensor_free(column);
  THHalfTensor_free(h);
}

static const harness_test half_tests[] = {TEST_ENTRY(half_tensors_fill_in_any_layout)};

HARNESS_MAIN_TABLES(HARNESS_TABLE(half_tests), HARNESS_PER_DTYPE(create))
