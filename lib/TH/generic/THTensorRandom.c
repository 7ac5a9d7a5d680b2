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

void THTensor_(geometric)(THTensor *self, THGenerator *_generator, double p) {
  THArgCheck(p > 0 && p < 1, 3, "probability must be strictly between 0 and 1, got %g", p);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_geometric(_generator, p););
}

void THTensor_(bernoulli)(THTensor *self, THGenerator *_generator, double p) {
  THArgCheck(p >= 0 && p <= 1, 3, "probability must be between 0 and 1, got %g", p);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_bernoulli(_generator, p););
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

void THTensor_(uniform)(THTensor *self, THGenerator *_generator, double a, double b) {
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_uniform(_generator, a, b););
}

void THTensor_(normal)(THTensor *self, THGenerator *_generator, double mean, double stdv) {
  THArgCheck(stdv > 0, 4, "standard deviation must be positive, got %g", stdv);
  TH_TENSOR_APPLY(real, self, *self_data = (real)THRandom_normal(_generator, mean, stdv););
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

#endif

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
