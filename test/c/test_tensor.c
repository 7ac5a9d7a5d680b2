/* THTensor: a strided view onto a storage. The empty tensor, resizing rules (sizes end at the
 * first size <= 0, negative strides mean contiguous, storages grow but never shrink), views that
 * share memory (narrow, select, transpose, unfold, squeeze, unsqueeze), predicates, refcounts,
 * checked element access, and the error messages for bad dimensions and indices. */
#include "harness.h"

/* A rows x cols FloatTensor holding 0, 1, 2, ... in row-major order. */
static THFloatTensor *range2d(long rows, long cols) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(rows, cols);
  float *data = THFloatTensor_data(t);
  for (long i = 0; i < rows * cols; i++)
    data[i] = (float)i;
  return t;
}

TEST(new_tensor_is_empty) {
  THFloatTensor *t = THFloatTensor_new();
  CHECK_EQ_LONG(THFloatTensor_nDimension(t), 0);
  CHECK_EQ_LONG(THFloatTensor_nElement(t), 0);
  CHECK(THFloatTensor_storage(t) == NULL);
  CHECK(THFloatTensor_data(t) == NULL);
  CHECK(THFloatTensor_isContiguous(t));
  CHECK_EQ_LONG(t->refcount, 1);
  THFloatTensor_free(t);
}

TEST(new_with_size_is_contiguous_row_major) {
  THDoubleTensor *t = THDoubleTensor_newWithSize3d(2, 3, 4);
  CHECK_EQ_LONG(t->nDimension, 3);
  CHECK_EQ_LONG(THDoubleTensor_size(t, 0), 2);
  CHECK_EQ_LONG(THDoubleTensor_size(t, 2), 4);
  CHECK_EQ_LONG(THDoubleTensor_stride(t, 0), 12);
  CHECK_EQ_LONG(THDoubleTensor_stride(t, 1), 4);
  CHECK_EQ_LONG(THDoubleTensor_stride(t, 2), 1);
  CHECK_EQ_LONG(THDoubleTensor_nElement(t), 24);
  CHECK_EQ_LONG(t->storage->size, 24);
  CHECK(THDoubleTensor_isContiguous(t));
  THDoubleTensor_free(t);
}

TEST(size_list_ends_at_the_first_non_positive_size) {
  THFloatTensor *t = THFloatTensor_newWithSize3d(3, 0, 5);
  CHECK_EQ_LONG(t->nDimension, 1);
  CHECK_EQ_LONG(t->size[0], 3);
  THFloatTensor_resize2d(t, 0, 4);
  CHECK_EQ_LONG(t->nDimension, 0);
  CHECK_EQ_LONG(t->storage->size, 3);  /* never shrinks */
  THFloatTensor_free(t);
}

TEST(resize_grows_the_storage_but_never_shrinks_it) {
  THIntTensor *t = THIntTensor_newWithSize1d(10);
  THIntStorage *storage = t->storage;
  THIntTensor_resize2d(t, 2, 2);
  CHECK(t->storage == storage);
  CHECK_EQ_LONG(storage->size, 10);
  THIntTensor_resize2d(t, 4, 5);
  CHECK_EQ_LONG(storage->size, 20);
  THIntTensor_resize1d(t, 3);
  CHECK_EQ_LONG(storage->size, 20);
  THIntTensor_free(t);
}

TEST(resize_to_the_same_size_keeps_strides) {
  THFloatTensor *base = range2d(3, 2);
  THFloatTensor *t = THFloatTensor_newTranspose(base, 0, 1);
  THFloatTensor_resize2d(t, 2, 3);      /* same sizes: nothing happens */
  CHECK_EQ_LONG(t->stride[0], 1);
  CHECK_EQ_LONG(t->stride[1], 2);
  THFloatTensor_resizeAs(t, t);
  CHECK_EQ_LONG(t->stride[0], 1);
  THFloatTensor_free(t);
  THFloatTensor_free(base);
}

