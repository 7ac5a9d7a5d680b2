/* The cases of one dtype (expanded by test_storage_extent.c through THGenerateAllTypes.h): a
 * tensor whose storage shrank under it (THStorage_(resize) to one element, as storage().resize_(1)
 * does in Python) is refused by every family of operations, on every layout, with an error naming
 * the sizes, before anything is written; it works again once the storage has grown back. And the
 * layouts that TH makes never reach past their storage: a view never grows one. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/storage_extent_cases.c"
#else

#include "layouts.c"

/* What every refusal says (the size, offset and elements needed vary with the layout). */
#define CASE_OUTSIDE "storage elements, but its storage has 1"

/* A 3x4 tensor in `layout` holding 1..12, whose storage then shrinks to one element. */
static THTensor *Case_(shrunk)(enum layout layout) {
  THTensor *t = Case_(progression)(layout, 1, 1);
  THStorage_(resize)(t->storage, 1);
  return t;
}

/* Elements of t (3x4) that differ from value. */
static long Case_(countNot)(THTensor *t, double value) {
  long count = 0;
  for (long k = 0; k < 12; k++)
    count += Case_(element)(t, k) != value;
  return count;
}

TEST(Case_(the_reproducers_are_errors_naming_the_sizes)) {
  /* LongTensor(1, 7).zero_(); storage().resize_(0); sum() */
  THTensor *x = THTensor_(newWithSize2d)(1, 7);
  THTensor_(zero)(x);
  THStorage_(resize)(x->storage, 0);
  EXPECT_TH_ERROR(THTensor_(sumall)(x),
                  "a tensor of size 1x7 at storage offset 0 needs 7 storage elements, but its "
                  "storage has 0");
  THTensor_(free)(x);
  /* a 1000x1000 tensor of ones whose storage shrinks to 1: fill_(2) writes nothing */
  THTensor *a = THTensor_(newWithSize2d)(1000, 1000);
  THTensor_(fill)(a, 1);
  THStorage_(resize)(a->storage, 1);
  EXPECT_TH_ERROR(THTensor_(fill)(a, 2), "a tensor of size 1000x1000 at storage offset 0 needs "
                                         "1000000 storage elements, but its storage has 1");
  CHECK_EQ_LONG(a->storage->data[0], 1);
  THTensor_(free)(a);
}

/* The mechanism every path passes: the loops (apply, dim-apply, element-wise), THTensor_(data)
 * and the checked get/set; views of the tensor; one operation of each family. */
