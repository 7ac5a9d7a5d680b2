/* THTensorReduce: the reductions of one dtype (included by THTensorReduce.c once per dtype): sum,
 * prod, max, min (along a dimension or over everything), the scans cumsum and cumprod, trace, all,
 * any, and for float types mean, var, std, norm, dist, renorm and the histogram histc.
 * On the path of `a.sum(0)`: THPFloatTensor_sum → THFloatTensor_sum → a column kernel below.
 * Every function checks its arguments first; a reduction along a dimension resizes its results to
 * t's sizes with size 1 there. Contiguous inputs take kernels that the compiler vectorizes and
 * that run in parallel when large; other layouts go slice by slice with TH_TENSOR_DIM_APPLY. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorReduce.c"
#else

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_REDUCE_IS_NAN(x) ((x) != (x))
#else
#define TH_REDUCE_IS_NAN(x) 0
#endif

/* Columns reduced together by the column kernels of sum, prod, max and min: their running values
 * stay in L1. */
#define TH_REDUCE_COLUMN_BLOCK 1024

static void THTensor_(checkNotEmpty)(THTensor *t, const char *what) {
  THArgCheck(t->nDimension > 0, 1, "%s of an empty tensor (it has no elements)", what);
}

/* The tensor a reduction of t along dimension writes into, resized to t's sizes with size 1 at
 * dimension: r_ itself, or, when r_ shares memory with t (which is still to be read), a new one
 * that THTensor_(finishResultApart) then copies into r_. */
static THTensor *THTensor_(startReduced)(THTensor *r_, THTensor *t, int dimension) {
  THTensor *result = THTensor_(resultApartFrom)(r_, t, NULL, 0);
  THLongStorage *size = THTensor_(newSizeOf)(t);
  size->data[dimension] = 1;
  THTensor_(resize)(result, size, NULL);
  THLongStorage_free(size);
  return result;
}

static void THTensor_(resizeIndices)(THLongTensor *indices_, THTensor *t, int dimension) {
  THLongStorage *size = THTensor_(newSizeOf)(t);
  size->data[dimension] = 1;
  THLongTensor_resize(indices_, size, NULL);
  THLongStorage_free(size);
}

/* ---- Sums and products ----
 * Each has three kernels, all accumulating in accreal:
 *   whole(p, n)                      n contiguous elements, in parallel when long
 *   slice(p, n, stride)              n elements stride apart
 *   columns(r, p, n, inner, width)   width adjacent columns of a contiguous n x inner block,
 *                                    reduced down the n rows (row by row, so memory is read in
 *                                    order), into r[0..width)
 * and reduceDim picks among them by layout.
 * A whole kernel cuts a long array into THGetNumThreads() equal shares, whatever number of threads
 * then runs them (fewer on a busy machine: see THParallel.h), and combines the shares' results in
 * order, so that the rounding, hence every bit of the result, depends only on the number of
 * threads the user set. */

static accreal THTensor_(sumWhole)(const real *p, ptrdiff_t n) {
  if (n <= TH_OMP_OVERHEAD_THRESHOLD)
    return THVector_(sum)(p, n);
  ptrdiff_t shares = THGetNumThreads();
  accreal *partial = THAlloc(sizeof(accreal) * shares), acc = 0;
  TH_PARALLEL_LOOP(s, shares, n,
                   ptrdiff_t begin, length;
                   THParallel_shareOf(n, shares, s, &begin, &length);
                   partial[s] = THVector_(sum)(p + begin, length););
  for (ptrdiff_t s = 0; s < shares; s++)
    acc += partial[s];
  THFree(partial);
  return acc;
}

static accreal THTensor_(sumSlice)(const real *p, long n, long stride) {
  accreal acc = 0;
  if (stride == 1) {
#pragma omp simd reduction(+ : acc)
    for (long i = 0; i < n; i++)
      acc += p[i];
  } else {
    for (long i = 0; i < n; i++)
      acc += p[i * stride];
  }
  return acc;
}

/* The rows go through THVector_(sumRows), compiled for the CPU's widest SIMD level (see its
 * declaration for how float partial sums are formed). */
static void THTensor_(sumColumns)(real *r, const real *p, long n, long inner, long width) {
  accreal acc[TH_REDUCE_COLUMN_BLOCK];
  for (long j = 0; j < width; j++)
    acc[j] = 0;
  THVector_(sumRows)(acc, p, n, inner, width);
  for (long j = 0; j < width; j++)
    r[j] = (real)acc[j];
}

