/* The THNN embedding cases for one float type (expanded by test_thnn_embedding.c through
 * THGenerateFloatTypes.h): LookupTable (accGradParameters with padding and frequency scaling,
 * renorm) on a table of 6 rows of 3, and SparseLinear (current and legacy formats, with the
 * updates of the columns an input touched) from 5 features to 2 outputs. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_embedding_cases.c"
#else

#include "thnn_helpers.c"

static void Case_(freeAll)(THTensor **tensors, size_t n) {
  for (size_t k = 0; k < n; k++)
    THTensor_(free)(tensors[k]);
}
#define FREE_ALL(...) Case_(freeAll)((THTensor *[]){__VA_ARGS__}, \
                                     sizeof((THTensor *[]){__VA_ARGS__}) / sizeof(THTensor *))

/* A LongTensor of the given sizes (at most 2) holding values. */
static THLongTensor *Case_(indicesOf)(int ndim, const long *sizes, const long *values) {
  THLongTensor *t = THLongTensor_new();
  THLongTensor_resizeNd(t, ndim, (long *)sizes, NULL);
  memcpy(THLongTensor_data(t), values, sizeof(long) * THLongTensor_nElement(t));
  return t;
}

/* ---- LookupTable ---- */

/* The embedding's forward (the caller's index_select) with the table as the context. */
typedef struct {
  THTensor *weight;
  THLongTensor *indices;
} Case_(Lookup);

static void Case_(lookupForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Lookup) *m = context;
  (void)input;
  THTensor_(indexSelect)(output, m->weight, 0, m->indices);
}

TEST(Case_(lookup_gradient_matches_central_differences_of_the_row_selection)) {
  /* 5 lookups of a 6-row table, rows 1 and 4 twice */
  THLongTensor *indices = Case_(indicesOf)(1, (long[]){5}, (long[]){4, 1, 0, 1, 4});
  Case_(Lookup) m = {Case_(valuesOf)(2, (long[]){6, 3}, 11), indices};
  THTensor *output = THTensor_(new)();
  Case_(lookupForward)(NULL, output, &m);
  THTensor *gradOutput = Case_(valuesOf)(2, output->size, 3);
  THTensor *gradWeight = Case_(valuesOf)(2, (long[]){6, 3}, 5);
  THTensor *before = THTensor_(newClone)(gradWeight);
  THIntTensor *count = THIntTensor_new();
  THNN_(LookupTable_accGradParameters)(NULL, indices, gradOutput, gradWeight, count, NULL, NULL,
                                       false, -1, 0.5);
  THTensor *added = Case_(addedOver)(gradWeight, before, 0.5);
  CHECK(Case_(gradientErrorOf)(Case_(lookupForward), &m, NULL, m.weight, gradOutput, added) <
        1e-6);
  /* rows no index selects get nothing */
  CHECK(THTensor_(get2d)(added, 2, 0) == 0 && THTensor_(get2d)(added, 5, 2) == 0);
  THIntTensor_free(count);
  THLongTensor_free(indices);
  FREE_ALL(m.weight, output, gradOutput, gradWeight, before, added);
}

TEST(Case_(lookup_skips_the_padding_row_and_scales_by_frequency)) {
  /* a 2 x 3 batch of indices; gradOutput is 2 x 3 x 3, read through a transposed view */
  THLongTensor *indices = Case_(indicesOf)(2, (long[]){2, 3}, (long[]){2, 0, 2, 5, 2, 1});
  THTensor *base = Case_(valuesOf)(3, (long[]){2, 3, 3}, 3);
  THTensor *gradOutput = THTensor_(newTranspose)(base, 0, 1);   /* 3 x 2 x 3 */
  THTensor *rows = THTensor_(newClone)(gradOutput);
  THTensor *flatRows = THTensor_(newWithStorage2d)(rows->storage, 0, 6, 3, 3, 1);
  THLongTensor *flat = Case_(indicesOf)(1, (long[]){6}, (long[]){2, 5, 0, 2, 2, 1});
  THTensor *gradWeight = THTensor_(newWithSize2d)(6, 3);
  THIntTensor *count = THIntTensor_new();
  /* the padding row 0 is skipped, row 2 (three times) is divided by 3 */
  THTensor_(zero)(gradWeight);
  THNN_(LookupTable_accGradParameters)(NULL, flat, flatRows, gradWeight, count, NULL, NULL, true,
                                       0, 2);
  long wrong = 0;
  long occurrences[6] = {1, 1, 3, 0, 0, 1};
  for (long row = 0; row < 6; row++)
    for (long d = 0; d < 3; d++) {
      double expected = 0;
      for (long i = 0; i < 6; i++)
        if (THLongTensor_get1d(flat, i) == row && row != 0)
          expected += 2.0 / occurrences[row] * THTensor_(get2d)(flatRows, i, d);
      wrong += fabs(THTensor_(get2d)(gradWeight, row, d) - expected) > 1e-5;
    }
  CHECK_EQ_LONG(wrong, 0);
  CHECK_EQ_LONG(THIntTensor_get1d(count, 2), 3);
  CHECK_EQ_LONG(THIntTensor_nElement(count), 6);
  /* the 2-D indices and their 3-D gradient give the same */
  THTensor *again = THTensor_(newWithSize2d)(6, 3);
  THTensor_(zero)(again);
  THLongTensor *transposedIndices = THLongTensor_newTranspose(indices, 0, 1);
  THNN_(LookupTable_accGradParameters)(NULL, transposedIndices, gradOutput, again, count, NULL,
                                       NULL, true, 0, 2);
  CHECK(Case_(maxDifference)(again, gradWeight) < 1e-6);
  THIntTensor_free(count);
  THLongTensor_free(indices);
  THLongTensor_free(flat);
  THLongTensor_free(transposedIndices);
  FREE_ALL(base, gradOutput, rows, flatRows, gradWeight, again);
}

