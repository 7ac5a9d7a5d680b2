/* The random fills of one dtype (included by THTensorRandom.c once per dtype): each element, in
 * row-major order, gets one draw from THRandom. Parameters are checked before the first write. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorRandom.c"
#else

/* The exclusive upper end of THTensor_(random) for this dtype (a 32-bit draw is reduced modulo
 * it when it is smaller than 2^32). */
#if defined(TH_REAL_IS_BYTE)
#define TH_RANDOM_MODULUS (UCHAR_MAX + 1UL)
#elif defined(TH_REAL_IS_CHAR)
#define TH_RANDOM_MODULUS (SCHAR_MAX + 1UL)
#elif defined(TH_REAL_IS_SHORT)
#define TH_RANDOM_MODULUS (SHRT_MAX + 1UL)
#elif defined(TH_REAL_IS_INT)
#define TH_RANDOM_MODULUS (INT_MAX + 1UL)
#elif defined(TH_REAL_IS_FLOAT)
#define TH_RANDOM_MODULUS ((1UL << FLT_MANT_DIG) + 1UL)
#else
#define TH_RANDOM_MODULUS (1UL << 32)
#endif

void THTensor_(random)(THTensor *self, THGenerator *_generator) {
  TH_TENSOR_APPLY(real, self, *self_data = (real)(THRandom_random(_generator) % TH_RANDOM_MODULUS););
}

#undef TH_RANDOM_MODULUS

/* The integers this dtype holds exactly, all of them: the bounds of clampedRandom and randperm. */
#if defined(TH_REAL_IS_BYTE)
#define TH_EXACT_LOWEST 0L
#define TH_EXACT_HIGHEST ((long)UCHAR_MAX)
#elif defined(TH_REAL_IS_CHAR)
#define TH_EXACT_LOWEST ((long)SCHAR_MIN)
#define TH_EXACT_HIGHEST ((long)SCHAR_MAX)
#elif defined(TH_REAL_IS_SHORT)
#define TH_EXACT_LOWEST ((long)SHRT_MIN)
#define TH_EXACT_HIGHEST ((long)SHRT_MAX)
#elif defined(TH_REAL_IS_INT)
#define TH_EXACT_LOWEST ((long)INT_MIN)
#define TH_EXACT_HIGHEST ((long)INT_MAX)
#elif defined(TH_REAL_IS_LONG)
#define TH_EXACT_LOWEST LONG_MIN
#define TH_EXACT_HIGHEST LONG_MAX
#elif defined(TH_REAL_IS_FLOAT)
#define TH_EXACT_LOWEST (-(1L << FLT_MANT_DIG))
#define TH_EXACT_HIGHEST (1L << FLT_MANT_DIG)
#else
#define TH_EXACT_LOWEST (-(1L << DBL_MANT_DIG))
#define TH_EXACT_HIGHEST (1L << DBL_MANT_DIG)
#endif

void THTensor_(clampedRandom)(THTensor *self, THGenerator *_generator, long from, long to) {
  THArgCheck(from < to, 3, "random_ expects from < to, but got from=%ld, to=%ld", from, to);
  THArgCheck(from >= TH_EXACT_LOWEST && to - 1 <= TH_EXACT_HIGHEST, 3,
             "random_ range [%ld, %ld) does not fit this tensor type, which holds the integers "
             "from %ld to %ld exactly", from, to, TH_EXACT_LOWEST, TH_EXACT_HIGHEST);
  /* Unsigned arithmetic: the width of [LONG_MIN, LONG_MAX) does not fit a long. */
  uint64_t range = (uint64_t)to - (uint64_t)from;
  TH_TENSOR_APPLY(real, self,
                  *self_data = (real)(long)((uint64_t)from +
                                            THRandom_integerBelow(_generator, range)););
}

void THTensor_(cappedRandom)(THTensor *self, THGenerator *_generator, long to) {
  THArgCheck(to > 0, 3, "random_ expects to > 0 (the range is [0, to)), but got to=%ld", to);
  THTensor_(clampedRandom)(self, _generator, 0, to);
}