TEST(Case_(every_family_refuses_a_tensor_outside_its_storage)) {
  THGenerator *generator = THGenerator_new();
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *bad = Case_(shrunk)((enum layout)layout);
    THTensor *good = Case_(progression)(CONTIGUOUS, 5, 0);   /* all 5 */
    THTensor *goodT = THTensor_(newTranspose)(good, 0, 1);
    THTensor *r = THTensor_(new)(), *view = THTensor_(new)();
    THTensor *square = THTensor_(newWithSize2d)(4, 4);
    THTensor_(fill)(square, 1);
    THLongTensor *indices = THLongTensor_new(), *index = THLongTensor_newWithSize1d(3);
    for (long k = 0; k < 3; k++)
      THLongTensor_set1d(index, k, 2 - k);
    THByteTensor *mask = THByteTensor_newWithSize2d(3, 4), *bytes = THByteTensor_new();
    THByteTensor_fill(mask, 1);
    EXPECT_TH_ERROR((void)THTensor_(data)(bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR((void)THTensor_(get2d)(bad, 0, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(set2d)(bad, 0, 0, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(set)(view, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(narrow)(view, bad, 0, 0, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(free)(THTensor_(newClone)(bad)), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(fill)(bad, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(zero)(bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(copy)(good, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(copy)(bad, good), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(copyByte)(bad, mask), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(add)(r, bad, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(cadd)(good, good, 1, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(cmul)(goodT, goodT, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(addcmul)(good, good, 1, good, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(clamp)(r, bad, 0, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(cmax)(good, good, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(ltValue)(bytes, bad, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR((void)THTensor_(equal)(good, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR((void)THTensor_(sumall)(bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR((void)THTensor_(maxall)(bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(sum)(r, bad, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(max)(r, indices, bad, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(cumsum)(good, bad, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(sort)(r, indices, bad, 1, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(indexSelect)(r, bad, 0, index), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(indexCopy)(good, 0, index, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(maskedFill)(bad, mask, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(maskedSelect)(r, bad, mask), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(cat)(r, good, bad, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(tril)(r, bad, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(diag)(r, bad, 0), CASE_OUTSIDE);
    EXPECT_TH_ERROR((void)THTensor_(dot)(good, bad), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(mm)(r, bad, goodT), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(addmm)(good, 1, good, 1, bad, square), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(random)(bad, generator), CASE_OUTSIDE);
    CHECK_EQ_LONG(Case_(countNot)(good, 5), 0);   /* no operand was half-written */
    CHECK_EQ_LONG(bad->storage->size, 1);        /* nor the storage grown back */
    THByteTensor_free(bytes);
    THByteTensor_free(mask);
    THLongTensor_free(index);
    THLongTensor_free(indices);
    THTensor_(free)(view);
    THTensor_(free)(r);
    THTensor_(free)(square);
    THTensor_(free)(goodT);
    THTensor_(free)(good);
    THTensor_(free)(bad);
  }
  THGenerator_free(generator);
}

/* The result of an operation may be the tensor outside its storage too. */
TEST(Case_(a_result_outside_its_storage_is_refused_before_it_is_written)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *bad = Case_(shrunk)((enum layout)layout), *good = Case_(progression)(CONTIGUOUS, 5, 0);
    THTensor *square = THTensor_(newWithSize2d)(4, 4);
    THTensor_(fill)(square, 1);
    real first = bad->storage->data[0];
    EXPECT_TH_ERROR(THTensor_(add)(bad, good, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(cumsum)(bad, good, 1), CASE_OUTSIDE);
    EXPECT_TH_ERROR(THTensor_(mm)(bad, good, square), CASE_OUTSIDE);
    CHECK(bad->storage->data[0] == first);
    THTensor_(free)(square);
    THTensor_(free)(good);
    THTensor_(free)(bad);
  }
}

TEST(Case_(a_storage_grown_back_serves_its_tensors_again)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(shrunk)((enum layout)layout);
    THStorage_(resize)(t->storage, 200);
    THTensor_(fill)(t, 3);
    CHECK_EQ_LONG(Case_(countNot)(t, 3), 0);
    CHECK_NEAR(THTensor_(sumall)(t), 36, 0);
    THTensor_(free)(t);
  }
}

/* Views share the storage and never grow it: one that does not fit is an error (resizing the
 * tensor itself still grows it). */
TEST(Case_(a_view_never_grows_its_storage)) {
  THStorage *storage = THStorage_(newWithSize)(6);
  THTensor *t = THTensor_(new)();
  EXPECT_TH_ERROR(THTensor_(setStorage2d)(t, storage, 0, 3, 3, 3, 1),
                  "a tensor of size 3x3 at storage offset 0 needs 9 storage elements, but its "
                  "storage has 6");
  EXPECT_TH_ERROR(THTensor_(free)(THTensor_(newWithStorage1d)(storage, 4, 3, 1)),
                  "needs 7 storage elements, but its storage has 6");
  CHECK_EQ_LONG(storage->size, 6);
  CHECK_EQ_LONG(t->nDimension, 0);
  THTensor_(setStorage2d)(t, storage, 0, 2, 3, 3, 1);
  THTensor_(resize2d)(t, 3, 3);
  CHECK_EQ_LONG(storage->size, 9);
  THTensor_(free)(t);
  THStorage_(free)(storage);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(the_reproducers_are_errors_naming_the_sizes)),
  TEST_ENTRY(Case_(every_family_refuses_a_tensor_outside_its_storage)),
  TEST_ENTRY(Case_(a_result_outside_its_storage_is_refused_before_it_is_written)),
  TEST_ENTRY(Case_(a_storage_grown_back_serves_its_tensors_again)),
  TEST_ENTRY(Case_(a_view_never_grows_its_storage)),
};

#undef CASE_OUTSIDE

#endif
