/* THStorage: a refcounted flat array. Creation and flags, checked access, resizing (and refusing
 * to resize), fill, swap, refcounts and views, custom allocators, raw and same-type copies.
 * (Copies between dtypes are in test_copy.c, mapped storages in test_allocator.c.) */
#include "harness.h"

TEST(new_storage_is_empty_refcounted_resizable) {
  THFloatStorage *s = THFloatStorage_new();
  CHECK_EQ_LONG(THFloatStorage_size(s), 0);
  CHECK(THFloatStorage_data(s) == NULL);
  CHECK_EQ_LONG(s->refcount, 1);
  CHECK_EQ_LONG(s->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM);
  CHECK(s->allocator == &THDefaultAllocator);
  CHECK(s->view == NULL);
  THFloatStorage_free(s);
}

TEST(element_size_matches_the_dtype) {
  CHECK_EQ_LONG(THByteStorage_elementSize(), 1);
  CHECK_EQ_LONG(THCharStorage_elementSize(), 1);
  CHECK_EQ_LONG(THShortStorage_elementSize(), sizeof(short));
  CHECK_EQ_LONG(THIntStorage_elementSize(), sizeof(int));
  CHECK_EQ_LONG(THLongStorage_elementSize(), sizeof(long));
  CHECK_EQ_LONG(THFloatStorage_elementSize(), 4);
  CHECK_EQ_LONG(THDoubleStorage_elementSize(), 8);
  CHECK_EQ_LONG(THHalfStorage_elementSize(), 2);
}

TEST(new_with_size_1_to_4_holds_the_values) {
  THLongStorage *s1 = THLongStorage_newWithSize1(7);
  THLongStorage *s4 = THLongStorage_newWithSize4(1, 2, 3, 4);
  THDoubleStorage *s3 = THDoubleStorage_newWithSize3(0.5, -1, 2);
  THCharStorage *s2 = THCharStorage_newWithSize2(-3, 4);
  CHECK_EQ_LONG(s1->size, 1);
  CHECK_EQ_LONG(s1->data[0], 7);
  CHECK_EQ_LONG(s4->size, 4);
  for (int i = 0; i < 4; i++)
    CHECK_EQ_LONG(THLongStorage_get(s4, i), i + 1);
  CHECK_NEAR(THDoubleStorage_get(s3, 0), 0.5, 0);
  CHECK_NEAR(THDoubleStorage_get(s3, 1), -1, 0);
  CHECK_EQ_LONG(THCharStorage_get(s2, 0), -3);  /* Char is signed everywhere */
  THLongStorage_free(s1);
  THLongStorage_free(s4);
  THDoubleStorage_free(s3);
  THCharStorage_free(s2);
}

TEST(set_and_get_check_bounds) {
  THIntStorage *s = THIntStorage_newWithSize(3);
  THIntStorage_set(s, 2, 42);
  CHECK_EQ_LONG(THIntStorage_get(s, 2), 42);
  EXPECT_TH_ERROR(THIntStorage_set(s, 3, 1), "index 3 out of range for a storage of 3 elements");
  EXPECT_TH_ERROR(THIntStorage_get(s, -1), "index -1 out of range");
  EXPECT_TH_ERROR(THIntStorage_get(s, 3), "invalid argument 2:");
  THIntStorage_free(s);
}

TEST(negative_size_is_an_error) {
  EXPECT_TH_ERROR(THFloatStorage_newWithSize(-1), "negative number of elements");
  THFloatStorage *s = THFloatStorage_newWithSize(2);
  EXPECT_TH_ERROR(THFloatStorage_resize(s, -5), "negative number of elements");
  CHECK_EQ_LONG(s->size, 2);
  THFloatStorage_free(s);
}

TEST(resize_keeps_the_leading_elements) {
  THShortStorage *s = THShortStorage_newWithSize3(1, 2, 3);
  THShortStorage_resize(s, 1000);
  CHECK_EQ_LONG(s->size, 1000);
  CHECK_EQ_LONG(s->data[0], 1);
  CHECK_EQ_LONG(s->data[2], 3);
  THShortStorage_resize(s, 2);
  CHECK_EQ_LONG(s->size, 2);
  CHECK_EQ_LONG(s->data[1], 2);
  THShortStorage_resize(s, 0);
  CHECK_EQ_LONG(s->size, 0);
  THShortStorage_free(s);
}