void THTensor_(randperm)(THTensor *r_, THGenerator *_generator, long n) {
  THArgCheck(n > 0, 3, "randperm expects n > 0, but got n=%ld", n);
  THArgCheck(n - 1 <= TH_EXACT_HIGHEST, 3,
             "randperm(%ld) needs the integers up to %ld, but this tensor type holds them exactly "
             "only up to %ld", n, n - 1, TH_EXACT_HIGHEST);
  THTensor_(resize1d)(r_, n);
  real *data = THTensor_(data)(r_);
  long stride = THTensor_(stride)(r_, 0);
  for (long i = 0; i < n; i++)
    data[i * stride] = (real)i;
  /* Fisher-Yates: position i takes a uniformly chosen element of positions i .. n-1. */
  for (long i = 0; i < n - 1; i++) {
    long j = i + (long)THRandom_integerBelow(_generator, (uint64_t)(n - i));
    real swap = data[i * stride];
    data[i * stride] = data[j * stride];
    data[j * stride] = swap;
  }
}

#undef TH_EXACT_LOWEST
#undef TH_EXACT_HIGHEST

void THTensor_(geometric)(THTensor *self, THGenerator *_generator, double p) {
  THArgCheck(p > 0 && p < 1, 3, "probability must be strictly between 0 and 1, got %g", p);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_geometric(_generator, p););
}

void THTensor_(bernoulli)(THTensor *self, THGenerator *_generator, double p) {
  THArgCheck(p >= 0 && p <= 1, 3, "probability must be between 0 and 1, got %g", p);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_bernoulli(_generator, p););
}

/* Every probability of p (a tensor of C type PROB) must lie in [0, 1]; checked before anything is
 * drawn, naming an offending value. */
#define TH_CHECK_PROBABILITIES(PROB, p, argNumber)                                               \
  do {                                                                                           \
    ptrdiff_t invalid = 0;                                                                       \
    double invalid_value = 0;                                                                    \
    TH_TENSOR_APPLY(PROB, p, if (!(*p_data >= 0 && *p_data <= 1)) {                              \
      invalid++;                                                                                 \
      invalid_value = *p_data;                                                                   \
    });                                                                                          \
    THArgCheck(invalid == 0, argNumber, "probabilities must be between 0 and 1, got %g (%td "   \
               "invalid in all)", invalid_value, invalid);                                       \
  } while (0)

/* self and the tensor of probabilities p have as many elements. */
static void THTensor_(checkProbabilityCount)(THTensor *self, ptrdiff_t count, THDescBuff size) {
  THArgCheck(THTensor_(nElement)(self) == count, 3, "inconsistent tensor size: expected %td "
             "probabilities (size %s) but got %td (size %s)", THTensor_(nElement)(self),
             THTensor_(sizeDesc)(self).str, count, size.str);
}

/* bernoulli with one probability per element, given as a FloatTensor or a DoubleTensor. */

void THTensor_(bernoulli_FloatTensor)(THTensor *self, THGenerator *_generator, THFloatTensor *p) {
  THTensor_(checkProbabilityCount)(self, THFloatTensor_nElement(p), THFloatTensor_sizeDesc(p));
  TH_CHECK_PROBABILITIES(float, p, 3);
  TH_TENSOR_APPLY2(real, self, float, p,
                   *self_data = (real)THRandom_bernoulli(_generator, *p_data););
}

void THTensor_(bernoulli_DoubleTensor)(THTensor *self, THGenerator *_generator, THDoubleTensor *p) {
  THTensor_(checkProbabilityCount)(self, THDoubleTensor_nElement(p), THDoubleTensor_sizeDesc(p));
  TH_CHECK_PROBABILITIES(double, p, 3);
  TH_TENSOR_APPLY2(real, self, double, p,
                   *self_data = (real)THRandom_bernoulli(_generator, *p_data););
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

void THTensor_(bernoulliFromProbabilities)(THTensor *r_, THGenerator *_generator, THTensor *p) {
  TH_CHECK_PROBABILITIES(real, p, 3);
  THTensor_(resizeAs)(r_, p);
  TH_TENSOR_APPLY2(real, r_, real, p, *r__data = (real)THRandom_bernoulli(_generator, *p_data););
}

void THTensor_(uniform)(THTensor *self, THGenerator *_generator, double a, double b) {
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_uniform(_generator, a, b););
}

