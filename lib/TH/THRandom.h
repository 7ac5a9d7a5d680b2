/* THRandom: the Mersenne Twister MT19937 generator and the scalar distributions drawn from it.
 * Every random function of TH takes an explicit THGenerator*; Python passes its default generator.
 * On the path of `t.normal_()`: THPFloatTensor_normal → THFloatTensor_normal → THRandom_normal. */
#ifndef TH_RANDOM_INC
#define TH_RANDOM_INC

#include "THGeneral.h"

#define _MERSENNE_STATE_N 624
#define _MERSENNE_STATE_M 397

/* The whole state is plain data: getRNGState/setRNGState copy it byte for byte. */
typedef struct THGenerator {
  unsigned long the_initial_seed;
  int left;   /* draws left before the state is regenerated, plus one */
  int seeded; /* 1 once a seed has been set */
  int next;   /* index of the next state word to temper and return */
  unsigned long state[_MERSENNE_STATE_N]; /* 32-bit words */
  /* Box-Muller draws two normals at a time; the second one waits here. */
  double normal_x;
  double normal_y;
  double normal_rho;
  int normal_is_valid;
} THGenerator;

/* A generator seeded from /dev/urandom (or the clock when that cannot be read). */
TH_API THGenerator *THGenerator_new(void);
/* Copies the whole state of from into self; returns self. */
TH_API THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from);
TH_API void THGenerator_free(THGenerator *gen);
/* 1 if the fields describe a reachable state (used to validate a state read from bytes). */
TH_API int THGenerator_isValid(THGenerator *gen);

/* Seeds from /dev/urandom (or the clock) and returns the seed used. */
TH_API unsigned long THRandom_seed(THGenerator *gen);
/* The standard MT19937 initialisation; also forgets a cached normal draw. */
TH_API void THRandom_manualSeed(THGenerator *gen, unsigned long the_seed_);
TH_API unsigned long THRandom_initialSeed(THGenerator *gen);

/* Regenerates all 624 words of the state (the "twist"); THRandom_random does it every 624 draws. */
TH_API void THRandom_twist(THGenerator *gen);

/* A uniformly distributed 32-bit integer: the next state word, tempered. Inline, because the
 * tensor fills call it once per element. */
static inline unsigned long THRandom_random(THGenerator *gen) {
  if (--gen->left <= 0)
    THRandom_twist(gen);
  unsigned long y = gen->state[gen->next++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680UL;
  y ^= (y << 15) & 0xefc60000UL;
  y ^= y >> 18;
  return y & 0xffffffffUL;
}
/* A uniformly distributed 64-bit integer: two 32-bit draws, the first one the high half. */
TH_API uint64_t THRandom_random64(THGenerator *gen);
/* An integer in [0, range), range >= 1: one 32-bit draw reduced modulo range when range <= 2^32,
 * else a 64-bit draw reduced modulo range (the small bias of a modulo is accepted, as in the
 * original; in exchange every platform gets the same integers from the same seed). */
TH_API uint64_t THRandom_integerBelow(THGenerator *gen, uint64_t range);
/* Reproducibility. MT19937 and the integer results (random, integerBelow, bernoulli, geometric,
 * and the tensor fills built on them: random_, randperm, bernoulli_, geometric_, multinomial) are
 * bit-identical on every platform: they use integer arithmetic, exact IEEE-754 double operations
 * and, for geometric, the portable logarithm below, never the C library's transcendental functions.
 * uniform and exponential are bit-identical too. normal (Box-Muller: the C library's sqrt, cos and
 * sin), logNormal (exp) and cauchy (tan) depend on the C library's last-bit rounding, so the same
 * seed gives the same numbers on one platform and may differ in the last bit across platforms.
 * This file is compiled without floating-point contraction (no fused multiply-add), which would
 * otherwise change roundings between machines. */

/* Uniform on [a, b): a + (b - a) * u with u = (32-bit draw) * 2^-32. */
TH_API double THRandom_uniform(THGenerator *gen, double a, double b);
/* Normal with the given mean and standard deviation (> 0), by Box-Muller: from u1, u2,
 * rho = sqrt(-2 log(1 - u2)) and the draw mean + stdv * rho * cos(2 pi u1); the next call returns
 * mean + stdv * rho * sin(2 pi u1) from the cache (part of the state) without drawing. */
TH_API double THRandom_normal(THGenerator *gen, double mean, double stdv);
/* Exponential with rate lambda (> 0): -log(1 - u) / lambda with the portable logarithm. */
TH_API double THRandom_exponential(THGenerator *gen, double lambda);
/* Cauchy with the given median and scale sigma: median + sigma * tan(pi (u - 1/2)). */
TH_API double THRandom_cauchy(THGenerator *gen, double median, double sigma);
/* exp(x) for x normal with the given mean and standard deviation (> 0): the parameters are those
 * of the underlying normal distribution, not of the result. */
TH_API double THRandom_logNormal(THGenerator *gen, double mean, double stdv);
/* Number of Bernoulli(p) trials up to and including the first success, 0 < p < 1:
 * floor(log(1 - u) / log(1 - p)) + 1 with the portable logarithm (saturates at INT_MAX). */
TH_API int THRandom_geometric(THGenerator *gen, double p);
/* 1 with probability p (0 <= p <= 1), else 0: u < p. */
TH_API int THRandom_bernoulli(THGenerator *gen, double p);

/* The natural logarithm of a finite x > 0 from exact IEEE-754 operations only (frexp, +, -, *, /), hence
 * the same bits everywhere; within a few units in the last place of log(x). */
TH_API double THRandom_portableLog(double x);
/* log(1 - p) for 0 <= p < 1, accurate also for tiny p, by the same means. */
TH_API double THRandom_portableLog1m(double p);

#endif
