/* The THS cases for one dtype (expanded by test_sparse.c through THGenerateAllTypes.h). Every
 * result is checked against a dense reference computed with plain loops over the indices and
 * values the test wrote; values are small integers, so every result is exact in every dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/sparse_cases.c"
#else

#include "layouts.c"

/* ---- Helpers ---- */

/* An n x nnz index tensor holding idx (row-major: the first nnz numbers are dimension 0). */
static THLongTensor *Case_(indices)(int n, long nnz, const long *idx) {
  THLongTensor *t = THLongTensor_newWithSize2d(n, nnz);
  for (int d = 0; d < n; d++)
    for (long k = 0; k < nnz; k++)
      THLongTensor_set2d(t, d, k, idx[d * nnz + k]);
  return t;
}

static THTensor *Case_(vector)(long n, const int *values) {
  THTensor *t = THTensor_(newWithSize1d)(n);
  for (long k = 0; k < n; k++)
    THTensor_(set1d)(t, k, (real)values[k]);
  return t;
}

static THSTensor *Case_(sparse)(int n, const long *size, long nnz, const long *idx,
                                const int *values) {
  THLongTensor *indices = Case_(indices)(n, nnz, idx);
  THTensor *v = Case_(vector)(nnz, values);
  THLongStorage *sizes = THLongStorage_newWithSize(n);
  for (int d = 0; d < n; d++)
    sizes->data[d] = size[d];
  THSTensor *s = THSTensor_(newWithTensorAndSize)(indices, v, sizes);
  THLongTensor_free(indices);
  THTensor_(free)(v);
  THLongStorage_free(sizes);
  return s;
}

/* The dense tensor of those entries, the obvious way: zeros, then each value added at the
 * row-major offset of its index column. */
static THTensor *Case_(reference)(int n, const long *size, long nnz, const long *idx,
                                  const int *values) {
  THTensor *dense = THTensor_(new)();
  THTensor_(resizeNd)(dense, n, size, NULL);
  THTensor_(zero)(dense);
  real *data = THTensor_(data)(dense);
  for (long k = 0; k < nnz; k++) {
    long offset = 0;
    for (int d = 0; d < n; d++)
      offset = offset * size[d] + idx[d * nnz + k];
    data[offset] += (real)values[k];
  }
  return dense;
}

/* a and b have the same sizes and the same elements (any layouts). */
static int Case_(sameDense)(THTensor *a, THTensor *b) {
  if (!THTensor_(isSameSizeAs)(a, b))
    return 0;
  THTensor *ca = THTensor_(newContiguous)(a), *cb = THTensor_(newContiguous)(b);
  int same = 1;
  for (ptrdiff_t i = 0; i < THTensor_(nElement)(ca); i++)
    same &= THTensor_(data)(ca)[i] == THTensor_(data)(cb)[i];
  THTensor_(free)(ca);
  THTensor_(free)(cb);
  return same;
}

static int Case_(denseEquals)(THSTensor *s, THTensor *expected) {
  THTensor *dense = THSTensor_(toDense)(s);
  int same = Case_(sameDense)(dense, expected);
  THTensor_(free)(dense);
  return same;
}

/* A 2-D rows x cols matrix in a layout, element (i, j) = (i + 2*j) % 4. */
static THTensor *Case_(matrix)(enum layout layout, long rows, long cols) {
  THTensor *t = Case_(inLayout)(layout, rows, cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)((i + 2 * j) % 4));
  return t;
}

/* r = beta * t + alpha * (a @ b) with plain loops over dense matrices. */
static THTensor *Case_(addmmReference)(real beta, THTensor *t, real alpha, THTensor *a,
                                       THTensor *b) {
  long n = a->size[0], k = a->size[1], m = b->size[1];
  THTensor *r = THTensor_(newWithSize2d)(n, m);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      real sum = 0;
      for (long l = 0; l < k; l++)
        sum += THTensor_(get2d)(a, i, l) * THTensor_(get2d)(b, l, j);
      THTensor_(set2d)(r, i, j, (real)((t ? beta * THTensor_(get2d)(t, i, j) : 0) + alpha * sum));
    }
  return r;
}

/* A 3 x 4 sparse matrix with an unsorted repeat: entries (2,1)=1, (0,3)=2, (2,1)=1, (0,0)=3;
 * row 1 has none. */
static const long Case_(m34Size)[2] = {3, 4};
static const long Case_(m34Idx)[8] = {2, 0, 2, 0, 1, 3, 1, 0};
static const int Case_(m34Values)[4] = {1, 2, 1, 3};

/* ---- Construction ---- */