TEST(resize_with_explicit_strides) {
  THLongStorage *size = THLongStorage_newWithSize2(2, 3);
  THLongStorage *stride = THLongStorage_newWithSize2(1, 2);
  THFloatTensor *t = THFloatTensor_newWithSize(size, stride);
  CHECK_EQ_LONG(t->stride[0], 1);
  CHECK_EQ_LONG(t->stride[1], 2);
  CHECK_EQ_LONG(t->storage->size, 6);
  CHECK(!THFloatTensor_isContiguous(t));
  stride->data[0] = -1;                  /* negative: not compared, so same sizes change nothing */
  THFloatTensor_resize(t, size, stride);
  CHECK_EQ_LONG(t->stride[0], 1);
  size->data[0] = 3;                     /* new sizes: the negative stride is computed, 3*2 */
  THFloatTensor_resize(t, size, stride);
  CHECK_EQ_LONG(t->stride[0], 6);
  CHECK_EQ_LONG(t->stride[1], 2);
  CHECK_EQ_LONG(t->storage->size, 17);  /* 1 + (3-1)*6 + (3-1)*2 */
  THLongStorage *bad = THLongStorage_newWithSize1(1);
  EXPECT_TH_ERROR(THFloatTensor_resize(t, size, bad), "got 1 strides for 2 sizes");
  THLongStorage_free(bad);
  THLongStorage_free(size);
  THLongStorage_free(stride);
  THFloatTensor_free(t);
}

TEST(resize_refuses_to_grow_a_storage_that_is_not_resizable) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(4);
  THFloatStorage_clearFlag(t->storage, TH_STORAGE_RESIZABLE);
  EXPECT_TH_ERROR(THFloatTensor_resize2d(t, 4, 4), "needs 16 storage elements but its storage has 4");
  CHECK_EQ_LONG(t->nDimension, 1);      /* unchanged */
  CHECK_EQ_LONG(t->size[0], 4);
  THFloatTensor_resize2d(t, 2, 2);      /* fits: fine */
  CHECK_EQ_LONG(t->nDimension, 2);
  THFloatTensor_free(t);
}

TEST(huge_sizes_are_an_error_not_an_overflow) {
  THFloatTensor *t = THFloatTensor_new();
  EXPECT_TH_ERROR(THFloatTensor_resize3d(t, 1L << 40, 1L << 40, 1L << 40), "too large");
  CHECK_EQ_LONG(t->nDimension, 0);
  THFloatTensor_free(t);
}

/* ShortTensor(1, 1).expand(2**62, 2**62): a stride-0 view reaches one element whatever its sizes,
 * but its element count (2**124) overflows: every layout TH makes refuses it, naming the sizes. */
TEST(sizes_whose_element_count_or_bytes_overflow_are_refused) {
  THShortTensor *one = THShortTensor_newWithSize2d(1, 1), *view = THShortTensor_new();
  EXPECT_TH_ERROR(THShortTensor_setStorage2d(view, one->storage, 0, 1L << 62, 0, 1L << 62, 0),
                  "a tensor of size 4611686018427387904x4611686018427387904 is too large");
  EXPECT_TH_ERROR(THShortTensor_free(THShortTensor_newWithStorage1d(one->storage, 0, 1L << 62, 0)),
                  "size 4611686018427387904 is too large");  /* 2**62 shorts: 2**63 bytes */
  THShortTensor_setStorage1d(view, one->storage, 0, 1L << 61, 0);  /* 2**62 bytes: fits */
  CHECK_EQ_LONG(THShortTensor_nElement(view), 1L << 61);
  EXPECT_TH_ERROR(THShortTensor_unfold(view, NULL, 0, 1L << 60, 1), "is too large");
  CHECK_EQ_LONG(view->nDimension, 1);                 /* unchanged */
  EXPECT_TH_ERROR(THShortTensor_resize2d(view, 1L << 62, 4), "too large");
  CHECK_EQ_LONG(view->size[0], 1L << 61);
  EXPECT_TH_ERROR(THShortTensor_free(THShortTensor_newWithSize1d(1L << 62)), "too large");
  THShortTensor_free(view);
  THShortTensor_free(one);
}

/* The storage is allocated before the tensor struct: when memory runs out nothing is left behind
 * (the sanitizer mode's leak checker would report the struct). The error is of the memory kind
 * (a MemoryError in Python), and nothing was touched before the allocation failed. */