TEST(Case_(lookup_renorm_shrinks_the_selected_rows_only)) {
  THTensor *weight = Case_(valuesOf)(2, (long[]){4, 3}, 11);
  THTensor_(mul)(weight, weight, 4);
  THTensor *original = THTensor_(newClone)(weight);
  THLongTensor *idx = Case_(indicesOf)(1, (long[]){3}, (long[]){2, 0, 2});
  for (int p = 1; p <= 2; p++) {
    THTensor_(copy)(weight, original);
    THNN_(LookupTable_renorm)(NULL, idx, weight, 1, p);
    for (long row = 0; row < 4; row++) {
      double before = 0, after = 0;
      for (long d = 0; d < 3; d++) {
        before += pow(fabs(THTensor_(get2d)(original, row, d)), p);
        after += pow(fabs(THTensor_(get2d)(weight, row, d)), p);
      }
      before = pow(before, 1.0 / p);
      after = pow(after, 1.0 / p);
      bool selected = row == 0 || row == 2;
      if (selected && before > 1)
        CHECK_NEAR(after, 1, 1e-5);          /* shrunk to the maximum norm */
      else
        CHECK_NEAR(after, before, 1e-12);     /* left alone */
    }
  }
  /* idx is not reordered */
  CHECK_EQ_LONG(THLongTensor_get1d(idx, 0), 2);
  CHECK_EQ_LONG(THLongTensor_get1d(idx, 1), 0);
  THLongTensor_free(idx);
  FREE_ALL(weight, original);
}

TEST(Case_(lookup_checks_sizes_and_indices)) {
  THTensor *gradWeight = THTensor_(newWithSize2d)(6, 3), *vector = THTensor_(newWithSize1d)(6);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){3, 3}, 3);
  THTensor *wrongGradOutput = Case_(valuesOf)(2, (long[]){3, 2}, 3);
  THIntTensor *count = THIntTensor_new();
  THLongTensor *indices = Case_(indicesOf)(1, (long[]){3}, (long[]){1, 6, 2});
  THLongTensor *negative = Case_(indicesOf)(1, (long[]){3}, (long[]){1, -1, 2});
  THLongTensor *good = Case_(indicesOf)(1, (long[]){3}, (long[]){1, 5, 2});
  THLongTensor *cube = THLongTensor_newWithSize3d(1, 1, 3);
  EXPECT_TH_ERROR(THNN_(LookupTable_accGradParameters)(NULL, indices, gradOutput, gradWeight,
                                                       count, NULL, NULL, false, -1, 1),
                  "index 6 is out of range: the table has rows 0 to 5");
  EXPECT_TH_ERROR(THNN_(LookupTable_accGradParameters)(NULL, negative, gradOutput, gradWeight,
                                                       count, NULL, NULL, false, -1, 1),
                  "index -1 is out of range");
  EXPECT_TH_ERROR(THNN_(LookupTable_accGradParameters)(NULL, good, wrongGradOutput, gradWeight,
                                                       count, NULL, NULL, false, -1, 1),
                  "gradOutput should hold one row of 3 for each of the 3 indices (input is 3), "
                  "but got size 3x2");
  EXPECT_TH_ERROR(THNN_(LookupTable_accGradParameters)(NULL, good, gradOutput, vector, count,
                                                       NULL, NULL, false, -1, 1),
                  "gradWeight should be a 2D tensor (rows x dim), but got size 6");
  EXPECT_TH_ERROR(THNN_(LookupTable_accGradParameters)(NULL, cube, gradOutput, gradWeight,
                                                       count, NULL, NULL, false, -1, 1),
                  "input should be a 1D or 2D tensor of indices, but got size 1x1x3");
  EXPECT_TH_ERROR(THNN_(LookupTable_renorm)(NULL, indices, gradWeight, 1, 2),
                  "index 6 is out of range: the table has rows 0 to 5");
  EXPECT_TH_ERROR(THNN_(LookupTable_renorm)(NULL, cube, gradWeight, 1, 2),
                  "idx should be a 1D tensor of indices, but got size 1x1x3");
  EXPECT_TH_ERROR(THNN_(LookupTable_renorm)(NULL, good, gradWeight, 1, 0),
                  "normType should be greater than zero, but got 0");
  EXPECT_TH_ERROR(THNN_(LookupTable_renorm)(NULL, good, vector, 1, 2),
                  "weight should be a 2D tensor (rows x dim), but got size 6");
  THIntTensor_free(count);
  THLongTensor_free(indices);
  THLongTensor_free(negative);
  THLongTensor_free(good);
  THLongTensor_free(cube);
  FREE_ALL(gradWeight, vector, gradOutput, wrongGradOutput);
}

