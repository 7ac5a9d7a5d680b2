/* The THTensorIndex cases for one dtype (expanded by test_index.c through THGenerateAllTypes.h):
 * index_select/copy/add/fill, gather, scatter, the masked ops, nonzero, cat.
 * Values are small integers, exact in every dtype; element (i, j) of a made tensor is
 * (start + i*cols + j) % 50, so every row and column is told apart. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/index_cases.c"
#else

#include "layouts.c"

/* Matrices of the values (start + k) % 50, k their row-major position. */
static THTensor *Case_(make)(enum layout layout, long rows, long cols, long start) {
  return Case_(cycling)(layout, rows, cols, start, 50);
}

/* Elements of a and b that differ (same sizes assumed). */
static long Case_(differences)(THTensor *a, THTensor *b) {
  long wrong = 0;
  for (long i = 0; i < a->size[0]; i++)
    for (long j = 0; j < a->size[1]; j++)
      wrong += Case_(at)(a, i, j) != Case_(at)(b, i, j);
  return wrong;
}

TEST(Case_(index_select_picks_whole_rows_and_columns)) {
  const long picks[] = {2, 0, 2, 3};
  THLongTensor *index = positions(4, picks);
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *src = Case_(make)((enum layout)layout, 4, 5, 1);
    THTensor *r = THTensor_(new)();
    THTensor_(indexSelect)(r, src, 0, index);
    CHECK_EQ_LONG(r->size[0], 4);
    CHECK_EQ_LONG(r->size[1], 5);
    long wrong = 0;
    for (long i = 0; i < 4; i++)
      for (long j = 0; j < 5; j++)
        wrong += Case_(at)(r, i, j) != Case_(at)(src, picks[i], j);
    THTensor_(indexSelect)(r, src, 1, index);
    CHECK_EQ_LONG(r->size[0], 4);
    CHECK_EQ_LONG(r->size[1], 4);
    for (long i = 0; i < 4; i++)
      for (long j = 0; j < 4; j++)
        wrong += Case_(at)(r, i, j) != Case_(at)(src, i, picks[j]);
    CHECK_EQ_LONG(wrong, 0);
    THTensor_(free)(r);
    THTensor_(free)(src);
  }
  THLongTensor_free(index);
}

TEST(Case_(index_select_into_a_strided_result_and_into_its_source)) {
  const long picks[] = {1, 1, 0};
  THLongTensor *index = positions(3, picks);
  THTensor *src = Case_(make)(CONTIGUOUS, 2, 3, 0);
  THTensor *r = Case_(make)(TRANSPOSED, 3, 3, 0);          /* already the result's size */
  THTensor_(indexSelect)(r, src, 0, index);
  CHECK(r->stride[0] == 1);                                /* written in place, layout kept */
  CHECK_NEAR(Case_(at)(r, 0, 2), Case_(at)(src, 1, 2), 0);
  CHECK_NEAR(Case_(at)(r, 2, 1), Case_(at)(src, 0, 1), 0);
  THTensor_(indexSelect)(src, src, 0, index);              /* the result replaces its source */
  CHECK_EQ_LONG(src->size[0], 3);
  CHECK_EQ_LONG(Case_(differences)(src, r), 0);
  THTensor_(free)(r);
  THTensor_(free)(src);
  THLongTensor_free(index);
}

TEST(Case_(index_select_of_many_rows_runs_in_parallel)) {
  long rows = 40000, cols = 4, n = 30000;
  THTensor *src = THTensor_(newWithSize2d)(rows, cols);
  for (long k = 0; k < rows * cols; k++)
    THTensor_(data)(src)[k] = (real)(k % 97);
  THLongTensor *index = THLongTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++)
    THLongTensor_data(index)[i] = (i * 7919) % rows;
  THTensor *r = THTensor_(new)();
  THTensor_(indexSelect)(r, src, 0, index);
  long wrong = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < cols; j++)
      wrong += THTensor_(data)(r)[i * cols + j] != (real)((((i * 7919) % rows) * cols + j) % 97);
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(free)(r);
  THLongTensor_free(index);
  THTensor_(free)(src);
}

