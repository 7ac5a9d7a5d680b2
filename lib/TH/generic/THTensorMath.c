/* Tensor math of one dtype (included by THTensorMath.c once per dtype). Every function checks its
 * arguments first, then resizes its result (which may be the same tensor as an input), then runs
 * a THVector kernel (or a flat loop) over contiguous memory — vectorised, parallel above
 * TH_OMP_OVERHEAD_THRESHOLD elements — or, for other layouts, the strided apply macros.
 * Sections: filling, scalar ops, element-wise ops, reductions, masks. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMath.c"
#else

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_MATH_IS_INTEGRAL 0
#else
#define TH_MATH_IS_INTEGRAL 1
#endif

/* Integer division that cannot trap: the most negative value divided by -1 overflows (and kills
 * the process on x86), so division by -1 is a wrapping negation, like other integer overflows.
 * Only int and long need it; narrower types are promoted to int first. */
#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
static inline real THTensor_(divide)(real x, real y) {
  return y == -1 ? (real)(0UL - (unsigned long)x) : x / y;
}
#else
static inline real THTensor_(divide)(real x, real y) {
  return x / y;
}
#endif

/* -value, wrapping for integers (the negation of the most negative value is itself), so that
 * t - value can run as t + (-value): the same result in every dtype, unsigned ones included. */
static inline real THTensor_(negate)(real value) {
#if TH_MATH_IS_INTEGRAL
  return (real)(0UL - (unsigned long)value);
#else
  return -value;
#endif
}

static int THTensor_(isContiguous2)(const THTensor *a, const THTensor *b) {
  return THTensor_(isContiguous)(a) && THTensor_(isContiguous)(b);
}

static void THTensor_(checkSameNumel)(THTensor *t, THTensor *src, int argNumber) {
  ptrdiff_t n = THTensor_(nElement)(t), srcN = THTensor_(nElement)(src);
  THArgCheck(n == srcN, argNumber,
             "inconsistent tensor size: expected %td elements (size %s) but got %td (size %s)", n,
             THTensor_(sizeDesc)(t).str, srcN, THTensor_(sizeDesc)(src).str);
}

/* ---- Filling ---- */

void THTensor_(fill)(THTensor *r_, real value) {
  if (THTensor_(isContiguous)(r_)) {
    real *rp = THTensor_(data)(r_);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(r_),
                       THVector_(fill)(rp + begin, value, length););
  } else {
    TH_TENSOR_APPLY(real, r_, *r__data = value;);
  }
}

void THTensor_(zero)(THTensor *r_) {
  THTensor_(fill)(r_, 0);
}

/* ---- With a scalar ---- */

void THTensor_(add)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(adds)(rp + begin, tp + begin, value, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data + value;);
  }
}

void THTensor_(sub)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    real negated = THTensor_(negate)(value);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(adds)(rp + begin, tp + begin, negated, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data - value;);
  }
}

void THTensor_(mul)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(muls)(rp + begin, tp + begin, value, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data * value;);
  }
}

void THTensor_(div)(THTensor *r_, THTensor *t, real value) {
  if (TH_MATH_IS_INTEGRAL && value == 0)
    THZeroDivisionError("integer division by zero");
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
#if TH_MATH_IS_INTEGRAL
    TH_PARALLEL_FOR(i, THTensor_(nElement)(t), rp[i] = THTensor_(divide)(tp[i], value););
#else
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(divs)(rp + begin, tp + begin, value, length););
#endif
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = THTensor_(divide)(*t_data, value););
  }
}

/* ---- Element-wise ---- */

void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 4);
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t) && THTensor_(isContiguous)(src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cadd)(rp + begin, tp + begin, value, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data + value * *src_data;);
  }
}

void THTensor_(csub)(THTensor *r_, THTensor *t, real value, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 4);
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t) && THTensor_(isContiguous)(src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    real negated = THTensor_(negate)(value);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cadd)(rp + begin, tp + begin, negated, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data - value * *src_data;);
  }
}

void THTensor_(cmul)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous2)(r_, t) && THTensor_(isContiguous)(src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cmul)(rp + begin, tp + begin, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data * *src_data;);
  }
}

