/* Included inside the generic expansion of a per-dtype case file (e.g. generic/arithmetic_cases.c): a
 * rows x cols tensor of the current dtype in one of the layouts of layouts.h (not EXPANDED, which
 * each case builds from its values). Its elements are uninitialised; memory around a view holds 99,
 * so that an operation writing outside the view shows up. */
static THTensor *Case_(inLayout)(enum layout layout, long rows, long cols) {
  THTensor *t, *base;
  switch (layout) {
  case TRANSPOSED:
    base = THTensor_(newWithSize2d)(cols, rows);
    t = THTensor_(newTranspose)(base, 0, 1);
    break;
  case NARROWED:
    base = THTensor_(newWithSize2d)(rows + 2, cols + 3);
    THTensor_(fill)(base, 99);
    t = THTensor_(newNarrow)(base, 0, 1, rows);
    THTensor_(narrow)(t, NULL, 1, 2, cols);
    break;
  case STRIDED:
    base = THTensor_(newWithSize2d)(rows, 2 * cols);
    THTensor_(fill)(base, 99);
    t = THTensor_(newWithStorage2d)(base->storage, 0, rows, 2 * cols, cols, 2);
    break;
  default:
    return THTensor_(newWithSize2d)(rows, cols);
  }
  THTensor_(free)(base);
  return t;
}

/* A rows x cols tensor in the given layout whose element (i, j) is (i*cols + j) * 7 % modulus:
 * small values in a scrambled order, with ties when modulus is small. (static inline: case files
 * that do not use it get no unused-function warning.) */
static inline THTensor *Case_(scrambled)(enum layout layout, long rows, long cols, long modulus) {
  THTensor *t = Case_(inLayout)(layout, rows, cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)((i * cols + j) * 7 % modulus));
  return t;
}

/* A rows x cols tensor in the given layout whose element (i, j) is (start + i*cols + j) % modulus:
 * small values cycling, with ties when modulus is small. */
static inline THTensor *Case_(cycling)(enum layout layout, long rows, long cols, long start,
                                       long modulus) {
  THTensor *t = Case_(inLayout)(layout, rows, cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)((start + i * cols + j) % modulus));
  return t;
}

/* A 3x4 tensor in the given layout whose element k (in row-major order) is offset + step * k. */
static inline THTensor *Case_(progression)(enum layout layout, double offset, double step) {
  THTensor *t = Case_(inLayout)(layout, 3, 4);
  for (long k = 0; k < 12; k++)
    THTensor_(set2d)(t, k / 4, k % 4, (real)(offset + step * k));
  return t;
}

/* Element k of progression(layout, offset, step), as the dtype holds it. */
static inline double Case_(input)(double offset, double step, long k) {
  return (double)(real)(offset + step * k);
}

/* Element (i, j) of a matrix, as a double. */
static inline double Case_(at)(THTensor *t, long i, long j) {
  return (double)THTensor_(get2d)(t, i, j);
}

/* Element k of a tensor of 12 elements, in row-major order, whatever its shape (1-D or 2-D). */
static inline double Case_(element)(THTensor *t, long k) {
  long cols = t->size[t->nDimension - 1];
  return t->nDimension == 1 ? (double)THTensor_(get1d)(t, k)
                            : (double)THTensor_(get2d)(t, k / cols, k % cols);
}

/* How many elements of t's whole storage equal value (99 counts the memory around a view). */
static inline long Case_(countInStorage)(THTensor *t, real value) {
  long count = 0;
  for (ptrdiff_t k = 0; k < t->storage->size; k++)
    count += t->storage->data[k] == value;
  return count;
}

/* 1 when got is expected to the dtype's precision: exactly for integer dtypes, to a relative
 * tolerance for floating ones (nan equals nan, inf equals inf). */
static inline int Case_(close)(double got, double expected) {
#if defined(TH_REAL_IS_FLOAT)
  const double relative = 2e-6;
#elif defined(TH_REAL_IS_DOUBLE)
  const double relative = 1e-13;
#else
  const double relative = 0;
#endif
  double rounded = (double)(real)expected;
  if (isnan(expected))
    return isnan(got);
  if (isinf(rounded))
    return got == rounded;
  return fabs(got - rounded) <= relative * fabs(expected) + 1e-300;
}