static accreal THTensor_(prodSlice)(const real *p, long n, long stride) {
  accreal acc = 1;
  if (stride == 1) {
#pragma omp simd reduction(* : acc)
    for (long i = 0; i < n; i++)
      acc *= p[i];
  } else {
    for (long i = 0; i < n; i++)
      acc *= p[i * stride];
  }
  return acc;
}

static accreal THTensor_(prodWhole)(const real *p, ptrdiff_t n) {
  if (n <= TH_OMP_OVERHEAD_THRESHOLD)
    return THTensor_(prodSlice)(p, n, 1);
  ptrdiff_t shares = THGetNumThreads();
  accreal *partial = THAlloc(sizeof(accreal) * shares), acc = 1;
  TH_PARALLEL_LOOP(s, shares, n,
                   ptrdiff_t begin, length;
                   THParallel_shareOf(n, shares, s, &begin, &length);
                   partial[s] = THTensor_(prodSlice)(p + begin, length, 1););
  for (ptrdiff_t s = 0; s < shares; s++)
    acc *= partial[s];
  THFree(partial);
  return acc;
}

static void THTensor_(prodColumns)(real *r, const real *p, long n, long inner, long width) {
  accreal acc[TH_REDUCE_COLUMN_BLOCK];
  for (long j = 0; j < width; j++)
    acc[j] = 1;
  long k = 0;
  for (; k + 4 <= n; k += 4) {
    const real *r0 = p + k * inner, *r1 = r0 + inner, *r2 = r1 + inner, *r3 = r2 + inner;
    for (long j = 0; j < width; j++)
      acc[j] *= ((accreal)r0[j] * r1[j]) * ((accreal)r2[j] * r3[j]);
  }
  for (; k < n; k++) {
    const real *row = p + k * inner;
    for (long j = 0; j < width; j++)
      acc[j] *= row[j];
  }
  for (long j = 0; j < width; j++)
    r[j] = (real)acc[j];
}

typedef struct THTensor_(Reduction) {
  accreal (*whole)(const real *p, ptrdiff_t n);
  accreal (*slice)(const real *p, long n, long stride);
  void (*columns)(real *r, const real *p, long n, long inner, long width);
} THTensor_(Reduction);

static const THTensor_(Reduction) THTensor_(sumReduction) = {
  THTensor_(sumWhole), THTensor_(sumSlice), THTensor_(sumColumns)
};

static const THTensor_(Reduction) THTensor_(prodReduction) = {
  THTensor_(prodWhole), THTensor_(prodSlice), THTensor_(prodColumns)
};

accreal THTensor_(sumall)(THTensor *t) {
  if (THTensor_(isContiguous)(t))
    return THTensor_(sumWhole)(THTensor_(data)(t), THTensor_(nElement)(t));
  accreal sum = 0;
  TH_TENSOR_APPLY(real, t, sum += *t_data;);
  return sum;
}

accreal THTensor_(prodall)(THTensor *t) {
  if (THTensor_(isContiguous)(t))
    return THTensor_(prodWhole)(THTensor_(data)(t), THTensor_(nElement)(t));
  accreal prod = 1;
  TH_TENSOR_APPLY(real, t, prod *= *t_data;);
  return prod;
}

/* Contiguous t and r: view t as outer x n x inner (n the reduced size) and r as outer x inner. */
static void THTensor_(reduceDimContiguous)(real *rp, const real *tp, long outer, long n, long inner,
                                           const THTensor_(Reduction) *op) {
  if (inner == 1 && outer == 1) {
    rp[0] = (real)op->whole(tp, n);
  } else if (inner == 1) {
    TH_PARALLEL_LOOP(o, outer, (double)outer * n, rp[o] = (real)op->slice(tp + o * n, n, 1););
  } else {
    long blocks = (inner + TH_REDUCE_COLUMN_BLOCK - 1) / TH_REDUCE_COLUMN_BLOCK;
    TH_PARALLEL_LOOP(w, outer * blocks, (double)outer * n * inner,
                     long o = w / blocks, j = (w % blocks) * TH_REDUCE_COLUMN_BLOCK;
                     long width = inner - j < TH_REDUCE_COLUMN_BLOCK ? inner - j : TH_REDUCE_COLUMN_BLOCK;
                     op->columns(rp + o * inner + j, tp + o * n * inner + j, n, inner, width););
  }
}