TEST(Case_(constructs_from_indices_values_and_size)) {
  long size[3] = {3, 4, 5};
  long idx[12] = {0, 1, 2, 2, 0, 0, 0, 3, 0, 0, 1, 4};
  int values[4] = {2, 1, 3, 4};
  THSTensor *s = Case_(sparse)(3, size, 4, idx, values);
  CHECK_EQ_LONG(THSTensor_(nDimension)(s), 3);
  CHECK_EQ_LONG(THSTensor_(size)(s, 2), 5);
  CHECK_EQ_LONG(THSTensor_(nnz)(s), 4);
  CHECK(!THSTensor_(isContiguous)(s));
  THLongTensor *indices = THSTensor_(newIndices)(s);
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 2, 3), 4);
  THTensor *dense = Case_(reference)(3, size, 4, idx, values);
  CHECK(Case_(denseEquals)(s, dense));
  THLongStorage *sizes = THSTensor_(newSizeOf)(s);
  CHECK(sizes->size == 3 && sizes->data[1] == 4);
  THLongStorage_free(sizes);
  THLongTensor_free(indices);
  THTensor_(free)(dense);
  THSTensor_(free)(s);
}

TEST(Case_(indices_are_copied_in_and_out_values_are_shared_out)) {
  long idx[2] = {0, 2};
  int values[2] = {1, 2};
  THLongTensor *indices = Case_(indices)(1, 2, idx);
  THTensor *v = Case_(vector)(2, values);
  THSTensor *s = THSTensor_(newWithTensor)(indices, v);
  THLongTensor_set2d(indices, 0, 1, 7);            /* the tensor keeps its own copy */
  THTensor_(set1d)(v, 0, 3);
  THLongTensor *out = THSTensor_(newIndices)(s);
  THLongTensor_set2d(out, 0, 1, 9);                /* and hands out copies */
  CHECK_EQ_LONG(THSTensor_(size)(s, 0), 3);
  THTensor *shared = THSTensor_(newValues)(s);
  THTensor_(set1d)(shared, 1, 4);                  /* the values handed out are a view */
  THTensor *dense = THSTensor_(toDense)(s);
  CHECK_EQ_LONG(THTensor_(get1d)(dense, 0), 1);
  CHECK_EQ_LONG(THTensor_(get1d)(dense, 2), 4);
  THTensor_(free)(dense);
  THTensor_(free)(shared);
  THLongTensor_free(out);
  THLongTensor_free(indices);
  THTensor_(free)(v);
  THSTensor_(free)(s);
}

TEST(Case_(sizes_are_inferred_as_the_largest_index_plus_one)) {
  long idx[6] = {0, 4, 1, 2, 0, 6};
  int values[3] = {1, 1, 1};
  THLongTensor *indices = Case_(indices)(2, 3, idx);
  THTensor *v = Case_(vector)(3, values);
  THSTensor *s = THSTensor_(newWithTensor)(indices, v);
  CHECK_EQ_LONG(THSTensor_(size)(s, 0), 5);
  CHECK_EQ_LONG(THSTensor_(size)(s, 1), 7);
  THLongTensor_free(indices);
  THTensor_(free)(v);
  THSTensor_(free)(s);
}

TEST(Case_(strided_indices_and_values_are_read_through_their_strides)) {
  /* indices given as the transpose of a nnz x 2 tensor, values every other element */
  THLongTensor *rows = THLongTensor_newWithSize2d(3, 2);
  long pairs[6] = {1, 0, 0, 2, 1, 1};
  for (int k = 0; k < 6; k++)
    THLongTensor_data(rows)[k] = pairs[k];
  THLongTensor *indices = THLongTensor_newTranspose(rows, 0, 1);
  THTensor *base = THTensor_(newWithSize1d)(6);
  for (int k = 0; k < 6; k++)
    THTensor_(set1d)(base, k, (real)k);
  THTensor *v = THTensor_(newWithStorage1d)(base->storage, 0, 3, 2);  /* 0, 2, 4 */
  THSTensor *s = THSTensor_(newWithTensor)(indices, v);
  THTensor *dense = THSTensor_(toDense)(s);
  CHECK_EQ_LONG(THTensor_(get2d)(dense, 1, 0), 0);
  CHECK_EQ_LONG(THTensor_(get2d)(dense, 0, 2), 2);
  CHECK_EQ_LONG(THTensor_(get2d)(dense, 1, 1), 4);
  THTensor_(free)(dense);
  THSTensor_(free)(s);
  THTensor_(free)(v);
  THTensor_(free)(base);
  THLongTensor_free(indices);
  THLongTensor_free(rows);
}