TEST(Case_(index_copy_add_and_fill_write_the_picked_slices)) {
  const long picks[] = {3, 0, 3};
  THLongTensor *index = positions(3, picks);
  for (int lt = 0; lt < LAYOUTS; lt++)
    for (int ls = 0; ls < LAYOUTS; ls++) {
      THTensor *t = Case_(make)((enum layout)lt, 4, 2, 0), *src = Case_(make)((enum layout)ls, 3, 2, 10);
      THTensor *expected = Case_(make)(CONTIGUOUS, 4, 2, 0);
      THTensor_(indexCopy)(t, 0, index, src);             /* row 3 is written twice: last wins */
      for (long j = 0; j < 2; j++) {
        THTensor_(set2d)(expected, 0, j, THTensor_(get2d)(src, 1, j));
        THTensor_(set2d)(expected, 3, j, THTensor_(get2d)(src, 2, j));
      }
      CHECK_EQ_LONG(Case_(differences)(t, expected), 0);

      THTensor_(indexAdd)(t, 0, index, src);              /* row 3 gets both rows 0 and 2 */
      for (long j = 0; j < 2; j++) {
        THTensor_(set2d)(expected, 0, j, THTensor_(get2d)(expected, 0, j) + THTensor_(get2d)(src, 1, j));
        THTensor_(set2d)(expected, 3, j, THTensor_(get2d)(expected, 3, j) + THTensor_(get2d)(src, 0, j)
                                              + THTensor_(get2d)(src, 2, j));
      }
      CHECK_EQ_LONG(Case_(differences)(t, expected), 0);

      THTensor_(free)(expected);
      THTensor_(free)(src);
      THTensor_(free)(t);
    }
  THLongTensor_free(index);
}

TEST(Case_(index_fill_sets_whole_columns)) {
  const long picks[] = {2, 0};
  THLongTensor *index = positions(2, picks);
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(make)((enum layout)layout, 3, 4, 0);
    THTensor_(indexFill)(t, 1, index, 7);
    long wrong = 0;
    for (long i = 0; i < 3; i++)
      for (long j = 0; j < 4; j++)
        wrong += Case_(at)(t, i, j) != (j == 0 || j == 2 ? 7 : (double)((i * 4 + j) % 50));
    CHECK_EQ_LONG(wrong, 0);
    THTensor_(free)(t);
  }
  THLongTensor_free(index);
}

/* index (2 x 3) holds rows for dim 0: gather reads src[index[i][j]][j]. */
TEST(Case_(gather_and_scatter_move_single_elements)) {
  const long rows[] = {2, 0, 1, 0, 2, 2};
  for (int ls = 0; ls < LAYOUTS; ls++) {
    THLongTensor *index = THLongTensor_newWithSize2d(2, 3);
    for (long k = 0; k < 6; k++)
      THLongTensor_data(index)[k] = rows[k];
    THTensor *src = Case_(make)((enum layout)ls, 3, 3, 5), *r = THTensor_(new)();
    THTensor_(gather)(r, src, 0, index);
    long wrong = r->size[0] != 2 || r->size[1] != 3;
    for (long i = 0; i < 2; i++)
      for (long j = 0; j < 3; j++)
        wrong += Case_(at)(r, i, j) != Case_(at)(src, rows[i * 3 + j], j);

    THTensor *t = Case_(make)((enum layout)ls, 3, 3, 0);
    THTensor *expected = Case_(make)(CONTIGUOUS, 3, 3, 0);
    THTensor_(scatter)(t, 0, index, r);                   /* t[index[i][j]][j] = r[i][j] */
    for (long i = 0; i < 2; i++)
      for (long j = 0; j < 3; j++)
        THTensor_(set2d)(expected, rows[i * 3 + j], j, THTensor_(get2d)(r, i, j));
    wrong += Case_(differences)(t, expected);

    THTensor_(scatterFill)(t, 0, index, 9);
    for (long i = 0; i < 2; i++)
      for (long j = 0; j < 3; j++)
        wrong += Case_(at)(t, rows[i * 3 + j], j) != 9;
    CHECK_EQ_LONG(wrong, 0);

    /* along dim 1 the index picks columns: r[i][j] = src[i][index[i][j]] */
    THLongTensor *columns = THLongTensor_newWithSize2d(3, 1);
    for (long i = 0; i < 3; i++)
      THLongTensor_data(columns)[i] = 2 - i;
    THTensor_(gather)(r, src, 1, columns);
    for (long i = 0; i < 3; i++)
      CHECK_NEAR(Case_(at)(r, i, 0), Case_(at)(src, i, 2 - i), 0);
    THTensor_(gather)(src, src, 1, columns);              /* the result replaces its source */
    CHECK_EQ_LONG(Case_(differences)(src, r), 0);
    THLongTensor_free(columns);
    THTensor_(free)(expected);
    THTensor_(free)(t);
    THTensor_(free)(r);
    THTensor_(free)(src);
    THLongTensor_free(index);
  }
}