TEST(resize_refuses_a_storage_that_is_not_resizable) {
  THFloatStorage *s = THFloatStorage_newWithSize(4);
  THFloatStorage_clearFlag(s, TH_STORAGE_RESIZABLE);
  EXPECT_TH_ERROR(THFloatStorage_resize(s, 8), "not resizable (it has 4 elements, 8 were requested)");
  CHECK_EQ_LONG(s->size, 4);
  THFloatStorage_setFlag(s, TH_STORAGE_RESIZABLE);
  THFloatStorage_resize(s, 8);
  CHECK_EQ_LONG(s->size, 8);
  THFloatStorage_free(s);
}

TEST(fill_sets_every_element) {
  THDoubleStorage *s = THDoubleStorage_newWithSize(17);
  THDoubleStorage_fill(s, 2.5);
  for (int i = 0; i < 17; i++)
    CHECK_NEAR(s->data[i], 2.5, 0);
  THHalfStorage *h = THHalfStorage_newWithSize(5);
  THHalfStorage_fill(h, TH_float2half(-1.5f));
  CHECK_NEAR(TH_half2float(h->data[4]), -1.5, 0);
  THDoubleStorage_free(s);
  THHalfStorage_free(h);
}

TEST(retain_and_free_count_references) {
  THByteStorage *s = THByteStorage_newWithSize(3);
  THByteStorage_retain(s);
  CHECK_EQ_LONG(s->refcount, 2);
  THByteStorage_free(s);
  CHECK_EQ_LONG(s->refcount, 1);
  THByteStorage_free(s);
  THByteStorage_free(NULL);
}

TEST(a_storage_without_refcounting_ignores_retain_and_free) {
  THByteStorage *s = THByteStorage_newWithSize(3);
  THByteStorage_clearFlag(s, TH_STORAGE_REFCOUNTED);
  THByteStorage_retain(s);
  THByteStorage_free(s);
  CHECK_EQ_LONG(s->refcount, 1);
  THByteStorage_setFlag(s, TH_STORAGE_REFCOUNTED);
  THByteStorage_free(s);
}

TEST(swap_exchanges_everything_but_the_refcount) {
  THFloatStorage *a = THFloatStorage_newWithSize(100);  /* large enough to live on the heap */
  THFloatStorage *b = THFloatStorage_newWithSize(200);
  THFloatStorage_fill(a, 1);
  THFloatStorage_fill(b, 7);
  THFloatStorage_retain(b);
  float *aData = a->data, *bData = b->data;
  THFloatStorage_swap(a, b);
  CHECK(a->data == bData);
  CHECK(b->data == aData);
  CHECK_EQ_LONG(a->size, 200);
  CHECK_EQ_LONG(b->size, 100);
  CHECK_NEAR(a->data[199], 7, 0);
  CHECK_EQ_LONG(a->refcount, 1);
  CHECK_EQ_LONG(b->refcount, 2);
  THFloatStorage_free(a);
  THFloatStorage_free(b);
  THFloatStorage_free(b);
}

TEST(swap_moves_inline_elements_with_the_contents) {
  THFloatStorage *small = THFloatStorage_newWithSize2(1, 2);  /* elements inside the struct */
  THFloatStorage *large = THFloatStorage_newWithSize(100);
  THFloatStorage_fill(large, 7);
  float *largeData = large->data;
  THFloatStorage_swap(small, large);
  CHECK(small->data == largeData);
  CHECK(large->data == large->inlineData);  /* not into the other struct */
  CHECK_EQ_LONG(large->size, 2);
  CHECK_NEAR(large->data[0], 1, 0);
  CHECK_NEAR(large->data[1], 2, 0);
  CHECK_NEAR(small->data[99], 7, 0);
  THFloatStorage_free(small);
  THFloatStorage_free(large);
}

TEST(tiny_storages_keep_their_elements_inline_until_they_grow) {
  THDoubleStorage *s = THDoubleStorage_newWithSize4(1, 2, 3, 4);  /* 32 bytes: still inline */
  CHECK(s->data == s->inlineData);
  THDoubleStorage_resize(s, 2);
  CHECK(s->data == s->inlineData);
  THDoubleStorage_resize(s, 1000);                                /* outgrows the struct */
  CHECK(s->data != s->inlineData);
  CHECK_NEAR(s->data[0], 1, 0);
  CHECK_NEAR(s->data[1], 2, 0);
  s->data[999] = 5;
  THDoubleStorage_free(s);
  THDoubleStorage *heap = THDoubleStorage_newWithSize(5);          /* 40 bytes: heap */
  CHECK(heap->data != heap->inlineData);
  THDoubleStorage_free(heap);
}