TEST(running_out_of_memory_in_new_with_size_leaks_nothing) {
  EXPECT_TH_ERROR(THFloatTensor_newWithSize2d(1L << 22, 1L << 22), "not enough memory");
  CHECK(THLastErrorKind() == TH_ERROR_MEMORY);
  THFloatTensor *t = THFloatTensor_newWithSize1d(2);
  EXPECT_TH_ERROR(THFloatTensor_resize2d(t, 1L << 24, 1L << 24), "not enough memory");
  CHECK(THLastErrorKind() == TH_ERROR_MEMORY);
  CHECK_EQ_LONG(t->nDimension, 1);
  THFloatTensor_free(t);
}

TEST(new_with_storage_views_existing_memory) {
  THFloatStorage *s = THFloatStorage_newWithSize(10);
  for (int i = 0; i < 10; i++)
    s->data[i] = (float)i;
  THFloatTensor *t = THFloatTensor_newWithStorage2d(s, 1, 3, 3, 2, 1);
  CHECK(t->storage == s);
  CHECK_EQ_LONG(s->refcount, 2);
  CHECK_NEAR(THFloatTensor_get2d(t, 0, 0), 1, 0);
  CHECK_NEAR(THFloatTensor_get2d(t, 2, 1), 8, 0);
  CHECK_EQ_LONG(THFloatTensor_storageOffset(t), 1);
  THFloatTensor_free(t);
  CHECK_EQ_LONG(s->refcount, 1);
  THFloatStorage_free(s);
}

TEST(new_with_storage_checks_before_allocating) {
  THFloatStorage *s = THFloatStorage_newWithSize(4);
  THFloatStorage_clearFlag(s, TH_STORAGE_RESIZABLE);
  EXPECT_TH_ERROR(THFloatTensor_newWithStorage1d(s, 2, 3, 1), "needs 5 storage elements, but its storage has 4");
  EXPECT_TH_ERROR(THFloatTensor_newWithStorage1d(s, -1, 3, 1), "storage offset must be non-negative");
  CHECK_EQ_LONG(s->refcount, 1);
  THFloatStorage_free(s);
}

TEST(set_storage_repoints_a_tensor) {
  THLongStorage *s = THLongStorage_newWithSize4(1, 2, 3, 4);
  THLongTensor *t = THLongTensor_newWithSize1d(7);
  THLongTensor_setStorage2d(t, s, 0, 2, 2, 2, 1);
  CHECK(t->storage == s);
  CHECK_EQ_LONG(THLongTensor_get2d(t, 1, 0), 3);
  EXPECT_TH_ERROR(THLongTensor_setStorage1d(t, s, -2, 1, 1), "storage offset must be non-negative");
  CHECK(t->storage == s);
  THLongTensor_free(t);
  THLongStorage_free(s);
}

TEST(size_and_stride_check_the_dimension) {
  THFloatTensor *t = range2d(2, 3);
  EXPECT_TH_ERROR(THFloatTensor_size(t, 2), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THFloatTensor_stride(t, -1), "dimension -1 out of range of 2D tensor");
  THLongStorage *size = THFloatTensor_newSizeOf(t), *stride = THFloatTensor_newStrideOf(t);
  CHECK_EQ_LONG(size->size, 2);
  CHECK_EQ_LONG(size->data[1], 3);
  CHECK_EQ_LONG(stride->data[0], 3);
  CHECK(THFloatTensor_isSize(t, size));
  THLongStorage_free(size);
  THLongStorage_free(stride);
  THFloatTensor_free(t);
}

TEST(narrow_shares_memory) {
  THFloatTensor *t = range2d(4, 3);
  THFloatTensor *n = THFloatTensor_newNarrow(t, 0, 1, 2);
  CHECK_EQ_LONG(n->size[0], 2);
  CHECK_EQ_LONG(n->storageOffset, 3);
  CHECK_NEAR(THFloatTensor_get2d(n, 0, 0), 3, 0);
  THFloatTensor_set2d(n, 1, 2, -1);
  CHECK_NEAR(THFloatTensor_get2d(t, 2, 2), -1, 0);
  THFloatTensor_narrow(n, NULL, 1, 1, 2);        /* in place, src NULL means self */
  CHECK_NEAR(THFloatTensor_get2d(n, 0, 0), 4, 0);
  CHECK(!THFloatTensor_isContiguous(n));
  EXPECT_TH_ERROR(THFloatTensor_newNarrow(t, 2, 0, 1), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THFloatTensor_newNarrow(t, 0, 4, 1), "start 4 is out of range for dimension 0 (of size 4)");
  EXPECT_TH_ERROR(THFloatTensor_newNarrow(t, 0, 1, 4), "length 4 is invalid for dimension 0 of size 4");
  EXPECT_TH_ERROR(THFloatTensor_newNarrow(t, 0, 1, 0), "length 0 is invalid");
  THFloatTensor_free(n);
  THFloatTensor_free(t);
}