/* ---- Masks ---- */

/* A 3x4 ByteTensor mask whose element k is 1 when k % 3 == 0: picks k = 0, 3, 6, 9. */
static THByteTensor *Case_(everyThirdMask)(void) {
  THByteTensor *mask = THByteTensor_newWithSize2d(3, 4);
  for (long k = 0; k < 12; k++)
    THByteTensor_set2d(mask, k / 4, k % 4, k % 3 == 0);
  return mask;
}

TEST(Case_(masked_fill_copy_and_select_follow_row_major_order)) {
  THByteTensor *mask = Case_(everyThirdMask)();
  for (int layout = CONTIGUOUS; layout <= STRIDED; layout++) {
    THTensor *t = Case_(make)((enum layout)layout, 3, 4, 0);
    THTensor *picked = THTensor_(new)();
    THTensor_(maskedSelect)(picked, t, mask);
    CHECK_EQ_LONG(picked->nDimension, 1);
    CHECK_EQ_LONG(picked->size[0], 4);
    for (long i = 0; i < 4; i++)
      CHECK_NEAR((double)THTensor_(get1d)(picked, i), (double)(real)(3 * i), 0);

    THTensor_(maskedFill)(t, mask, 7);
    for (long k = 0; k < 12; k++)
      CHECK_NEAR(Case_(at)(t, k / 4, k % 4), k % 3 == 0 ? 7 : (double)(real)k, 0);

    THTensor *src = Case_(make)(TRANSPOSED, 2, 3, 20);      /* row-major values 20..25 */
    THTensor_(maskedCopy)(t, mask, src);
    for (long k = 0, next = 20; k < 12; k++)
      CHECK_NEAR(Case_(at)(t, k / 4, k % 4), k % 3 == 0 ? (double)(real)next++ : (double)(real)k, 0);
    THTensor_(free)(src);
    THTensor_(free)(picked);
    THTensor_(free)(t);
  }
  THByteTensor_free(mask);
}

