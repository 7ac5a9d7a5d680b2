/* Filling tensors with random draws, in row-major order, from an explicit generator. Expanded for
 * the seven regular dtypes by THTensor.h; the distribution parameters are checked before anything
 * is written. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorRandom.h"
#else

/* Integers from 0 up to the dtype's limit (2^24 for Float, 2^32 - 1 for Double and Long). */
TH_API void THTensor_(random)(THTensor *self, THGenerator *_generator);
/* Integers from [from, to) (to > from; both ends within what the dtype holds exactly). */
TH_API void THTensor_(clampedRandom)(THTensor *self, THGenerator *_generator, long from, long to);
/* Integers from [0, to). */
TH_API void THTensor_(cappedRandom)(THTensor *self, THGenerator *_generator, long to);
TH_API void THTensor_(geometric)(THTensor *self, THGenerator *_generator, double p);
TH_API void THTensor_(bernoulli)(THTensor *self, THGenerator *_generator, double p);
/* Element i is 1 with probability p[i] (row-major pairing; p has as many elements as self). */
TH_API void THTensor_(bernoulli_FloatTensor)(THTensor *self, THGenerator *_generator, THFloatTensor *p);
TH_API void THTensor_(bernoulli_DoubleTensor)(THTensor *self, THGenerator *_generator, THDoubleTensor *p);
/* r_ becomes a 1-D tensor holding a random permutation of 0 .. n-1 (Fisher-Yates). */
TH_API void THTensor_(randperm)(THTensor *r_, THGenerator *_generator, long n);

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
/* r_ (resized like p) is 1 with probability p[i] at i: torch_early.bernoulli(p). */
TH_API void THTensor_(bernoulliFromProbabilities)(THTensor *r_, THGenerator *_generator, THTensor *p);
TH_API void THTensor_(uniform)(THTensor *self, THGenerator *_generator, double a, double b);
TH_API void THTensor_(normal)(THTensor *self, THGenerator *_generator, double mean, double stdv);
/* r_ (resized like the tensor argument) gets one normal draw per mean and/or standard deviation. */
TH_API void THTensor_(normal_means)(THTensor *r_, THGenerator *_generator, THTensor *means, double stdv);
TH_API void THTensor_(normal_stddevs)(THTensor *r_, THGenerator *_generator, double mean, THTensor *stdvs);
TH_API void THTensor_(normal_means_stddevs)(THTensor *r_, THGenerator *_generator, THTensor *means,
                                            THTensor *stdvs);
TH_API void THTensor_(exponential)(THTensor *self, THGenerator *_generator, double lambda);
TH_API void THTensor_(cauchy)(THTensor *self, THGenerator *_generator, double median, double sigma);
TH_API void THTensor_(logNormal)(THTensor *self, THGenerator *_generator, double mean, double stdv);
/* r_ of the given size, uniform on [0, 1) / standard normal. */
TH_API void THTensor_(rand)(THTensor *r_, THGenerator *_generator, THLongStorage *size);
TH_API void THTensor_(randn)(THTensor *r_, THGenerator *_generator, THLongStorage *size);
/* Category indices drawn from each row of non-negative weights (a 1-D tensor is one row): r_
 * becomes n_sample (1-D) or rows x n_sample (2-D). Each draw picks category i with probability
 * weight[i] / sum: the weights' running sums (in double) are searched for u * sum. Without
 * replacement a drawn category's weight becomes 0 for the rest of its row, so a row's samples are
 * distinct; that needs at least n_sample categories of non-zero weight in every row. */
TH_API void THTensor_(multinomial)(THLongTensor *r_, THGenerator *_generator, THTensor *prob_dist,
                                   int n_sample, int with_replacement);
#endif

#if defined(TH_REAL_IS_BYTE)
/* The generator's raw bytes in a 1-D ByteTensor, and back. setRNGState checks the size and the
 * validity of the state and leaves the generator untouched when either is wrong. */
TH_API void THTensor_(getRNGState)(THGenerator *_generator, THTensor *self);
TH_API void THTensor_(setRNGState)(THGenerator *_generator, THTensor *self);
#endif

#endif