TEST(Case_(empty_and_all_zero_tensors)) {
  THSTensor *empty = THSTensor_(new)();
  CHECK_EQ_LONG(THSTensor_(nDimension)(empty), 0);
  CHECK_EQ_LONG(THSTensor_(nnz)(empty), 0);
  THLongTensor *indices = THSTensor_(newIndices)(empty);
  THTensor *values = THSTensor_(newValues)(empty);
  CHECK_EQ_LONG(THLongTensor_nElement(indices), 0);
  CHECK_EQ_LONG(THTensor_(nElement)(values), 0);
  THTensor *dense = THSTensor_(toDense)(empty);
  CHECK_EQ_LONG(THTensor_(nDimension)(dense), 0);
  THSTensor_(contiguous)(empty);
  CHECK(THSTensor_(isContiguous)(empty));
  THSTensor *fromEmpty = THSTensor_(newWithTensor)(indices, values);
  CHECK_EQ_LONG(THSTensor_(nDimension)(fromEmpty), 0);

  THLongStorage *size = THLongStorage_newWithSize2(2, 3);
  THSTensor *zeros = THSTensor_(newWithSize)(size);
  THSTensor *zerosToo = THSTensor_(newWithTensorAndSize)(indices, values, size);
  THTensor *expected = THTensor_(newWithSize2d)(2, 3);
  THTensor_(zero)(expected);
  CHECK(Case_(denseEquals)(zeros, expected));
  CHECK(Case_(denseEquals)(zerosToo, expected));
  CHECK_EQ_LONG(THSTensor_(nnz)(zerosToo), 0);

  THTensor_(free)(expected);
  THSTensor_(free)(zerosToo);
  THSTensor_(free)(zeros);
  THLongStorage_free(size);
  THSTensor_(free)(fromEmpty);
  THTensor_(free)(dense);
  THTensor_(free)(values);
  THLongTensor_free(indices);
  THSTensor_(free)(empty);
}

TEST(Case_(retain_and_free_count_references)) {
  THSTensor *s = THSTensor_(new)();
  THSTensor_(retain)(s);
  THSTensor_(free)(s);
  CHECK_EQ_LONG(s->refcount, 1);
  THSTensor_(free)(s);
  THSTensor_(free)(NULL);
}

/* ---- Coalescing, transposing ---- */

TEST(Case_(contiguous_sorts_and_adds_up_repeated_positions)) {
  THSTensor *s = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THTensor *expected = Case_(reference)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THSTensor_(contiguous)(s);
  CHECK(THSTensor_(isContiguous)(s));
  CHECK_EQ_LONG(THSTensor_(nnz)(s), 3);
  long sortedIdx[6] = {0, 0, 2, 0, 3, 1};
  int sortedValues[3] = {3, 2, 2};
  THLongTensor *indices = THSTensor_(newIndices)(s);
  THTensor *values = THSTensor_(newValues)(s);
  for (int k = 0; k < 3; k++) {
    CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, k), sortedIdx[k]);
    CHECK_EQ_LONG(THLongTensor_get2d(indices, 1, k), sortedIdx[3 + k]);
    CHECK_EQ_LONG(THTensor_(get1d)(values, k), sortedValues[k]);
  }
  CHECK(Case_(denseEquals)(s, expected));
  THTensor_(free)(values);
  THLongTensor_free(indices);
  THTensor_(free)(expected);
  THSTensor_(free)(s);
}

TEST(Case_(contiguous_orders_by_every_dimension_in_turn)) {
  /* 3-D positions that differ first in the last, middle and first dimension */
  long size[3] = {2, 2, 3};
  long idx[15] = {1, 0, 1, 0, 0,
                  0, 1, 0, 1, 0,
                  2, 0, 1, 0, 2};
  int values[5] = {1, 2, 3, 1, 3};
  THSTensor *s = Case_(sparse)(3, size, 5, idx, values);
  THTensor *expected = Case_(reference)(3, size, 5, idx, values);
  THSTensor_(contiguous)(s);
  CHECK_EQ_LONG(THSTensor_(nnz)(s), 4);
  THLongTensor *indices = THSTensor_(newIndices)(s);
  long previous = -1;
  for (long k = 0; k < 4; k++) {
    long flat = (THLongTensor_get2d(indices, 0, k) * 2 + THLongTensor_get2d(indices, 1, k)) * 3 +
                THLongTensor_get2d(indices, 2, k);
    CHECK(flat > previous);
    previous = flat;
  }
  CHECK(Case_(denseEquals)(s, expected));
  THSTensor *again = THSTensor_(newContiguous)(s);   /* already contiguous: the same tensor */
  CHECK(again == s);
  THSTensor_(free)(again);
  THLongTensor_free(indices);
  THTensor_(free)(expected);
  THSTensor_(free)(s);
}

TEST(Case_(contiguous_of_sorted_entries_only_sets_the_flag)) {
  long size[1] = {5};
  long idx[3] = {0, 2, 4};
  int values[3] = {1, 2, 3};
  THSTensor *s = Case_(sparse)(1, size, 3, idx, values);
  THLongTensor *before = s->indices;
  THSTensor_(contiguous)(s);
  CHECK(THSTensor_(isContiguous)(s));
  CHECK(s->indices == before);
  THSTensor_(free)(s);
}

