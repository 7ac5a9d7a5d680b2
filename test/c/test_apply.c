/* The apply macros: every element visited once, in row-major order, whatever the strides; two or
 * three tensors walked together need only equal element counts; a mismatch is reported before
 * anything is written. The dim-apply macros hand out one 1-D slice per position. */
#include "harness.h"

/* rows x cols, holding 0, 1, 2, ... in row-major order, in one of three layouts. */
enum layout { CONTIGUOUS, TRANSPOSED, NARROWED };

static THDoubleTensor *range2d(enum layout layout, long rows, long cols) {
  THDoubleTensor *t;
  if (layout == TRANSPOSED) {
    THDoubleTensor *base = THDoubleTensor_newWithSize2d(cols, rows);
    t = THDoubleTensor_newTranspose(base, 0, 1);
    THDoubleTensor_free(base);
  } else if (layout == NARROWED) {
    THDoubleTensor *base = THDoubleTensor_newWithSize2d(rows + 2, cols + 3);
    THDoubleTensor_fill(base, -1);
    THDoubleTensor *rowsView = THDoubleTensor_newNarrow(base, 0, 1, rows);
    t = THDoubleTensor_newNarrow(rowsView, 1, 2, cols);
    THDoubleTensor_free(rowsView);
    THDoubleTensor_free(base);
  } else {
    t = THDoubleTensor_newWithSize2d(rows, cols);
  }
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THDoubleTensor_set2d(t, i, j, (double)(i * cols + j));
  return t;
}

TEST(apply_visits_elements_in_row_major_order) {
  for (int layout = CONTIGUOUS; layout <= NARROWED; layout++) {
    THDoubleTensor *t = range2d((enum layout)layout, 3, 4);
    long visited = 0, inOrder = 1;
    TH_TENSOR_APPLY(double, t, inOrder &= (*t_data == (double)visited); visited++;);
    CHECK_EQ_LONG(visited, 12);
    CHECK(inOrder);
    THDoubleTensor_free(t);
  }
}

TEST(apply_only_touches_the_view) {
  THDoubleTensor *base = THDoubleTensor_newWithSize2d(4, 5);
  THDoubleTensor_fill(base, 0);
  THDoubleTensor *view = THDoubleTensor_newNarrow(base, 1, 1, 3);
  THDoubleTensor_narrow(view, NULL, 0, 1, 2);
  TH_TENSOR_APPLY(double, view, *view_data = 1;);
  CHECK_NEAR(THDoubleTensor_sumall(base), 6, 0);
  CHECK_NEAR(THDoubleTensor_get2d(base, 1, 0), 0, 0);
  CHECK_NEAR(THDoubleTensor_get2d(base, 2, 3), 1, 0);
  CHECK_NEAR(THDoubleTensor_get2d(base, 2, 4), 0, 0);
  THDoubleTensor_free(view);
  THDoubleTensor_free(base);
}

TEST(apply_on_an_empty_tensor_does_nothing) {
  THDoubleTensor *empty = THDoubleTensor_new(), *other = THDoubleTensor_new();
  long visited = 0;
  TH_TENSOR_APPLY(double, empty, visited++;);
  TH_TENSOR_APPLY2(double, empty, double, other, visited++;);
  THDoubleTensor_free(other);
  CHECK_EQ_LONG(visited, 0);
  THDoubleTensor_free(empty);
}

TEST(apply_on_size_one_dimensions) {
  THDoubleTensor *t = THDoubleTensor_newWithSize3d(1, 1, 1);
  long visited = 0;
  TH_TENSOR_APPLY(double, t, *t_data = 5; visited++;);
  CHECK_EQ_LONG(visited, 1);
  CHECK_NEAR(THDoubleTensor_get3d(t, 0, 0, 0), 5, 0);
  THDoubleTensor_free(t);
}

TEST(apply_body_may_continue) {
  THDoubleTensor *t = range2d(TRANSPOSED, 4, 4);
  TH_TENSOR_APPLY(double, t, if ((long)*t_data % 2) continue; *t_data = 0;);
  CHECK_NEAR(THDoubleTensor_sumall(t), 1 + 3 + 5 + 7 + 9 + 11 + 13 + 15, 0);
  THDoubleTensor_free(t);
}

