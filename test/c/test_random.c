/* THRandom and THTensorRandom: MT19937 against the reference generator's published outputs,
 * seeding, copying and saving/restoring the state (as bytes, the way Python does), the
 * distributions' statistics, the fixed values every platform must give for a seed, and, through
 * generic/random_cases.c expanded once per dtype, the tensor fills and their errors. */
#include "harness.h"

static THGenerator *seeded(unsigned long seed) {
  THGenerator *gen = THGenerator_new();
  THRandom_manualSeed(gen, seed);
  return gen;
}

TEST(mt19937_matches_the_reference_outputs) {
  static const unsigned long first[10] = {3499211612UL, 581869302UL, 3890346734UL, 3586334585UL,
                                          545404204UL, 4161255391UL, 3922919429UL, 949333985UL,
                                          2715962298UL, 1323567403UL};
  THGenerator *gen = seeded(5489);
  for (int i = 0; i < 10; i++)
    CHECK_EQ_LONG(THRandom_random(gen), first[i]);
  for (int i = 10; i < 9999; i++)
    THRandom_random(gen);
  CHECK_EQ_LONG(THRandom_random(gen), 4123659995UL);  /* the 10000th output (as in C++ std::mt19937) */
  THGenerator_free(gen);
}

TEST(manual_seed_is_reproducible_and_remembered) {
  THGenerator *a = seeded(42), *b = seeded(42);
  CHECK_EQ_LONG(THRandom_initialSeed(a), 42);
  long different = 0;
  for (int i = 0; i < 2000; i++)
    different += THRandom_random(a) != THRandom_random(b);
  CHECK_EQ_LONG(different, 0);
  THRandom_manualSeed(b, 43);
  CHECK(THRandom_random(b) != THRandom_random(a));
  THGenerator_free(a);
  THGenerator_free(b);
}

TEST(new_generators_are_seeded_and_valid) {
  THGenerator *a = THGenerator_new(), *b = THGenerator_new();
  CHECK(THGenerator_isValid(a));
  CHECK(THRandom_initialSeed(a) != THRandom_initialSeed(b));
  unsigned long seed = THRandom_seed(a);
  CHECK_EQ_LONG(THRandom_initialSeed(a), seed);
  THGenerator_free(a);
  THGenerator_free(b);
}

TEST(a_copy_continues_the_same_sequence) {
  THGenerator *a = seeded(7), *b = THGenerator_new();
  THRandom_random(a);
  THRandom_normal(a, 0, 1);                     /* leaves a cached normal behind */
  THGenerator_copy(b, a);
  CHECK_NEAR(THRandom_normal(a, 0, 1), THRandom_normal(b, 0, 1), 0);
  CHECK_EQ_LONG(THRandom_random(a), THRandom_random(b));
  THGenerator_free(a);
  THGenerator_free(b);
}

TEST(reseeding_forgets_the_cached_normal) {
  THGenerator *gen = seeded(11);
  double first = THRandom_normal(gen, 0, 1);
  THRandom_manualSeed(gen, 11);
  CHECK_NEAR(THRandom_normal(gen, 0, 1), first, 0);
  THGenerator_free(gen);
}

TEST(rng_state_round_trips_through_a_byte_tensor) {
  THGenerator *gen = seeded(123);
  THByteTensor *state = THByteTensor_new();
  for (int i = 0; i < 700; i++)                 /* past one regeneration of the state */
    THRandom_random(gen);
  THRandom_normal(gen, 0, 1);
  THByteTensor_getRNGState(gen, state);
  CHECK_EQ_LONG(THByteTensor_nElement(state), sizeof(THGenerator));
  double expectedNormal = THRandom_normal(gen, 0, 1);
  unsigned long expectedDraw = THRandom_random(gen);
  THByteTensor_setRNGState(gen, state);
  CHECK_NEAR(THRandom_normal(gen, 0, 1), expectedNormal, 0);
  CHECK_EQ_LONG(THRandom_random(gen), expectedDraw);
  THByteTensor_free(state);
  THGenerator_free(gen);
}