/* 1 if any element of t is zero (integer division checks this before writing anything). */
static int THTensor_(hasZero)(THTensor *t) {
  int found = 0;
  TH_TENSOR_APPLY(real, t, found |= (*t_data == 0););
  return found;
}

/* r_ = t / src where no operand shares memory with r_ under another layout. */
static void THTensor_(cdivApart)(THTensor *r_, THTensor *t, THTensor *src) {
  if (THTensor_(isContiguous2)(r_, t) && THTensor_(isContiguous)(src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
#if TH_MATH_IS_INTEGRAL
    TH_PARALLEL_FOR(i, THTensor_(nElement)(t), rp[i] = THTensor_(divide)(tp[i], sp[i]););
#else
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cdiv)(rp + begin, tp + begin, sp + begin, length););
#endif
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = THTensor_(divide)(*t_data, *src_data););
  }
}

/* The divisors are checked before anything is written, then t and src are read from copies where
 * they share memory with r_ under another layout: writing r_ would otherwise change elements not
 * read yet, and x.div_(x.t()) could meet a zero divisor that the check never saw. */
void THTensor_(cdiv)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  if (TH_MATH_IS_INTEGRAL && THTensor_(hasZero)(src))
    THZeroDivisionError("integer division by zero");
  THTensor_(resizeAs)(r_, t);
  THTensor *dividend = THTensor_(newApartFrom)(t, r_), *divisor = THTensor_(newApartFrom)(src, r_);
  THTensor_(cdivApart)(r_, dividend, divisor);
  THTensor_(free)(dividend);
  THTensor_(free)(divisor);
}

/* ---- Reductions ----
 * Each reduction has three kernels, all accumulating in accreal:
 *   whole(p, n)                      n contiguous elements, in parallel when long
 *   slice(p, n, stride)              n elements stride apart
 *   columns(r, p, n, inner, width)   width adjacent columns of a contiguous n x inner block,
 *                                    reduced down the n rows (row by row, so memory is read in
 *                                    order), into r[0..width)
 * and the per-dimension reduction picks among them by layout.
 * A whole kernel cuts a long array into THGetNumThreads() equal shares, whatever number of threads
 * then runs them (fewer on a busy machine: see THParallel.h), and combines the shares' results in
 * order, so that the rounding, hence every bit of the result, depends only on the number of
 * threads the user set. */

#define TH_REDUCE_COLUMN_BLOCK 1024

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
  THArgCheck(dimension >= 0 && dimension < t->nDimension, 3, "dimension %d out of range of %dD tensor",
             dimension, t->nDimension);
  if (r_ == t) {                       /* the result replaces t: compute aside, then re-point */
    THTensor *result = THTensor_(new)();
    THTensor_(reduceDim)(result, t, dimension, op);
    THTensor_(set)(r_, result);
    THTensor_(free)(result);
    return;
  }
  long sizeOnStack[TH_APPLY_STACK_DIMS];
  long *size = t->nDimension > TH_APPLY_STACK_DIMS ? THAlloc(sizeof(long) * t->nDimension) : sizeOnStack;
  memcpy(size, t->size, sizeof(long) * t->nDimension);
  size[dimension] = 1;
  THTensor_(resizeNd)(r_, t->nDimension, size, NULL);
  if (size != sizeOnStack)
    THFree(size);

  if (THTensor_(isContiguous2)(r_, t)) {
    long outer = 1, inner = 1;
    for (int d = 0; d < dimension; d++)
      outer *= t->size[d];
    for (int d = dimension + 1; d < t->nDimension; d++)
      inner *= t->size[d];
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

static accreal THTensor_(dotContiguous)(const real *tp, const real *sp, ptrdiff_t n) {
  accreal sum = 0;
#pragma omp simd reduction(+ : sum)
  for (ptrdiff_t i = 0; i < n; i++)
    sum += (accreal)tp[i] * sp[i];
  return sum;
}

/* In shares combined in order when long, as the whole kernels of the reductions. */
static accreal THTensor_(dotWhole)(const real *tp, const real *sp, ptrdiff_t n) {
  if (n <= TH_OMP_OVERHEAD_THRESHOLD)
    return THTensor_(dotContiguous)(tp, sp, n);
  ptrdiff_t shares = THGetNumThreads();
  accreal *partial = THAlloc(sizeof(accreal) * shares), sum = 0;
  TH_PARALLEL_LOOP(s, shares, n,
                   ptrdiff_t begin, length;
                   THParallel_shareOf(n, shares, s, &begin, &length);
                   partial[s] = THTensor_(dotContiguous)(tp + begin, sp + begin, length););
  for (ptrdiff_t s = 0; s < shares; s++)
    sum += partial[s];
  THFree(partial);
  return sum;
}

accreal THTensor_(dot)(THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 2);
  accreal sum = 0;
  if (THTensor_(isContiguous2)(t, src)) {
    sum = THTensor_(dotWhole)(THTensor_(data)(t), THTensor_(data)(src), THTensor_(nElement)(t));
  } else {
    TH_TENSOR_APPLY2(real, t, real, src, sum += (accreal)*t_data * *src_data;);
  }
  return sum;
}

