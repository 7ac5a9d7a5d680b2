/* The cases of one dtype (expanded by test_result_apart.c through THGenerateAllTypes.h): each
 * operation that is not element-wise writes its result into a view of one of its own inputs (the
 * transpose, the same view, a row, a column: out=a.t() in Python), and must give what it gives
 * into a fresh tensor from a copy of that input. Values are small, so integer dtypes keep them. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/result_apart_cases.c"
#else

#include "layouts.c"

/* A 3x3 matrix: (3*i + j) * 7 % 5 + 1, values 1 to 5 in a scrambled order. */
static THTensor *Case_(matrix)(void) {
  THTensor *m = THTensor_(newWithSize2d)(3, 3);
  for (long k = 0; k < 9; k++)
    THTensor_(set2d)(m, k / 3, k % 3, (real)(k * 7 % 5 + 1));
  return m;
}

/* The views of a that receive the results. */
static THTensor *Case_(transposed)(THTensor *a) {
  return THTensor_(newTranspose)(a, 0, 1);
}

static THTensor *Case_(sameView)(THTensor *a) {
  return THTensor_(newWithTensor)(a);
}

static THTensor *Case_(firstRow)(THTensor *a) {
  return THTensor_(newNarrow)(a, 0, 0, 1);
}

static THTensor *Case_(lastRows)(THTensor *a) {
  return THTensor_(newNarrow)(a, 0, 1, 2);
}

static THTensor *Case_(firstColumn)(THTensor *a) {
  return THTensor_(newSelect)(a, 1, 0);
}

static THTensor *Case_(twoColumnsOfTransposed)(THTensor *a) {
  THTensor *t = THTensor_(newTranspose)(a, 0, 1);
  THTensor_(narrow)(t, NULL, 1, 0, 2);
  return t;
}

/* Whether x and y have the same sizes and elements (to the dtype's precision). */
static int Case_(same)(THTensor *x, THTensor *y) {
  if (!THTensor_(isSameSizeAs)(x, y))
    return 0;
  THTensor *cx = THTensor_(newContiguous)(x), *cy = THTensor_(newContiguous)(y);
  int same = 1;
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(x); k++)
    same &= Case_(close)((double)THTensor_(data)(cx)[k], (double)THTensor_(data)(cy)[k]);
  THTensor_(free)(cx);
  THTensor_(free)(cy);
  return same;
}

/* OP writes R and reads A (a 3x3 matrix) and other operands. It runs once into a fresh R from a
 * copy of the matrix (the reference), then into OUT(a), a view of the matrix a that it reads. */
#define CASE_INTO_VIEW_OF_INPUT(OUT, OP)                                               \
  do {                                                                                 \
    THTensor *a = Case_(matrix)(), *expected = THTensor_(new)();                       \
    {                                                                                  \
      THTensor *R = expected, *A = THTensor_(newClone)(a);                             \
      OP;                                                                              \
      THTensor_(free)(A);                                                              \
    }                                                                                  \
    THTensor *out = OUT(a);                                                            \
    {                                                                                  \
      THTensor *R = out, *A = a;                                                       \
      OP;                                                                              \
    }                                                                                  \
    if (!Case_(same)(out, expected))                                                   \
      harness_check(0, #OP " into " #OUT, __FILE__, __LINE__);                         \
    THTensor_(free)(out);                                                              \
    THTensor_(free)(expected);                                                         \
    THTensor_(free)(a);                                                                \
  } while (0)

TEST(Case_(products_into_a_view_of_a_factor)) {
  THTensor *b = Case_(matrix)(), *batch = THTensor_(newWithSize3d)(2, 3, 3);
  THTensor_(transpose)(b, NULL, 0, 1);
  for (long k = 0; k < 18; k++)
    THTensor_(set3d)(batch, k / 9, k / 3 % 3, k % 3, (real)(k % 4));
  THTensor *v = THTensor_(newSelect)(b, 0, 1);
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(mm)(R, A, b));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(mm)(R, b, A));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(addmm)(R, 1, A, 1, A, b));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(addmm)(R, 2, A, 1, b, A));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstColumn), THTensor_(mv)(R, A, v));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstColumn),
                          THTensor *column = THTensor_(newSelect)(A, 1, 0);
                          THTensor_(addmv)(R, 1, v, 1, A, column);
                          THTensor_(free)(column));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(addr)(R, 1, A, 1, v, v));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed),
                          THTensor *row = THTensor_(newSelect)(A, 0, 2);
                          THTensor_(ger)(R, row, v);
                          THTensor_(free)(row));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(addbmm)(R, 1, A, 1, batch, batch));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(cross)(R, A, b, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(cross)(R, b, A, 1));
  THTensor_(free)(v);
  THTensor_(free)(batch);
  THTensor_(free)(b);
}