void THTensor_(normal)(THTensor *self, THGenerator *_generator, double mean, double stdv) {
  THArgCheck(stdv > 0, 4, "standard deviation must be positive, got %g", stdv);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_normal(_generator, mean, stdv););
}

/* Every standard deviation must be positive; checked before anything is drawn. */
static void THTensor_(checkStddevs)(THTensor *stdvs, int argNumber) {
  ptrdiff_t invalid = 0;
  double invalid_value = 0;
  TH_TENSOR_APPLY(real, stdvs, if (!(*stdvs_data > 0)) {
    invalid++;
    invalid_value = *stdvs_data;
  });
  THArgCheck(invalid == 0, argNumber, "standard deviations must be positive, got %g (%td "
             "invalid in all)", invalid_value, invalid);
}

void THTensor_(normal_means)(THTensor *r_, THGenerator *_generator, THTensor *means, double stdv) {
  THArgCheck(stdv > 0, 4, "standard deviation must be positive, got %g", stdv);
  THTensor_(resizeAs)(r_, means);
  TH_TENSOR_APPLY2(real, r_, real, means,
                   *r__data = (real)THRandom_normal(_generator, *means_data, stdv););
}

void THTensor_(normal_stddevs)(THTensor *r_, THGenerator *_generator, double mean, THTensor *stdvs) {
  THTensor_(checkStddevs)(stdvs, 4);
  THTensor_(resizeAs)(r_, stdvs);
  TH_TENSOR_APPLY2(real, r_, real, stdvs,
                   *r__data = (real)THRandom_normal(_generator, mean, *stdvs_data););
}

void THTensor_(normal_means_stddevs)(THTensor *r_, THGenerator *_generator, THTensor *means,
                                     THTensor *stdvs) {
  THArgCheck(THTensor_(nElement)(means) == THTensor_(nElement)(stdvs), 4,
             "inconsistent tensor size: expected as many standard deviations as means, %td "
             "(size %s), but got %td (size %s)", THTensor_(nElement)(means),
             THTensor_(sizeDesc)(means).str, THTensor_(nElement)(stdvs),
             THTensor_(sizeDesc)(stdvs).str);
  THTensor_(checkStddevs)(stdvs, 4);
  THTensor_(resizeAs)(r_, means);
  TH_TENSOR_APPLY3(real, r_, real, means, real, stdvs,
                   *r__data = (real)THRandom_normal(_generator, *means_data, *stdvs_data););
}

void THTensor_(exponential)(THTensor *self, THGenerator *_generator, double lambda) {
  THArgCheck(lambda > 0, 3, "rate lambda must be positive, got %g", lambda);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_exponential(_generator, lambda););
}

void THTensor_(cauchy)(THTensor *self, THGenerator *_generator, double median, double sigma) {
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_cauchy(_generator, median, sigma););
}

void THTensor_(logNormal)(THTensor *self, THGenerator *_generator, double mean, double stdv) {
  THArgCheck(stdv > 0, 4, "standard deviation must be positive, got %g", stdv);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_logNormal(_generator, mean, stdv););
}

void THTensor_(rand)(THTensor *r_, THGenerator *_generator, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(uniform)(r_, _generator, 0, 1);
}

void THTensor_(randn)(THTensor *r_, THGenerator *_generator, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(normal)(r_, _generator, 0, 1);
}

/* The weights of a multinomial, read as rows: the checks of every row come before any draw. */
static void THTensor_(checkMultinomial)(const real *data, long rows, long rowStride,
                                        long categories, long colStride, int n_sample,
                                        int with_replacement) {
  for (long row = 0; row < rows; row++) {
    double sum = 0;
    long nonzero = 0;
    for (long k = 0; k < categories; k++) {
      double w = (double)data[row * rowStride + k * colStride];
      THArgCheck(w >= 0 && w <= DBL_MAX, 3, "multinomial weights must be non-negative and "
                 "finite, got %g (row %ld, category %ld)", w, row, k);
      sum += w;
      nonzero += w > 0;
    }
    THArgCheck(sum > 0, 3, "multinomial weights of row %ld sum to zero", row);
    THArgCheck(sum <= DBL_MAX, 3, "multinomial weights of row %ld sum to infinity", row);
    THArgCheck(with_replacement || nonzero >= n_sample, 4, "cannot draw %d samples without "
               "replacement from row %ld: only %ld of its weights are non-zero",
               n_sample, row, nonzero);
  }
}

