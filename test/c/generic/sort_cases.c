/* The THTensorSort cases for one dtype (expanded by test_sort.c through THGenerateAllTypes.h).
 * Values are small integers with many ties, so stability is visible in the positions. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/sort_cases.c"
#else

#include "layouts.c"

/* Checks that (values, indices) is t sorted stably along dim: each slice is a permutation of t's,
 * in order, and equal values keep increasing positions. */
static void Case_(checkSorted)(THTensor *t, THTensor *values, THLongTensor *indices, int dim,
                               int descending) {
  long n = t->size[dim], other = t->size[1 - dim];
  for (long s = 0; s < other; s++) {
    for (long i = 0; i < n; i++) {
      long at = dim == 0 ? THLongTensor_get2d(indices, i, s) : THLongTensor_get2d(indices, s, i);
      real v = dim == 0 ? THTensor_(get2d)(values, i, s) : THTensor_(get2d)(values, s, i);
      CHECK(at >= 0 && at < n);
      if (at < 0 || at >= n)
        return;
      CHECK_NEAR(v, dim == 0 ? THTensor_(get2d)(t, at, s) : THTensor_(get2d)(t, s, at), 0);
      if (i == 0)
        continue;
      long before = dim == 0 ? THLongTensor_get2d(indices, i - 1, s) : THLongTensor_get2d(indices, s, i - 1);
      real prev = dim == 0 ? THTensor_(get2d)(values, i - 1, s) : THTensor_(get2d)(values, s, i - 1);
      CHECK(descending ? prev >= v : prev <= v);
      if (prev == v)
        CHECK(before < at);
    }
  }
}

TEST(Case_(sort_is_stable_along_each_dimension_on_every_layout)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(scrambled)((enum layout)layout, 5, 40, 4), *values = THTensor_(new)();
    THLongTensor *indices = THLongTensor_new();
    for (int dim = 0; dim < 2; dim++)
      for (int descending = 0; descending < 2; descending++) {
        THTensor_(sort)(values, indices, t, dim, descending);
        CHECK(THTensor_(isSameSizeAs)(values, t));
        Case_(checkSorted)(t, values, indices, dim, descending);
      }
    THLongTensor_free(indices);
    THTensor_(free)(values);
    THTensor_(free)(t);
  }
}

TEST(Case_(sort_of_a_long_slice_takes_the_parallel_radix_sort)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 1, 250007, 101), *values = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  THTensor_(sort)(values, indices, t, 1, 0);
  Case_(checkSorted)(t, values, indices, 1, 0);
  THTensor_(sort)(values, indices, t, 1, 1);
  Case_(checkSorted)(t, values, indices, 1, 1);
  THLongTensor_free(indices);
  THTensor_(free)(values);
  THTensor_(free)(t);
}

/* Values 0, 1, 64 and 65: integer keys differ in two bits only, sorted on one-bit digits. */
TEST(Case_(sort_on_keys_that_differ_in_scattered_bits)) {
  for (long n = 1000; n <= 150000; n += 149000) {
    THTensor *t = THTensor_(newWithSize2d)(1, n), *values = THTensor_(new)();
    THLongTensor *indices = THLongTensor_new();
    for (long i = 0; i < n; i++)
      THTensor_(set2d)(t, 0, i, (real)((i * 7 % 3 == 0) + 64 * (i * 5 % 7 < 3)));
    for (int descending = 0; descending < 2; descending++) {
      THTensor_(sort)(values, indices, t, 1, descending);
      Case_(checkSorted)(t, values, indices, 1, descending);
    }
    THLongTensor_free(indices);
    THTensor_(free)(values);
    THTensor_(free)(t);
  }
}

TEST(Case_(a_long_slice_of_equal_values_keeps_its_order)) {
  THTensor *t = THTensor_(newWithSize1d)(150001), *values = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  THTensor_(fill)(t, 3);
  for (int descending = 0; descending < 2; descending++) {
    THTensor_(sort)(values, indices, t, 0, descending);
    long wrong = 0;
    for (long i = 0; i < 150001; i++)
      wrong += THLongTensor_get1d(indices, i) != i || THTensor_(get1d)(values, i) != 3;
    CHECK_EQ_LONG(wrong, 0);
  }
  THTensor_(median)(values, indices, t, 0);
  CHECK_EQ_LONG(THLongTensor_get1d(indices, 0), 75000);             /* stable: the middle one */
  THTensor_(mode)(values, indices, t, 0);
  CHECK_EQ_LONG(THLongTensor_get1d(indices, 0), 150000);            /* its last occurrence */
  THLongTensor_free(indices);
  THTensor_(free)(values);
  THTensor_(free)(t);
}

/* The selections read the sorted items, which a long sort leaves in either of its two arrays
 * (after an odd or even number of passes); the reference counts the values 0..100. */