TEST(select_removes_a_dimension) {
  THFloatTensor *t = range2d(3, 4);
  THFloatTensor *row = THFloatTensor_newSelect(t, 0, 2);
  THFloatTensor *col = THFloatTensor_newSelect(t, 1, 1);
  CHECK_EQ_LONG(row->nDimension, 1);
  CHECK_EQ_LONG(row->size[0], 4);
  CHECK_NEAR(THFloatTensor_get1d(row, 3), 11, 0);
  CHECK_EQ_LONG(col->size[0], 3);
  CHECK_EQ_LONG(col->stride[0], 4);
  CHECK_NEAR(THFloatTensor_get1d(col, 2), 9, 0);
  EXPECT_TH_ERROR(THFloatTensor_newSelect(row, 0, 0), "cannot select on a 1D tensor");
  EXPECT_TH_ERROR(THFloatTensor_newSelect(t, 0, 3), "index 3 is out of range for dimension 0 (of size 3)");
  EXPECT_TH_ERROR(THFloatTensor_select(row, t, 5, 0), "dimension 5 out of range of 2D tensor");
  CHECK_EQ_LONG(row->size[0], 4);                /* untouched by the failed select */
  THFloatTensor_free(row);
  THFloatTensor_free(col);
  THFloatTensor_free(t);
}

TEST(transpose_swaps_sizes_and_strides) {
  THFloatTensor *t = range2d(2, 3);
  THFloatTensor *tt = THFloatTensor_newTranspose(t, 0, 1);
  CHECK_EQ_LONG(tt->size[0], 3);
  CHECK_EQ_LONG(tt->stride[0], 1);
  CHECK_EQ_LONG(tt->stride[1], 3);
  CHECK_NEAR(THFloatTensor_get2d(tt, 2, 1), 5, 0);
  CHECK(!THFloatTensor_isContiguous(tt));
  THFloatTensor_transpose(tt, NULL, 1, 1);
  CHECK_EQ_LONG(tt->size[0], 3);
  EXPECT_TH_ERROR(THFloatTensor_newTranspose(t, 0, 2), "dimension 2 out of range of 2D tensor");
  THFloatTensor_free(tt);
  THFloatTensor_free(t);
}

TEST(unfold_adds_a_window_dimension) {
  THFloatTensor *t = range2d(1, 7);
  THFloatTensor_select(t, NULL, 0, 0);            /* the 1-D tensor 0, 1, ..., 6 */
  CHECK_EQ_LONG(t->nDimension, 1);
  THFloatTensor *u = THFloatTensor_newUnfold(t, 0, 3, 2);
  CHECK_EQ_LONG(u->nDimension, 2);
  CHECK_EQ_LONG(u->size[0], 3);                   /* (7 - 3) / 2 + 1 */
  CHECK_EQ_LONG(u->size[1], 3);
  CHECK_EQ_LONG(u->stride[0], 2);
  CHECK_EQ_LONG(u->stride[1], 1);
  CHECK_NEAR(THFloatTensor_get2d(u, 2, 0), 4, 0);
  CHECK_NEAR(THFloatTensor_get2d(u, 2, 2), 6, 0);
  EXPECT_TH_ERROR(THFloatTensor_newUnfold(t, 0, 8, 1), "window size 8 is invalid for dimension 0 of size 7");
  EXPECT_TH_ERROR(THFloatTensor_newUnfold(t, 0, 2, 0), "step must be positive");
  THFloatTensor *empty = THFloatTensor_new();
  EXPECT_TH_ERROR(THFloatTensor_newUnfold(empty, 0, 1, 1), "cannot unfold an empty tensor");
  THFloatTensor_free(empty);
  THFloatTensor_free(u);
  THFloatTensor_free(t);
}

