/* The THTensorCreate cases for one dtype (expanded by test_create.c through THGenerateAllTypes.h):
 * fill and zero on every layout, then the creation functions.
 * Values stay small and non-negative where the dtype is unsigned, so they are exact everywhere. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/create_cases.c"
#else

#include "layouts.c"

/* ---- fill and zero ---- */

TEST(Case_(fill_and_zero_touch_only_the_view)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(cycling)((enum layout)layout, 3, 4, 0, 50);
    THTensor_(fill)(t, 7);
    CHECK_EQ_LONG(Case_(countInStorage)(t, 7), 12);
    THTensor_(zero)(t);
    CHECK_EQ_LONG(Case_(countInStorage)(t, 0), 12);
    CHECK_EQ_LONG(Case_(countInStorage)(t, 99), t->storage->size - 12);
    THTensor_(free)(t);
  }
  THTensor *big = THTensor_(newWithSize1d)(250000);
  THTensor_(fill)(big, 3);
  CHECK_EQ_LONG(Case_(countInStorage)(big, 3), 250000);
  THTensor_(free)(big);
}

/* ---- Creation ---- */

/* A rows x cols matrix, row-major or (transposed) column-major, with element (i, j) = i*cols + j + 1. */
static THTensor *Case_(matrix)(long rows, long cols, int transposed) {
  THTensor *t;
  if (transposed) {
    THTensor *base = THTensor_(newWithSize2d)(cols, rows);
    t = THTensor_(newTranspose)(base, 0, 1);
    THTensor_(free)(base);
  } else {
    t = THTensor_(newWithSize2d)(rows, cols);
  }
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)(i * cols + j + 1));
  return t;
}

TEST(Case_(zeros_and_ones_take_any_sizes)) {
  THLongStorage *size = THLongStorage_newWithSize3(2, 3, 4);
  THTensor *r = THTensor_(new)();
  THTensor_(ones)(r, size);
  CHECK_EQ_LONG(r->nDimension, 3);
  CHECK_EQ_LONG(THTensor_(nElement)(r), 24);
  long wrong = 0;
  for (long k = 0; k < 24; k++)
    wrong += THTensor_(data)(r)[k] != 1;
  THTensor_(zeros)(r, size);
  for (long k = 0; k < 24; k++)
    wrong += THTensor_(data)(r)[k] != 0;
  CHECK_EQ_LONG(wrong, 0);
  THLongStorage_free(size);
  THTensor_(free)(r);
}

TEST(Case_(eye_has_ones_on_the_main_diagonal)) {
  THTensor *r = THTensor_(new)();
  long shapes[3][2] = {{3, 3}, {2, 4}, {4, 2}};
  for (int s = 0; s < 3; s++) {
    long n = shapes[s][0], m = shapes[s][1];
    THTensor_(eye)(r, n, m);
    long wrong = r->size[0] != n || r->size[1] != m;
    for (long i = 0; i < n; i++)
      for (long j = 0; j < m; j++)
        wrong += THTensor_(get2d)(r, i, j) != (i == j);
    CHECK_EQ_LONG(wrong, 0);
  }
  THTensor *strided = Case_(matrix)(3, 3, 1);              /* a given result keeps its layout */
  THTensor_(eye)(strided, 3, 3);
  CHECK_NEAR(THTensor_(get2d)(strided, 1, 1), 1, 0);
  CHECK_NEAR(THTensor_(get2d)(strided, 1, 2), 0, 0);
  EXPECT_TH_ERROR(THTensor_(eye)(r, 0, 3), "expected a positive number of rows, got 0");
  EXPECT_TH_ERROR(THTensor_(eye)(r, 2, -1), "expected a positive number of columns, got -1");
  THTensor_(free)(strided);
  THTensor_(free)(r);
}

TEST(Case_(arange_stops_before_its_end)) {
  THTensor *r = THTensor_(new)();
  THTensor_(arange)(r, 2, 11, 3);                          /* 2 5 8: 11 is the end */
  CHECK_EQ_LONG(r->size[0], 3);
  CHECK_NEAR(THTensor_(get1d)(r, 2), 8, 0);
  THTensor_(arange)(r, 9, 2, -2);                          /* 9 7 5 3 */
  CHECK_EQ_LONG(r->size[0], 4);
  CHECK_NEAR(THTensor_(get1d)(r, 3), 3, 0);
  THTensor_(arange)(r, 5, 5, 1);                           /* equal bounds: nothing */
  CHECK_EQ_LONG(THTensor_(nElement)(r), 0);
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  THTensor_(arange)(r, 0, 1, 0.25);                        /* 0 .25 .5 .75 */
  CHECK_EQ_LONG(r->size[0], 4);
  CHECK_NEAR(THTensor_(get1d)(r, 3), 0.75, 0);
  THTensor_(arange)(r, 1, 10, 0.3);   /* 9 / 0.3 is exactly a hair above 30: 31 values */
  CHECK_EQ_LONG(r->size[0], 31);
#endif
  EXPECT_TH_ERROR(THTensor_(arange)(r, 0, 5, 0), "step must be nonzero");
  EXPECT_TH_ERROR(THTensor_(arange)(r, 5, 0, 1), "the step (1) must go from start (5) towards end (0)");
  THTensor_(free)(r);
}