ptrdiff_t THTensor_(numel)(THTensor *t) {
  return THTensor_(nElement)(t);
}

/* ---- Masks ---- */

/* Checks the mask against the tensor and counts its 1s; an error before anything is written. */
static ptrdiff_t THTensor_(countMask)(THTensor *tensor, THByteTensor *mask, int maskArg) {
  ptrdiff_t n = THTensor_(nElement)(tensor), maskN = THByteTensor_nElement(mask);
  THArgCheck(n == maskN, maskArg,
             "the mask has %td elements (size %s) but the tensor has %td (size %s)", maskN,
             THByteTensor_sizeDesc(mask).str, n, THTensor_(sizeDesc)(tensor).str);
  ptrdiff_t picked = 0;
  int bad = 0;
  TH_TENSOR_APPLY(unsigned char, mask, picked += (*mask_data == 1); bad |= (*mask_data > 1););
  THArgCheck(!bad, maskArg, "the mask may only contain 0s and 1s");
  return picked;
}

void THTensor_(maskedFill)(THTensor *tensor, THByteTensor *mask, real value) {
  THTensor_(countMask)(tensor, mask, 2);
  TH_TENSOR_APPLY2(real, tensor, unsigned char, mask,
                   if (*mask_data) *tensor_data = value;);
}

void THTensor_(maskedCopy)(THTensor *tensor, THByteTensor *mask, THTensor *src) {
  ptrdiff_t picked = THTensor_(countMask)(tensor, mask, 2);
  ptrdiff_t available = THTensor_(nElement)(src);
  THArgCheck(available >= picked, 3,
             "the mask picks %td elements but the source has only %td (size %s)", picked,
             available, THTensor_(sizeDesc)(src).str);
  if (picked == 0)
    return;
  THTensor *source = THTensor_(newContiguous)(src);
  const real *next = THTensor_(data)(source);
  TH_TENSOR_APPLY2(real, tensor, unsigned char, mask,
                   if (*mask_data) *tensor_data = *next++;);
  THTensor_(free)(source);
}

void THTensor_(maskedSelect)(THTensor *r_, THTensor *src, THByteTensor *mask) {
  ptrdiff_t picked = THTensor_(countMask)(src, mask, 3);
  if (picked == 0) {
    THTensor_(resizeNd)(r_, 0, NULL, NULL);
    return;
  }
  /* r_ may alias src: gather into a fresh buffer first. */
  THTensor *result = THTensor_(newWithSize1d)(picked);
  real *out = THTensor_(data)(result);
  TH_TENSOR_APPLY2(real, src, unsigned char, mask,
                   if (*mask_data) *out++ = *src_data;);
  THTensor_(set)(r_, result);
  THTensor_(free)(result);
}

#undef TH_REDUCE_COLUMN_BLOCK
#undef TH_REDUCE_PARTIAL
#undef TH_MATH_IS_INTEGRAL

#endif