TEST(squeeze_removes_size_one_dimensions) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(1, 3, 1, 2);
  THFloatTensor *s = THFloatTensor_new();
  THFloatTensor_squeeze(s, t);
  CHECK_EQ_LONG(s->nDimension, 2);
  CHECK_EQ_LONG(s->size[0], 3);
  CHECK_EQ_LONG(s->size[1], 2);
  THFloatTensor_squeeze1d(s, t, 2);
  CHECK_EQ_LONG(s->nDimension, 3);
  CHECK_EQ_LONG(s->size[2], 2);
  THFloatTensor_squeeze1d(s, t, 1);               /* size 3: nothing to remove */
  CHECK_EQ_LONG(s->nDimension, 4);
  THFloatTensor *ones = THFloatTensor_newWithSize3d(1, 1, 1);
  THFloatTensor_squeeze(ones, NULL);              /* all ones: one dimension stays */
  CHECK_EQ_LONG(ones->nDimension, 1);
  CHECK_EQ_LONG(ones->size[0], 1);
  THFloatTensor_squeeze1d(ones, NULL, 0);         /* never down to 0-D */
  CHECK_EQ_LONG(ones->nDimension, 1);
  EXPECT_TH_ERROR(THFloatTensor_squeeze1d(s, t, 4), "dimension 4 out of range of 4D tensor");
  THFloatTensor_free(ones);
  THFloatTensor_free(s);
  THFloatTensor_free(t);
}

TEST(unsqueeze_inserts_a_size_one_dimension) {
  THFloatTensor *t = range2d(2, 3);
  THFloatTensor *u = THFloatTensor_new();
  THFloatTensor_unsqueeze1d(u, t, 0);
  CHECK_EQ_LONG(u->nDimension, 3);
  CHECK_EQ_LONG(u->size[0], 1);
  CHECK_EQ_LONG(u->stride[0], 6);
  THFloatTensor_unsqueeze1d(u, t, 2);
  CHECK_EQ_LONG(u->size[2], 1);
  CHECK_EQ_LONG(u->stride[2], 1);
  CHECK(THFloatTensor_isContiguous(u));
  CHECK_NEAR(THFloatTensor_get3d(u, 1, 2, 0), 5, 0);
  EXPECT_TH_ERROR(THFloatTensor_unsqueeze1d(u, t, 3), "dimension 3 out of range for inserting into a 2D tensor");
  THFloatTensor *empty = THFloatTensor_new();
  EXPECT_TH_ERROR(THFloatTensor_unsqueeze1d(u, empty, 0), "cannot unsqueeze an empty tensor");
  THFloatTensor_free(empty);
  THFloatTensor_free(u);
  THFloatTensor_free(t);
}

TEST(is_contiguous_ignores_size_one_dimensions) {
  long size[3] = {2, 1, 3}, stride[3] = {3, 99, 1};
  THFloatTensor *t = THFloatTensor_new();
  THFloatTensor_resizeNd(t, 3, size, stride);
  CHECK(THFloatTensor_isContiguous(t));
  THFloatTensor_free(t);
}

TEST(predicates_compare_sizes_and_views) {
  THFloatTensor *a = range2d(2, 3), *b = range2d(2, 3), *c = range2d(3, 2);
  THFloatTensor *view = THFloatTensor_newWithTensor(a);
  CHECK(THFloatTensor_isSameSizeAs(a, b));
  CHECK(!THFloatTensor_isSameSizeAs(a, c));
  CHECK(THFloatTensor_isSetTo(view, a));
  CHECK(!THFloatTensor_isSetTo(b, a));
  THFloatTensor_transpose(view, NULL, 0, 1);
  CHECK(!THFloatTensor_isSetTo(view, a));
  THFloatTensor_free(view);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(c);
}

