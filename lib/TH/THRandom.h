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

/* A uniformly distributed 32-bit integer. */
TH_API unsigned long THRandom_random(THGenerator *gen);
/* Uniform on [a, b). */
TH_API double THRandom_uniform(THGenerator *gen, double a, double b);
/* Normal with the given mean and standard deviation (> 0). */
TH_API double THRandom_normal(THGenerator *gen, double mean, double stdv);
/* Exponential with rate lambda (> 0). */
TH_API double THRandom_exponential(THGenerator *gen, double lambda);
/* Cauchy with the given median and scale sigma. */
TH_API double THRandom_cauchy(THGenerator *gen, double median, double sigma);
/* exp(x) for x normal with the given mean and standard deviation (> 0): the parameters are those
 * of the underlying normal distribution, not of the result. */
TH_API double THRandom_logNormal(THGenerator *gen, double mean, double stdv);
/* Number of Bernoulli(p) trials up to and including the first success, 0 < p < 1. */
TH_API int THRandom_geometric(THGenerator *gen, double p);
/* 1 with probability p (0 <= p <= 1), else 0. */
TH_API int THRandom_bernoulli(THGenerator *gen, double p);

#endif
