/* The THTensorReduce cases for one dtype (expanded by test_reduce.c through THGenerateAllTypes.h):
 * sum and prod, max and min, the scans, trace, all and any, and the statistics of float types.
 * Values are small integers with many ties, so every result is exact and first positions matter. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/reduce_cases.c"
#else

#include "layouts.c"

/* ---- sum and prod ---- */

TEST(Case_(sumall_and_prodall)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(cycling)((enum layout)layout, 3, 4, 1, 13);    /* 1..12 */
    THTensor *p = Case_(cycling)((enum layout)layout, 2, 3, 1, 13);    /* 1..6 */
    CHECK_EQ_LONG(THTensor_(sumall)(t), 78);
    CHECK_EQ_LONG(THTensor_(prodall)(p), 720);
    THTensor_(free)(p);
    THTensor_(free)(t);
  }
  THTensor *empty = THTensor_(new)();
  CHECK_EQ_LONG(THTensor_(sumall)(empty), 0);
  CHECK_EQ_LONG(THTensor_(prodall)(empty), 1);
  CHECK_EQ_LONG(THTensor_(numel)(empty), 0);
  THTensor *big = THTensor_(newWithSize2d)(2, 150001);
  THTensor_(fill)(big, 1);
  CHECK_EQ_LONG(THTensor_(sumall)(big), 300002);
  CHECK_EQ_LONG(THTensor_(prodall)(big), 1);
  CHECK_EQ_LONG(THTensor_(numel)(big), 300002);
  THTensor_(free)(big);
  THTensor_(free)(empty);
}

/* r = reduce(t, dim) compared with the sum or product of each slice, read with get3d. */
static void Case_(checkReduction)(THTensor *t, int dim, int isProd) {
  THTensor *r = THTensor_(new)();
  if (isProd)
    THTensor_(prod)(r, t, dim);
  else
    THTensor_(sum)(r, t, dim);
  CHECK_EQ_LONG(r->nDimension, 3);
  long wrong = 0;
  for (int d = 0; d < 3; d++)
    wrong += r->size[d] != (d == dim ? 1 : t->size[d]);
  for (long i = 0; i < r->size[0]; i++)
    for (long j = 0; j < r->size[1]; j++)
      for (long k = 0; k < r->size[2]; k++) {
        accreal acc = isProd ? 1 : 0;
        for (long m = 0; m < t->size[dim]; m++) {
          real x = THTensor_(get3d)(t, dim == 0 ? m : i, dim == 1 ? m : j, dim == 2 ? m : k);
          acc = isProd ? acc * x : acc + x;
        }
        wrong += THTensor_(get3d)(r, i, j, k) != (real)acc;
      }
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(free)(r);
}

/* A d0 x d1 x d2 tensor holding 1 + k % 3 (k its row-major position); permuted: stored with its
 * dimensions reversed, then transposed back. */
static THTensor *Case_(make3d)(long d0, long d1, long d2, int permuted) {
  THTensor *t;
  if (permuted) {
    THTensor *base = THTensor_(newWithSize3d)(d2, d1, d0);
    t = THTensor_(newTranspose)(base, 0, 2);
    THTensor_(free)(base);
  } else {
    t = THTensor_(newWithSize3d)(d0, d1, d2);
  }
  long k = 0;
  for (long i = 0; i < d0; i++)
    for (long j = 0; j < d1; j++)
      for (long l = 0; l < d2; l++, k++)
        THTensor_(set3d)(t, i, j, l, (real)(1 + k % 3));
  return t;
}

TEST(Case_(sum_and_prod_along_each_dimension)) {
  for (int permuted = 0; permuted < 2; permuted++) {
    THTensor *t = Case_(make3d)(2, 3, 4, permuted);
    THTensor *wide = Case_(make3d)(3, 7, 600, permuted);   /* more columns than one block */
    for (int dim = 0; dim < 3; dim++) {
      Case_(checkReduction)(t, dim, 0);
      Case_(checkReduction)(t, dim, 1);
      Case_(checkReduction)(wide, dim, 0);
    }
    THTensor_(free)(wide);
    THTensor_(free)(t);
  }
  THTensor *longRow = Case_(make3d)(1, 1, 300000, 0);       /* one long slice: parallel */
  Case_(checkReduction)(longRow, 2, 0);
  THTensor_(free)(longRow);
}