/* ---- SparseLinear ---- */

/* 3 samples of 5 features; sample 1 has no entry, feature 3 appears twice in sample 2. */
static const real Case_(entries)[][3] = {
  {0, 1, 0.5}, {0, 4, -2}, {2, 3, 1.5}, {2, 0, 0.25}, {2, 3, -0.75},
};
#define CASE_NNZ 5

/* The input in the current format (nnz x 3) and the dense batch it stands for (3 x 5). */
static THTensor *Case_(sparseInput)(void) {
  THTensor *input = THTensor_(newWithSize2d)(CASE_NNZ, 3);
  for (long k = 0; k < CASE_NNZ; k++)
    for (long c = 0; c < 3; c++)
      THTensor_(set2d)(input, k, c, Case_(entries)[k][c]);
  return input;
}

static THTensor *Case_(denseInput)(void) {
  THTensor *dense = THTensor_(newWithSize2d)(3, 5);
  THTensor_(zero)(dense);
  for (long k = 0; k < CASE_NNZ; k++) {
    long s = (long)Case_(entries)[k][0], f = (long)Case_(entries)[k][1];
    THTensor_(set2d)(dense, s, f, THTensor_(get2d)(dense, s, f) + Case_(entries)[k][2]);
  }
  return dense;
}

/* The same in the legacy format: 3 samples x 2 pairs (feature, value), sample 1's pairs hold
 * zeros, which add nothing. */
static THTensor *Case_(legacyInput)(void) {
  THTensor *input = THTensor_(newWithSize3d)(3, 3, 2);
  THTensor_(zero)(input);
  long used[3] = {0, 0, 0};
  for (long k = 0; k < CASE_NNZ; k++) {
    long s = (long)Case_(entries)[k][0];
    THTensor_(set3d)(input, s, used[s], 0, Case_(entries)[k][1]);
    THTensor_(set3d)(input, s, used[s]++, 1, Case_(entries)[k][2]);
  }
  return input;
}

typedef struct {
  THTensor *weight, *bias, *sparse;
  bool legacy;
} Case_(Sparse);

static void Case_(sparseForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Sparse) *m = context;
  (void)input;
  if (m->legacy) {
    THNN_(SparseLinear_legacyUpdateOutput)(NULL, m->sparse, output, m->weight, m->bias);
  } else {
    THTensor_(resize2d)(output, 3, 2);
    THNN_(SparseLinear_updateOutput)(NULL, m->sparse, output, m->weight, m->bias);
  }
}

