/* THTensorLinear: BLAS-level tensor ops (dot, matrix and vector products, cross), declared once per
 * dtype by THTensor.h. Each product computes r = beta*t + alpha*(product); the result comes first,
 * may be the same tensor as t, and is resized by the callee. Float/Double run the linked BLAS. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLinear.h"
#else

/* The sum of t[i] * src[i] over the elements of t and src (as many elements, any shapes), in
 * accreal. */
TH_API accreal THTensor_(dot)(THTensor *t, THTensor *src);
/* r = beta*t + alpha*(mat1 @ mat2); mat1 is n x k, mat2 k x m, t n x m. */
TH_API void THTensor_(addmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *mat1,
                             THTensor *mat2);
/* r = beta*t + alpha*(mat @ vec); mat is n x m, vec m, t n. */
TH_API void THTensor_(addmv)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *mat,
                             THTensor *vec);
/* r = beta*t + alpha*(vec1 outer vec2); vec1 is n, vec2 m, t n x m. */
TH_API void THTensor_(addr)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *vec1,
                            THTensor *vec2);
/* r = beta*t + alpha*(sum over b of batch1[b] @ batch2[b]); batch1 is B x n x k, batch2
 * B x k x m, t n x m. */
TH_API void THTensor_(addbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *batch1,
                              THTensor *batch2);
/* r[b] = beta*t[b] + alpha*(batch1[b] @ batch2[b]); t is B x n x m. */
TH_API void THTensor_(baddbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *batch1,
                               THTensor *batch2);

/* The plain products: r = mat1 @ mat2, mat @ vec, batch1[b] @ batch2[b], vec1 outer vec2. */
TH_API void THTensor_(mm)(THTensor *r_, THTensor *mat1, THTensor *mat2);
TH_API void THTensor_(mv)(THTensor *r_, THTensor *mat, THTensor *vec);
TH_API void THTensor_(bmm)(THTensor *r_, THTensor *batch1, THTensor *batch2);
TH_API void THTensor_(ger)(THTensor *r_, THTensor *vec1, THTensor *vec2);

/* r = a x b along dimension, which must have size 3; a negative dimension means the first one of
 * size 3. a and b have the same size. */
TH_API void THTensor_(cross)(THTensor *r_, THTensor *a, THTensor *b, int dimension);

#endif