TEST(Case_(sum_keeps_the_dimension_and_may_replace_its_input)) {
  THTensor *v = Case_(cycling)(CONTIGUOUS, 1, 5, 1, 10), *r = THTensor_(new)();
  THTensor_(select)(v, NULL, 0, 0);                          /* 1-D: 1 2 3 4 5 */
  THTensor_(sum)(r, v, 0);
  CHECK_EQ_LONG(r->nDimension, 1);
  CHECK_EQ_LONG(r->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 15, 0);
  THTensor_(prod)(v, v, 0);
  CHECK_EQ_LONG(v->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(v, 0), (double)(real)120, 0);
  THTensor *t = Case_(cycling)(TRANSPOSED, 2, 3, 0, 10);
  THTensor_(sum)(t, t, 1);
  CHECK_NEAR(Case_(at)(t, 1, 0), 12, 0);
  EXPECT_TH_ERROR(THTensor_(sum)(r, t, 2), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(prod)(r, t, -1), "dimension -1 out of range");
  THTensor_(free)(t);
  THTensor_(free)(r);
  THTensor_(free)(v);
}

/* ---- max and min ---- */


/* Checks max or min of t along dim against a loop: the extreme and its first position. */
static void Case_(checkExtremum)(THTensor *t, int dim, int largest) {
  THTensor *values = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  (largest ? THTensor_(max) : THTensor_(min))(values, indices, t, dim);
  long n = t->size[dim], other = t->size[1 - dim];
  CHECK_EQ_LONG(values->size[dim], 1);
  CHECK_EQ_LONG(values->size[1 - dim], other);
  CHECK_EQ_LONG(indices->size[dim], 1);
  for (long s = 0; s < other; s++) {
    long at = 0;
    for (long i = 1; i < n; i++) {
      real x = dim == 0 ? THTensor_(get2d)(t, i, s) : THTensor_(get2d)(t, s, i);
      real best = dim == 0 ? THTensor_(get2d)(t, at, s) : THTensor_(get2d)(t, s, at);
      if (largest ? x > best : x < best)
        at = i;
    }
    real expected = dim == 0 ? THTensor_(get2d)(t, at, s) : THTensor_(get2d)(t, s, at);
    CHECK_NEAR(dim == 0 ? THTensor_(get2d)(values, 0, s) : THTensor_(get2d)(values, s, 0), expected, 0);
    CHECK_EQ_LONG(dim == 0 ? THLongTensor_get2d(indices, 0, s) : THLongTensor_get2d(indices, s, 0), at);
  }
  THTensor_(free)(values);
  THLongTensor_free(indices);
}

TEST(Case_(max_and_min_along_each_dimension_on_every_layout)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(scrambled)((enum layout)layout, 4, 6, 11);
    for (int dim = 0; dim < 2; dim++) {
      Case_(checkExtremum)(t, dim, 1);
      Case_(checkExtremum)(t, dim, 0);
    }
    CHECK_NEAR(THTensor_(maxall)(t), 10, 0);
    CHECK_NEAR(THTensor_(minall)(t), 0, 0);
    THTensor_(free)(t);
  }
}

TEST(Case_(max_and_min_of_large_tensors_take_the_parallel_kernels)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 300, 701, 97);
  for (int dim = 0; dim < 2; dim++) {
    Case_(checkExtremum)(t, dim, 1);
    Case_(checkExtremum)(t, dim, 0);
  }
  THTensor_(free)(t);
}

TEST(Case_(max_may_replace_its_input)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 3, 4, 5);
  THLongTensor *indices = THLongTensor_new();
  THTensor_(max)(t, indices, t, 1);
  CHECK_EQ_LONG(t->nDimension, 2);
  CHECK_EQ_LONG(t->size[0], 3);
  CHECK_EQ_LONG(t->size[1], 1);
  CHECK_NEAR(THTensor_(get2d)(t, 0, 0), 4, 0);      /* row 0 is 0 2 4 1 */
  CHECK_EQ_LONG(THLongTensor_get2d(indices, 0, 0), 2);
  THLongTensor_free(indices);
  THTensor_(free)(t);
}