TEST(set_rng_state_rejects_bad_bytes_and_keeps_the_generator) {
  THGenerator *gen = seeded(5), *before = THGenerator_new();
  THGenerator_copy(before, gen);
  THByteTensor *state = THByteTensor_newWithSize1d(10);
  EXPECT_TH_ERROR(THByteTensor_setRNGState(gen, state), "RNG state has the wrong size");
  THByteTensor_getRNGState(gen, state);
  THGenerator *corrupt = (THGenerator *)THByteTensor_data(state);
  corrupt->left = 0;
  EXPECT_TH_ERROR(THByteTensor_setRNGState(gen, state), "invalid RNG state");
  corrupt->left = 1;
  corrupt->state[5] = 1UL << 40;                 /* not a 32-bit word */
  EXPECT_TH_ERROR(THByteTensor_setRNGState(gen, state), "invalid RNG state");
  CHECK_EQ_LONG(THRandom_random(gen), THRandom_random(before));
  THByteTensor_free(state);
  THGenerator_free(before);
  THGenerator_free(gen);
}

/* Mean and variance of n draws of expr. */
#define SAMPLE_STATS(n, expr, mean, var)                                  \
  do {                                                                    \
    double sum_ = 0, sumsq_ = 0;                                          \
    for (long i_ = 0; i_ < (n); i_++) {                                   \
      double x_ = (expr);                                                 \
      sum_ += x_;                                                         \
      sumsq_ += x_ * x_;                                                  \
    }                                                                     \
    mean = sum_ / (n);                                                    \
    var = sumsq_ / (n) - mean * mean;                                     \
  } while (0)

TEST(uniform_has_the_right_range_and_moments) {
  THGenerator *gen = seeded(1);
  double mean, var, lo = 1e9, hi = -1e9;
  for (int i = 0; i < 100000; i++) {
    double u = THRandom_uniform(gen, -2, 3);
    lo = u < lo ? u : lo;
    hi = u > hi ? u : hi;
  }
  CHECK(lo >= -2 && lo < -1.99);
  CHECK(hi < 3 && hi > 2.99);
  SAMPLE_STATS(200000, THRandom_uniform(gen, -2, 3), mean, var);
  CHECK_NEAR(mean, 0.5, 0.02);
  CHECK_NEAR(var, 25.0 / 12, 0.03);
  THGenerator_free(gen);
}

TEST(normal_has_the_right_moments) {
  THGenerator *gen = seeded(2);
  double mean, var;
  SAMPLE_STATS(200000, THRandom_normal(gen, 3, 2), mean, var);
  CHECK_NEAR(mean, 3, 0.02);
  CHECK_NEAR(var, 4, 0.05);
  EXPECT_TH_ERROR(THRandom_normal(gen, 0, 0), "standard deviation must be positive");
  THGenerator_free(gen);
}

TEST(other_distributions_have_the_right_means) {
  THGenerator *gen = seeded(3);
  double mean, var;
  SAMPLE_STATS(200000, THRandom_exponential(gen, 4), mean, var);
  CHECK_NEAR(mean, 0.25, 0.005);
  CHECK_NEAR(var, 1.0 / 16, 0.003);
  SAMPLE_STATS(200000, THRandom_geometric(gen, 0.25), mean, var);
  CHECK_NEAR(mean, 4, 0.05);                      /* trials up to the first success: 1/p */
  SAMPLE_STATS(200000, THRandom_bernoulli(gen, 0.3), mean, var);
  CHECK_NEAR(mean, 0.3, 0.005);
  SAMPLE_STATS(200000, log(THRandom_logNormal(gen, 1, 0.5)), mean, var);
  CHECK_NEAR(mean, 1, 0.01);
  CHECK_NEAR(var, 0.25, 0.01);
  long below = 0;
  for (int i = 0; i < 100000; i++)
    below += THRandom_cauchy(gen, 5, 2) < 5;
  CHECK_NEAR(below / 100000.0, 0.5, 0.01);        /* 5 is the median */
  CHECK_EQ_LONG(THRandom_bernoulli(gen, 0), 0);
  CHECK_EQ_LONG(THRandom_bernoulli(gen, 1), 1);
  EXPECT_TH_ERROR(THRandom_geometric(gen, 1), "strictly between 0 and 1");
  EXPECT_TH_ERROR(THRandom_bernoulli(gen, -0.1), "between 0 and 1");
  EXPECT_TH_ERROR(THRandom_exponential(gen, 0), "rate lambda must be positive");
  THGenerator_free(gen);
}

