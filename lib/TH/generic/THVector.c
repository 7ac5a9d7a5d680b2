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

#if defined(TH_REAL_IS_FLOAT)
#define TH_VECTOR_PARTIAL float
#else
#define TH_VECTOR_PARTIAL accreal
#endif

TH_SIMD_CLONES void THVector_(sumRows)(accreal *acc, const real *x, ptrdiff_t rows,
                                       ptrdiff_t rowStride, ptrdiff_t n) {
  ptrdiff_t k = 0;
  for (; k + 8 <= rows; k += 8) {
    const real *r0 = x + k * rowStride, *r1 = r0 + rowStride, *r2 = r1 + rowStride,
               *r3 = r2 + rowStride, *r4 = r3 + rowStride, *r5 = r4 + rowStride,
               *r6 = r5 + rowStride, *r7 = r6 + rowStride;
    for (ptrdiff_t j = 0; j < n; j++)
      acc[j] += (((TH_VECTOR_PARTIAL)r0[j] + r1[j]) + ((TH_VECTOR_PARTIAL)r2[j] + r3[j])) +
                (((TH_VECTOR_PARTIAL)r4[j] + r5[j]) + ((TH_VECTOR_PARTIAL)r6[j] + r7[j]));
  }
  for (; k < rows; k++) {
    const real *row = x + k * rowStride;
    for (ptrdiff_t j = 0; j < n; j++)
      acc[j] += row[j];
  }
}

#undef TH_VECTOR_PARTIAL

/* The NaN test compiles to nothing for integer dtypes. */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_VECTOR_IS_NAN(x) ((x) != (x))
#else
#define TH_VECTOR_IS_NAN(x) 0
#endif

/* v > best (largest) or v < best: a plain comparison, false whenever a NaN is involved. */
static inline int THVector_(beats)(real v, real best, int largest) {
  return largest ? v > best : v < best;
}

/* The body of maxRows and minRows. Rows are taken four at a time: a tournament of the four (the
 * earlier row wins ties) gives one candidate and its row, and only the candidate is compared with
 * best[j]: a quarter of the traffic to best and at. A NaN anywhere in the four makes their sum a
 * NaN (an infinite sum of opposite infinities also does, which only sends the caller to its exact
 * NaN pass). Always inlined, into each SIMD clone of its two callers, so that `largest` is a
 * constant there and every comparison compiles to one vector compare. */
static inline __attribute__((always_inline)) int THVector_(extremeRows)(
    real *best, int32_t *at, const real *x, ptrdiff_t first, ptrdiff_t rows, ptrdiff_t rowStride,
    ptrdiff_t n, int largest) {
  int sawNan = 0;
  ptrdiff_t k = first, end = first + rows;
  for (; k + 4 <= end; k += 4) {
    const real *r0 = x + k * rowStride, *r1 = r0 + rowStride, *r2 = r1 + rowStride,
               *r3 = r2 + rowStride;
    int32_t k0 = (int32_t)k;
    for (ptrdiff_t j = 0; j < n; j++) {
      real a = r0[j], b = r1[j], c = r2[j], d = r3[j];
      int bWins = THVector_(beats)(b, a, largest), dWins = THVector_(beats)(d, c, largest);
      real ab = bWins ? b : a, cd = dWins ? d : c;
      int32_t abAt = bWins ? k0 + 1 : k0, cdAt = dWins ? k0 + 3 : k0 + 2;
      int cdWins = THVector_(beats)(cd, ab, largest);
      real v = cdWins ? cd : ab;
      int32_t vAt = cdWins ? cdAt : abAt;
      int take = THVector_(beats)(v, best[j], largest);
      best[j] = take ? v : best[j];
      at[j] = take ? vAt : at[j];
      sawNan |= TH_VECTOR_IS_NAN(a + b + c + d);
    }
  }
  for (; k < end; k++) {
    const real *row = x + k * rowStride;
    for (ptrdiff_t j = 0; j < n; j++) {
      real v = row[j];
      int take = THVector_(beats)(v, best[j], largest);
      best[j] = take ? v : best[j];
      at[j] = take ? (int32_t)k : at[j];
      sawNan |= TH_VECTOR_IS_NAN(v);
    }
  }
  return sawNan;
}

TH_SIMD_CLONES int THVector_(maxRows)(real *best, int32_t *at, const real *x, ptrdiff_t first,
                                      ptrdiff_t rows, ptrdiff_t rowStride, ptrdiff_t n) {
  return THVector_(extremeRows)(best, at, x, first, rows, rowStride, n, 1);
}

TH_SIMD_CLONES int THVector_(minRows)(real *best, int32_t *at, const real *x, ptrdiff_t first,
                                      ptrdiff_t rows, ptrdiff_t rowStride, ptrdiff_t n) {
  return THVector_(extremeRows)(best, at, x, first, rows, rowStride, n, 0);
}
#undef TH_VECTOR_IS_NAN

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

TH_SIMD_CLONES void THVector_(tanh)(real *y, const real *x, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    y[i] = TH_CONCAT_2(THVector_tanh, Real)(x[i]);
}

#endif

#endif