void THTensor_(multinomial)(THLongTensor *r_, THGenerator *_generator, THTensor *prob_dist,
                            int n_sample, int with_replacement) {
  int nDimension = THTensor_(nDimension)(prob_dist);
  THArgCheck(nDimension == 1 || nDimension == 2, 3, "multinomial expects a 1-D or 2-D tensor of "
             "weights, got size %s", THTensor_(sizeDesc)(prob_dist).str);
  THArgCheck(n_sample > 0, 4, "multinomial expects num_samples > 0, got %d", n_sample);
  long rows = nDimension == 1 ? 1 : THTensor_(size)(prob_dist, 0);
  long categories = THTensor_(size)(prob_dist, nDimension - 1);
  THArgCheck(with_replacement || n_sample <= categories, 4, "cannot draw %d samples without "
             "replacement from %ld categories", n_sample, categories);
  /* A 1-D tensor is one row. */
  long rowStride = nDimension == 1 ? 0 : THTensor_(stride)(prob_dist, 0);
  long colStride = THTensor_(stride)(prob_dist, nDimension - 1);
  const real *data = THTensor_(data)(prob_dist);
  THTensor_(checkMultinomial)(data, rows, rowStride, categories, colStride, n_sample,
                              with_replacement);

  if (nDimension == 1)
    THLongTensor_resize1d(r_, n_sample);
  else
    THLongTensor_resize2d(r_, rows, n_sample);
  long *out = THLongTensor_data(r_);
  long outRowStride = nDimension == 1 ? 0 : THLongTensor_stride(r_, 0);
  long outColStride = THLongTensor_stride(r_, nDimension - 1);
  double *w = THAlloc(sizeof(double) * categories);
  double *cumulative = THAlloc(sizeof(double) * categories);
  for (long row = 0; row < rows; row++) {
    for (long k = 0; k < categories; k++)
      w[k] = (double)data[row * rowStride + k * colStride];
    for (int s = 0; s < n_sample; s++) {
      if (s == 0 || !with_replacement) {
        double running = 0;
        for (long k = 0; k < categories; k++)
          cumulative[k] = running += w[k];
      }
      /* The first category whose running sum exceeds u * sum: never one of weight 0. */
      double target = THRandom_uniform(_generator, 0, 1) * cumulative[categories - 1];
      long lo = 0, hi = categories - 1;
      while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (cumulative[mid] > target)
          hi = mid;
        else
          lo = mid + 1;
      }
      out[row * outRowStride + s * outColStride] = lo;
      if (!with_replacement)
        w[lo] = 0;
    }
  }
  THFree(cumulative);
  THFree(w);
}

#endif

#undef TH_CHECK_PROBABILITIES

#if defined(TH_REAL_IS_BYTE)

void THTensor_(getRNGState)(THGenerator *_generator, THTensor *self) {
  THTensor_(resize1d)(self, (long)sizeof(THGenerator));
  THArgCheck(THTensor_(isContiguous)(self), 2, "the RNG state tensor must be contiguous");
  memcpy(THTensor_(data)(self), _generator, sizeof(THGenerator));
}

void THTensor_(setRNGState)(THGenerator *_generator, THTensor *self) {
  THGenerator candidate;
  THArgCheck(THTensor_(nElement)(self) == (ptrdiff_t)sizeof(THGenerator), 2,
             "RNG state has the wrong size: expected %zu bytes, got %td", sizeof(THGenerator),
             THTensor_(nElement)(self));
  THArgCheck(THTensor_(isContiguous)(self), 2, "the RNG state tensor must be contiguous");
  memcpy(&candidate, THTensor_(data)(self), sizeof(THGenerator));
  THArgCheck(THGenerator_isValid(&candidate), 2, "invalid RNG state (not one saved by getRNGState)");
  THGenerator_copy(_generator, &candidate);
}

#endif

#endif