TEST(Case_(sparse_linear_is_linear_on_the_dense_input_in_both_formats)) {
  THTensor *weight = Case_(valuesOf)(2, (long[]){2, 5}, 11);
  THTensor *bias = Case_(valuesOf)(1, (long[]){2}, 29), *dense = Case_(denseInput)();
  THTensor *expected = THTensor_(newWithSize2d)(3, 2);
  for (long s = 0; s < 3; s++)
    for (long o = 0; o < 2; o++) {
      double sum = THTensor_(get1d)(bias, o);
      for (long f = 0; f < 5; f++)
        sum += THTensor_(get2d)(weight, o, f) * THTensor_(get2d)(dense, s, f);
      THTensor_(set2d)(expected, s, o, sum);
    }
  for (int legacy = 0; legacy < 2; legacy++) {
    Case_(Sparse) m = {weight, bias, legacy ? Case_(legacyInput)() : Case_(sparseInput)(),
                       legacy};
    THTensor *output = THTensor_(new)();
    Case_(sparseForward)(NULL, output, &m);
    CHECK(Case_(maxDifference)(output, expected) < 1e-5);
    /* the parameters' gradients are those of the forward, with weight decay added */
    THTensor *gradOutput = Case_(valuesOf)(2, (long[]){3, 2}, 3);
    THTensor *gradWeight = Case_(valuesOf)(2, (long[]){2, 5}, 5);
    THTensor *gradBias = Case_(valuesOf)(1, (long[]){2}, 7);
    THTensor *weightBefore = THTensor_(newClone)(gradWeight);
    THTensor *biasBefore = THTensor_(newClone)(gradBias);
    if (legacy)
      THNN_(SparseLinear_legacyAccGradParameters)(NULL, m.sparse, gradOutput, gradWeight,
                                                  gradBias, weight, bias, 0, 0.5);
    else
      THNN_(SparseLinear_accGradParameters)(NULL, m.sparse, gradOutput, gradWeight, gradBias,
                                            weight, bias, 0, 0.5);
    THTensor *addedWeight = Case_(addedOver)(gradWeight, weightBefore, 0.5);
    THTensor *addedBias = Case_(addedOver)(gradBias, biasBefore, 0.5);
    CHECK(Case_(gradientErrorOf)(Case_(sparseForward), &m, NULL, weight, gradOutput,
                                 addedWeight) < 1e-6);
    CHECK(Case_(gradientErrorOf)(Case_(sparseForward), &m, NULL, bias, gradOutput, addedBias) <
          1e-6);
    THTensor_(copy)(gradWeight, weightBefore);
    if (legacy)
      THNN_(SparseLinear_legacyAccGradParameters)(NULL, m.sparse, gradOutput, gradWeight,
                                                  gradBias, weight, bias, 0.1, 0.5);
    else
      THNN_(SparseLinear_accGradParameters)(NULL, m.sparse, gradOutput, gradWeight, gradBias,
                                            weight, bias, 0.1, 0.5);
    THTensor_(cadd)(addedWeight, weightBefore, 0.5, addedWeight);
    THTensor_(cadd)(addedWeight, addedWeight, 0.1, weight);
    CHECK(Case_(maxDifference)(gradWeight, addedWeight) < 1e-5);
    FREE_ALL(m.sparse, output, gradOutput, gradWeight, gradBias, weightBefore, biasBefore,
             addedWeight, addedBias);
  }
  FREE_ALL(weight, bias, dense, expected);
}

TEST(Case_(sparse_linear_updates_only_the_columns_of_the_last_input)) {
  for (int legacy = 0; legacy < 2; legacy++) {
    THTensor *input = legacy ? Case_(legacyInput)() : Case_(sparseInput)();
    THTensor *weight = Case_(valuesOf)(2, (long[]){2, 5}, 11);
    THTensor *bias = Case_(valuesOf)(1, (long[]){2}, 29);
    THTensor *gradWeight = Case_(valuesOf)(2, (long[]){2, 5}, 5);
    THTensor *gradBias = Case_(valuesOf)(1, (long[]){2}, 7);
    THTensor *weightBefore = THTensor_(newClone)(weight);
    THTensor *biasBefore = THTensor_(newClone)(bias);
    if (legacy)
      THNN_(SparseLinear_legacyUpdateParameters)(NULL, weight, bias, gradWeight, gradBias, input,
                                                 0.5);
    else
      THNN_(SparseLinear_updateParameters)(NULL, weight, bias, gradWeight, gradBias, input, 0.5);
    /* the features used are 0, 1, 3 (twice) and 4, and for legacy also 0 (the zero pairs) */
    long wrong = 0;
    for (long o = 0; o < 2; o++) {
      for (long f = 0; f < 5; f++) {
        double step = f == 2 ? 0 : 0.5 * THTensor_(get2d)(gradWeight, o, f);
        wrong += fabs(THTensor_(get2d)(weight, o, f) -
                      (THTensor_(get2d)(weightBefore, o, f) - step)) > 1e-6;
      }
      wrong += fabs(THTensor_(get1d)(bias, o) - (THTensor_(get1d)(biasBefore, o) -
                                                 0.5 * THTensor_(get1d)(gradBias, o))) > 1e-6;
    }
    CHECK_EQ_LONG(wrong, 0);
    if (legacy)
      THNN_(SparseLinear_legacyZeroGradParameters)(NULL, gradWeight, gradBias, input);
    else
      THNN_(SparseLinear_zeroGradParameters)(NULL, gradWeight, gradBias, input);
    CHECK(THTensor_(get1d)(gradBias, 0) == 0 && THTensor_(get1d)(gradBias, 1) == 0);
    CHECK(THTensor_(get2d)(gradWeight, 0, 3) == 0 && THTensor_(get2d)(gradWeight, 1, 4) == 0);
    CHECK(THTensor_(get2d)(gradWeight, 0, 2) != 0);   /* feature 2 was not used */
    FREE_ALL(input, weight, bias, gradWeight, gradBias, weightBefore, biasBefore);
  }
}