/* random() on a tensor of each integer dtype stays within 0..limit and covers it. */
#define CHECK_RANDOM_RANGE(Type, limit)                                      \
  do {                                                                       \
    TH##Type##Tensor *t = TH##Type##Tensor_newWithSize2d(100, 200);          \
    TH##Type##Tensor_random(t, gen);                                         \
    double lo = 1e30, hi = -1e30;                                            \
    for (long k = 0; k < 20000; k++) {                                       \
      double v = (double)TH##Type##Tensor_data(t)[k];                        \
      lo = v < lo ? v : lo;                                                  \
      hi = v > hi ? v : hi;                                                  \
    }                                                                        \
    CHECK(lo >= 0);                                                          \
    CHECK(hi <= (limit));                                                    \
    CHECK(hi > (limit) * 0.9);                                               \
    TH##Type##Tensor_free(t);                                                \
  } while (0)

TEST(tensor_random_respects_each_dtype_range) {
  THGenerator *gen = seeded(4);
  CHECK_RANDOM_RANGE(Byte, 255.0);
  CHECK_RANDOM_RANGE(Char, 127.0);
  CHECK_RANDOM_RANGE(Short, 32767.0);
  CHECK_RANDOM_RANGE(Int, 2147483647.0);
  CHECK_RANDOM_RANGE(Long, 4294967295.0);
  CHECK_RANDOM_RANGE(Float, 16777216.0);
  CHECK_RANDOM_RANGE(Double, 4294967295.0);
  THGenerator_free(gen);
}

TEST(tensor_fills_reach_every_element_of_a_view) {
  THGenerator *gen = seeded(5);
  THDoubleTensor *base = THDoubleTensor_newWithSize2d(50, 40);
  THDoubleTensor_fill(base, -100);
  THDoubleTensor *view = THDoubleTensor_newTranspose(base, 0, 1);
  THDoubleTensor_narrow(view, NULL, 0, 10, 20);
  THDoubleTensor_uniform(view, gen, 0, 1);
  double mean = THDoubleTensor_sumall(view) / 1000;
  CHECK_NEAR(mean, 0.5, 0.05);
  CHECK_NEAR(THDoubleTensor_sumall(base), -100.0 * 1000 + THDoubleTensor_sumall(view), 1e-6);
  THDoubleTensor_normal(view, gen, 10, 0.1);
  CHECK_NEAR(THDoubleTensor_sumall(view) / 1000, 10, 0.02);
  THFloatTensor *f = THFloatTensor_newWithSize1d(20000);
  THFloatTensor_bernoulli(f, gen, 0.25);
  CHECK_NEAR(THFloatTensor_sumall(f) / 20000, 0.25, 0.02);
  THFloatTensor_geometric(f, gen, 0.5);
  CHECK_NEAR(THFloatTensor_sumall(f) / 20000, 2, 0.05);
  THFloatTensor_exponential(f, gen, 2);
  CHECK_NEAR(THFloatTensor_sumall(f) / 20000, 0.5, 0.02);
  THFloatTensor_logNormal(f, gen, 0, 0.1);
  CHECK_NEAR(THFloatTensor_sumall(f) / 20000, exp(0.005), 0.01);
  THFloatTensor_cauchy(f, gen, 0, 1);
  THIntTensor *bits = THIntTensor_newWithSize1d(20000);
  THIntTensor_bernoulli(bits, gen, 0.5);
  CHECK_NEAR(THIntTensor_sumall(bits) / 20000.0, 0.5, 0.02);
  THIntTensor_free(bits);
  THFloatTensor_free(f);
  THDoubleTensor_free(view);
  THDoubleTensor_free(base);
  THGenerator_free(gen);
}

