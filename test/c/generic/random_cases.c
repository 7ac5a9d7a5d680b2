/* The THTensorRandom cases for one dtype (expanded by test_random.c through THGenerateAllTypes.h):
 * integer ranges at the edges of what the dtype holds, permutations, Bernoulli and geometric
 * fills, and for Float/Double the continuous distributions, multinomial and the tensor-parameter
 * normal. Fills are checked on views (only the view is written) and every error leaves its
 * operands as they were. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/random_cases.c"
#else

/* The integers this dtype holds exactly (the bounds random_ and randperm accept). */
#if defined(TH_REAL_IS_BYTE)
#define CASE_LOWEST 0L
#define CASE_HIGHEST 255L
#elif defined(TH_REAL_IS_CHAR)
#define CASE_LOWEST -128L
#define CASE_HIGHEST 127L
#elif defined(TH_REAL_IS_SHORT)
#define CASE_LOWEST -32768L
#define CASE_HIGHEST 32767L
#elif defined(TH_REAL_IS_INT)
#define CASE_LOWEST -2147483648L
#define CASE_HIGHEST 2147483647L
#elif defined(TH_REAL_IS_LONG)
#define CASE_LOWEST LONG_MIN
#define CASE_HIGHEST LONG_MAX
#elif defined(TH_REAL_IS_FLOAT)
#define CASE_LOWEST -16777216L
#define CASE_HIGHEST 16777216L
#else
#define CASE_LOWEST -9007199254740992L
#define CASE_HIGHEST 9007199254740992L
#endif

/* A 20x30 window of a 22x33 tensor whose other elements hold 99. */
static THTensor *Case_(window)(void) {
  THTensor *base = THTensor_(newWithSize2d)(22, 33);
  THTensor_(fill)(base, 99);
  THTensor *t = THTensor_(newNarrow)(base, 0, 1, 20);
  THTensor_(narrow)(t, NULL, 1, 2, 30);
  THTensor_(free)(base);
  return t;
}

/* How many elements of t's storage outside the view t are no longer 99: the 99s of the whole
 * storage, less those inside the view, against the size of the outside. */
static long Case_(touchedOutside)(THTensor *t) {
  long all99 = 0, inside99 = 0;
  for (ptrdiff_t k = 0; k < t->storage->size; k++)
    all99 += t->storage->data[k] == (real)99;
  TH_TENSOR_APPLY(real, t, inside99 += *t_data == (real)99;);
  long outside = (long)t->storage->size - (long)THTensor_(nElement)(t);
  return outside - (all99 - inside99);
}

/* The smallest and largest element of t. */
static double Case_(lowest)(THTensor *t) {
  double lowest = INFINITY;
  TH_TENSOR_APPLY(real, t, lowest = (double)*t_data < lowest ? (double)*t_data : lowest;);
  return lowest;
}

static double Case_(highest)(THTensor *t) {
  double highest = -INFINITY;
  TH_TENSOR_APPLY(real, t, highest = (double)*t_data > highest ? (double)*t_data : highest;);
  return highest;
}

/* Every element of t lies in [from, to), as a long. */
static int Case_(allWithin)(THTensor *t, long from, long to) {
  int ok = 1;
  TH_TENSOR_APPLY(real, t, {
    long v = (long)*t_data;
    ok &= v >= from && v <= to - 1 && (real)v == *t_data;
  });
  return ok;
}

TEST(Case_(random_ranges_are_half_open_and_cover_small_ranges)) {
  THGenerator *gen = seeded(21);
  THTensor *t = Case_(window)();
  long from = CASE_LOWEST < 0 ? -3 : 2;
  THTensor_(clampedRandom)(t, gen, from, from + 6);
  CHECK(Case_(allWithin)(t, from, from + 6));
  for (long v = from; v < from + 6; v++) {       /* 600 draws: each of the 6 values turns up */
    long seen = 0;
    TH_TENSOR_APPLY(real, t, seen += (long)*t_data == v;);
    CHECK(seen > 50);
  }
  THTensor_(cappedRandom)(t, gen, 1);              /* [0, 1) holds only 0 */
  CHECK(Case_(allWithin)(t, 0, 1));
  THTensor_(cappedRandom)(t, gen, 7);
  CHECK(Case_(allWithin)(t, 0, 7));
  CHECK_EQ_LONG(Case_(touchedOutside)(t), 0);
  THTensor_(free)(t);
  THGenerator_free(gen);
}