TEST(Case_(cumsum_and_cumprod_on_every_layout)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(scrambled)((enum layout)layout, 3, 4, 3), *r = THTensor_(new)();
    for (int dim = 0; dim < 2; dim++) {
      THTensor_(cumsum)(r, t, dim);
      for (long i = 0; i < 3; i++)
        for (long j = 0; j < 4; j++) {
          double sum = 0;
          for (long k = 0; k <= (dim == 0 ? i : j); k++)
            sum += dim == 0 ? THTensor_(get2d)(t, k, j) : THTensor_(get2d)(t, i, k);
          CHECK_NEAR(THTensor_(get2d)(r, i, j), (real)sum, 0);
        }
      THTensor_(cumprod)(r, t, dim);
      CHECK_NEAR(THTensor_(get2d)(r, 0, 0), THTensor_(get2d)(t, 0, 0), 0);
      CHECK_NEAR(THTensor_(get2d)(r, 1, 1),
                 (real)(THTensor_(get2d)(t, 0, 1) * THTensor_(get2d)(t, 1, 1) *
                        (dim == 0 ? 1 : THTensor_(get2d)(t, 1, 0))), 0);
    }
    THTensor_(free)(r);
    THTensor_(free)(t);
  }
}

TEST(Case_(trace_sums_the_diagonal)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(scrambled)((enum layout)layout, 3, 4, 11);
    CHECK_NEAR(THTensor_(trace)(t), 0 + 35 % 11 + 70 % 11, 0);
    THTensor_(free)(t);
  }
}

TEST(Case_(errors_name_the_dimension_and_sizes)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 2, 3, 5), *r = THTensor_(new)(), *empty = THTensor_(new)();
  THLongTensor *indices = THLongTensor_new();
  EXPECT_TH_ERROR(THTensor_(max)(r, indices, t, 2), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(min)(r, indices, t, -1), "dimension -1 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(cumsum)(r, t, 5), "dimension 5 out of range");
  EXPECT_TH_ERROR(THTensor_(maxall)(empty), "max of an empty tensor");
  THTensor *row = THTensor_(newSelect)(t, 0, 0);
  EXPECT_TH_ERROR(THTensor_(trace)(row), "trace expects a matrix, but got a 1D tensor");
  CHECK_EQ_LONG(r->nDimension, 0);                                  /* nothing was resized */
  THTensor_(free)(row);
  THLongTensor_free(indices);
  THTensor_(free)(empty);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

#if defined(TH_REAL_IS_BYTE)
TEST(Case_(all_and_any)) {
  THTensor *t = Case_(scrambled)(TRANSPOSED, 2, 3, 5);                  /* 0 2 4 / 1 3 0 */
  CHECK(!THTensor_(logicalall)(t));
  CHECK(THTensor_(logicalany)(t));
  THTensor_(fill)(t, 3);
  CHECK(THTensor_(logicalall)(t));
  THTensor_(zero)(t);
  CHECK(!THTensor_(logicalany)(t));
  THTensor_(free)(t);
}
#endif

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
TEST(Case_(mean_var_std_norm_dist_on_every_layout)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(scrambled)((enum layout)layout, 2, 3, 5), *r = THTensor_(new)();  /* 0 2 4 / 1 3 0 */
    CHECK_NEAR(THTensor_(meanall)(t), 10.0 / 6, 1e-6);
    double squares = 0;
    for (int k = 0; k < 6; k++) {
      double x = (k * 7 % 5) - 10.0 / 6;
      squares += x * x;
    }
    CHECK_NEAR(THTensor_(varall)(t, 1), squares / 5, 1e-6);
    CHECK_NEAR(THTensor_(stdall)(t, 0), sqrt(squares / 6), 1e-6);
    CHECK_NEAR(THTensor_(normall)(t, 2), sqrt(30.0), 1e-5);
    CHECK_NEAR(THTensor_(normall)(t, 1), 10, 1e-6);
    CHECK_NEAR(THTensor_(normall)(t, 0), 4, 0);
    THTensor_(mean)(r, t, 0);
    CHECK_NEAR(THTensor_(get2d)(r, 0, 2), 2, 1e-6);
    THTensor_(var)(r, t, 1, 1);
    CHECK_NEAR(THTensor_(get2d)(r, 0, 0), 4, 1e-5);                /* 0 2 4: mean 2, (4+0+4)/2 */
    THTensor_(std)(r, t, 1, 0);
    CHECK_NEAR(THTensor_(get2d)(r, 0, 0), sqrt(8.0 / 3), 1e-5);
    THTensor_(norm)(r, t, 1, 0);
    CHECK_NEAR(THTensor_(get2d)(r, 0, 1), 5, 1e-6);
    CHECK_NEAR(THTensor_(dist)(t, t, 2), 0, 0);
    THTensor_(free)(r);
    THTensor_(free)(t);
  }
}

