/* Tensors whose storage shrank under them (THStorage_(resize) is allowed to shrink a storage its
 * tensors still view): every operation must find out before it touches memory. The per-dtype
 * cases in generic/storage_extent_cases.c run TH's families on every layout; the tests below run
 * THS and THNN, which reach memory through the same TH checks, for Float. */
#include <math.h>

#include "harness.h"
#include "THS.h"
#include "THNN.h"

#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(storage_extent_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/storage_extent_cases.c"
#include "THGenerateAllTypes.h"

#define OUTSIDE "storage elements, but its storage has 1"

TEST(sparse_values_outside_their_storage) {
  THLongTensor *indices = THLongTensor_newWithSize2d(1, 3);
  for (long k = 0; k < 3; k++)
    THLongTensor_set2d(indices, 0, k, 2 - k);
  THFloatTensor *values = THFloatTensor_newWithSize1d(3);
  THFloatTensor_fill(values, 1);
  THSFloatTensor *sparse = THSFloatTensor_newWithTensor(indices, values);
  THFloatTensor *inside = sparse->values;
  THFloatStorage_resize(inside->storage, 1);
  EXPECT_TH_ERROR(THFloatTensor_free(THSFloatTensor_toDense(sparse)), OUTSIDE);
  EXPECT_TH_ERROR(THSFloatTensor_contiguous(sparse), OUTSIDE);
  THSFloatTensor_free(sparse);
  THFloatTensor_free(values);
  THLongTensor_free(indices);
}

TEST(thnn_inputs_outside_their_storage) {
  THFloatTensor *input = THFloatTensor_newWithSize2d(3, 4), *target = THFloatTensor_newWithSize2d(3, 4);
  THFloatTensor *output = THFloatTensor_new();
  THFloatTensor_fill(input, -1);
  THFloatTensor_fill(target, 0);
  THFloatStorage_resize(input->storage, 1);
  EXPECT_TH_ERROR(THNN_FloatAbs_updateOutput(NULL, input, output), OUTSIDE);
  EXPECT_TH_ERROR(THNN_FloatMSECriterion_updateOutput(NULL, target, input, output, 1), OUTSIDE);
  THFloatTensor_free(output);
  THFloatTensor_free(target);
  THFloatTensor_free(input);
}

/* share_memory_() swaps a storage's memory for shared memory of the same size: the tensors that
 * reached past its end still do, and are still refused. */
TEST(a_swapped_storage_stays_checked) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(3, 4);
  THFloatStorage_resize(t->storage, 1);
  THFloatStorage *other = THFloatStorage_newWithSize(1);
  THFloatStorage_swap(t->storage, other);
  EXPECT_TH_ERROR(THFloatTensor_fill(t, 1), OUTSIDE);
  THFloatStorage *smaller = THFloatStorage_newWithSize(12), *larger = THFloatStorage_newWithSize(13);
  THFloatTensor *u = THFloatTensor_newWithStorage2d(larger, 1, 3, 4, 4, 1);
  THFloatStorage_swap(larger, smaller);               /* u's storage now has 12 elements */
  EXPECT_TH_ERROR(THFloatTensor_fill(u, 1), "needs 13 storage elements, but its storage has 12");
  THFloatTensor_free(u);
  THFloatStorage_free(larger);
  THFloatStorage_free(smaller);
  THFloatStorage_free(other);
  THFloatTensor_free(t);
}

static const harness_test other_tests[] = {
  TEST_ENTRY(a_swapped_storage_stays_checked),
  TEST_ENTRY(sparse_values_outside_their_storage),
  TEST_ENTRY(thnn_inputs_outside_their_storage),
};

HARNESS_MAIN_TABLES(HARNESS_PER_DTYPE(storage_extent), HARNESS_TABLE(other_tests))