TEST(Case_(transpose_swaps_sizes_and_index_rows)) {
  long size[3] = {2, 3, 4};
  long idx[12] = {0, 1, 1, 0, 0, 2, 1, 2, 3, 0, 1, 3};
  int values[4] = {1, 2, 3, 1};
  THSTensor *s = Case_(sparse)(3, size, 4, idx, values);
  THTensor *dense = Case_(reference)(3, size, 4, idx, values);
  THSTensor_(contiguous)(s);
  THSTensor *t = THSTensor_(newTranspose)(s, 0, 2);
  CHECK(THSTensor_(isContiguous)(s));              /* the original is left alone */
  CHECK(!THSTensor_(isContiguous)(t));
  CHECK_EQ_LONG(THSTensor_(size)(t, 0), 4);
  THTensor *denseT = THTensor_(newTranspose)(dense, 0, 2);
  CHECK(Case_(denseEquals)(t, denseT));
  THSTensor_(transpose)(t, 1, 0);
  THTensor_(transpose)(denseT, NULL, 1, 0);
  CHECK(Case_(denseEquals)(t, denseT));
  THSTensor_(transpose)(t, 1, 1);
  CHECK(Case_(denseEquals)(t, denseT));
  THTensor_(free)(denseT);
  THTensor_(free)(dense);
  THSTensor_(free)(t);
  THSTensor_(free)(s);
}

/* ---- Math with dense tensors ---- */

TEST(Case_(spcadd_adds_into_any_layout_and_in_place)) {
  THSTensor *s = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THTensor *sDense = Case_(reference)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(matrix)(layout, 3, 4);
    THTensor *expected = THTensor_(newWithSize2d)(3, 4);
    for (long i = 0; i < 3; i++)
      for (long j = 0; j < 4; j++)
        THTensor_(set2d)(expected, i, j, (real)(THTensor_(get2d)(t, i, j) +
                                                2 * THTensor_(get2d)(sDense, i, j)));
    THTensor *r = THTensor_(new)();
    THSTensor_(spcadd)(r, t, 2, s);
    CHECK(Case_(sameDense)(r, expected));
    THSTensor_(spcadd)(t, t, 2, s);                 /* r_ = t: in place, keeping the layout */
    CHECK(Case_(sameDense)(t, expected));
    THTensor_(free)(r);
    THTensor_(free)(expected);
    THTensor_(free)(t);
  }
  THTensor_(free)(sDense);
  THSTensor_(free)(s);
}

TEST(Case_(spaddmm_and_spmm_match_the_dense_product)) {
  THSTensor *s = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THTensor *a = Case_(reference)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *b = Case_(matrix)(layout, 4, 5);
    THTensor *t = Case_(matrix)(layout, 3, 5);
    THTensor *expected = Case_(addmmReference)(2, t, 3, a, b);
    THTensor *r = THTensor_(new)();
    THSTensor_(spaddmm)(r, 2, t, 3, s, b);
    CHECK(Case_(sameDense)(r, expected));
    THTensor *rLayout = Case_(inLayout)(layout, 3, 5);  /* a result of any layout */
    THSTensor_(spaddmm)(rLayout, 2, t, 3, s, b);
    CHECK(Case_(sameDense)(rLayout, expected));
    THSTensor_(spaddmm)(t, 2, t, 3, s, b);           /* r_ = t */
    CHECK(Case_(sameDense)(t, expected));
    THTensor_(free)(expected);

    expected = Case_(addmmReference)(0, NULL, 1, a, b);
    THSTensor_(spmm)(r, s, b);
    CHECK(Case_(sameDense)(r, expected));
    THSTensor_(spaddmm)(r, 0, t, 1, s, b);            /* beta 0: t is not read */
    CHECK(Case_(sameDense)(r, expected));
    THTensor_(free)(expected);
    THTensor_(free)(rLayout);
    THTensor_(free)(r);
    THTensor_(free)(t);
    THTensor_(free)(b);
  }
  THTensor_(free)(a);
  THSTensor_(free)(s);
}

TEST(Case_(spmm_into_its_dense_factor)) {
  /* r_ = dense: the product must read the factor before overwriting it */
  long size[2] = {3, 3};
  long idx[6] = {0, 1, 2, 1, 2, 0};
  int values[3] = {1, 2, 3};
  THSTensor *s = Case_(sparse)(2, size, 3, idx, values);
  THTensor *a = Case_(reference)(2, size, 3, idx, values);
  THTensor *b = Case_(matrix)(CONTIGUOUS, 3, 3);
  THTensor *expected = Case_(addmmReference)(0, NULL, 1, a, b);
  THSTensor_(spmm)(b, s, b);
  CHECK(Case_(sameDense)(b, expected));
  THTensor_(free)(expected);
  THTensor_(free)(b);
  THTensor_(free)(a);
  THSTensor_(free)(s);
}

