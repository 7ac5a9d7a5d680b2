/* THRandom: MT19937 (the 32-bit Mersenne Twister of Matsumoto and Nishimura, standard
 * initialisation and tempering) and the scalar distributions built on its uniform draws.
 * On the path of `torch_early.manual_seed(7)`: the extension → THRandom_manualSeed(gen, 7). */
#include "THRandom.h"

/* Roundings must not depend on whether the machine has a fused multiply-add (see THRandom.h). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stdio.h>
#include <time.h>

#define MT_N _MERSENNE_STATE_N
#define MT_M _MERSENNE_STATE_M
#define MT_MATRIX_A 0x9908b0dfUL
#define MT_UPPER_MASK 0x80000000UL
#define MT_LOWER_MASK 0x7fffffffUL
#define MT_WORD_MASK 0xffffffffUL

/* ---- Generator lifecycle ---- */

THGenerator *THGenerator_new(void) {
  THGenerator *gen = THAlloc(sizeof(THGenerator));
  memset(gen, 0, sizeof(THGenerator));  /* padding too: getRNGState copies raw bytes */
  THRandom_seed(gen);
  return gen;
}

THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from) {
  memcpy(self, from, sizeof(THGenerator));
  return self;
}

void THGenerator_free(THGenerator *gen) {
  THFree(gen);
}

int THGenerator_isValid(THGenerator *gen) {
  if (gen->seeded != 1 || gen->left < 1 || gen->left > MT_N || gen->next < 0 || gen->next > MT_N)
    return 0;
  if (gen->normal_is_valid != 0 && gen->normal_is_valid != 1)
    return 0;
  for (int i = 0; i < MT_N; i++)
    if (gen->state[i] > MT_WORD_MASK)
      return 0;
  return 1;
}

/* ---- Seeding ---- */

static unsigned long THRandom_freshSeed(void) {
  unsigned long seed = 0;
  FILE *urandom = fopen("/dev/urandom", "rb");
  if (urandom) {
    size_t got = fread(&seed, sizeof(seed), 1, urandom);
    fclose(urandom);
    if (got == 1)
      return seed;
  }
  return (unsigned long)time(NULL) ^ (unsigned long)clock();
}

unsigned long THRandom_seed(THGenerator *gen) {
  unsigned long seed = THRandom_freshSeed();
  THRandom_manualSeed(gen, seed);
  return seed;
}

void THRandom_manualSeed(THGenerator *gen, unsigned long the_seed_) {
  memset(gen, 0, sizeof(THGenerator));
  gen->the_initial_seed = the_seed_;
  gen->state[0] = the_seed_ & MT_WORD_MASK;
  for (int i = 1; i < MT_N; i++) {
    unsigned long previous = gen->state[i - 1];
    gen->state[i] = (1812433253UL * (previous ^ (previous >> 30)) + (unsigned long)i) & MT_WORD_MASK;
  }
  gen->left = 1;   /* the first draw regenerates the state */
  gen->next = 0;
  gen->seeded = 1;
}

unsigned long THRandom_initialSeed(THGenerator *gen) {
  return gen->the_initial_seed;
}

/* ---- Draws ---- */

/* Word i of the next state, from words i and i+1 of the current one and `partner` (word i+M,
 * counted cyclically, which the caller has already regenerated when i+M >= N). */
static inline unsigned long THRandom_twistWord(unsigned long current, unsigned long following,
                                               unsigned long partner) {
  unsigned long y = (current & MT_UPPER_MASK) | (following & MT_LOWER_MASK);
  return partner ^ (y >> 1) ^ ((0UL - (y & 1UL)) & MT_MATRIX_A);  /* branch-free: y odd → A */
}

/* Regenerates all MT_N words of the state (the "twist"), in three runs so that no index needs
 * reducing modulo MT_N. */
void THRandom_twist(THGenerator *gen) {
  unsigned long *state = gen->state;
  int i = 0;
  for (; i < MT_N - MT_M; i++)
    state[i] = THRandom_twistWord(state[i], state[i + 1], state[i + MT_M]);
  for (; i < MT_N - 1; i++)
    state[i] = THRandom_twistWord(state[i], state[i + 1], state[i + MT_M - MT_N]);
  state[MT_N - 1] = THRandom_twistWord(state[MT_N - 1], state[0], state[MT_M - 1]);
  gen->left = MT_N;
  gen->next = 0;
}


uint64_t THRandom_random64(THGenerator *gen) {
  uint64_t high = THRandom_random(gen);
  uint64_t low = THRandom_random(gen);
  return (high << 32) | low;
}