TEST(Case_(masked_select_of_nothing_is_empty)) {
  THTensor *t = Case_(make)(CONTIGUOUS, 2, 3, 0), *r = THTensor_(newWithSize1d)(5);
  THByteTensor *mask = THByteTensor_newWithSize2d(2, 3);
  THByteTensor_fill(mask, 0);
  THTensor_(maskedSelect)(r, t, mask);
  CHECK_EQ_LONG(r->nDimension, 0);
  THByteTensor_free(mask);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

TEST(Case_(masked_ops_check_before_writing)) {
  THTensor *t = Case_(make)(CONTIGUOUS, 3, 4, 0), *r = THTensor_(new)();
  THByteTensor *small = THByteTensor_newWithSize1d(5), *bad = Case_(everyThirdMask)();
  THByteTensor *mask = Case_(everyThirdMask)();
  THByteTensor_fill(small, 1);
  THByteTensor_set2d(bad, 2, 3, 2);
  THTensor *tooFew = THTensor_(newWithSize1d)(3);
  THTensor_(fill)(tooFew, 1);
  EXPECT_TH_ERROR(THTensor_(maskedFill)(t, small, 1),
                  "the mask has 5 elements (size 5) but the tensor has 12 (size 3x4)");
  EXPECT_TH_ERROR(THTensor_(maskedFill)(t, bad, 1), "the mask may only contain 0s and 1s");
  EXPECT_TH_ERROR(THTensor_(maskedCopy)(t, mask, tooFew),
                  "the mask picks 4 elements but the source has only 3 (size 3)");
  EXPECT_TH_ERROR(THTensor_(maskedSelect)(r, t, small), "invalid argument 3:");
  for (long k = 0; k < 12; k++)                     /* nothing was written */
    CHECK_NEAR(Case_(at)(t, k / 4, k % 4), (double)(real)k, 0);
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor_(free)(tooFew);
  THByteTensor_free(mask);
  THByteTensor_free(bad);
  THByteTensor_free(small);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

/* ---- nonzero ---- */

TEST(Case_(nonzero_lists_subscripts_in_row_major_order)) {
  THTensor *t = Case_(scrambled)(STRIDED, 2, 3, 5);                      /* 0 2 4 / 1 3 0 */
  THLongTensor *subscript = THLongTensor_new();
  THTensor_(nonzero)(subscript, t);
  CHECK_EQ_LONG(subscript->size[0], 4);
  CHECK_EQ_LONG(subscript->size[1], 2);
  CHECK_EQ_LONG(THLongTensor_get2d(subscript, 0, 1), 1);
  CHECK_EQ_LONG(THLongTensor_get2d(subscript, 2, 0), 1);
  CHECK_EQ_LONG(THLongTensor_get2d(subscript, 3, 1), 1);
  THTensor_(zero)(t);
  THTensor_(nonzero)(subscript, t);
  CHECK_EQ_LONG(subscript->nDimension, 0);
  THLongTensor_free(subscript);
  THTensor_(free)(t);
}

/* ---- cat ---- */

TEST(Case_(cat_lays_inputs_end_to_end)) {
  for (int la = 0; la < LAYOUTS; la++)
    for (int lb = 0; lb < LAYOUTS; lb++) {
      THTensor *a = Case_(make)((enum layout)la, 2, 3, 0), *b = Case_(make)((enum layout)lb, 1, 3, 20);
      THTensor *r = THTensor_(new)();
      THTensor_(cat)(r, a, b, 0);
      long wrong = r->size[0] != 3 || r->size[1] != 3;
      for (long j = 0; j < 3; j++)
        wrong += Case_(at)(r, 0, j) != Case_(at)(a, 0, j) || Case_(at)(r, 1, j) != Case_(at)(a, 1, j) ||
                 Case_(at)(r, 2, j) != Case_(at)(b, 0, j);
      THTensor *c = Case_(make)((enum layout)lb, 2, 1, 30), *empty = THTensor_(new)();
      THTensor *inputs[] = {empty, a, c, empty};
      THTensor_(catArray)(r, inputs, 4, 1);                /* empty tensors contribute nothing */
      wrong += r->size[0] != 2 || r->size[1] != 4;
      for (long i = 0; i < 2; i++)
        wrong += Case_(at)(r, i, 1) != Case_(at)(a, i, 1) || Case_(at)(r, i, 3) != Case_(at)(c, i, 0);
      THTensor_(cat)(a, a, a, 1);                          /* the result replaces an input */
      wrong += a->size[1] != 6 || Case_(at)(a, 1, 4) != Case_(at)(a, 1, 1);
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(empty);
      THTensor_(free)(c);
      THTensor_(free)(r);
      THTensor_(free)(b);
      THTensor_(free)(a);
    }
}

TEST(Case_(cat_of_many_large_inputs)) {
  enum { N = 40 };
  THTensor *inputs[N];
  for (int k = 0; k < N; k++) {
    inputs[k] = THTensor_(newWithSize1d)(5000);
    THTensor_(fill)(inputs[k], (real)k);
  }
  THTensor *r = THTensor_(new)();
  THTensor_(catArray)(r, inputs, N, 0);
  long wrong = r->size[0] != N * 5000;
  for (long i = 0; i < N * 5000; i++)
    wrong += THTensor_(data)(r)[i] != (real)(i / 5000);
  CHECK_EQ_LONG(wrong, 0);
  THTensor *empty = THTensor_(new)();
  THTensor *nothing[] = {empty, empty};
  THTensor_(catArray)(r, nothing, 2, 0);
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor_(free)(empty);
  THTensor_(free)(r);
  for (int k = 0; k < N; k++)
    THTensor_(free)(inputs[k]);
}

TEST(Case_(bad_indices_and_sizes_are_reported_before_writing)) {
  const long outside[] = {1, 3}, negative[] = {-1}, fine[] = {0, 1};
  THLongTensor *tooFar = positions(2, outside), *belowZero = positions(1, negative);
  THLongTensor *ok = positions(2, fine), *matrix = THLongTensor_newWithSize2d(1, 2);
  THLongTensor_fill(matrix, 0);
  THTensor *t = Case_(make)(CONTIGUOUS, 3, 2, 0), *r = THTensor_(new)();
  THTensor *src = Case_(make)(CONTIGUOUS, 2, 2, 10), *wide = Case_(make)(CONTIGUOUS, 2, 3, 10);

  EXPECT_TH_ERROR(THTensor_(indexSelect)(r, t, 0, tooFar), "index 3 is out of range for dimension 0 (of size 3)");
  CHECK(THLastErrorKind() == TH_ERROR_INDEX);
  EXPECT_TH_ERROR(THTensor_(indexSelect)(r, t, 1, belowZero), "index -1 is out of range for dimension 1 (of size 2)");
  EXPECT_TH_ERROR(THTensor_(indexSelect)(r, t, 2, ok), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(indexSelect)(r, t, 0, matrix), "expected a 1-D index, got a tensor of size 1x2");
  CHECK_EQ_LONG(r->nDimension, 0);
  EXPECT_TH_ERROR(THTensor_(indexCopy)(t, 0, tooFar, src), "index 3 is out of range");
  EXPECT_TH_ERROR(THTensor_(indexAdd)(t, 0, ok, wide),
                  "expected a source of size 3x2 except 2 at dimension 0 (the index's length), got size 2x3");
  EXPECT_TH_ERROR(THTensor_(indexFill)(t, 1, tooFar, 5), "index 3 is out of range for dimension 1 (of size 2)");
  EXPECT_TH_ERROR(THTensor_(gather)(r, t, 0, ok), "expected an index with as many dimensions as the tensor (2)");
  EXPECT_TH_ERROR(THTensor_(gather)(r, t, 1, matrix), "the index (size 1x2) must match the tensor (size 3x2)");
  THLongTensor *column = THLongTensor_newWithSize2d(3, 1);
  THLongTensor_fill(column, 2);
  EXPECT_TH_ERROR(THTensor_(gather)(r, t, 1, column), "index 2 is out of range for dimension 1 (of size 2)");
  EXPECT_TH_ERROR(THTensor_(scatter)(t, 1, column, src), "the source (size 2x2) must match the tensor (size 3x2)");
  THLongTensor_fill(column, 0);
  THLongTensor *twoColumns = THLongTensor_newWithSize2d(3, 2);
  THLongTensor_fill(twoColumns, 0);
  THTensor *narrowSrc = Case_(make)(CONTIGUOUS, 3, 1, 0);
  EXPECT_TH_ERROR(THTensor_(scatter)(t, 1, twoColumns, narrowSrc),
                  "the index has 2 entries along dimension 1 but the source only 1 (size 3x1)");
  THLongTensor_fill(column, 5);
  EXPECT_TH_ERROR(THTensor_(scatterFill)(t, 1, column, 1), "index 5 is out of range for dimension 1");
  EXPECT_TH_ERROR(THTensor_(cat)(r, t, wide, 0),
                  "inconsistent tensor sizes in cat: tensor 1 has size 2x3 but tensor 0 has size 3x2");
  EXPECT_TH_ERROR(THTensor_(cat)(r, t, t, 2), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(catArray)(r, NULL, 0, 0), "expected at least one tensor");
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor *original = Case_(make)(CONTIGUOUS, 3, 2, 0);
  CHECK_EQ_LONG(Case_(differences)(t, original), 0);       /* nothing was written */

  THTensor_(free)(original);
  THTensor_(free)(narrowSrc);
  THLongTensor_free(twoColumns);
  THLongTensor_free(column);
  THTensor_(free)(wide);
  THTensor_(free)(src);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THLongTensor_free(matrix);
  THLongTensor_free(ok);
  THLongTensor_free(belowZero);
  THLongTensor_free(tooFar);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(index_select_picks_whole_rows_and_columns)),
  TEST_ENTRY(Case_(index_select_into_a_strided_result_and_into_its_source)),
  TEST_ENTRY(Case_(index_select_of_many_rows_runs_in_parallel)),
  TEST_ENTRY(Case_(index_copy_add_and_fill_write_the_picked_slices)),
  TEST_ENTRY(Case_(index_fill_sets_whole_columns)),
  TEST_ENTRY(Case_(gather_and_scatter_move_single_elements)),
  TEST_ENTRY(Case_(masked_fill_copy_and_select_follow_row_major_order)),
  TEST_ENTRY(Case_(masked_select_of_nothing_is_empty)),
  TEST_ENTRY(Case_(masked_ops_check_before_writing)),
  TEST_ENTRY(Case_(nonzero_lists_subscripts_in_row_major_order)),
  TEST_ENTRY(Case_(cat_lays_inputs_end_to_end)),
  TEST_ENTRY(Case_(cat_of_many_large_inputs)),
  TEST_ENTRY(Case_(bad_indices_and_sizes_are_reported_before_writing)),
};

#endif