TEST(tensor_fills_check_parameters_before_writing) {
  THGenerator *gen = seeded(6);
  THDoubleTensor *t = THDoubleTensor_newWithSize1d(5);
  THDoubleTensor_fill(t, 7);
  EXPECT_TH_ERROR(THDoubleTensor_normal(t, gen, 0, -1), "standard deviation must be positive");
  EXPECT_TH_ERROR(THDoubleTensor_bernoulli(t, gen, 2), "between 0 and 1");
  EXPECT_TH_ERROR(THDoubleTensor_geometric(t, gen, 0), "strictly between 0 and 1");
  EXPECT_TH_ERROR(THDoubleTensor_exponential(t, gen, -1), "rate lambda must be positive");
  EXPECT_TH_ERROR(THDoubleTensor_logNormal(t, gen, 0, 0), "standard deviation must be positive");
  CHECK_NEAR(THDoubleTensor_sumall(t), 35, 0);
  THDoubleTensor_free(t);
  THGenerator_free(gen);
}

/* ---- The same seed gives the same numbers everywhere ----
 * These values are the documented transformations (THRandom.h) of the standard MT19937 stream
 * seeded with 2017; they involve no C library function, so every platform must reproduce them
 * bit for bit, and they must never change. */

TEST(integer_draws_are_fixed_transformations_of_the_stream) {
  THGenerator *gen = seeded(2017);
  THLongTensor *t = THLongTensor_newWithSize1d(8);
  static const long range[8] = {-2, 2, -1, 0, -1, 3, -5, -3};  /* -5 + draw % 10 */
  THLongTensor_clampedRandom(t, gen, -5, 5);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(t, i), range[i]);
  static const long wide[4] = {-842533525495L, 853497057933L, 184062763400L, -331696488646L};
  THRandom_manualSeed(gen, 2017);                 /* ranges above 2^32 take two draws each */
  THLongTensor_resize1d(t, 4);
  THLongTensor_clampedRandom(t, gen, -(1L << 40), 1L << 40);
  for (int i = 0; i < 4; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(t, i), wide[i]);
  static const long permutation[10] = {3, 5, 8, 4, 0, 2, 1, 9, 7, 6};
  THRandom_manualSeed(gen, 2017);
  THLongTensor_randperm(t, gen, 10);
  for (int i = 0; i < 10; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(t, i), permutation[i]);
  static const long trials[8] = {1, 6, 5, 4, 2, 6, 1, 5};     /* geometric(0.3) */
  THRandom_manualSeed(gen, 2017);
  THLongTensor_resize1d(t, 8);
  THLongTensor_geometric(t, gen, 0.3);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(t, i), trials[i]);
  static const long coins[8] = {1, 0, 0, 0, 1, 0, 1, 0};      /* bernoulli(0.5) */
  THRandom_manualSeed(gen, 2017);
  THLongTensor_bernoulli(t, gen, 0.5);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(t, i), coins[i]);
  THLongTensor_free(t);
  THGenerator_free(gen);
}

TEST(multinomial_draws_are_fixed_too) {
  THGenerator *gen = seeded(2017);
  THDoubleTensor *weights = THDoubleTensor_newWithSize1d(4);
  for (int k = 0; k < 4; k++)
    THDoubleTensor_set1d(weights, k, k + 1);
  THLongTensor *r = THLongTensor_new();
  static const long with[8] = {0, 3, 3, 3, 2, 3, 1, 3}, without[4] = {0, 3, 2, 1};
  THDoubleTensor_multinomial(r, gen, weights, 8, 1);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(r, i), with[i]);
  THRandom_manualSeed(gen, 2017);
  THDoubleTensor_multinomial(r, gen, weights, 4, 0);
  for (int i = 0; i < 4; i++)
    CHECK_EQ_LONG(THLongTensor_get1d(r, i), without[i]);
  THLongTensor_free(r);
  THDoubleTensor_free(weights);
  THGenerator_free(gen);
}