TEST(new_contiguous_retains_or_clones) {
  THFloatTensor *t = range2d(2, 3);
  THFloatTensor *same = THFloatTensor_newContiguous(t);
  CHECK(same == t);
  CHECK_EQ_LONG(t->refcount, 2);
  THFloatTensor *tt = THFloatTensor_newTranspose(t, 0, 1);
  THFloatTensor *clone = THFloatTensor_newContiguous(tt);
  CHECK(clone != tt);
  CHECK(clone->storage != t->storage);
  CHECK(THFloatTensor_isContiguous(clone));
  CHECK_NEAR(THFloatTensor_get2d(clone, 2, 1), 5, 0);
  THFloatTensor *deep = THFloatTensor_newClone(t);
  THFloatTensor_set2d(deep, 0, 0, 100);
  CHECK_NEAR(THFloatTensor_get2d(t, 0, 0), 0, 0);
  THFloatTensor_free(deep);
  THFloatTensor_free(clone);
  THFloatTensor_free(tt);
  THFloatTensor_free(same);
  THFloatTensor_free(t);
}

TEST(overlaps_compares_the_memory_that_views_reach) {
  THFloatTensor *a = range2d(4, 3), *other = range2d(4, 3), *empty = THFloatTensor_new();
  THFloatTensor *top = THFloatTensor_newNarrow(a, 0, 0, 2), *bottom = THFloatTensor_newNarrow(a, 0, 2, 2);
  THFloatTensor *column = THFloatTensor_newSelect(a, 1, 2), *t = THFloatTensor_newTranspose(a, 0, 1);
  CHECK(THFloatTensor_overlaps(a, t));
  CHECK(THFloatTensor_overlaps(top, column));            /* column reaches rows 0 to 3 */
  CHECK(!THFloatTensor_overlaps(top, bottom));
  CHECK(!THFloatTensor_overlaps(a, other));
  CHECK(!THFloatTensor_overlaps(a, empty));
  THFloatTensor_free(t);
  THFloatTensor_free(column);
  THFloatTensor_free(bottom);
  THFloatTensor_free(top);
  THFloatTensor_free(empty);
  THFloatTensor_free(other);
  THFloatTensor_free(a);
}

TEST(new_apart_from_copies_only_what_another_view_could_overwrite) {
  THFloatTensor *a = range2d(2, 2), *same = THFloatTensor_newWithTensor(a);
  THFloatTensor *t = THFloatTensor_newTranspose(a, 0, 1), *other = range2d(2, 2);
  THFloatTensor *kept = THFloatTensor_newApartFrom(same, a);        /* the same view: no copy */
  CHECK(kept == same);
  THFloatTensor_free(kept);
  kept = THFloatTensor_newApartFrom(other, a);                      /* no shared memory */
  CHECK(kept == other);
  THFloatTensor_free(kept);
  THFloatTensor *copy = THFloatTensor_newApartFrom(t, a);
  CHECK(copy != t && copy->storage != a->storage);
  THFloatTensor_set2d(a, 0, 1, 100);
  CHECK_NEAR(THFloatTensor_get2d(copy, 1, 0), 1, 0);                /* the value before */
  CHECK_EQ_LONG(t->refcount, 1);
  THFloatTensor_free(copy);
  THFloatTensor_free(other);
  THFloatTensor_free(t);
  THFloatTensor_free(same);
  THFloatTensor_free(a);
}

/* A result whose elements overlap each other (expanded, overlapping unfold windows) is written
 * several times over: an operand that is that very view is read apart too. */
TEST(new_apart_from_copies_a_result_whose_elements_overlap) {
  THFloatTensor *row = range2d(1, 3);
  THFloatTensor *expanded = THFloatTensor_newWithStorage2d(row->storage, 0, 4, 0, 3, 1);
  THFloatTensor *windows = THFloatTensor_newUnfold(row, 1, 2, 1);     /* 1x2x2, overlapping */
  CHECK(THFloatTensor_elementsMayOverlap(expanded));
  CHECK(THFloatTensor_elementsMayOverlap(windows));
  CHECK(!THFloatTensor_elementsMayOverlap(row));
  THFloatTensor *t = THFloatTensor_newTranspose(row, 0, 1);
  CHECK(!THFloatTensor_elementsMayOverlap(t));
  THFloatTensor *copy = THFloatTensor_newApartFrom(expanded, expanded);
  CHECK(copy != expanded && copy->storage != row->storage);
  THFloatTensor_free(copy);
  copy = THFloatTensor_newApartFrom(windows, windows);
  CHECK(copy != windows);
  THFloatTensor_free(copy);
  THFloatTensor_free(t);
  THFloatTensor_free(windows);
  THFloatTensor_free(expanded);
  THFloatTensor_free(row);
}