TEST(apply2_pairs_elements_by_row_major_position) {
  for (int la = CONTIGUOUS; la <= NARROWED; la++) {
    for (int lb = CONTIGUOUS; lb <= NARROWED; lb++) {
      THDoubleTensor *a = range2d((enum layout)la, 2, 6);
      THDoubleTensor *b = range2d((enum layout)lb, 4, 3);  /* other shape, same count */
      long mismatches = 0, visited = 0;
      TH_TENSOR_APPLY2(double, a, double, b, mismatches += *a_data != *b_data; visited++;);
      CHECK_EQ_LONG(visited, 12);
      CHECK_EQ_LONG(mismatches, 0);
      THDoubleTensor_free(a);
      THDoubleTensor_free(b);
    }
  }
}

TEST(apply2_works_across_types) {
  THDoubleTensor *d = range2d(TRANSPOSED, 3, 3);
  THIntTensor *i = THIntTensor_newWithSize1d(9);
  TH_TENSOR_APPLY2(int, i, double, d, *i_data = (int)(*d_data * 2););
  CHECK_EQ_LONG(THIntTensor_get1d(i, 8), 16);
  CHECK_EQ_LONG(THIntTensor_get1d(i, 3), 6);
  THIntTensor_free(i);
  THDoubleTensor_free(d);
}

TEST(apply2_checks_element_counts_before_writing) {
  THDoubleTensor *a = range2d(CONTIGUOUS, 2, 3), *b = range2d(CONTIGUOUS, 1, 4);
  EXPECT_TH_ERROR(TH_TENSOR_APPLY2(double, a, double, b, *a_data = 0;),
                  "one has 6 (size 2x3) and the other 4 (size 1x4)");
  CHECK_NEAR(THDoubleTensor_sumall(a), 15, 0);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
}

TEST(apply3_walks_three_layouts_together) {
  THDoubleTensor *a = range2d(NARROWED, 3, 4), *b = range2d(TRANSPOSED, 4, 3), *r = range2d(TRANSPOSED, 2, 6);
  TH_TENSOR_APPLY3(double, r, double, a, double, b, *r_data = *a_data + 10 * *b_data;);
  long wrong = 0, k = 0;
  TH_TENSOR_APPLY(double, r, wrong += *r_data != 11.0 * (double)k; k++;);
  CHECK_EQ_LONG(wrong, 0);
  THDoubleTensor *c = range2d(CONTIGUOUS, 5, 1);
  EXPECT_TH_ERROR(TH_TENSOR_APPLY3(double, r, double, a, double, c, *r_data = 0;), "(size 5x1)");
  CHECK_NEAR(THDoubleTensor_get2d(r, 1, 5), 11 * 11, 0);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
  THDoubleTensor_free(c);
  THDoubleTensor_free(r);
}

/* Beyond TH_APPLY_STACK_DIMS dimensions the odometer lives on the heap (ASan checks the free). */
TEST(apply_on_many_dimensions) {
  long size[18], stride[18];
  for (int d = 0; d < 18; d++)
    size[d] = 2;
  THByteTensor *base = THByteTensor_new();
  THByteTensor_resizeNd(base, 18, size, NULL);
  for (int d = 0; d < 18; d++)
    stride[d] = base->stride[17 - d];            /* every dimension reversed: nothing contiguous */
  THByteTensor *t = THByteTensor_new();
  THByteTensor_setStorageNd(t, base->storage, 0, 18, size, stride);
  THByteTensor_zero(base);
  long visited = 0;
  TH_TENSOR_APPLY(unsigned char, t, (*t_data)++; visited++;);
  CHECK_EQ_LONG(visited, 1L << 18);
  CHECK_EQ_LONG(THByteTensor_sumall(base), 1L << 18);
  TH_TENSOR_APPLY2(unsigned char, t, unsigned char, base, *t_data = 3;);
  CHECK_EQ_LONG(THByteTensor_sumall(base), 3L << 18);
  THByteTensor_free(t);
  THByteTensor_free(base);
}