uint64_t THRandom_integerBelow(THGenerator *gen, uint64_t range) {
  if (range <= ((uint64_t)1 << 32))
    return THRandom_random(gen) % range;
  return THRandom_random64(gen) % range;
}

/* Uniform on [0, 1): a 32-bit draw times 2^-32 (exact). */
static double THRandom_standardUniform(THGenerator *gen) {
  /* through a signed integer: the same value (below 2^32), but one instruction to convert */
  return (double)(int64_t)THRandom_random(gen) * (1.0 / 4294967296.0);
}

double THRandom_uniform(THGenerator *gen, double a, double b) {
  return a + (b - a) * THRandom_standardUniform(gen);
}

/* Box-Muller: two uniforms give a radius and an angle, hence two independent normals
 * (rho*cos, rho*sin); the second is kept for the next call. */
double THRandom_normal(THGenerator *gen, double mean, double stdv) {
  THArgCheck(stdv > 0, 3, "standard deviation must be positive, got %g", stdv);
  if (!gen->normal_is_valid) {
    gen->normal_x = THRandom_standardUniform(gen);
    gen->normal_y = THRandom_standardUniform(gen);
    gen->normal_rho = sqrt(-2.0 * THRandom_portableLog(1.0 - gen->normal_y));
    gen->normal_is_valid = 1;
    return mean + stdv * gen->normal_rho * cos(2.0 * M_PI * gen->normal_x);
  }
  gen->normal_is_valid = 0;
  return mean + stdv * gen->normal_rho * sin(2.0 * M_PI * gen->normal_x);
}

double THRandom_exponential(THGenerator *gen, double lambda) {
  THArgCheck(lambda > 0, 2, "rate lambda must be positive, got %g", lambda);
  return -THRandom_portableLog(1.0 - THRandom_standardUniform(gen)) / lambda;
}

double THRandom_cauchy(THGenerator *gen, double median, double sigma) {
  return median + sigma * tan(M_PI * (THRandom_standardUniform(gen) - 0.5));
}

double THRandom_logNormal(THGenerator *gen, double mean, double stdv) {
  THArgCheck(stdv > 0, 3, "standard deviation must be positive, got %g", stdv);
  return exp(THRandom_normal(gen, mean, stdv));
}

/* P(k) = (1-p)^(k-1) p: the first k with (1-p)^k < 1-u. */
int THRandom_geometric(THGenerator *gen, double p) {
  THArgCheck(p > 0 && p < 1, 2, "probability must be strictly between 0 and 1, got %g", p);
  double k = floor(THRandom_portableLog(1.0 - THRandom_standardUniform(gen)) /
                   THRandom_portableLog1m(p)) + 1;
  return k < INT_MAX ? (int)k : INT_MAX;
}

int THRandom_bernoulli(THGenerator *gen, double p) {
  THArgCheck(p >= 0 && p <= 1, 2, "probability must be between 0 and 1, got %g", p);
  return THRandom_standardUniform(gen) < p;
}

/* ---- The portable logarithm ---- */

/* log((1 + s) / (1 - s)) = 2 (s + s^3/3 + s^5/5 + ...), for |s| <= 0.1716, where 13 terms reach
 * double precision; summed by Horner's rule from the smallest term. */
static double THRandom_logRatioSeries(double s) {
  double s2 = s * s;
  double sum = 0;
  for (int k = 25; k >= 1; k -= 2)
    sum = sum * s2 + 1.0 / k;
  return 2.0 * s * sum;
}

double THRandom_portableLog(double x) {
  static const double ln2 = 0.69314718055994530942;
  int exponent;
  double mantissa = frexp(x, &exponent);  /* x = mantissa * 2^exponent, 0.5 <= mantissa < 1 */
  if (mantissa < 0.70710678118654752440) {  /* bring it into [sqrt(1/2), sqrt(2)) */
    mantissa *= 2;
    exponent--;
  }
  /* log(m) = log((1 + s) / (1 - s)) for s = (m - 1) / (m + 1) */
  return exponent * ln2 + THRandom_logRatioSeries((mantissa - 1) / (mantissa + 1));
}

double THRandom_portableLog1m(double p) {
  if (p < 0.25)  /* log(1 - p) = log((1 + s) / (1 - s)) for s = -p / (2 - p), |s| < 1/7 */
    return THRandom_logRatioSeries(-p / (2 - p));
  return THRandom_portableLog(1 - p);
}