/* r_ = t reduced along dimension, which stays with size 1. */
static void THTensor_(reduceDim)(THTensor *r_, THTensor *t, int dimension, const THTensor_(Reduction) *op) {
  THTensor_(checkDim)(t, dimension, 3);
  THTensor *result = THTensor_(resultApartFrom)(r_, t, NULL, 0);
  if (result != r_) {                  /* r_ shares memory with t: compute apart, then copy */
    THTensor_(reduceDim)(result, t, dimension, op);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  long sizeOnStack[TH_APPLY_STACK_DIMS];
  long *size = t->nDimension > TH_APPLY_STACK_DIMS ? THAlloc(sizeof(long) * t->nDimension) : sizeOnStack;
  memcpy(size, t->size, sizeof(long) * t->nDimension);
  size[dimension] = 1;
  THTensor_(resizeNd)(r_, t->nDimension, size, NULL);
  if (size != sizeOnStack)
    THFree(size);

  if (THTensor_(isContiguous)(r_) && THTensor_(isContiguous)(t)) {
    long outer, inner;
    THDimApply_split(t->nDimension, t->size, dimension, &outer, &inner);
    THTensor_(reduceDimContiguous)(THTensor_(data)(r_), THTensor_(data)(t), outer, t->size[dimension],
                                   inner, op);
  } else {
    TH_TENSOR_DIM_APPLY2(real, r_, real, t, dimension,
                         *r__data = (real)op->slice(t_data, t_size, t_stride););
  }
}

void THTensor_(sum)(THTensor *r_, THTensor *t, int dimension) {
  THTensor_(reduceDim)(r_, t, dimension, &THTensor_(sumReduction));
}

void THTensor_(prod)(THTensor *r_, THTensor *t, int dimension) {
  THTensor_(reduceDim)(r_, t, dimension, &THTensor_(prodReduction));
}

/* ---- Extremes ----
 * `largest` picks max (1) or min (0); every kernel is inlined into callers that pass a constant,
 * so the test disappears from the loops. A NaN beats every number and the first NaN wins, so
 * "x beats best" is: best is not NaN, and x is not on best's losing side (!(x <= best) holds for a
 * greater x and for a NaN x) — two comparisons, which vectorize. */

static inline int THTensor_(beats)(real x, real best, int largest) {
  int notWorse = largest ? !(x <= best) : !(x >= best);
  int bestIsNumber = !TH_REDUCE_IS_NAN(best);
  return notWorse & bestIsNumber;
}

/* Contiguous slices are read in blocks of TH_EXTREMUM_RUN: each block's extreme (and whether it
 * holds a NaN) comes from a vectorized reduction, the running extreme remembers the first block
 * that reached it, and that one block is searched for the position at the end. */
#define TH_EXTREMUM_RUN 64

static inline real THTensor_(runExtremum)(const real *p, long n, int largest, int *sawNan) {
  real best = p[0];
  int nan = 0;
  if (largest) {
#pragma omp simd reduction(max : best) reduction(| : nan)
    for (long i = 0; i < n; i++) {
      best = p[i] > best ? p[i] : best;
      nan |= TH_REDUCE_IS_NAN(p[i]);
    }
  } else {
#pragma omp simd reduction(min : best) reduction(| : nan)
    for (long i = 0; i < n; i++) {
      best = p[i] < best ? p[i] : best;
      nan |= TH_REDUCE_IS_NAN(p[i]);
    }
  }
  *sawNan = nan;
  return best;
}

/* The first position in p[0..n) of a NaN (when nan) or else of the value `best`. */
static inline long THTensor_(firstOf)(const real *p, long n, real best, int nan) {
  for (long i = 0; i < n; i++)
    if (nan ? TH_REDUCE_IS_NAN(p[i]) : p[i] == best)
      return i;
  return 0;
}

/* The position of the first extreme of n elements stride apart. */
static inline long THTensor_(extremumPosition)(const real *p, long n, long stride, int largest) {
  if (stride == 1) {
    real best = p[0];
    long bestRun = 0;
    for (long start = 0; start < n; start += TH_EXTREMUM_RUN) {
      long length = n - start < TH_EXTREMUM_RUN ? n - start : TH_EXTREMUM_RUN;
      int nan;
      real runBest = THTensor_(runExtremum)(p + start, length, largest, &nan);
      if (nan)
        return start + THTensor_(firstOf)(p + start, length, runBest, 1);
      if (largest ? runBest > best : runBest < best) {
        best = runBest;
        bestRun = start;
      }
    }
    long length = n - bestRun < TH_EXTREMUM_RUN ? n - bestRun : TH_EXTREMUM_RUN;
    return bestRun + THTensor_(firstOf)(p + bestRun, length, best, 0);
  }
  long at = 0;
  real best = p[0];
  for (long i = 1; i < n; i++) {
    real x = p[i * stride];
    if (THTensor_(beats)(x, best, largest)) {
      best = x;
      at = i;
    }
  }
  return at;
}

/* width adjacent columns of a contiguous n x inner block, reduced down the rows into values[j],
 * indices[j]. Rows are read in memory order; the row number is a 32-bit lane beside each value
 * (callers ensure n fits), so the compare-and-select vectorizes. The fast pass is THVector's
 * maxRows/minRows (the CPU's widest SIMD level), which compares with a plain > (or <) and only
 * notes whether a NaN went by; then the block is redone here with the NaN rule. */
static inline void THTensor_(extremumColumns)(real *values, long *indices, const real *p, long n,
                                              long inner, long width, int largest) {
  real best[TH_REDUCE_COLUMN_BLOCK];
  int32_t at[TH_REDUCE_COLUMN_BLOCK];
  int sawNan = 0;
  for (long j = 0; j < width; j++) {
    best[j] = p[j];
    at[j] = 0;
    sawNan |= TH_REDUCE_IS_NAN(p[j]);
  }
  if (largest)
    sawNan |= THVector_(maxRows)(best, at, p, 1, n - 1, inner, width);
  else
    sawNan |= THVector_(minRows)(best, at, p, 1, n - 1, inner, width);
  if (sawNan) {
    for (long j = 0; j < width; j++) {
      best[j] = p[j];
      at[j] = 0;
    }
    for (long k = 1; k < n; k++) {
      const real *row = p + k * inner;
      for (long j = 0; j < width; j++) {
        int take = THTensor_(beats)(row[j], best[j], largest);
        best[j] = take ? row[j] : best[j];
        at[j] = take ? (int32_t)k : at[j];
      }
    }
  }
  for (long j = 0; j < width; j++) {
    values[j] = best[j];
    indices[j] = at[j];
  }
}

/* Contiguous t, values and indices: t is outer x n x inner, the results outer x inner. */
static inline void THTensor_(extremumContiguous)(real *values, long *indices, const real *p, long outer,
                                                 long n, long inner, int largest) {
  double work = (double)outer * n * inner;
  if (inner == 1 || n > INT32_MAX) {
    TH_PARALLEL_LOOP(s, outer * inner, work,
                     const real *slice = p + (s / inner) * n * inner + s % inner;
                     long at = THTensor_(extremumPosition)(slice, n, inner, largest);
                     values[s] = slice[at * inner];
                     indices[s] = at;);
  } else {
    long blocks = (inner + TH_REDUCE_COLUMN_BLOCK - 1) / TH_REDUCE_COLUMN_BLOCK;
    TH_PARALLEL_LOOP(w, outer * blocks, work,
                     long o = w / blocks, j = (w % blocks) * TH_REDUCE_COLUMN_BLOCK;
                     long width = inner - j < TH_REDUCE_COLUMN_BLOCK ? inner - j : TH_REDUCE_COLUMN_BLOCK;
                     THTensor_(extremumColumns)(values + o * inner + j, indices + o * inner + j,
                                                p + o * n * inner + j, n, inner, width, largest););
  }
}

static inline void THTensor_(extremum)(THTensor *values_, THLongTensor *indices_, THTensor *t,
                                       int dimension, int largest) {
  THTensor_(checkDim)(t, dimension, 4);
  if ((void *)indices_ == (void *)t) {        /* a LongTensor's indices may not overwrite it early */
    THLongTensor *indices = THLongTensor_new();
    THTensor_(extremum)(values_, indices, t, dimension, largest);
    THLongTensor_resizeAs(indices_, indices);
    THLongTensor_copy(indices_, indices);
    THLongTensor_free(indices);
    return;
  }
  THTensor *values = THTensor_(startReduced)(values_, t, dimension);
  THTensor_(resizeIndices)(indices_, t, dimension);
  if (THTensor_(isContiguous)(t) && THTensor_(isContiguous)(values) &&
      THLongTensor_isContiguous(indices_)) {
    long outer, inner;
    THDimApply_split(t->nDimension, t->size, dimension, &outer, &inner);
    THTensor_(extremumContiguous)(THTensor_(data)(values), THLongTensor_data(indices_),
                                  THTensor_(data)(t), outer, t->size[dimension], inner, largest);
  } else {
    TH_TENSOR_DIM_APPLY3(real, values, long, indices_, real, t, dimension,
                         long at = THTensor_(extremumPosition)(t_data, t_size, t_stride, largest);
                         *values_data = t_data[at * t_stride];
                         *indices__data = at;);
  }
  THTensor_(finishResultApart)(values_, values);
}

void THTensor_(max)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension) {
  THTensor_(extremum)(values_, indices_, t, dimension, 1);
}

