/* Included inside the generic expansion of the THNN case files of Linear, Normalization and
 * Spatial (Float or Double): tensors of scrambled values and their comparison; the gradient checks
 * are in thnn_gradients.c. */

#include "thnn_gradients.c"

/* A contiguous tensor of the given sizes whose elements are scrambled values in [-1, 1), all
 * different (2e-4 apart at least) up to 10007 elements, so that a maximum has no tie. */
static inline THTensor *Case_(valuesOf)(int ndim, const long *sizes, long seed) {
  THTensor *t = THTensor_(new)();
  THTensor_(resizeNd)(t, ndim, sizes, NULL);
  real *data = THTensor_(data)(t);
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(t); k++)
    data[k] = (real)(((k + seed) * 7919 % 10007) / 5003.5 - 1);
  return t;
}

/* The largest |a - b| over elements in row-major order (a and b of the same size, any layout);
 * infinity when the sizes differ. */
static inline double Case_(maxDifference)(THTensor *a, THTensor *b) {
  if (!THTensor_(isSameSizeAs)(a, b))
    return INFINITY;
  THTensor *ca = THTensor_(newContiguous)(a), *cb = THTensor_(newContiguous)(b);
  double worst = 0;
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(ca); k++) {
    double d = fabs((double)THTensor_(data)(ca)[k] - (double)THTensor_(data)(cb)[k]);
    if (d > worst || d != d)
      worst = d;
  }
  THTensor_(free)(ca);
  THTensor_(free)(cb);
  return worst;
}

/* (after - before) / scale: what an accGradParameters call with that scale added. */
static inline THTensor *Case_(addedOver)(THTensor *after, THTensor *before, real scale) {
  THTensor *added = THTensor_(newClone)(after);
  THTensor_(cadd)(added, added, -1, before);
  THTensor_(mul)(added, added, 1 / scale);
  return added;
}
