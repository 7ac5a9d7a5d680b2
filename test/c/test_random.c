/* THRandom and THTensorRandom: MT19937 against the reference generator's published outputs,
 * seeding, copying and saving/restoring the state (as bytes, the way Python does), the
 * distributions' statistics, the tensor fills for every dtype, and parameter errors. */
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

HARNESS_MAIN(TEST_ENTRY(mt19937_matches_the_reference_outputs),
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
             TEST_ENTRY(tensor_fills_check_parameters_before_writing))