TEST(Case_(sparse_linear_checks_formats_and_positions)) {
  THTensor *weight = Case_(valuesOf)(2, (long[]){2, 5}, 11);
  THTensor *bias = Case_(valuesOf)(1, (long[]){2}, 29), *shortBias = THTensor_(newWithSize1d)(3);
  THTensor *input = Case_(sparseInput)(), *legacy = Case_(legacyInput)();
  THTensor *output = THTensor_(newWithSize2d)(3, 2), *unsized = THTensor_(new)();
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){3, 3}, 3);
  THTensor *gradWeight = THTensor_(newWithSize2d)(2, 5), *gradBias = THTensor_(newWithSize1d)(2);
  EXPECT_TH_ERROR(THNN_(SparseLinear_updateOutput)(NULL, legacy, output, weight, bias),
                  "input should be an nnz x 3 tensor of (sample, feature, value) rows, but got "
                  "size 3x3x2");
  EXPECT_TH_ERROR(THNN_(SparseLinear_legacyUpdateOutput)(NULL, input, output, weight, bias),
                  "input should be a batchSize x nnz x 2 tensor of (feature, value) pairs, but "
                  "got size 5x3");
  EXPECT_TH_ERROR(THNN_(SparseLinear_updateOutput)(NULL, input, unsized, weight, bias),
                  "output should be sized batchSize x 2 by the caller");
  EXPECT_TH_ERROR(THNN_(SparseLinear_updateOutput)(NULL, input, output, weight, shortBias),
                  "bias should be a 1D tensor of size 2, but got size 3");
  THTensor_(set2d)(input, 1, 1, 5);
  EXPECT_TH_ERROR(THNN_(SparseLinear_updateOutput)(NULL, input, output, weight, bias),
                  "input has feature 5, but features go from 0 to 4");
  THTensor_(set2d)(input, 1, 1, 1.5);
  EXPECT_TH_ERROR(THNN_(SparseLinear_zeroGradParameters)(NULL, gradWeight, gradBias, input),
                  "input has feature 1.5, but features go from 0 to 4");
  THTensor_(set2d)(input, 1, 1, 4);
  THTensor_(set2d)(input, 2, 0, 3);
  EXPECT_TH_ERROR(THNN_(SparseLinear_updateOutput)(NULL, input, output, weight, bias),
                  "input has sample 3, but the batch has samples 0 to 2");
  THTensor_(set3d)(legacy, 0, 0, 0, -1);
  EXPECT_TH_ERROR(THNN_(SparseLinear_legacyUpdateParameters)(NULL, weight, bias, gradWeight,
                                                             gradBias, legacy, 1),
                  "input has feature -1, but features go from 0 to 4");
  EXPECT_TH_ERROR(THNN_(SparseLinear_legacyAccGradParameters)(NULL, legacy, gradOutput,
                                                              gradWeight, gradBias, weight, bias,
                                                              0, 1),
                  "gradOutput should be of size 3x2, but got size 3x3");
  EXPECT_TH_ERROR(THNN_(SparseLinear_accGradParameters)(NULL, input, output, shortBias,
                                                        gradBias, weight, bias, 0, 1),
                  "gradWeight should be of size 2x5, but got size 3");
  FREE_ALL(weight, bias, shortBias, input, legacy, output, unsized, gradOutput, gradWeight,
           gradBias);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(lookup_gradient_matches_central_differences_of_the_row_selection)),
  TEST_ENTRY(Case_(lookup_skips_the_padding_row_and_scales_by_frequency)),
  TEST_ENTRY(Case_(lookup_renorm_shrinks_the_selected_rows_only)),
  TEST_ENTRY(Case_(lookup_checks_sizes_and_indices)),
  TEST_ENTRY(Case_(sparse_linear_is_linear_on_the_dense_input_in_both_formats)),
  TEST_ENTRY(Case_(sparse_linear_updates_only_the_columns_of_the_last_input)),
  TEST_ENTRY(Case_(sparse_linear_checks_formats_and_positions)),
};

#undef CASE_NNZ

#endif