TEST(Case_(scans_and_reductions_into_a_view_of_their_input)) {
  THLongTensor *indices = THLongTensor_new();
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(cumsum)(R, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(cumsum)(R, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(cumprod)(R, A, 1));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(cumprod)(R, A, 1));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(sum)(R, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(prod)(R, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(max)(R, indices, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(min)(R, indices, A, 0));
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(std)(R, A, 0, 1));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(norm)(R, A, 2, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(renorm)(R, A, 2, 0, 5));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(renorm)(R, A, 1, 1, 4));
#endif
  THLongTensor_free(indices);
}

TEST(Case_(triangles_diagonals_and_copies_into_a_view_of_their_input)) {
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(tril)(R, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(triu)(R, A, 1));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(tril)(R, A, -1));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstColumn), THTensor_(diag)(R, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(resizeAs)(R, A); THTensor_(copy)(R, A));
  /* the copy from a tensor of the same dtype, as the extension's copy_ calls it: copyFloat... */
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed),
                          THTensor_(resizeAs)(R, A); TH_CONCAT_2(THTensor_(copy), Real)(R, A));
}

TEST(Case_(index_sort_and_join_into_a_view_of_their_input)) {
  THLongTensor *indices = THLongTensor_new(), *order = THLongTensor_newWithSize1d(3);
  THLongTensor *picks = THLongTensor_newWithSize2d(3, 3);
  for (long k = 0; k < 9; k++) {
    THLongTensor_set2d(picks, k / 3, k % 3, (k * 2) % 3);
    if (k < 3)
      THLongTensor_set1d(order, k, 2 - k);
  }
  THByteTensor *diagonal = THByteTensor_newWithSize2d(3, 3);
  THByteTensor_zero(diagonal);
  for (long k = 0; k < 3; k++)
    THByteTensor_set2d(diagonal, k, k, 1);
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(indexSelect)(R, A, 0, order));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(indexSelect)(R, A, 1, order));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(gather)(R, A, 1, picks));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstColumn), THTensor_(maskedSelect)(R, A, diagonal));
  CASE_INTO_VIEW_OF_INPUT(Case_(lastRows),
                          THTensor *first = THTensor_(newNarrow)(A, 0, 0, 1);
                          THTensor *second = THTensor_(newNarrow)(A, 0, 1, 1);
                          THTensor_(cat)(R, first, second, 0);
                          THTensor_(free)(second);
                          THTensor_(free)(first));
  CASE_INTO_VIEW_OF_INPUT(Case_(transposed), THTensor_(sort)(R, indices, A, 0, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(sameView), THTensor_(sort)(R, indices, A, 0, 1));
  CASE_INTO_VIEW_OF_INPUT(Case_(twoColumnsOfTransposed), THTensor_(topk)(R, indices, A, 2, 1, 1, 1));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(median)(R, indices, A, 0));
  CASE_INTO_VIEW_OF_INPUT(Case_(firstRow), THTensor_(kthvalue)(R, indices, A, 2, 0));
  THByteTensor_free(diagonal);
  THLongTensor_free(picks);
  THLongTensor_free(order);
  THLongTensor_free(indices);
}

/* The operations that write into a tensor in place read their source apart when the source is a
 * view of that tensor: a.index_copy_(0, i, a.t()) copies a.t() as it was. */