void THTensor_(min)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension) {
  THTensor_(extremum)(values_, indices_, t, dimension, 0);
}

static inline real THTensor_(extremumAll)(THTensor *t, int largest) {
  if (THTensor_(isContiguous)(t)) {
    const real *p = THTensor_(data)(t);
    return p[THTensor_(extremumPosition)(p, THTensor_(nElement)(t), 1, largest)];
  }
  real best = THTensor_(data)(t)[0];
  TH_TENSOR_APPLY(real, t, if (THTensor_(beats)(*t_data, best, largest)) best = *t_data;);
  return best;
}

real THTensor_(maxall)(THTensor *t) {
  THTensor_(checkNotEmpty)(t, "max");
  return THTensor_(extremumAll)(t, 1);
}

real THTensor_(minall)(THTensor *t) {
  THTensor_(checkNotEmpty)(t, "min");
  return THTensor_(extremumAll)(t, 0);
}

/* ---- Scans ----
 * Each element of a slice is read before the result at its position is written, so the result
 * may be the same view as t; in another layout it is computed apart. */

void THTensor_(cumsum)(THTensor *r_, THTensor *t, int dimension) {
  THTensor_(checkDim)(t, dimension, 3);
  THTensor *result = THTensor_(resultApartFrom)(r_, t, NULL, 1);
  THTensor_(resizeAs)(result, t);
  TH_TENSOR_DIM_APPLY2(real, result, real, t, dimension,
                       accreal acc = 0;
                       for (long i = 0; i < t_size; i++) {
                         acc += t_data[i * t_stride];
                         result_data[i * result_stride] = (real)acc;
                       });
  THTensor_(finishResultApart)(r_, result);
}