TEST(Case_(renorm_scales_only_the_slices_above_maxnorm)) {
  THTensor *t = Case_(scrambled)(CONTIGUOUS, 2, 3, 5), *r = THTensor_(new)();  /* norms 1: 6 and 4 */
  THTensor_(renorm)(r, t, 1, 0, 5);
  CHECK_NEAR(THTensor_(get2d)(r, 0, 1), 2 * 5 / (6 + 1e-7), 1e-5);
  CHECK_NEAR(THTensor_(get2d)(r, 1, 1), 3, 0);
  EXPECT_TH_ERROR(THTensor_(renorm)(r, t, 0, 0, 5), "renorm needs a positive power p");
  THTensor_(free)(r);
  THTensor_(free)(t);
}

TEST(Case_(histc_counts_equal_width_bins)) {
  THTensor *t = THTensor_(newWithSize1d)(7), *h = THTensor_(new)();
  static const double values[7] = {2, 4, 2, 2, 5, 4, NAN};
  for (long i = 0; i < 7; i++)
    THTensor_(set1d)(t, i, (real)values[i]);
  static const double counts[5] = {0, 3, 0, 2, 1};     /* bins of width 0.8 over [1, 5] */
  THTensor_(histc)(h, t, 5, 1, 5);
  CHECK_EQ_LONG(h->size[0], 5);
  for (long i = 0; i < 5; i++)
    CHECK_NEAR(THTensor_(get1d)(h, i), counts[i], 0);
  THTensor_(histc)(h, t, 3, 0, 0);                     /* min == max: the values' range, [2, 5] */
  CHECK_NEAR(THTensor_(get1d)(h, 0), 3, 0);
  CHECK_NEAR(THTensor_(get1d)(h, 2), 3, 0);            /* 4, 4 and 5: the last bin keeps max */
  THTensor_(histc)(t, t, 2, 3, 3.5);                   /* into its own input; all outside: 0 0 */
  CHECK_EQ_LONG(t->size[0], 2);
  CHECK_NEAR(THTensor_(get1d)(t, 0) + THTensor_(get1d)(t, 1), 0, 0);
  THTensor_(fill)(t, 7);                               /* equal values: [6, 8] */
  THTensor_(histc)(h, t, 2, 0, 0);
  CHECK_NEAR(THTensor_(get1d)(h, 1), 2, 0);
  EXPECT_TH_ERROR(THTensor_(histc)(h, t, 0, 0, 1), "histc needs a positive number of bins, got 0");
  EXPECT_TH_ERROR(THTensor_(histc)(h, t, 2, 1, 0), "histc: min (1) must not be larger than max (0)");
  THTensor_(set1d)(t, 0, (real)INFINITY);
  EXPECT_TH_ERROR(THTensor_(histc)(h, t, 2, 0, 0), "histc needs a finite range, but it is [7, inf]");
  CHECK_EQ_LONG(h->size[0], 2);                        /* untouched by the failed calls */
  THTensor_(free)(h);
  THTensor_(free)(t);
}
#endif

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(sumall_and_prodall)),
  TEST_ENTRY(Case_(sum_and_prod_along_each_dimension)),
  TEST_ENTRY(Case_(sum_keeps_the_dimension_and_may_replace_its_input)),
  TEST_ENTRY(Case_(max_and_min_along_each_dimension_on_every_layout)),
  TEST_ENTRY(Case_(max_and_min_of_large_tensors_take_the_parallel_kernels)),
  TEST_ENTRY(Case_(max_may_replace_its_input)),
  TEST_ENTRY(Case_(cumsum_and_cumprod_on_every_layout)),
  TEST_ENTRY(Case_(trace_sums_the_diagonal)),
  TEST_ENTRY(Case_(errors_name_the_dimension_and_sizes)),
#if defined(TH_REAL_IS_BYTE)
  TEST_ENTRY(Case_(all_and_any)),
#endif
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TEST_ENTRY(Case_(mean_var_std_norm_dist_on_every_layout)),
  TEST_ENTRY(Case_(renorm_scales_only_the_slices_above_maxnorm)),
  TEST_ENTRY(Case_(histc_counts_equal_width_bins)),
#endif
};

#endif