TEST(a_view_keeps_its_parent_alive) {
  THFloatStorage *parent = THFloatStorage_newWithSize4(1, 2, 3, 4);
  THFloatStorage *view = THFloatStorage_newWithDataAndAllocator(parent->data + 1, 2, &THDefaultAllocator, NULL);
  THFloatStorage_clearFlag(view, TH_STORAGE_FREEMEM | TH_STORAGE_RESIZABLE);
  THFloatStorage_setFlag(view, TH_STORAGE_VIEW);
  view->view = parent;               /* the view owns our reference to the parent */
  CHECK_NEAR(THFloatStorage_get(view, 1), 3, 0);
  THFloatStorage_free(view);         /* frees the parent too (ASan would see a leak otherwise) */
}

TEST(new_with_data_takes_ownership) {
  long *data = THAlloc(3 * sizeof(long));
  data[0] = 5;
  data[1] = 6;
  data[2] = 7;
  THLongStorage *s = THLongStorage_newWithData(data, 3);
  CHECK(s->data == data);
  CHECK_EQ_LONG(THLongStorage_get(s, 2), 7);
  THLongStorage_free(s);
}

/* An allocator without realloc that counts its calls. */
static int countingMallocs = 0, countingFrees = 0;
static void *countingMalloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  countingMallocs++;
  return THAlloc(size);
}
static void countingFree(void *ctx, void *ptr) {
  (void)ctx;
  countingFrees++;
  THFree(ptr);
}
static THAllocator countingAllocator = {countingMalloc, NULL, countingFree};

TEST(custom_allocator_is_used_for_every_block) {
  int context = 0;
  countingMallocs = countingFrees = 0;
  THIntStorage *s = THIntStorage_newWithAllocator(4, &countingAllocator, &context);
  CHECK(s->allocatorContext == &context);
  CHECK_EQ_LONG(countingMallocs, 1);
  THIntStorage_fill(s, 9);
  THIntStorage_resize(s, 10);        /* no realloc: malloc, copy, free */
  CHECK_EQ_LONG(countingMallocs, 2);
  CHECK_EQ_LONG(countingFrees, 1);
  CHECK_EQ_LONG(s->data[3], 9);
  THIntStorage_free(s);
  CHECK_EQ_LONG(countingFrees, 2);
}

TEST(raw_copy_and_copy_need_equal_sizes) {
  THDoubleStorage *a = THDoubleStorage_newWithSize(3);
  THDoubleStorage *b = THDoubleStorage_newWithSize3(1, 2, 3);
  THDoubleStorage *c = THDoubleStorage_newWithSize(4);
  THFloatStorage *f = THFloatStorage_newWithSize(2);
  double raw[3] = {4, 5, 6};
  THDoubleStorage_copy(a, b);
  CHECK_NEAR(a->data[2], 3, 0);
  THDoubleStorage_rawCopy(a, raw);
  CHECK_NEAR(a->data[0], 4, 0);
  EXPECT_TH_ERROR(THDoubleStorage_copy(c, b), "cannot copy 3 elements into a storage of 4 elements");
  EXPECT_TH_ERROR(THDoubleStorage_copyFloat(c, f), "inconsistent storage size");
  THFloatStorage_free(f);
  THDoubleStorage_free(a);
  THDoubleStorage_free(b);
  THDoubleStorage_free(c);
}

TEST(new_view_points_into_its_base_and_keeps_it_alive) {
  THFloatStorage *base = THFloatStorage_newWithSize(10);
  for (int i = 0; i < 10; i++)
    base->data[i] = (float)i;
  THFloatStorage *view = THFloatStorage_newView(base, 2, 5);
  CHECK(view->data == base->data + 2);
  CHECK_EQ_LONG(view->size, 5);
  CHECK_EQ_LONG(base->refcount, 2);
  CHECK(!THFloatStorage_isResizable(base));
  CHECK(base->firstView == view);
  EXPECT_TH_ERROR(THFloatStorage_newView(base, 8, 3), "does not fit in a storage of size 10");
  THFloatStorage_free(base);        /* the view still holds it */
  CHECK_NEAR(THFloatStorage_get(view, 0), 2, 0);
  THFloatStorage_free(view);        /* frees base too (ASan would see a leak otherwise) */
}

TEST(a_freed_view_leaves_its_base_list) {
  THFloatStorage *base = THFloatStorage_newWithSize(10);
  THFloatStorage *first = THFloatStorage_newView(base, 0, 2);
  THFloatStorage *second = THFloatStorage_newView(base, 4, 2);
  THFloatStorage *third = THFloatStorage_newView(base, 6, 2);
  THFloatStorage_free(second);      /* from the middle of the list */
  CHECK(base->firstView == third && third->nextView == first && first->nextView == NULL);
  THFloatStorage_free(third);
  THFloatStorage_free(first);
  CHECK(base->firstView == NULL);
  THFloatStorage_free(base);
}