TEST(dim_apply_gives_each_slice) {
  THDoubleTensor *t = range2d(NARROWED, 3, 4);
  THDoubleTensor *rowSums = THDoubleTensor_newWithSize1d(3);
  long slices = 0;
  TH_TENSOR_DIM_APPLY(double, t, 1,
                      double s = 0;
                      for (long k = 0; k < t_size; k++) s += t_data[k * t_stride];
                      THDoubleTensor_set1d(rowSums, slices, s);
                      slices++;);
  CHECK_EQ_LONG(slices, 3);
  CHECK_NEAR(THDoubleTensor_get1d(rowSums, 0), 0 + 1 + 2 + 3, 0);
  CHECK_NEAR(THDoubleTensor_get1d(rowSums, 2), 8 + 9 + 10 + 11, 0);
  long columnSlices = 0;
  TH_TENSOR_DIM_APPLY(double, t, 0, columnSlices += t_size == 3;);
  CHECK_EQ_LONG(columnSlices, 4);
  EXPECT_TH_ERROR(TH_TENSOR_DIM_APPLY(double, t, 2, (void)t_data;), "dimension 2 out of range of 2D tensor");
  THDoubleTensor_free(rowSums);
  THDoubleTensor_free(t);
}

TEST(dim_apply2_needs_equal_sizes_outside_the_dimension) {
  THDoubleTensor *t = THDoubleTensor_newWithSize3d(2, 3, 4);
  THDoubleTensor *r = THDoubleTensor_newWithSize3d(2, 1, 4);
  long k = 0;
  TH_TENSOR_APPLY(double, t, *t_data = (double)k++;);
  TH_TENSOR_DIM_APPLY2(double, r, double, t, 1,
                       *r_data = 0;
                       for (long i = 0; i < t_size; i++) *r_data += t_data[i * t_stride];);
  CHECK_NEAR(THDoubleTensor_get3d(r, 0, 0, 0), 0 + 4 + 8, 0);
  CHECK_NEAR(THDoubleTensor_get3d(r, 1, 0, 3), 15 + 19 + 23, 0);
  THDoubleTensor *bad = THDoubleTensor_newWithSize3d(2, 1, 5);
  EXPECT_TH_ERROR(TH_TENSOR_DIM_APPLY2(double, bad, double, t, 1, *bad_data = 0;),
                  "2x1x5 and 2x3x4 must match in every dimension except 1");
  EXPECT_TH_ERROR(TH_TENSOR_DIM_APPLY3(double, r, double, t, double, bad, 1, *r_data = 0;),
                  "must match in every dimension except 1");
  THDoubleTensor *pairs = THDoubleTensor_newWithSize3d(2, 3, 1);
  THDoubleTensor *same = t;                   /* each tensor of a macro needs its own name */
  TH_TENSOR_DIM_APPLY3(double, pairs, double, t, double, same, 2, *pairs_data = t_data[0] + same_data[same_stride];);
  CHECK_NEAR(THDoubleTensor_get3d(pairs, 1, 0, 0), 12 + 13, 0);
  THDoubleTensor_free(pairs);
  THDoubleTensor_free(bad);
  THDoubleTensor_free(r);
  THDoubleTensor_free(t);
}

HARNESS_MAIN(TEST_ENTRY(apply_visits_elements_in_row_major_order),
             TEST_ENTRY(apply_only_touches_the_view),
             TEST_ENTRY(apply_on_an_empty_tensor_does_nothing),
             TEST_ENTRY(apply_on_size_one_dimensions),
             TEST_ENTRY(apply_body_may_continue),
             TEST_ENTRY(apply2_pairs_elements_by_row_major_position),
             TEST_ENTRY(apply2_works_across_types),
             TEST_ENTRY(apply2_checks_element_counts_before_writing),
             TEST_ENTRY(apply3_walks_three_layouts_together),
             TEST_ENTRY(apply_on_many_dimensions),
             TEST_ENTRY(dim_apply_gives_each_slice),
             TEST_ENTRY(dim_apply2_needs_equal_sizes_outside_the_dimension))