TEST(Case_(random_reaches_both_ends_of_the_dtype)) {
  THGenerator *gen = seeded(22);
  THTensor *t = THTensor_(newWithSize1d)(1000);
  THTensor_(clampedRandom)(t, gen, CASE_LOWEST, CASE_LOWEST + 2);
  CHECK(Case_(allWithin)(t, CASE_LOWEST, CASE_LOWEST + 2));
  CHECK_NEAR(Case_(lowest)(t), (double)CASE_LOWEST, 0);
  THTensor_(clampedRandom)(t, gen, CASE_HIGHEST - 1, CASE_HIGHEST);  /* [h-1, h) is h-1 */
  CHECK_NEAR(Case_(highest)(t), (double)(CASE_HIGHEST - 1), 0);
  THTensor_(clampedRandom)(t, gen, CASE_LOWEST, CASE_HIGHEST);       /* the widest range */
  CHECK(Case_(allWithin)(t, CASE_LOWEST, CASE_HIGHEST));
  THTensor_(free)(t);
  THGenerator_free(gen);
}

TEST(Case_(random_checks_its_range_before_writing)) {
  THGenerator *gen = seeded(23);
  THTensor *t = THTensor_(newWithSize1d)(4);
  THTensor_(fill)(t, 9);
  EXPECT_TH_ERROR(THTensor_(clampedRandom)(t, gen, 5, 5), "expects from < to, but got from=5, to=5");
  EXPECT_TH_ERROR(THTensor_(clampedRandom)(t, gen, 5, 2), "expects from < to");
  EXPECT_TH_ERROR(THTensor_(cappedRandom)(t, gen, 0), "expects to > 0");
#if !defined(TH_REAL_IS_LONG)
  EXPECT_TH_ERROR(THTensor_(clampedRandom)(t, gen, 0, CASE_HIGHEST + 2), "does not fit this tensor type");
  EXPECT_TH_ERROR(THTensor_(clampedRandom)(t, gen, CASE_LOWEST - 1, 0), "does not fit this tensor type");
#endif
  CHECK_NEAR(THTensor_(sumall)(t), 36, 0);
  THTensor_(free)(t);
  THGenerator_free(gen);
}

TEST(Case_(randperm_is_a_permutation)) {
  THGenerator *gen = seeded(24);
  THTensor *r = THTensor_(new)();
  long n = CASE_HIGHEST < 1000 ? CASE_HIGHEST + 1 : 1000;  /* Byte: all of 0..255 */
  THTensor_(randperm)(r, gen, n);
  CHECK_EQ_LONG(THTensor_(nDimension)(r), 1);
  CHECK_EQ_LONG(THTensor_(size)(r, 0), n);
  char *seen = calloc(n, 1);
  long fixedPoints = 0;
  for (long i = 0; i < n; i++) {
    long v = (long)THTensor_(get1d)(r, i);
    CHECK(v >= 0 && v < n && !seen[v]);
    if (v >= 0 && v < n)
      seen[v] = 1;
    fixedPoints += v == i;
  }
  CHECK(fixedPoints < 10);                          /* about 1 expected: it is shuffled */
  free(seen);
  THTensor_(randperm)(r, gen, 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 0, 0);
  /* into a strided view of the right size: written through its stride */
  THTensor *base = THTensor_(newWithSize1d)(20);
  THTensor_(fill)(base, 99);
  THTensor *everyOther = THTensor_(newWithStorage1d)(base->storage, 0, 10, 2);
  THTensor_(randperm)(everyOther, gen, 10);
  CHECK_NEAR(THTensor_(sumall)(everyOther), 45, 0);
  CHECK_NEAR(THTensor_(sumall)(base), 45 + 10 * 99, 0);
  EXPECT_TH_ERROR(THTensor_(randperm)(r, gen, 0), "randperm expects n > 0, but got n=0");
#if !defined(TH_REAL_IS_LONG)
  EXPECT_TH_ERROR(THTensor_(randperm)(r, gen, CASE_HIGHEST + 2), "holds them exactly");
#endif
  THTensor_(free)(everyOther);
  THTensor_(free)(base);
  THTensor_(free)(r);
  THGenerator_free(gen);
}

TEST(Case_(bernoulli_and_geometric_fill_the_view)) {
  THGenerator *gen = seeded(25);
  THTensor *t = Case_(window)();
  THTensor_(bernoulli)(t, gen, 0.25);
  CHECK(Case_(allWithin)(t, 0, 2));
  CHECK_NEAR(THTensor_(sumall)(t) / 600.0, 0.25, 0.06);
  THTensor_(bernoulli)(t, gen, 0);
  CHECK_NEAR(THTensor_(sumall)(t), 0, 0);
  THTensor_(bernoulli)(t, gen, 1);
  CHECK_NEAR(THTensor_(sumall)(t), 600, 0);
  THTensor_(geometric)(t, gen, 0.5);
  CHECK(Case_(allWithin)(t, 1, 60));
  CHECK_NEAR(THTensor_(sumall)(t) / 600.0, 2, 0.2);   /* mean 1/p */
  CHECK_EQ_LONG(Case_(touchedOutside)(t), 0);
  THTensor_(free)(t);
  THGenerator_free(gen);
}