TEST(a_storage_is_resizable_again_once_its_views_and_pins_are_gone) {
  THFloatStorage *base = THFloatStorage_newWithSize(10);
  THFloatStorage *view = THFloatStorage_newView(base, 0, 2);
  EXPECT_TH_ERROR(THFloatStorage_resize(base, 20), "not resizable");
  THFloatStorage_free(view);
  CHECK(THFloatStorage_isResizable(base));
  THFloatStorage_pin(base);
  THFloatStorage_pin(base);
  EXPECT_TH_ERROR(THFloatStorage_resize(base, 20), "not resizable");
  THFloatStorage_unpin(base);
  CHECK(!THFloatStorage_isResizable(base));
  THFloatStorage_unpin(base);
  THFloatStorage_resize(base, 20);
  CHECK_EQ_LONG(base->size, 20);
  THFloatStorage_free(base);
}

TEST(swap_moves_views_and_their_views_with_the_memory) {
  THFloatStorage *base = THFloatStorage_newWithSize(100);
  THFloatStorage *moved = THFloatStorage_newWithSize(100);
  for (int i = 0; i < 100; i++)
    moved->data[i] = base->data[i] = (float)i;
  THFloatStorage *view = THFloatStorage_newView(base, 10, 50);
  THFloatStorage *viewOfView = THFloatStorage_newView(view, 5, 3);
  THFloatStorage_swap(base, moved);
  CHECK(view->data == base->data + 10);
  CHECK(viewOfView->data == base->data + 15);
  CHECK(moved->firstView == NULL && base->firstView == view);
  base->data[15] = -1;
  CHECK_NEAR(THFloatStorage_get(viewOfView, 0), -1, 0);
  EXPECT_TH_ERROR(THFloatStorage_swap(view, moved), "cannot swap the memory of a view storage");
  EXPECT_TH_ERROR(THFloatStorage_swap(moved, base), "cannot swap away the memory of a storage with views");
  THFloatStorage_free(moved);
  THFloatStorage_free(viewOfView);
  THFloatStorage_free(view);
  THFloatStorage_free(base);
}

TEST(views_of_an_inline_storage_follow_it_to_the_heap) {
  THDoubleStorage *small = THDoubleStorage_newWithSize4(1, 2, 3, 4);   /* elements in the struct */
  THDoubleStorage *large = THDoubleStorage_newWithSize(5);            /* on the heap */
  THDoubleStorage *view = THDoubleStorage_newView(small, 1, 2);
  for (int i = 0; i < 4; i++)
    large->data[i] = small->data[i];
  THDoubleStorage_swap(small, large);
  CHECK(small->data != small->inlineData);
  CHECK(view->data == small->data + 1);
  CHECK_NEAR(THDoubleStorage_get(view, 1), 3, 0);
  THDoubleStorage_free(large);
  THDoubleStorage_free(view);
  THDoubleStorage_free(small);
}

HARNESS_MAIN(TEST_ENTRY(new_storage_is_empty_refcounted_resizable),
             TEST_ENTRY(element_size_matches_the_dtype),
             TEST_ENTRY(new_with_size_1_to_4_holds_the_values),
             TEST_ENTRY(set_and_get_check_bounds),
             TEST_ENTRY(negative_size_is_an_error),
             TEST_ENTRY(resize_keeps_the_leading_elements),
             TEST_ENTRY(resize_refuses_a_storage_that_is_not_resizable),
             TEST_ENTRY(fill_sets_every_element),
             TEST_ENTRY(retain_and_free_count_references),
             TEST_ENTRY(a_storage_without_refcounting_ignores_retain_and_free),
             TEST_ENTRY(swap_exchanges_everything_but_the_refcount),
             TEST_ENTRY(swap_moves_inline_elements_with_the_contents),
             TEST_ENTRY(tiny_storages_keep_their_elements_inline_until_they_grow),
             TEST_ENTRY(a_view_keeps_its_parent_alive),
             TEST_ENTRY(new_with_data_takes_ownership),
             TEST_ENTRY(custom_allocator_is_used_for_every_block),
             TEST_ENTRY(raw_copy_and_copy_need_equal_sizes),
             TEST_ENTRY(new_view_points_into_its_base_and_keeps_it_alive),
             TEST_ENTRY(a_freed_view_leaves_its_base_list),
             TEST_ENTRY(a_storage_is_resizable_again_once_its_views_and_pins_are_gone),
             TEST_ENTRY(swap_moves_views_and_their_views_with_the_memory),
             TEST_ENTRY(views_of_an_inline_storage_follow_it_to_the_heap))