TEST(Case_(in_place_writes_whose_source_is_a_view_of_the_tensor)) {
  THLongTensor *order = THLongTensor_newWithSize1d(3), *picks = THLongTensor_newWithSize2d(3, 3);
  for (long k = 0; k < 9; k++) {
    THLongTensor_set2d(picks, k / 3, k % 3, (k + k / 3) % 3);  /* a permutation of each row */
    if (k < 3)
      THLongTensor_set1d(order, k, 2 - k);
  }
  THByteTensor *mask = THByteTensor_newWithSize2d(3, 3);
  for (long k = 0; k < 9; k++)
    THByteTensor_set2d(mask, k / 3, k % 3, k % 2);
  for (int op = 0; op < 4; op++) {
    THTensor *a = Case_(matrix)(), *expected = THTensor_(newClone)(a);
    THTensor *source = THTensor_(newTranspose)(a, 0, 1), *copy = THTensor_(newClone)(source);
    switch (op) {
    case 0:
      THTensor_(indexCopy)(expected, 0, order, copy);
      THTensor_(indexCopy)(a, 0, order, source);
      break;
    case 1:
      THTensor_(indexAdd)(expected, 1, order, copy);
      THTensor_(indexAdd)(a, 1, order, source);
      break;
    case 2:
      THTensor_(scatter)(expected, 1, picks, copy);
      THTensor_(scatter)(a, 1, picks, source);
      break;
    default:
      THTensor_(maskedCopy)(expected, mask, copy);
      THTensor_(maskedCopy)(a, mask, source);
    }
    CHECK(Case_(same)(a, expected));
    THTensor_(free)(copy);
    THTensor_(free)(source);
    THTensor_(free)(expected);
    THTensor_(free)(a);
  }
  THByteTensor_free(mask);
  THLongTensor_free(picks);
  THLongTensor_free(order);
}

/* The result is also the second operand and of other sizes than the first (out= an expanded
 * divisor): resizing it to the first operand's sizes must not change what is read as the operand
 * (THTensor_(newCopyBeforeResize)); an integer division used to divide by the fresh elements. */
TEST(Case_(element_wise_into_an_operand_of_other_sizes)) {
  for (int op = 0; op < 6; op++) {
    THTensor *t = THTensor_(newWithSize3d)(1, 1, 3);
    THTensor_(fill)(t, 6);
    THStorage *two = THStorage_(newWithSize1)(2);
    THTensor *r = THTensor_(newWithStorage2d)(two, 0, 1, 1, 3, 0);   /* 1x3 of one element 2 */
    THStorage_(free)(two);
    real expected[6] = {8, 4, 12, 3, 0, 6};
    switch (op) {
    case 0: THTensor_(cadd)(r, t, 1, r); break;
    case 1: THTensor_(csub)(r, t, 1, r); break;
    case 2: THTensor_(cmul)(r, t, r); break;
    case 3: THTensor_(cdiv)(r, t, r); break;
    case 4: THTensor_(cremainder)(r, t, r); break;
    default: THTensor_(cmax)(r, t, r);
    }
    CHECK_EQ_LONG(THTensor_(nDimension)(r), 3);
    for (int k = 0; k < 3; k++)
      CHECK(Case_(close)((double)THTensor_(get3d)(r, 0, 0, k), (double)expected[op]));
    THTensor_(free)(r);
    THTensor_(free)(t);
  }
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(element_wise_into_an_operand_of_other_sizes)),
  TEST_ENTRY(Case_(products_into_a_view_of_a_factor)),
  TEST_ENTRY(Case_(scans_and_reductions_into_a_view_of_their_input)),
  TEST_ENTRY(Case_(triangles_diagonals_and_copies_into_a_view_of_their_input)),
  TEST_ENTRY(Case_(index_sort_and_join_into_a_view_of_their_input)),
  TEST_ENTRY(Case_(in_place_writes_whose_source_is_a_view_of_the_tensor)),
};

#undef CASE_INTO_VIEW_OF_INPUT

#endif