TEST(Case_(sspaddmm_and_sspmm_give_coalesced_sparse_products)) {
  THSTensor *s = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THTensor *a = Case_(reference)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  long tSize[2] = {3, 2};
  long tIdx[6] = {1, 0, 1, 1, 0, 1};     /* (1,1) twice and (0,0) */
  int tValues[3] = {1, 2, 3};
  THSTensor *t = Case_(sparse)(2, tSize, 3, tIdx, tValues);
  THTensor *tDense = Case_(reference)(2, tSize, 3, tIdx, tValues);
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *b = Case_(matrix)(layout, 4, 2);
    THTensor *expected = Case_(addmmReference)(2, tDense, 1, a, b);
    THSTensor *r = THSTensor_(new)();
    THSTensor_(sspaddmm)(r, 2, t, 1, s, b);
    CHECK(THSTensor_(isContiguous)(r));
    CHECK(Case_(denseEquals)(r, expected));
    /* rows 0 and 2 of s have entries: 2 full rows of the product; t adds (1,1) */
    CHECK_EQ_LONG(THSTensor_(nnz)(r), 2 * 2 + 1);
    THTensor_(free)(expected);

    expected = Case_(addmmReference)(0, NULL, 1, a, b);
    THSTensor_(sspmm)(r, s, b);
    CHECK(Case_(denseEquals)(r, expected));
    CHECK_EQ_LONG(THSTensor_(nnz)(r), 4);
    THTensor_(free)(expected);
    THSTensor_(free)(r);
    THTensor_(free)(b);
  }
  THTensor *b = Case_(matrix)(CONTIGUOUS, 4, 2);
  THTensor *expected = Case_(addmmReference)(1, tDense, 1, a, b);
  THSTensor_(sspaddmm)(t, 1, t, 1, s, b);            /* r_ = t */
  CHECK(Case_(denseEquals)(t, expected));
  THTensor_(free)(expected);
  THTensor_(free)(b);
  THTensor_(free)(tDense);
  THSTensor_(free)(t);
  THTensor_(free)(a);
  THSTensor_(free)(s);
}

TEST(Case_(products_of_a_matrix_without_entries)) {
  THLongStorage *size = THLongStorage_newWithSize2(3, 4);
  THSTensor *s = THSTensor_(newWithSize)(size);
  THTensor *b = Case_(matrix)(CONTIGUOUS, 4, 2);
  THTensor *r = THTensor_(new)();
  THSTensor_(spmm)(r, s, b);
  CHECK_EQ_LONG(THTensor_(size)(r, 0), 3);
  CHECK_NEAR(THTensor_(sumall)(r), 0, 0);
  THSTensor *sr = THSTensor_(new)();
  THSTensor_(sspmm)(sr, s, b);
  CHECK_EQ_LONG(THSTensor_(nnz)(sr), 0);
  CHECK_EQ_LONG(THSTensor_(size)(sr, 1), 2);
  THSTensor_(free)(sr);
  THTensor_(free)(r);
  THTensor_(free)(b);
  THSTensor_(free)(s);
  THLongStorage_free(size);
}

/* ---- Errors ---- */

TEST(Case_(bad_parts_are_refused_with_their_sizes)) {
  long idx[4] = {0, 1, 2, 3};
  int values[2] = {1, 2};
  THLongTensor *indices = Case_(indices)(2, 2, idx);        /* (0,2) and (1,3) */
  THLongTensor *flat = THLongTensor_newWithSize1d(2);
  THTensor *v2 = Case_(vector)(2, values);
  THTensor *v1 = Case_(vector)(1, values);
  THTensor *matrix = THTensor_(newWithSize2d)(2, 1);
  THLongStorage *size = THLongStorage_newWithSize2(2, 3);
  THLongStorage *size3 = THLongStorage_newWithSize3(2, 4, 1);
  THLongStorage *badSize = THLongStorage_newWithSize2(2, 0);
  THTensor *none = THTensor_(new)();
  EXPECT_TH_ERROR(THSTensor_(newWithTensor)(flat, v2),
                  "indices must be a 2D tensor of nDimensionI x nnz, but got a 1D tensor of size 2");
  EXPECT_TH_ERROR(THSTensor_(newWithTensor)(indices, none),
                  "values must be a tensor of nnz values (nnz x dense sizes), but got an empty "
                  "tensor");
  THTensor_(free)(none);
  EXPECT_TH_ERROR(THSTensor_(newWithTensorAndSize)(indices, matrix, size),
                  "got 2 sizes (size 2x3) for indices of 2 dimensions and values of 1");
  EXPECT_TH_ERROR(THSTensor_(newWithTensor)(indices, v1),
                  "indices has 2 columns (one per value) but values has 1 values (size 1)");
  EXPECT_TH_ERROR(THSTensor_(newWithTensorAndSize)(indices, v2, size),
                  "index 3 (column 1 of indices) is out of range for dimension 1 of size 3");
  CHECK(THLastErrorKind() == TH_ERROR_INDEX);
  EXPECT_TH_ERROR(THSTensor_(newWithTensorAndSize)(indices, v2, size3),
                  "got 3 sizes (size 2x4x1) for indices of 2 dimensions and values of 0");
  EXPECT_TH_ERROR(THSTensor_(newWithTensorAndSize)(indices, v2, badSize),
                  "sizes must be positive, got size 2x0");
  EXPECT_TH_ERROR(THSTensor_(newWithSize)(badSize), "sizes must be positive, got size 2x0");
  THLongTensor_set2d(indices, 0, 1, -1);
  EXPECT_TH_ERROR(THSTensor_(newWithTensor)(indices, v2),
                  "index -1 (column 1 of indices) is out of range for dimension 0");
  THLongStorage_free(badSize);
  THLongStorage_free(size3);
  THLongStorage_free(size);
  THTensor_(free)(matrix);
  THTensor_(free)(v1);
  THTensor_(free)(v2);
  THLongTensor_free(flat);
  THLongTensor_free(indices);
}