TEST(Case_(selections_of_a_long_slice)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 1, 250007, 101), *values = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  long count[101] = {0}, last[101];
  for (long i = 0; i < 250007; i++) {
    long v = (long)THTensor_(get2d)(t, 0, i);
    count[v]++;
    last[v] = i;
  }
  long k = 123456, below = 0, kth = 0, mode = 0;
  while (below + count[kth] < k)
    below += count[kth++];
  for (long v = 1; v < 101; v++)
    if (count[v] > count[mode])
      mode = v;
  THTensor_(kthvalue)(values, indices, t, k, 1);
  CHECK_NEAR(THTensor_(get2d)(values, 0, 0), kth, 0);
  CHECK_NEAR(THTensor_(get2d)(t, 0, THLongTensor_get2d(indices, 0, 0)), kth, 0);
  THTensor_(mode)(values, indices, t, 1);
  CHECK_NEAR(THTensor_(get2d)(values, 0, 0), mode, 0);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, 0), last[mode]);
  THTensor_(topk)(values, indices, t, 3, 1, 1, 1);
  CHECK_NEAR(THTensor_(get2d)(values, 0, 2), 100, 0);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, 0), 72);           /* 72 * 7 % 101 == 100 */
  THLongTensor_free(indices);
  THTensor_(free)(values);
  THTensor_(free)(t);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
TEST(Case_(nan_sorts_above_every_number)) {
  THTensor *t = THTensor_(newWithSize1d)(4), *values = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  THTensor_(set1d)(t, 0, NAN);
  THTensor_(set1d)(t, 1, INFINITY);
  THTensor_(set1d)(t, 2, -0.0);
  THTensor_(set1d)(t, 3, 0.0);
  THTensor_(sort)(values, indices, t, 0, 0);
  CHECK_EQ_LONG(THLongTensor_get1d(indices, 0), 2);                  /* -0 and 0 are equal: stable */
  CHECK_EQ_LONG(THLongTensor_get1d(indices, 1), 3);
  CHECK_EQ_LONG(THLongTensor_get1d(indices, 3), 0);
  THTensor_(sort)(values, indices, t, 0, 1);
  CHECK_EQ_LONG(THLongTensor_get1d(indices, 0), 0);
  THLongTensor_free(indices);
  THTensor_(free)(values);
  THTensor_(free)(t);
}
#endif

TEST(Case_(topk_kthvalue_median_mode)) {
  THTensor *t = Case_(scrambled)(TRANSPOSED, 2, 5, 5), *values = THTensor_(new)();  /* 0 2 4 1 3 / 0 2 4 1 3 */
  THLongTensor *indices = THLongTensor_new();
  THTensor_(topk)(values, indices, t, 2, 1, 1, 1);
  CHECK_EQ_LONG(values->size[1], 2);
  CHECK_NEAR(THTensor_(get2d)(values, 0, 0), 4, 0);
  CHECK_NEAR(THTensor_(get2d)(values, 0, 1), 3, 0);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 1, 1), 4);
  THTensor_(topk)(values, indices, t, 3, 1, 0, 1);
  CHECK_NEAR(THTensor_(get2d)(values, 1, 2), 2, 0);
  THTensor_(kthvalue)(values, indices, t, 2, 1);
  CHECK_NEAR(THTensor_(get2d)(values, 0, 0), 1, 0);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, 0), 3);
  THTensor_(median)(values, indices, t, 0);                         /* columns of two equal values */
  CHECK_NEAR(THTensor_(get2d)(values, 0, 2), 4, 0);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, 2), 0);
  THTensor_(mode)(values, indices, t, 0);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, 3), 1);              /* its last occurrence */
  THTensor_(mode)(values, indices, t, 1);                           /* all once: the smallest */
  CHECK_NEAR(THTensor_(get2d)(values, 1, 0), 0, 0);
  THLongTensor_free(indices);
  THTensor_(free)(values);
  THTensor_(free)(t);
}

TEST(Case_(dimensions_and_k_are_checked)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 2, 3, 5), *values = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  EXPECT_TH_ERROR(THTensor_(sort)(values, indices, t, 2, 0), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(topk)(values, indices, t, 4, 1, 1, 1),
                  "k (4) out of range: dimension 1 has 3 elements");
  EXPECT_TH_ERROR(THTensor_(kthvalue)(values, indices, t, 0, 0), "k (0) out of range");
  EXPECT_TH_ERROR(THTensor_(mode)(values, indices, t, -1), "dimension -1 out of range");
  CHECK(THLastErrorKind() == TH_ERROR_INDEX);
  CHECK_EQ_LONG(values->nDimension, 0);
  THLongTensor_free(indices);
  THTensor_(free)(values);
  THTensor_(free)(t);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(sort_is_stable_along_each_dimension_on_every_layout)),
  TEST_ENTRY(Case_(sort_of_a_long_slice_takes_the_parallel_radix_sort)),
  TEST_ENTRY(Case_(sort_on_keys_that_differ_in_scattered_bits)),
  TEST_ENTRY(Case_(a_long_slice_of_equal_values_keeps_its_order)),
  TEST_ENTRY(Case_(selections_of_a_long_slice)),
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TEST_ENTRY(Case_(nan_sorts_above_every_number)),
#endif
  TEST_ENTRY(Case_(topk_kthvalue_median_mode)),
  TEST_ENTRY(Case_(dimensions_and_k_are_checked)),
};

#endif
