/* Filling tensors with random draws, in row-major order, from an explicit generator. Expanded for
 * the seven regular dtypes by THTensor.h; the distribution parameters are checked before anything
 * is written. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorRandom.h"
#else

/* Integers from 0 up to the dtype's limit (2^24 for Float, 2^32 - 1 for Double and Long). */
TH_API void THTensor_(random)(THTensor *self, THGenerator *_generator);
TH_API void THTensor_(geometric)(THTensor *self, THGenerator *_generator, double p);
TH_API void THTensor_(bernoulli)(THTensor *self, THGenerator *_generator, double p);

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
TH_API void THTensor_(uniform)(THTensor *self, THGenerator *_generator, double a, double b);
TH_API void THTensor_(normal)(THTensor *self, THGenerator *_generator, double mean, double stdv);
TH_API void THTensor_(exponential)(THTensor *self, THGenerator *_generator, double lambda);
TH_API void THTensor_(cauchy)(THTensor *self, THGenerator *_generator, double median, double sigma);
TH_API void THTensor_(logNormal)(THTensor *self, THGenerator *_generator, double mean, double stdv);
#endif

#if defined(TH_REAL_IS_BYTE)
/* The generator's raw bytes in a 1-D ByteTensor, and back. setRNGState checks the size and the
 * validity of the state and leaves the generator untouched when either is wrong. */
TH_API void THTensor_(getRNGState)(THGenerator *_generator, THTensor *self);
TH_API void THTensor_(setRNGState)(THGenerator *_generator, THTensor *self);
#endif

#endif
