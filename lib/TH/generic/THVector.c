/* THVector kernels of one dtype (included by THVector.c once per dtype). Each is a plain loop that
 * the compiler vectorizes; TH_SIMD_CLONES compiles it once per SIMD level (see THVector.c). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THVector.c"
#else

TH_SIMD_CLONES void THVector_(fill)(real *x, real c, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    x[i] = c;
}

TH_SIMD_CLONES void THVector_(adds)(real *y, const real *x, real c, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    y[i] = x[i] + c;
}

TH_SIMD_CLONES void THVector_(muls)(real *y, const real *x, real c, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    y[i] = x[i] * c;
}

TH_SIMD_CLONES void THVector_(cadd)(real *z, const real *x, real c, const real *y, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    z[i] = x[i] + c * y[i];
}

TH_SIMD_CLONES void THVector_(cmul)(real *z, const real *x, const real *y, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    z[i] = x[i] * y[i];
}

TH_SIMD_CLONES accreal THVector_(sum)(const real *x, ptrdiff_t n) {
  accreal acc = 0;
#pragma omp simd reduction(+ : acc)
  for (ptrdiff_t i = 0; i < n; i++)
    acc += x[i];
  return acc;
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

TH_SIMD_CLONES void THVector_(divs)(real *y, const real *x, real c, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    y[i] = x[i] / c;
}

TH_SIMD_CLONES void THVector_(cdiv)(real *z, const real *x, const real *y, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    z[i] = x[i] / y[i];
}

TH_SIMD_CLONES void THVector_(exp)(real *y, const real *x, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    y[i] = TH_CONCAT_2(THVector_exp, Real)(x[i]);
}

TH_SIMD_CLONES void THVector_(sigmoid)(real *y, const real *x, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    y[i] = 1 / (1 + TH_CONCAT_2(THVector_exp, Real)(-x[i]));
}

#endif

#endif