void THTensor_(cumprod)(THTensor *r_, THTensor *t, int dimension) {
  THTensor_(checkDim)(t, dimension, 3);
  THTensor *result = THTensor_(resultApartFrom)(r_, t, NULL, 1);
  THTensor_(resizeAs)(result, t);
  TH_TENSOR_DIM_APPLY2(real, result, real, t, dimension,
                       accreal acc = 1;
                       for (long i = 0; i < t_size; i++) {
                         acc *= t_data[i * t_stride];
                         result_data[i * result_stride] = (real)acc;
                       });
  THTensor_(finishResultApart)(r_, result);
}

accreal THTensor_(trace)(THTensor *t) {
  THArgCheck(t->nDimension == 2, 1, "trace expects a matrix, but got a %dD tensor", t->nDimension);
  long n = t->size[0] < t->size[1] ? t->size[0] : t->size[1];
  const real *p = THTensor_(data)(t);
  accreal sum = 0;
  for (long i = 0; i < n; i++)
    sum += p[i * (t->stride[0] + t->stride[1])];
  return sum;
}

#if defined(TH_REAL_IS_BYTE)
int THTensor_(logicalall)(THTensor *t) {
  int all = 1;
  TH_TENSOR_APPLY(real, t, all &= *t_data != 0;);
  return all;
}

int THTensor_(logicalany)(THTensor *t) {
  int any = 0;
  TH_TENSOR_APPLY(real, t, any |= *t_data != 0;);
  return any;
}
#endif

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

/* ---- Statistics ---- */

accreal THTensor_(meanall)(THTensor *t) {
  THTensor_(checkNotEmpty)(t, "mean");
  return THTensor_(sumall)(t) / THTensor_(nElement)(t);
}