TEST(Case_(bad_dimensions_and_sizes_in_operations)) {
  THSTensor *s = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THTensor *t35 = Case_(matrix)(CONTIGUOUS, 3, 5), *t34 = Case_(matrix)(CONTIGUOUS, 3, 4);
  THTensor *b45 = Case_(matrix)(CONTIGUOUS, 4, 5), *b35 = Case_(matrix)(CONTIGUOUS, 3, 5);
  THTensor *v4 = THTensor_(newWithSize1d)(4);
  THTensor *r = Case_(matrix)(CONTIGUOUS, 2, 2);
  THSTensor *sr = THSTensor_(new)();
  long size1[1] = {4};
  long idx1[1] = {1};
  int value1[1] = {1};
  THSTensor *s1 = Case_(sparse)(1, size1, 1, idx1, value1);

  EXPECT_TH_ERROR(THSTensor_(transpose)(s, 0, 2), "dimension 2 out of range of 2D sparse tensor");
  EXPECT_TH_ERROR(THSTensor_(newTranspose)(s, -1, 0),
                  "dimension -1 out of range of 2D sparse tensor");
  EXPECT_TH_ERROR(THSTensor_(size)(s, 2), "dimension 2 out of range of 2D sparse tensor");
  EXPECT_TH_ERROR(THSTensor_(spcadd)(r, t35, 1, s),
                  "size mismatch: the dense tensor is 3x5 but the sparse tensor is 3x4");
  EXPECT_TH_ERROR(THSTensor_(spmm)(r, s, b35),
                  "size mismatch: mat1 is 3x4 and mat2 is 3x5 (mat1's columns must equal mat2's "
                  "rows)");
  EXPECT_TH_ERROR(THSTensor_(spmm)(r, s1, b45),
                  "expected a sparse matrix for mat1, got a 1D sparse tensor");
  EXPECT_TH_ERROR(THSTensor_(spmm)(r, s, v4), "expected a matrix for mat2, got a 1D tensor");
  EXPECT_TH_ERROR(THSTensor_(spaddmm)(r, 1, t34, 1, s, b45),
                  "expected the added matrix to be 3x5 (mat1's rows x mat2's columns), got "
                  "size 3x4");
  EXPECT_TH_ERROR(THSTensor_(sspaddmm)(sr, 1, s, 1, s, b45),
                  "expected the added sparse matrix to be 3x5 (mat1's rows x mat2's columns), "
                  "got size 3x4");
  EXPECT_TH_ERROR(THSTensor_(sspmm)(sr, s, b35), "size mismatch: mat1 is 3x4 and mat2 is 3x5");
  /* nothing was written */
  CHECK_EQ_LONG(THTensor_(size)(r, 0), 2);
  CHECK_EQ_LONG(THSTensor_(nDimension)(sr), 0);
  CHECK_EQ_LONG(THSTensor_(nnz)(s), 4);

  THSTensor_(free)(s1);
  THSTensor_(free)(sr);
  THTensor_(free)(r);
  THTensor_(free)(v4);
  THTensor_(free)(b35);
  THTensor_(free)(b45);
  THTensor_(free)(t34);
  THTensor_(free)(t35);
  THSTensor_(free)(s);
}

/* ---- Hybrid tensors (sparse dimensions, then dense ones), and math between sparse tensors ---- */

/* A 3 x 2 hybrid tensor: one sparse dimension (rows 2, 0, 2: a repeat), values of 2. */
static const long Case_(h32Idx)[3] = {2, 0, 2};
static const int Case_(h32Values)[6] = {1, 2, 3, 1, 2, 2};

static THSTensor *Case_(hybrid32)(void) {
  THLongTensor *indices = Case_(indices)(1, 3, Case_(h32Idx));
  THTensor *v = Case_(vector)(6, Case_(h32Values));
  THTensor_(resize2d)(v, 3, 2);
  THLongStorage *size = THLongStorage_newWithSize2(3, 2);
  THSTensor *s = THSTensor_(newWithTensorAndSize)(indices, v, size);
  THLongStorage_free(size);
  THTensor_(free)(v);
  THLongTensor_free(indices);
  return s;
}

