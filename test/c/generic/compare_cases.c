/* The THTensorCompare cases for one dtype (expanded by test_compare.c through THGenerateAllTypes.h).
 * Values are small integers; the expected 0s and 1s are computed with the same C comparisons. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/compare_cases.c"
#else

#include "layouts.c"

/* Each comparison, in its four forms, against the value 2 and against t's transpose copy. */
#define CASE_COMPARE(NAME, OP)                                                             \
  for (int layout = 0; layout < LAYOUTS; layout++) {                                       \
    THTensor *t = Case_(scrambled)((enum layout)layout, 3, 4, 5);                               \
    THTensor *other = Case_(scrambled)(TRANSPOSED, 4, 3, 3);                                    \
    THByteTensor *bytes = THByteTensor_new();                                              \
    THTensor *same = THTensor_(new)();                                                     \
    THTensor_(NAME##Value)(bytes, t, 2);                                                   \
    THTensor_(NAME##ValueT)(same, t, 2);                                                   \
    for (long i = 0; i < 3; i++)                                                           \
      for (long j = 0; j < 4; j++) {                                                       \
        int expected = THTensor_(get2d)(t, i, j) OP 2;                                     \
        CHECK_EQ_LONG(THByteTensor_get2d(bytes, i, j), expected);                          \
        CHECK_NEAR(THTensor_(get2d)(same, i, j), expected, 0);                             \
      }                                                                                    \
    THTensor_(NAME##Tensor)(bytes, t, other);                                              \
    THTensor_(NAME##TensorT)(same, t, other);                                              \
    for (long k = 0; k < 12; k++) {                                                        \
      int expected = THTensor_(get2d)(t, k / 4, k % 4) OP THTensor_(get2d)(other, k / 3, k % 3); \
      CHECK_EQ_LONG(THByteTensor_get2d(bytes, k / 4, k % 4), expected);                    \
      CHECK_NEAR(THTensor_(get2d)(same, k / 4, k % 4), expected, 0);                       \
    }                                                                                      \
    THTensor_(NAME##ValueT)(t, t, 2);                       /* in place */                 \
    for (long k = 0; k < 12; k++)                                                          \
      CHECK_NEAR(THTensor_(get2d)(t, k / 4, k % 4), (real)(k * 7 % 5) OP 2, 0);             \
    THByteTensor_free(bytes);                                                              \
    THTensor_(free)(same);                                                                 \
    THTensor_(free)(other);                                                                \
    THTensor_(free)(t);                                                                    \
  }

TEST(Case_(every_comparison_in_every_form_on_every_layout)) {
  CASE_COMPARE(lt, <)
  CASE_COMPARE(le, <=)
  CASE_COMPARE(gt, >)
  CASE_COMPARE(ge, >=)
  CASE_COMPARE(ne, !=)
  CASE_COMPARE(eq, ==)
}

TEST(Case_(large_comparisons_take_the_parallel_loop)) {
  long n = 300007;
  THTensor *t = THTensor_(newWithSize1d)(n);
  THByteTensor *r = THByteTensor_new();
  for (long k = 0; k < n; k++)
    THTensor_(data)(t)[k] = (real)(k % 7);
  THTensor_(geValue)(r, t, 3);
  long wrong = 0;
  for (long k = 0; k < n; k++)
    wrong += THByteTensor_data(r)[k] != (k % 7 >= 3);
  CHECK_EQ_LONG(wrong, 0);
  THByteTensor_free(r);
  THTensor_(free)(t);
}

TEST(Case_(sizes_are_checked_before_writing)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 2, 3, 5), *small = THTensor_(newWithSize1d)(4);
  THByteTensor *r = THByteTensor_new();
  EXPECT_TH_ERROR(THTensor_(ltTensor)(r, t, small),
                  "inconsistent tensor size: expected 6 elements (size 2x3) but got 4 (size 4)");
  EXPECT_TH_ERROR(THTensor_(eqTensorT)(t, t, small), "invalid argument 3:");
  CHECK_EQ_LONG(r->nDimension, 0);
  CHECK_NEAR(THTensor_(get2d)(t, 0, 1), 2, 0);
  THByteTensor_free(r);
  THTensor_(free)(small);
  THTensor_(free)(t);
}

TEST(Case_(equal_needs_same_sizes_and_values)) {
  THTensor *a = Case_(scrambled)(CONTIGUOUS, 2, 3, 5), *b = Case_(scrambled)(STRIDED, 2, 3, 5);
  THTensor *flat = THTensor_(newWithSize1d)(6);
  CHECK(THTensor_(equal)(a, b));
  THTensor_(set2d)(b, 1, 2, 9);
  CHECK(!THTensor_(equal)(a, b));
  CHECK(!THTensor_(equal)(a, flat));
  THTensor_(free)(flat);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

#if defined(TH_REAL_IS_BYTE)
TEST(Case_(logical_mask_operations)) {
  THTensor *a = Case_(scrambled)(CONTIGUOUS, 2, 3, 5), *b = Case_(scrambled)(TRANSPOSED, 2, 3, 3);
  THTensor *r = THTensor_(new)();
  THTensor_(logicalAnd)(r, a, b);
  for (long k = 0; k < 6; k++) {
    int x = THTensor_(get2d)(a, k / 3, k % 3) != 0, y = THTensor_(get2d)(b, k / 3, k % 3) != 0;
    CHECK_EQ_LONG(THTensor_(get2d)(r, k / 3, k % 3), x && y);
  }
  THTensor_(logicalOr)(r, a, b);
  CHECK_EQ_LONG(THTensor_(get2d)(r, 0, 0), 0);                       /* 0 | 0 */
  CHECK_EQ_LONG(THTensor_(get2d)(r, 0, 1), 1);
  THTensor_(logicalXor)(r, a, a);
  CHECK_EQ_LONG(THTensor_(sumall)(r), 0);
  THTensor_(logicalNot)(r, a);
  CHECK_EQ_LONG(THTensor_(get2d)(r, 0, 0), 1);
  CHECK_EQ_LONG(THTensor_(get2d)(r, 0, 1), 0);
  THTensor_(free)(r);
  THTensor_(free)(b);
  THTensor_(free)(a);
}
#endif

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(every_comparison_in_every_form_on_every_layout)),
  TEST_ENTRY(Case_(large_comparisons_take_the_parallel_loop)),
  TEST_ENTRY(Case_(sizes_are_checked_before_writing)),
  TEST_ENTRY(Case_(equal_needs_same_sizes_and_values)),
#if defined(TH_REAL_IS_BYTE)
  TEST_ENTRY(Case_(logical_mask_operations)),
#endif
};

#undef CASE_COMPARE

#endif