/* The variance of n elements stride apart, in two passes: the mean, then the squared deviations. */
static accreal THTensor_(varSlice)(const real *p, long n, long stride, int unbiased) {
  accreal sum = 0, squares = 0;
  for (long i = 0; i < n; i++)
    sum += p[i * stride];
  accreal mean = sum / n;
  for (long i = 0; i < n; i++) {
    accreal deviation = p[i * stride] - mean;
    squares += deviation * deviation;
  }
  return squares / (unbiased ? n - 1 : n);
}

accreal THTensor_(varall)(THTensor *t, int unbiased) {
  THTensor_(checkNotEmpty)(t, "var");
  ptrdiff_t n = THTensor_(nElement)(t);
  accreal mean = THTensor_(sumall)(t) / n, squares = 0;
  TH_TENSOR_APPLY(real, t, accreal deviation = *t_data - mean; squares += deviation * deviation;);
  return squares / (unbiased ? n - 1 : n);
}

accreal THTensor_(stdall)(THTensor *t, int unbiased) {
  return sqrt(THTensor_(varall)(t, unbiased));
}

void THTensor_(mean)(THTensor *r_, THTensor *t, int dimension) {
  THTensor_(checkDim)(t, dimension, 3);
  long n = t->size[dimension];
  THTensor_(sum)(r_, t, dimension);
  THTensor_(div)(r_, r_, (real)n);
}

static void THTensor_(varOrStd)(THTensor *r_, THTensor *t, int dimension, int unbiased, int root) {
  THTensor_(checkDim)(t, dimension, 3);
  THTensor *r = THTensor_(startReduced)(r_, t, dimension);
  TH_TENSOR_DIM_APPLY2(real, r, real, t, dimension,
                       accreal var = THTensor_(varSlice)(t_data, t_size, t_stride, unbiased);
                       *r_data = (real)(root ? sqrt(var) : var););
  THTensor_(finishResultApart)(r_, r);
}

void THTensor_(var)(THTensor *r_, THTensor *t, int dimension, int unbiased) {
  THTensor_(varOrStd)(r_, t, dimension, unbiased, 0);
}

void THTensor_(std)(THTensor *r_, THTensor *t, int dimension, int unbiased) {
  THTensor_(varOrStd)(r_, t, dimension, unbiased, 1);
}

/* ---- Norms ---- */

/* What one element adds to a p-norm, and how the total becomes the norm. p = infinity takes the
 * largest |x| instead of a sum, so it is handled by the callers. */
static inline accreal THTensor_(normTerm)(accreal x, real p) {
  accreal a = fabs(x);
  if (p == 0)
    return x != 0;
  if (p == 1)
    return a;
  if (p == 2)
    return a * a;
  return pow(a, p);
}

static inline accreal THTensor_(normFinish)(accreal total, real p) {
  if (p == 0 || p == 1)
    return total;
  if (p == 2)
    return sqrt(total);
  return pow(total, 1.0 / p);
}

static accreal THTensor_(normSlice)(const real *p, long n, long stride, real power) {
  accreal total = 0;
  if (isinf(power)) {
    for (long i = 0; i < n; i++)
      total = fmax(total, fabs((accreal)p[i * stride]));
    return total;
  }
  for (long i = 0; i < n; i++)
    total += THTensor_(normTerm)(p[i * stride], power);
  return THTensor_(normFinish)(total, power);
}

static void THTensor_(checkNormPower)(real p, int argNumber) {
  THArgCheck(p >= 0, argNumber, "the norm's power p must not be negative, got %g", (double)p);
}

accreal THTensor_(normall)(THTensor *t, real p) {
  THTensor_(checkNormPower)(p, 2);
  accreal total = 0;
  if (isinf(p)) {
    TH_TENSOR_APPLY(real, t, total = fmax(total, fabs((accreal)*t_data)););
    return total;
  }
  TH_TENSOR_APPLY(real, t, total += THTensor_(normTerm)(*t_data, p););
  return THTensor_(normFinish)(total, p);
}

void THTensor_(norm)(THTensor *r_, THTensor *t, real p, int dimension) {
  THTensor_(checkNormPower)(p, 3);
  THTensor_(checkDim)(t, dimension, 4);
  THTensor *r = THTensor_(startReduced)(r_, t, dimension);
  TH_TENSOR_DIM_APPLY2(real, r, real, t, dimension,
                       *r_data = (real)THTensor_(normSlice)(t_data, t_size, t_stride, p););
  THTensor_(finishResultApart)(r_, r);
}