/* Its dense equivalent: row 0 = (3, 1), row 1 = 0, row 2 = (1, 2) + (2, 2). */
static THTensor *Case_(hybrid32Dense)(void) {
  static const int elements[6] = {3, 1, 0, 0, 3, 4};
  THTensor *t = Case_(vector)(6, elements);
  THTensor_(resize2d)(t, 3, 2);
  return t;
}

TEST(Case_(hybrid_tensors_hold_value_blocks)) {
  THSTensor *s = Case_(hybrid32)();
  CHECK_EQ_LONG(THSTensor_(nDimension)(s), 2);
  CHECK_EQ_LONG(THSTensor_(nDimensionI)(s), 1);
  CHECK_EQ_LONG(THSTensor_(nDimensionV)(s), 1);
  CHECK_EQ_LONG(THSTensor_(nnz)(s), 3);
  THTensor *expected = Case_(hybrid32Dense)();
  CHECK(Case_(denseEquals)(s, expected));
  /* without a size: the sparse size from the indices, the dense one from the values */
  THLongTensor *indices = THSTensor_(newIndices)(s);
  THTensor *values = THSTensor_(newValues)(s);
  THSTensor *inferred = THSTensor_(newWithTensor)(indices, values);
  CHECK_EQ_LONG(THSTensor_(size)(inferred, 0), 3);
  CHECK_EQ_LONG(THSTensor_(size)(inferred, 1), 2);
  CHECK(Case_(denseEquals)(inferred, expected));
  THSTensor_(free)(inferred);
  THTensor_(free)(values);
  THLongTensor_free(indices);
  THTensor_(free)(expected);
  THSTensor_(free)(s);
}

TEST(Case_(contiguous_adds_up_value_blocks)) {
  THSTensor *s = Case_(hybrid32)();
  THSTensor_(contiguous)(s);
  CHECK(THSTensor_(isContiguous)(s));
  CHECK_EQ_LONG(THSTensor_(nnz)(s), 2);
  THTensor *values = THSTensor_(newValues)(s);
  CHECK_EQ_LONG(THTensor_(get2d)(values, 0, 0), 3);
  CHECK_EQ_LONG(THTensor_(get2d)(values, 0, 1), 1);
  CHECK_EQ_LONG(THTensor_(get2d)(values, 1, 0), 3);
  CHECK_EQ_LONG(THTensor_(get2d)(values, 1, 1), 4);
  THTensor_(free)(values);
  EXPECT_TH_ERROR(THSTensor_(transpose)(s, 0, 1),
                  "only its 1 sparse dimensions can be transposed, not its dense ones");
  THSTensor_(free)(s);
}

TEST(Case_(spcadd_and_sparseMask_of_a_hybrid_tensor_in_any_layout)) {
  THSTensor *s = Case_(hybrid32)();
  THTensor *expected = Case_(hybrid32Dense)();
  THTensor *base = Case_(matrix)(CONTIGUOUS, 2, 3);
  THTensor *t = THTensor_(newTranspose)(base, 0, 1);    /* 3 x 2, not contiguous */
  THTensor *want = THTensor_(newClone)(t);
  THTensor_(cadd)(want, want, 2, expected);
  THSTensor_(spcadd)(t, t, 2, s);
  CHECK(Case_(sameDense)(t, want));

  THSTensor *masked = THSTensor_(new)();
  THSTensor_(sparseMask)(masked, t, s);
  CHECK_EQ_LONG(THSTensor_(nnz)(masked), 3);              /* the mask's entries, repeat kept */
  THTensor *values = THSTensor_(newValues)(masked);
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < 2; j++)
      CHECK_EQ_LONG(THTensor_(get2d)(values, k, j), THTensor_(get2d)(t, Case_(h32Idx)[k], j));
  THTensor_(free)(values);
  THSTensor_(free)(masked);
  THTensor_(free)(want);
  THTensor_(free)(t);
  THTensor_(free)(base);
  THTensor_(free)(expected);
  THSTensor_(free)(s);
}