TEST(Case_(range_includes_its_end)) {
  THTensor *r = THTensor_(new)();
  THTensor_(range)(r, 2, 10, 3);                           /* 2 5 8: 11 would pass the end */
  CHECK_EQ_LONG(r->size[0], 3);
  CHECK_NEAR(THTensor_(get1d)(r, 2), 8, 0);
  THTensor_(range)(r, 1, 4, 1);                            /* 1 2 3 4 */
  CHECK_EQ_LONG(r->size[0], 4);
  CHECK_NEAR(THTensor_(get1d)(r, 3), 4, 0);
  THTensor_(range)(r, 9, 3, -2);                           /* 9 7 5 3 */
  CHECK_EQ_LONG(r->size[0], 4);
  CHECK_NEAR(THTensor_(get1d)(r, 3), 3, 0);
  THTensor_(range)(r, 5, 5, 1);
  CHECK_EQ_LONG(r->size[0], 1);
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  THTensor_(range)(r, 0, 1, 0.25);
  CHECK_EQ_LONG(r->size[0], 5);
  CHECK_NEAR(THTensor_(get1d)(r, 3), 0.75, 0);
#endif
  THTensor *base = THTensor_(newWithSize1d)(8);            /* every other element of base */
  THTensor *strided = THTensor_(newWithStorage1d)(base->storage, 0, 4, 2);
  THTensor_(range)(strided, 1, 4, 1);
  CHECK_NEAR(THTensor_(data)(base)[6], 4, 0);
  long before = r->size[0];
  EXPECT_TH_ERROR(THTensor_(range)(r, 0, 5, 0), "step must be nonzero");
  EXPECT_TH_ERROR(THTensor_(range)(r, 5, 0, 1), "the step (1) must go from start (5) towards end (0)");
  CHECK_EQ_LONG(r->size[0], before);                       /* untouched */
  THTensor_(free)(strided);
  THTensor_(free)(base);
  THTensor_(free)(r);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
TEST(Case_(linspace_and_logspace_include_both_ends)) {
  THTensor *r = THTensor_(new)();
  THTensor_(linspace)(r, -1, 2, 7);
  CHECK_EQ_LONG(r->size[0], 7);
  for (long i = 0; i < 7; i++)
    CHECK_NEAR(THTensor_(get1d)(r, i), -1 + 0.5 * i, 1e-6);
  THTensor_(linspace)(r, 3, 3, 1);
  CHECK_EQ_LONG(r->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 3, 0);
  EXPECT_TH_ERROR(THTensor_(linspace)(r, 3, 8, 1), "a single step needs start == end (got start 3, end 8)");
  EXPECT_TH_ERROR(THTensor_(logspace)(r, 0, 1, 1), "a single step needs start == end");
  THTensor_(logspace)(r, 0, 3, 4);
  for (long i = 0; i < 4; i++)
    CHECK_NEAR(THTensor_(get1d)(r, i), pow(10, i), 1e-3);
  EXPECT_TH_ERROR(THTensor_(linspace)(r, 0, 1, 0), "expected a positive number of steps, got 0");
  THTensor_(free)(r);
}
#endif

/* A result with as many elements keeps its shape (the values go in row-major order); another is
 * resized to a vector. */
TEST(Case_(range_and_linspace_keep_a_result_of_the_right_size)) {
  THTensor *square = Case_(matrix)(2, 2, 1);
  THTensor_(range)(square, 1, 4, 1);
  CHECK_EQ_LONG(square->nDimension, 2);
  CHECK_NEAR(THTensor_(get2d)(square, 0, 1), 2, 0);
  CHECK_NEAR(THTensor_(get2d)(square, 1, 0), 3, 0);
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  THTensor_(linspace)(square, 0, 3, 4);
  CHECK_EQ_LONG(square->nDimension, 2);
  CHECK_NEAR(THTensor_(get2d)(square, 1, 1), 3, 0);
  THTensor_(logspace)(square, 0, 3, 4);
  CHECK_NEAR(THTensor_(get2d)(square, 1, 0), 100, 1e-3);
#endif
  THTensor_(range)(square, 1, 5, 1);
  CHECK_EQ_LONG(square->nDimension, 1);
  CHECK_EQ_LONG(square->size[0], 5);
  THTensor_(free)(square);
}

TEST(Case_(diag_turns_vectors_into_matrices_and_back)) {
  THTensor *v = THTensor_(newWithSize1d)(3), *r = THTensor_(new)(), *back = THTensor_(new)();
  for (long i = 0; i < 3; i++)
    THTensor_(set1d)(v, i, (real)(i + 1));
  long offsets[] = {0, 2, -1};
  for (int s = 0; s < 3; s++) {
    long k = offsets[s], side = 3 + (k >= 0 ? k : -k);
    THTensor_(diag)(r, v, k);
    long wrong = r->size[0] != side || r->size[1] != side;
    for (long i = 0; i < side; i++)
      for (long j = 0; j < side; j++)
        wrong += THTensor_(get2d)(r, i, j) != (j - i == k ? (double)(k >= 0 ? i + 1 : j + 1) : 0);
    THTensor_(diag)(back, r, k);
    wrong += back->nDimension != 1 || back->size[0] != 3;
    for (long i = 0; i < 3; i++)
      wrong += THTensor_(get1d)(back, i) != i + 1;
    CHECK_EQ_LONG(wrong, 0);
  }
  THTensor *m = Case_(matrix)(2, 4, 1);                    /* 1 2 3 4 / 5 6 7 8, column-major */
  THTensor_(diag)(r, m, 1);                                /* 2 7 */
  CHECK_EQ_LONG(r->size[0], 2);
  CHECK_NEAR(THTensor_(get1d)(r, 1), 7, 0);
  THTensor_(diag)(r, m, -1);                               /* 5 */
  CHECK_EQ_LONG(r->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 5, 0);
  THTensor_(diag)(m, m, 0);                                /* the result replaces its input */
  CHECK_EQ_LONG(m->size[0], 2);
  CHECK_NEAR(THTensor_(get1d)(m, 1), 6, 0);
  THTensor *cube = THTensor_(newWithSize3d)(2, 2, 2), *wide = Case_(matrix)(2, 4, 0);
  EXPECT_TH_ERROR(THTensor_(diag)(r, cube, 0), "expected a vector or a matrix, got a tensor of size 2x2x2");
  EXPECT_TH_ERROR(THTensor_(diag)(r, wide, 4), "diagonal 4 is outside a 2x4 matrix");
  EXPECT_TH_ERROR(THTensor_(diag)(r, wide, -2), "diagonal -2 is outside a 2x4 matrix");
  THTensor_(free)(wide);
  THTensor_(free)(cube);
  THTensor_(free)(m);
  THTensor_(free)(back);
  THTensor_(free)(r);
  THTensor_(free)(v);
}

/* Every k is either a diagonal that exists or an error naming it: none of the sizes computed from
 * k may overflow (n + |k| for a vector, and its square; -k for LONG_MIN). */
TEST(Case_(diag_of_any_k_is_the_diagonal_or_an_error)) {
  THTensor *v = THTensor_(newWithSize1d)(3), *r = THTensor_(newWithSize1d)(2);
  THTensor *m = Case_(matrix)(2, 4, 0);
  THTensor_(fill)(v, 1);
  THTensor_(fill)(r, 7);
  long side = 3037000499L;                                 /* floor(sqrt(LONG_MAX)) */
  EXPECT_TH_ERROR(THTensor_(diag)(r, v, LONG_MAX), "diagonal 9223372036854775807 is too far from the main diagonal");
  EXPECT_TH_ERROR(THTensor_(diag)(r, v, LONG_MIN), "diagonal -9223372036854775808 is too far");
  EXPECT_TH_ERROR(THTensor_(diag)(r, v, side), "a vector of 3 elements");
  EXPECT_TH_ERROR(THTensor_(diag)(r, v, -side), "diagonal -3037000499 is too far");
  EXPECT_TH_ERROR(THTensor_(diag)(v, v, LONG_MAX), "too far");
  EXPECT_TH_ERROR(THTensor_(diag)(r, m, LONG_MAX), "diagonal 9223372036854775807 is outside a 2x4 matrix");
  EXPECT_TH_ERROR(THTensor_(diag)(r, m, LONG_MIN), "diagonal -9223372036854775808 is outside");
  /* the failures wrote nothing */
  CHECK_EQ_LONG(r->nDimension, 1);
  CHECK_EQ_LONG(r->size[0], 2);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 7, 0);
  CHECK_EQ_LONG(v->size[0], 3);
  THTensor_(diag)(r, m, 3);                                /* the last diagonal that exists: 4 */
  CHECK_EQ_LONG(r->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 4, 0);
  THTensor_(diag)(r, m, -1);
  CHECK_EQ_LONG(r->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 5, 0);
  THTensor_(free)(m);
  THTensor_(free)(r);
  THTensor_(free)(v);
}