TEST(uniform_and_exponential_are_bit_exact) {
  THGenerator *gen = seeded(2017);
  CHECK_NEAR(THRandom_uniform(gen, 0, 1), 0.02096022549085319, 0);
  CHECK_NEAR(THRandom_uniform(gen, 0, 1), 0.8323769590351731, 0);
  CHECK_NEAR(THRandom_uniform(gen, 0, 1), 0.7670701607130468, 0);
  THRandom_manualSeed(gen, 2017);
  CHECK_NEAR(THRandom_exponential(gen, 1), 0.021183009586258468, 0);
  CHECK_NEAR(THRandom_exponential(gen, 1), 1.7860376244593146, 0);
  CHECK_NEAR(THRandom_exponential(gen, 1), 1.4570179897019626, 0);
  THGenerator_free(gen);
}

TEST(integer_below_uses_one_draw_up_to_two_to_the_32) {
  THGenerator *a = seeded(8), *b = seeded(8);
  CHECK_EQ_LONG(THRandom_integerBelow(a, 1), 0);
  THRandom_random(b);
  CHECK_EQ_LONG(THRandom_integerBelow(a, 1UL << 32), THRandom_random(b));
  uint64_t high = THRandom_random(b), low = THRandom_random(b);
  CHECK_EQ_LONG(THRandom_integerBelow(a, (1UL << 32) + 1), ((high << 32) | low) % ((1UL << 32) + 1));
  CHECK_EQ_LONG(THRandom_random64(a), (long)((THRandom_random(b) << 32) | THRandom_random(b)));
  THGenerator_free(a);
  THGenerator_free(b);
}

TEST(the_portable_logarithm_is_accurate) {
  double worst = 0;
  for (int i = 1; i <= 100000; i++) {
    double x = i * 1.37e-3;
    worst = fmax(worst, fabs(THRandom_portableLog(x) - log(x)) / fmax(fabs(log(x)), 1e-300));
  }
  CHECK(worst < 4e-16);
  CHECK_NEAR(THRandom_portableLog(1), 0, 0);
  CHECK_NEAR(THRandom_portableLog(DBL_MIN), log(DBL_MIN), 1e-12);
  CHECK_NEAR(THRandom_portableLog(1.0 / 4294967296.0), -32 * log(2.0), 1e-14);
  worst = 0;
  for (int i = 1; i < 100000; i++) {
    double p = i * 0.99999e-5;
    worst = fmax(worst, fabs(THRandom_portableLog1m(p) - log1p(-p)) / fabs(log1p(-p)));
  }
  CHECK(worst < 8e-16);  /* a few units in the last place */
  CHECK_NEAR(THRandom_portableLog1m(1e-300), -1e-300, 1e-315);  /* tiny p: no cancellation */
}

#define Case_(NAME) TH_CONCAT_4(random_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/random_cases.c"
#include "THGenerateAllTypes.h"

static const harness_test scalar_tests[] = {TEST_ENTRY(mt19937_matches_the_reference_outputs),
                                            TEST_ENTRY(manual_seed_is_reproducible_and_remembered),
             TEST_ENTRY(new_generators_are_seeded_and_valid),
             TEST_ENTRY(a_copy_continues_the_same_sequence),
             TEST_ENTRY(reseeding_forgets_the_cached_normal),
             TEST_ENTRY(rng_state_round_trips_through_a_byte_tensor),
             TEST_ENTRY(set_rng_state_rejects_bad_bytes_and_keeps_the_generator),
             TEST_ENTRY(uniform_has_the_right_range_and_moments),
             TEST_ENTRY(normal_has_the_right_moments),
             TEST_ENTRY(other_distributions_have_the_right_means),
             TEST_ENTRY(tensor_random_respects_each_dtype_range),
             TEST_ENTRY(tensor_fills_reach_every_element_of_a_view),
             TEST_ENTRY(tensor_fills_check_parameters_before_writing),
             TEST_ENTRY(integer_draws_are_fixed_transformations_of_the_stream),
             TEST_ENTRY(multinomial_draws_are_fixed_too),
             TEST_ENTRY(uniform_and_exponential_are_bit_exact),
             TEST_ENTRY(integer_below_uses_one_draw_up_to_two_to_the_32),
             TEST_ENTRY(the_portable_logarithm_is_accurate)};

HARNESS_MAIN_TABLES(HARNESS_TABLE(scalar_tests), HARNESS_PER_DTYPE(random))