TEST(Case_(cadd_csub_and_cmul_of_sparse_tensors)) {
  THSTensor *a = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  long otherIdx[6] = {2, 1, 0, 1, 2, 0};                  /* (2,1)=1, (1,2)=2, (0,0)=1 */
  int otherValues[3] = {1, 2, 1};
  THSTensor *b = Case_(sparse)(2, Case_(m34Size), 3, otherIdx, otherValues);
  THTensor *da = THSTensor_(toDense)(a), *db = THSTensor_(toDense)(b);
  THTensor *want = THTensor_(new)();
  THSTensor *r = THSTensor_(new)();

  THSTensor_(cadd)(r, a, 2, b);
  THTensor_(cadd)(want, da, 2, db);
  CHECK(Case_(denseEquals)(r, want) && THSTensor_(isContiguous)(r));
  THSTensor_(csub)(r, r, 2, b);                           /* in place: back to a */
  CHECK(Case_(denseEquals)(r, da));
  THSTensor_(cmul)(r, a, b);
  THTensor_(cmul)(want, da, db);
  CHECK(Case_(denseEquals)(r, want));
  CHECK_EQ_LONG(THSTensor_(nnz)(r), 2);                   /* (0,0) and (2,1) only */
  THSTensor_(mul)(r, a, 3);
  THTensor_(mul)(want, da, 3);
  CHECK(Case_(denseEquals)(r, want));
  THSTensor_(div)(r, r, 3);
  CHECK(Case_(denseEquals)(r, da));
  THSTensor_(zero)(r);
  CHECK_EQ_LONG(THSTensor_(nnz)(r), 0);
  CHECK_EQ_LONG(THSTensor_(nDimension)(r), 2);

  THSTensor *h = Case_(hybrid32)();
  EXPECT_TH_ERROR(THSTensor_(cadd)(r, a, 1, h), "size mismatch: the sparse tensors are 3x4 and 3x2");
  THLongStorage *size32 = THLongStorage_newWithSize2(3, 2);
  long plainIdx[4] = {0, 1, 1, 0};
  int plainValues[2] = {1, 1};
  THSTensor *plain = Case_(sparse)(2, size32->data, 2, plainIdx, plainValues);
  EXPECT_TH_ERROR(THSTensor_(cmul)(r, h, plain),
                  "the sparse tensors of size 3x2 have 1 and 2 sparse dimensions");
  THSTensor_(free)(plain);
  THLongStorage_free(size32);
  THSTensor_(free)(h);
  THSTensor_(free)(r);
  THTensor_(free)(want);
  THTensor_(free)(db);
  THTensor_(free)(da);
  THSTensor_(free)(b);
  THSTensor_(free)(a);
}

TEST(Case_(hspmm_gives_one_full_row_per_row_with_entries)) {
  THSTensor *s = Case_(sparse)(2, Case_(m34Size), 4, Case_(m34Idx), Case_(m34Values));
  THTensor *dense = Case_(matrix)(TRANSPOSED, 4, 5);
  THTensor *ds = THSTensor_(toDense)(s);
  THTensor *want = Case_(addmmReference)(0, NULL, 2, ds, dense);
  THSTensor *r = THSTensor_(new)();
  THSTensor_(hspmm)(r, 2, s, dense);
  CHECK_EQ_LONG(THSTensor_(nDimensionI)(r), 1);
  CHECK_EQ_LONG(THSTensor_(nnz)(r), 2);                   /* rows 0 and 2 */
  CHECK(THSTensor_(isContiguous)(r));
  CHECK(Case_(denseEquals)(r, want));
  THSTensor *h = Case_(hybrid32)();
  EXPECT_TH_ERROR(THSTensor_(hspmm)(r, 1, h, dense),
                  "got a hybrid sparse tensor of size 3x2 whose last dimension is dense");
  THSTensor_(free)(h);
  THSTensor_(free)(r);
  THTensor_(free)(want);
  THTensor_(free)(ds);
  THTensor_(free)(dense);
  THSTensor_(free)(s);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(constructs_from_indices_values_and_size)),
  TEST_ENTRY(Case_(indices_are_copied_in_and_out_values_are_shared_out)),
  TEST_ENTRY(Case_(sizes_are_inferred_as_the_largest_index_plus_one)),
  TEST_ENTRY(Case_(strided_indices_and_values_are_read_through_their_strides)),
  TEST_ENTRY(Case_(empty_and_all_zero_tensors)),
  TEST_ENTRY(Case_(retain_and_free_count_references)),
  TEST_ENTRY(Case_(contiguous_sorts_and_adds_up_repeated_positions)),
  TEST_ENTRY(Case_(contiguous_orders_by_every_dimension_in_turn)),
  TEST_ENTRY(Case_(contiguous_of_sorted_entries_only_sets_the_flag)),
  TEST_ENTRY(Case_(transpose_swaps_sizes_and_index_rows)),
  TEST_ENTRY(Case_(spcadd_adds_into_any_layout_and_in_place)),
  TEST_ENTRY(Case_(spaddmm_and_spmm_match_the_dense_product)),
  TEST_ENTRY(Case_(spmm_into_its_dense_factor)),
  TEST_ENTRY(Case_(sspaddmm_and_sspmm_give_coalesced_sparse_products)),
  TEST_ENTRY(Case_(products_of_a_matrix_without_entries)),
  TEST_ENTRY(Case_(bad_parts_are_refused_with_their_sizes)),
  TEST_ENTRY(Case_(bad_dimensions_and_sizes_in_operations)),
  TEST_ENTRY(Case_(hybrid_tensors_hold_value_blocks)),
  TEST_ENTRY(Case_(contiguous_adds_up_value_blocks)),
  TEST_ENTRY(Case_(spcadd_and_sparseMask_of_a_hybrid_tensor_in_any_layout)),
  TEST_ENTRY(Case_(cadd_csub_and_cmul_of_sparse_tensors)),
  TEST_ENTRY(Case_(hspmm_gives_one_full_row_per_row_with_entries)),
};

#endif