/* Two dimensions whose strides can make up for each other share elements; every other layout,
 * however its dimensions are ordered, has distinct elements. */
TEST(elements_may_overlap_follows_the_strides) {
  THFloatStorage *s = THFloatStorage_newWithSize(64);
  THFloatTensor *t = THFloatTensor_new();
  long cases[][5] = {/* size0, stride0, size1, stride1, overlap */
                     {3, 4, 4, 1, 0}, {3, 1, 4, 3, 0}, {3, 5, 4, 1, 0}, {3, 3, 4, 1, 1},
                     {4, 1, 3, 4, 0}, {4, 1, 3, 3, 1}, {2, 0, 3, 1, 1}, {1, 0, 3, 1, 0},
                     {3, 2, 2, 1, 0}, {3, 1, 2, 2, 1}};
  for (int i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
    THFloatTensor_setStorage2d(t, s, 0, cases[i][0], cases[i][1], cases[i][2], cases[i][3]);
    CHECK_EQ_LONG(THFloatTensor_elementsMayOverlap(t), cases[i][4]);
  }
  THFloatTensor_free(t);
  THFloatStorage_free(s);
}

TEST(set_makes_a_view_and_views_keep_the_storage_alive) {
  THFloatTensor *t = range2d(2, 2);
  THFloatTensor *v = THFloatTensor_new();
  THFloatTensor_set(v, t);
  CHECK(THFloatTensor_isSetTo(v, t));
  CHECK_EQ_LONG(t->storage->refcount, 2);
  THFloatTensor_free(t);
  CHECK_NEAR(THFloatTensor_get2d(v, 1, 1), 3, 0);
  THFloatTensor_free(v);
}

TEST(free_copy_to_copies_then_frees) {
  THFloatTensor *src = range2d(2, 2);
  THFloatTensor *dst = THFloatTensor_newWithSize1d(4);
  THFloatTensor_freeCopyTo(src, dst);
  CHECK_NEAR(THFloatTensor_get1d(dst, 3), 3, 0);
  THFloatTensor_retain(dst);
  THFloatTensor_freeCopyTo(dst, dst);
  CHECK_EQ_LONG(dst->refcount, 1);
  THFloatTensor_free(dst);
}

TEST(element_access_checks_dimension_count_and_indices) {
  THIntTensor *t = THIntTensor_newWithSize4d(2, 3, 4, 5);
  THIntTensor_set4d(t, 1, 2, 3, 4, 77);
  CHECK_EQ_LONG(THIntTensor_get4d(t, 1, 2, 3, 4), 77);
  CHECK_EQ_LONG(THIntTensor_data(t)[119], 77);
  EXPECT_TH_ERROR(THIntTensor_get4d(t, 0, 3, 0, 0), "index 3 is out of range for dimension 1 (of size 3)");
  EXPECT_TH_ERROR(THIntTensor_set4d(t, 0, 0, 0, 5, 1), "index 5 is out of range for dimension 3");
  EXPECT_TH_ERROR(THIntTensor_get2d(t, 0, 0), "expected a 2D tensor, but got a 4D tensor");
  EXPECT_TH_ERROR(THIntTensor_set1d(t, 0, 0), "expected a 1D tensor");
  THIntTensor_resize3d(t, 2, 2, 2);
  THIntTensor_set3d(t, 1, 1, 1, -4);
  CHECK_EQ_LONG(THIntTensor_get3d(t, 1, 1, 1), -4);
  EXPECT_TH_ERROR(THIntTensor_get3d(t, 2, 0, 0), "index 2 is out of range for dimension 0 (of size 2)");
  THIntTensor_free(t);
}

