/* The tensors of the THNN negative test, for one tensor type (expanded for Long, Int, Float and
 * Double by test_thnn_negative.c): made from a description of sizes and values in any of the
 * variants' layouts, read back as doubles, and a 1-element view into another's memory. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_negative_tensors.c"
#else

#define NegT_(NAME) TH_CONCAT_4(neg_, Real, _, NAME)

/* A tensor of the given sizes (0 dimensions: an empty tensor) holding values[k % count] at
 * row-major position k. Strided: every stride doubled, so that it is not contiguous (the
 * elements between hold a sentinel). */
static THTensor *NegT_(make)(int nDimension, const long *size, const double *values, long count,
                             int strided) {
  THTensor *t = THTensor_(new)();
  if (nDimension == 0)
    return t;
  long stride[NEG_MAX_DIMS + 1], n = 1;
  for (int d = nDimension - 1; d >= 0; d--) {
    stride[d] = strided ? 2 * n : n;
    n *= size[d];
  }
  THStorage *storage = THStorage_(newWithSize)(strided ? 2 * n : n);
  THStorage_(fill)(storage, (real)-7);
  THTensor_(setStorageNd)(t, storage, 0, nDimension, size, stride);
  THStorage_(free)(storage);
  real *data = THTensor_(data)(t);
  for (long k = 0; k < n; k++) {
    long offset = 0, rest = k;
    for (int d = nDimension - 1; d >= 0; d--) {
      offset += (rest % size[d]) * stride[d];
      rest /= size[d];
    }
    data[offset] = (real)(count > 0 ? values[k % count] : 0);
  }
  return t;
}

/* A tensor over the first element of t's memory (1 element, 1-D); t must have elements. */
static THTensor *NegT_(viewInto)(THTensor *t) {
  return THTensor_(newWithStorage1d)(t->storage, t->storageOffset, 1, 1);
}

/* The values of t in row-major order, into values (at most max of them); returns how many t
 * has. */
static long NegT_(values)(THTensor *t, double *values, long max) {
  if (t->nDimension == 0)
    return 0;
  THTensor *c = THTensor_(newContiguous)(t);
  long n = (long)THTensor_(nElement)(c);
  real *data = THTensor_(data)(c);
  for (long k = 0; k < n && k < max; k++)
    values[k] = (double)data[k];
  THTensor_(free)(c);
  return n;
}

#undef NegT_

#endif