/* k beyond the matrix keeps everything or nothing, for the extreme longs too. */
TEST(Case_(tril_and_triu_of_far_diagonals_keep_all_or_nothing)) {
  long far[] = {LONG_MIN, LONG_MIN + 1, -5, -3, 4, 5, LONG_MAX - 1, LONG_MAX};
  for (int transposed = 0; transposed < 2; transposed++)
    for (int s = 0; s < (int)(sizeof(far) / sizeof(far[0])); s++) {
      long k = far[s];
      THTensor *t = Case_(matrix)(3, 4, transposed), *lower = THTensor_(new)(), *upper = THTensor_(new)();
      THTensor_(tril)(lower, t, k);
      THTensor_(triu)(upper, t, k);
      long wrong = 0;
      for (long i = 0; i < 3; i++)
        for (long j = 0; j < 4; j++) {
          double x = (double)(i * 4 + j + 1);
          wrong += THTensor_(get2d)(lower, i, j) != (k > 0 ? x : 0);
          wrong += THTensor_(get2d)(upper, i, j) != (k < 0 ? x : 0);
        }
      THTensor_(tril)(t, t, k);                            /* in place */
      for (long i = 0; i < 3; i++)
        for (long j = 0; j < 4; j++)
          wrong += THTensor_(get2d)(t, i, j) != THTensor_(get2d)(lower, i, j);
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(upper);
      THTensor_(free)(lower);
      THTensor_(free)(t);
    }
}