TEST(descriptions_name_type_and_size) {
  THFloatTensor *t = THFloatTensor_newWithSize3d(2, 3, 4);
  THByteTensor *e = THByteTensor_new();
  CHECK(strcmp(THFloatTensor_sizeDesc(t).str, "2x3x4") == 0);
  CHECK(strcmp(THFloatTensor_desc(t).str, "FloatTensor of size 2x3x4") == 0);
  CHECK(strcmp(THByteTensor_sizeDesc(e).str, "[]") == 0);
  THFloatTensor_free(t);
  THByteTensor_free(e);
}

TEST(half_tensors_have_the_basics) {
  THHalfTensor *h = THHalfTensor_newWithSize2d(2, 2);
  THHalfTensor_set2d(h, 1, 0, TH_float2half(0.25f));
  CHECK_NEAR(TH_half2float(THHalfTensor_get2d(h, 1, 0)), 0.25, 0);
  THHalfTensor *t = THHalfTensor_newTranspose(h, 0, 1);
  CHECK_NEAR(TH_half2float(THHalfTensor_get2d(t, 0, 1)), 0.25, 0);
  CHECK(strcmp(THHalfTensor_desc(t).str, "HalfTensor of size 2x2") == 0);
  THHalfTensor_free(t);
  THHalfTensor_free(h);
}

TEST(many_dimensions) {
  long size[20], stride[20];
  for (int d = 0; d < 20; d++) {
    size[d] = d % 5 == 0 ? 2 : 1;
    stride[d] = -1;
  }
  THByteTensor *t = THByteTensor_new();
  THByteTensor_resizeNd(t, 20, size, stride);
  CHECK_EQ_LONG(t->nDimension, 20);
  CHECK_EQ_LONG(THByteTensor_nElement(t), 16);
  CHECK(strcmp(THByteTensor_sizeDesc(t).str, "2x1x1x1x1x2x1x1x1x1x2x1x1x1x1x2x1x1x1x1") == 0);
  THByteTensor_free(t);
}

HARNESS_MAIN(TEST_ENTRY(new_tensor_is_empty),
             TEST_ENTRY(new_with_size_is_contiguous_row_major),
             TEST_ENTRY(size_list_ends_at_the_first_non_positive_size),
             TEST_ENTRY(resize_grows_the_storage_but_never_shrinks_it),
             TEST_ENTRY(resize_to_the_same_size_keeps_strides),
             TEST_ENTRY(resize_with_explicit_strides),
             TEST_ENTRY(resize_refuses_to_grow_a_storage_that_is_not_resizable),
             TEST_ENTRY(huge_sizes_are_an_error_not_an_overflow),
             TEST_ENTRY(sizes_whose_element_count_or_bytes_overflow_are_refused),
             TEST_ENTRY(running_out_of_memory_in_new_with_size_leaks_nothing),
             TEST_ENTRY(new_with_storage_views_existing_memory),
             TEST_ENTRY(new_with_storage_checks_before_allocating),
             TEST_ENTRY(set_storage_repoints_a_tensor),
             TEST_ENTRY(size_and_stride_check_the_dimension),
             TEST_ENTRY(narrow_shares_memory),
             TEST_ENTRY(select_removes_a_dimension),
             TEST_ENTRY(transpose_swaps_sizes_and_strides),
             TEST_ENTRY(unfold_adds_a_window_dimension),
             TEST_ENTRY(squeeze_removes_size_one_dimensions),
             TEST_ENTRY(unsqueeze_inserts_a_size_one_dimension),
             TEST_ENTRY(is_contiguous_ignores_size_one_dimensions),
             TEST_ENTRY(predicates_compare_sizes_and_views),
             TEST_ENTRY(new_contiguous_retains_or_clones),
             TEST_ENTRY(overlaps_compares_the_memory_that_views_reach),
             TEST_ENTRY(new_apart_from_copies_only_what_another_view_could_overwrite),
             TEST_ENTRY(new_apart_from_copies_a_result_whose_elements_overlap),
             TEST_ENTRY(elements_may_overlap_follows_the_strides),
             TEST_ENTRY(set_makes_a_view_and_views_keep_the_storage_alive),
             TEST_ENTRY(free_copy_to_copies_then_frees),
             TEST_ENTRY(element_access_checks_dimension_count_and_indices),
             TEST_ENTRY(descriptions_name_type_and_size),
             TEST_ENTRY(half_tensors_have_the_basics),
             TEST_ENTRY(many_dimensions))