accreal THTensor_(dist)(THTensor *a, THTensor *b, real p) {
  THTensor_(checkSameNumel)(a, b, 2);
  THTensor_(checkNormPower)(p, 3);
  accreal total = 0;
  if (isinf(p)) {
    TH_TENSOR_APPLY2(real, a, real, b, total = fmax(total, fabs((accreal)*a_data - *b_data)););
    return total;
  }
  TH_TENSOR_APPLY2(real, a, real, b, total += THTensor_(normTerm)((accreal)*a_data - *b_data, p););
  return THTensor_(normFinish)(total, p);
}

void THTensor_(renorm)(THTensor *r_, THTensor *t, real p, int dimension, real maxnorm) {
  THArgCheck(p > 0, 3, "renorm needs a positive power p, got %g", (double)p);
  THTensor_(checkDim)(t, dimension, 4);
  THArgCheck(t->nDimension > 1, 2, "renorm needs a tensor of at least 2 dimensions, got a %dD one",
             t->nDimension);
  THArgCheck(maxnorm >= 0, 5, "renorm needs a maxnorm of at least 0, got %g", (double)maxnorm);
  /* Slice i of t is read before slice i of the result is written: the same view is safe. */
  THTensor *result = THTensor_(resultApartFrom)(r_, t, NULL, 1);
  THTensor_(resizeAs)(result, t);
  THTensor *sliceT = THTensor_(new)(), *sliceR = THTensor_(new)();
  for (long i = 0; i < t->size[dimension]; i++) {
    THTensor_(select)(sliceT, t, dimension, i);
    THTensor_(select)(sliceR, result, dimension, i);
    accreal norm = THTensor_(normall)(sliceT, p);
    /* the 1e-7 keeps a slice of norm just above maxnorm from dividing by almost nothing */
    real scale = norm > maxnorm ? (real)(maxnorm / (norm + 1e-7)) : 1;
    THTensor_(mul)(sliceR, sliceT, scale);
  }
  THTensor_(free)(sliceT);
  THTensor_(free)(sliceR);
  THTensor_(finishResultApart)(r_, result);
}

/* ---- Histogram ---- */

/* The smallest and largest values of t, NaNs left out; 0 when t holds no number. */
static int THTensor_(valueRange)(THTensor *t, accreal *low, accreal *high) {
  int found = 0;
  TH_TENSOR_APPLY(real, t,
                  accreal x = *t_data;
                  if (!isnan(x)) {
                    if (!found || x < *low)
                      *low = x;
                    if (!found || x > *high)
                      *high = x;
                    found = 1;
                  });
  return found;
}

void THTensor_(histc)(THTensor *hist_, THTensor *t, long nbins, real minvalue, real maxvalue) {
  THArgCheck(nbins > 0, 3, "histc needs a positive number of bins, got %ld", nbins);
  THArgCheck(minvalue <= maxvalue, 4, "histc: min (%g) must not be larger than max (%g)",
             (double)minvalue, (double)maxvalue);
  accreal low = minvalue, high = maxvalue;
  if (low == high && !THTensor_(valueRange)(t, &low, &high))
    low = high = minvalue;
  if (low == high) {
    low -= 1;
    high += 1;
  }
  THArgCheck(isfinite(low) && isfinite(high), 2,
             "histc needs a finite range, but it is [%g, %g]", (double)low, (double)high);
  THTensor *counts = THTensor_(newWithSize1d)(nbins);   /* t may be hist_: count apart */
  THTensor_(zero)(counts);
  real *bin = THTensor_(data)(counts);
  accreal width = high - low;
  TH_TENSOR_APPLY(real, t,
                  accreal x = *t_data;
                  if (x >= low && x <= high) {
                    long b = (long)((x - low) / width * nbins);
                    bin[b < nbins ? b : nbins - 1] += 1;
                  });
  THTensor_(resize1d)(hist_, nbins);
  THTensor_(copy)(hist_, counts);
  THTensor_(free)(counts);
}

#endif

#undef TH_REDUCE_COLUMN_BLOCK
#undef TH_EXTREMUM_RUN
#undef TH_REDUCE_IS_NAN

#endif