TEST(Case_(bernoulli_with_one_probability_per_element)) {
  THGenerator *gen = seeded(26);
  THTensor *t = THTensor_(newWithSize2d)(2, 3);
  THFloatTensor *pf = THFloatTensor_newWithSize1d(6);
  THDoubleTensor *pd = THDoubleTensor_newWithSize2d(3, 2);
  for (long i = 0; i < 6; i++) {
    THFloatTensor_set1d(pf, i, (float)(i % 2));       /* 0 1 0 1 0 1: certain outcomes */
    THDoubleTensor_set2d(pd, i / 2, i % 2, i < 3 ? 1.0 : 0.0);
  }
  THTensor_(bernoulli_FloatTensor)(t, gen, pf);
  CHECK_EQ_LONG(THTensor_(nDimension)(t), 2);        /* the receiver keeps its shape */
  for (long i = 0; i < 6; i++)
    CHECK_NEAR(THTensor_(get2d)(t, i / 3, i % 3), i % 2, 0);
  THTensor_(bernoulli_DoubleTensor)(t, gen, pd);
  for (long i = 0; i < 6; i++)
    CHECK_NEAR(THTensor_(get2d)(t, i / 3, i % 3), i < 3, 0);
  /* errors: nothing drawn, nothing written */
  THTensor_(fill)(t, 7);
  THFloatTensor_set1d(pf, 4, 1.5f);
  EXPECT_TH_ERROR(THTensor_(bernoulli_FloatTensor)(t, gen, pf), "probabilities must be between 0 and 1, got 1.5");
  THDoubleTensor_set2d(pd, 0, 0, -0.5);
  EXPECT_TH_ERROR(THTensor_(bernoulli_DoubleTensor)(t, gen, pd), "got -0.5");
  THDoubleTensor_set2d(pd, 0, 0, NAN);
  EXPECT_TH_ERROR(THTensor_(bernoulli_DoubleTensor)(t, gen, pd), "probabilities must be between 0 and 1");
  THFloatTensor_resize1d(pf, 4);
  EXPECT_TH_ERROR(THTensor_(bernoulli_FloatTensor)(t, gen, pf),
                  "expected 6 probabilities (size 2x3) but got 4 (size 4)");
  EXPECT_TH_ERROR(THTensor_(bernoulli)(t, gen, 1.01), "probability must be between 0 and 1");
  EXPECT_TH_ERROR(THTensor_(geometric)(t, gen, 1), "strictly between 0 and 1");
  CHECK_NEAR(THTensor_(sumall)(t), 42, 0);
  THDoubleTensor_free(pd);
  THFloatTensor_free(pf);
  THTensor_(free)(t);
  THGenerator_free(gen);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

TEST(Case_(continuous_fills_write_only_the_view)) {
  THGenerator *gen = seeded(27);
  THTensor *t = Case_(window)();
  THTensor_(uniform)(t, gen, -1, 1);
  CHECK(Case_(lowest)(t) >= -1 && Case_(highest)(t) < 1);
  THTensor_(normal)(t, gen, 50, 1e-3);
  CHECK_NEAR(THTensor_(sumall)(t) / 600, 50, 1e-3);
  THTensor_(exponential)(t, gen, 1);
  CHECK(Case_(lowest)(t) >= 0);
  THTensor_(logNormal)(t, gen, 0, 1);
  CHECK(Case_(lowest)(t) > 0);
  THTensor_(cauchy)(t, gen, 0, 1);
  CHECK_EQ_LONG(Case_(touchedOutside)(t), 0);
  THTensor_(free)(t);
  THGenerator_free(gen);
}

TEST(Case_(rand_and_randn_take_their_size)) {
  THGenerator *gen = seeded(28);
  THTensor *r = THTensor_(new)();
  THLongStorage *size = THLongStorage_newWithSize2(300, 200);
  THTensor_(rand)(r, gen, size);
  CHECK_EQ_LONG(THTensor_(size)(r, 0), 300);
  CHECK_EQ_LONG(THTensor_(size)(r, 1), 200);
  CHECK(Case_(lowest)(r) >= 0 && Case_(highest)(r) < 1);
  CHECK_NEAR(THTensor_(sumall)(r) / 60000, 0.5, 0.01);
  THTensor_(randn)(r, gen, size);
  CHECK_NEAR(THTensor_(sumall)(r) / 60000, 0, 0.02);
  CHECK_EQ_LONG(THTensor_(nElement)(r), 60000);
  THLongStorage_free(size);
  THTensor_(free)(r);
  THGenerator_free(gen);
}

TEST(Case_(normal_with_tensor_means_and_deviations)) {
  THGenerator *gen = seeded(29);
  THTensor *means = THTensor_(newWithSize2d)(2, 3), *stds = THTensor_(newWithSize1d)(6);
  THTensor *r = THTensor_(new)();
  for (long i = 0; i < 6; i++) {
    THTensor_(set2d)(means, i / 3, i % 3, (real)(100 * i));
    THTensor_(set1d)(stds, i, (real)(1e-3 * (i + 1)));
  }
  THTensor_(normal_means)(r, gen, means, 1e-3);
  CHECK(THTensor_(isSameSizeAs)(r, means));
  for (long i = 0; i < 6; i++)
    CHECK_NEAR(THTensor_(get2d)(r, i / 3, i % 3), 100 * i, 0.01);
  THTensor_(normal_stddevs)(r, gen, -4, stds);
  CHECK(THTensor_(isSameSizeAs)(r, stds));
  CHECK_NEAR(THTensor_(sumall)(r), -24, 0.1);
  THTensor_(normal_means_stddevs)(r, gen, means, stds);
  CHECK(THTensor_(isSameSizeAs)(r, means));
  for (long i = 0; i < 6; i++)
    CHECK_NEAR(THTensor_(get2d)(r, i / 3, i % 3), 100 * i, 0.1);
  /* errors, before r is resized or written */
  THTensor *before = THTensor_(newClone)(r);
  THTensor_(set1d)(stds, 2, 0);
  EXPECT_TH_ERROR(THTensor_(normal_stddevs)(r, gen, 0, stds), "standard deviations must be positive, got 0");
  EXPECT_TH_ERROR(THTensor_(normal_means_stddevs)(r, gen, means, stds), "standard deviations must be positive");
  EXPECT_TH_ERROR(THTensor_(normal_means)(r, gen, means, -1), "standard deviation must be positive, got -1");
  THTensor_(resize1d)(stds, 5);
  EXPECT_TH_ERROR(THTensor_(normal_means_stddevs)(r, gen, means, stds),
                  "as many standard deviations as means, 6 (size 2x3), but got 5 (size 5)");
  CHECK(THTensor_(isSameSizeAs)(r, before));
  CHECK_NEAR(THTensor_(sumall)(r), THTensor_(sumall)(before), 0);
  THTensor_(free)(before);
  THTensor_(free)(r);
  THTensor_(free)(stds);
  THTensor_(free)(means);
  THGenerator_free(gen);
}

TEST(Case_(bernoulli_from_probabilities_takes_their_shape)) {
  THGenerator *gen = seeded(30);
  THTensor *p = THTensor_(newWithSize2d)(3, 2), *r = THTensor_(newWithSize1d)(9);
  for (long i = 0; i < 6; i++)
    THTensor_(set2d)(p, i / 2, i % 2, (real)(i % 3 == 0));
  THTensor_(bernoulliFromProbabilities)(r, gen, p);
  CHECK(THTensor_(isSameSizeAs)(r, p));
  for (long i = 0; i < 6; i++)
    CHECK_NEAR(THTensor_(get2d)(r, i / 2, i % 2), i % 3 == 0, 0);
  THTensor_(set2d)(p, 1, 1, 2);
  EXPECT_TH_ERROR(THTensor_(bernoulliFromProbabilities)(r, gen, p), "got 2 (1 invalid in all)");
  THTensor_(free)(r);
  THTensor_(free)(p);
  THGenerator_free(gen);
}

/* counts[k] = how often category k appears among the n samples of row `row` of r. */
static void Case_(countCategories)(THLongTensor *r, long row, long n, long *counts, long categories) {
  for (long k = 0; k < categories; k++)
    counts[k] = 0;
  for (long s = 0; s < n; s++) {
    long k = THLongTensor_nDimension(r) == 1 ? THLongTensor_get1d(r, s) : THLongTensor_get2d(r, row, s);
    if (k >= 0 && k < categories)
      counts[k]++;
  }
}

TEST(Case_(multinomial_follows_the_weights)) {
  THGenerator *gen = seeded(31);
  /* two rows, given transposed (a column per row): weights 1 2 3 4 and 0 1 0 1 */
  THTensor *columns = THTensor_(newWithSize2d)(4, 2);
  for (long k = 0; k < 4; k++) {
    THTensor_(set2d)(columns, k, 0, (real)(k + 1));
    THTensor_(set2d)(columns, k, 1, (real)(k % 2));
  }
  THTensor *rows = THTensor_(newTranspose)(columns, 0, 1);
  THLongTensor *r = THLongTensor_new();
  long counts[4];
  THTensor_(multinomial)(r, gen, rows, 20000, 1);
  CHECK_EQ_LONG(THLongTensor_size(r, 0), 2);
  CHECK_EQ_LONG(THLongTensor_size(r, 1), 20000);
  Case_(countCategories)(r, 0, 20000, counts, 4);
  for (long k = 0; k < 4; k++)
    CHECK_NEAR(counts[k] / 20000.0, (k + 1) / 10.0, 0.015);
  Case_(countCategories)(r, 1, 20000, counts, 4);
  CHECK_EQ_LONG(counts[0] + counts[2], 0);           /* weight 0: never drawn */
  CHECK_NEAR(counts[1] / 20000.0, 0.5, 0.015);
  /* without replacement: each row's samples are distinct */
  THTensor_(multinomial)(r, gen, rows, 2, 0);
  Case_(countCategories)(r, 1, 2, counts, 4);
  CHECK(counts[1] == 1 && counts[3] == 1);
  THTensor *one = THTensor_(newSelect)(rows, 0, 0);  /* a 1-D row: a 1-D result */
  THTensor_(multinomial)(r, gen, one, 4, 0);
  CHECK_EQ_LONG(THLongTensor_nDimension(r), 1);
  Case_(countCategories)(r, 0, 4, counts, 4);
  CHECK(counts[0] == 1 && counts[1] == 1 && counts[2] == 1 && counts[3] == 1);
  THTensor_(free)(one);
  THLongTensor_free(r);
  THTensor_(free)(rows);
  THTensor_(free)(columns);
  THGenerator_free(gen);
}

TEST(Case_(multinomial_checks_every_row_before_drawing)) {
  THGenerator *gen = seeded(32);
  THTensor *w = THTensor_(newWithSize2d)(2, 3);
  THTensor_(fill)(w, 1);
  THLongTensor *r = THLongTensor_newWithSize1d(5);
  THLongTensor_fill(r, 7);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 4, 0), "cannot draw 4 samples without replacement from 3 categories");
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 0, 1), "num_samples > 0, got 0");
  THTensor_(set2d)(w, 1, 2, 0);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 3, 0), "from row 1: only 2 of its weights are non-zero");
  THTensor_(set2d)(w, 1, 1, -1);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 1, 1), "must be non-negative and finite, got -1 (row 1, category 1)");
  THTensor_(set2d)(w, 1, 1, NAN);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 1, 1), "non-negative and finite");
  THTensor_(set2d)(w, 1, 1, INFINITY);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 1, 1), "non-negative and finite");
  THTensor_(fill)(w, 0);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, w, 1, 1), "weights of row 0 sum to zero");
  THTensor *cube = THTensor_(newWithSize3d)(2, 2, 2);
  EXPECT_TH_ERROR(THTensor_(multinomial)(r, gen, cube, 1, 1), "1-D or 2-D tensor of weights, got size 2x2x2");
  CHECK_EQ_LONG(THLongTensor_nElement(r), 5);
  CHECK_EQ_LONG(THLongTensor_sumall(r), 35);
  THTensor_(free)(cube);
  THLongTensor_free(r);
  THTensor_(free)(w);
  THGenerator_free(gen);
}

#endif

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(random_ranges_are_half_open_and_cover_small_ranges)),
  TEST_ENTRY(Case_(random_reaches_both_ends_of_the_dtype)),
  TEST_ENTRY(Case_(random_checks_its_range_before_writing)),
  TEST_ENTRY(Case_(randperm_is_a_permutation)),
  TEST_ENTRY(Case_(bernoulli_and_geometric_fill_the_view)),
  TEST_ENTRY(Case_(bernoulli_with_one_probability_per_element)),
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TEST_ENTRY(Case_(continuous_fills_write_only_the_view)),
  TEST_ENTRY(Case_(rand_and_randn_take_their_size)),
  TEST_ENTRY(Case_(normal_with_tensor_means_and_deviations)),
  TEST_ENTRY(Case_(bernoulli_from_probabilities_takes_their_shape)),
  TEST_ENTRY(Case_(multinomial_follows_the_weights)),
  TEST_ENTRY(Case_(multinomial_checks_every_row_before_drawing)),
#endif
};

#undef CASE_LOWEST
#undef CASE_HIGHEST

#endif