TEST(Case_(tril_and_triu_keep_one_triangle)) {
  for (int transposed = 0; transposed < 2; transposed++)
    for (long k = -1; k <= 2; k++) {
      THTensor *t = Case_(matrix)(3, 4, transposed), *lower = THTensor_(new)(), *upper = THTensor_(new)();
      THTensor_(tril)(lower, t, k);
      THTensor_(triu)(upper, t, k);
      long wrong = 0;
      for (long i = 0; i < 3; i++)
        for (long j = 0; j < 4; j++) {
          double x = (double)(i * 4 + j + 1);
          wrong += THTensor_(get2d)(lower, i, j) != (j <= i + k ? x : 0);
          wrong += THTensor_(get2d)(upper, i, j) != (j >= i + k ? x : 0);
        }
      THTensor_(triu)(t, t, k);                            /* in place */
      for (long i = 0; i < 3; i++)
        for (long j = 0; j < 4; j++)
          wrong += THTensor_(get2d)(t, i, j) != THTensor_(get2d)(upper, i, j);
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(upper);
      THTensor_(free)(lower);
      THTensor_(free)(t);
    }
  THTensor *v = THTensor_(newWithSize1d)(3), *r = THTensor_(new)();
  EXPECT_TH_ERROR(THTensor_(tril)(r, v, 0), "expected a matrix, got a tensor of size 3");
  EXPECT_TH_ERROR(THTensor_(triu)(r, v, 0), "expected a matrix, got a tensor of size 3");
  THTensor_(free)(r);
  THTensor_(free)(v);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(fill_and_zero_touch_only_the_view)),
  TEST_ENTRY(Case_(zeros_and_ones_take_any_sizes)),
  TEST_ENTRY(Case_(eye_has_ones_on_the_main_diagonal)),
  TEST_ENTRY(Case_(arange_stops_before_its_end)),
  TEST_ENTRY(Case_(range_includes_its_end)),
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TEST_ENTRY(Case_(linspace_and_logspace_include_both_ends)),
#endif
  TEST_ENTRY(Case_(range_and_linspace_keep_a_result_of_the_right_size)),
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#endif
  TEST_ENTRY(Case_(diag_turns_vectors_into_matrices_and_back)),
  TEST_ENTRY(Case_(diag_of_any_k_is_the_diagonal_or_an_error)),
  TEST_ENTRY(Case_(tril_and_triu_keep_one_triangle)),
  TEST_ENTRY(Case_(tril_and_triu_of_far_diagonals_keep_all_or_nothing)),
};

#endif
