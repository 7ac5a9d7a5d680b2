/* THTensorCreate: filling and creation of one dtype (included by THTensorCreate.c once per dtype):
 * fill and zero (Half too), then zeros, ones, eye, range, linspace, logspace, diag, tril, triu.
 * On the path of `torch_early.eye(3)` → THPFloatTensor_stateless_eye → THFloatTensor_eye.
 * Arguments are checked first; then the result is resized and written, through its data pointer
 * when contiguous, else element by element through the strided apply macros (a given out= tensor
 * may be any view). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCreate.c"
#else

/* ---- Filling: every element of the view, and nothing around it ---- */

void THTensor_(fill)(THTensor *r_, real value) {
#if defined(TH_REAL_IS_HALF)
  TH_TENSOR_APPLY(real, r_, *r__data = value;);      /* Half has no THVector kernels */
#else
  if (THTensor_(isContiguous)(r_)) {
    real *rp = THTensor_(data)(r_);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(r_),
                       THVector_(fill)(rp + begin, value, length););
  } else {
    TH_TENSOR_APPLY(real, r_, *r__data = value;);
  }
#endif
}

void THTensor_(zero)(THTensor *r_) {
#if defined(TH_REAL_IS_HALF)
  THTensor_(fill)(r_, TH_float2half(0));
#else
  THTensor_(fill)(r_, 0);
#endif
}

/* ---- Creation (Half has none) ---- */

#if !defined(TH_REAL_IS_HALF)

void THTensor_(zeros)(THTensor *r_, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(zero)(r_);
}

void THTensor_(ones)(THTensor *r_, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(fill)(r_, 1);
}

void THTensor_(eye)(THTensor *r_, long n, long m) {
  THArgCheck(n > 0, 2, "expected a positive number of rows, got %ld", n);
  THArgCheck(m > 0, 3, "expected a positive number of columns, got %ld", m);
  THTensor_(resize2d)(r_, n, m);
  THTensor_(zero)(r_);
  real *rp = THTensor_(data)(r_);
  long diagonalStride = r_->stride[0] + r_->stride[1];
  for (long i = 0; i < (n < m ? n : m); i++)
    rp[i * diagonalStride] = 1;
}

/* Element i of a 1-D result gets first + i * step, computed in accreal. */
static void THTensor_(fillArithmetic)(THTensor *r_, accreal first, accreal step) {
  if (THTensor_(isContiguous)(r_)) {
    real *rp = THTensor_(data)(r_);
    TH_PARALLEL_FOR(i, THTensor_(nElement)(r_), rp[i] = (real)(first + (accreal)i * step););
  } else {
    ptrdiff_t i = 0;
    TH_TENSOR_APPLY(real, r_, *r__data = (real)(first + (accreal)(i++) * step););
  }
}

void THTensor_(range)(THTensor *r_, accreal xmin, accreal xmax, accreal step) {
  THArgCheck(step != 0, 4, "step must be nonzero");
  THArgCheck((step > 0 && xmax >= xmin) || (step < 0 && xmax <= xmin), 4,
             "the step (%g) must go from start (%g) towards end (%g)", (double)step, (double)xmin,
             (double)xmax);
  double count = floor(((double)xmax - (double)xmin) / (double)step) + 1;
  THArgCheck(count <= (double)LONG_MAX, 4, "range: %g values is too many", count);
  if (THTensor_(nElement)(r_) != (ptrdiff_t)count) /* a result of the right size keeps its shape */
    THTensor_(resize1d)(r_, (long)count);
  THTensor_(fillArithmetic)(r_, xmin, step);
}

/* range without its end: the values xmin, xmin + step, ... before xmax. There are ceil((xmax -
 * xmin) / step) of them, the ceiling of the exact quotient of the two doubles, as v0.1.12 counted:
 * 9 / 0.3 rounds to 30.0 in double, but 0.3 is stored a hair below 3/10, so the exact quotient is
 * a hair above 30 and arange(1, 10, 0.3) has 31 values. fmod is exact: d = n * step + remainder
 * with n whole, so the count is n, plus one when something remains. Equal bounds give an empty
 * tensor. */
void THTensor_(arange)(THTensor *r_, accreal xmin, accreal xmax, accreal step) {
  THArgCheck(step != 0, 4, "step must be nonzero");
  THArgCheck((step > 0 && xmax >= xmin) || (step < 0 && xmax <= xmin), 4,
             "the step (%g) must go from start (%g) towards end (%g)", (double)step, (double)xmin,
             (double)xmax);
  double distance = (double)xmax - (double)xmin;
  double remainder = fmod(distance, (double)step);
  double count = nearbyint((distance - remainder) / (double)step) + (remainder != 0);
  THArgCheck(count <= (double)LONG_MAX, 4, "arange: %g values is too many", count);
  if (count == 0) {
    THTensor_(resize1d)(r_, 0);
    return;
  }
  if (THTensor_(nElement)(r_) != (ptrdiff_t)count) /* a result of the right size keeps its shape */
    THTensor_(resize1d)(r_, (long)count);
  THTensor_(fillArithmetic)(r_, xmin, step);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
void THTensor_(linspace)(THTensor *r_, real a, real b, long n) {
  THArgCheck(n > 0, 4, "expected a positive number of steps, got %ld", n);
  THArgCheck(n > 1 || a == b, 4, "a single step needs start == end (got start %g, end %g)",
             (double)a, (double)b);
  if (THTensor_(nElement)(r_) != n) /* a result of the right size keeps its shape */
    THTensor_(resize1d)(r_, n);
  THTensor_(fillArithmetic)(r_, a, n == 1 ? 0 : ((accreal)b - a) / (n - 1));
}

void THTensor_(logspace)(THTensor *r_, real a, real b, long n) {
  THTensor_(linspace)(r_, a, b, n);
  TH_TENSOR_APPLY(real, r_, *r__data = (real)pow(10.0, (double)*r__data););
}
#endif

/* The length of diagonal k of a rows x cols matrix (0 when it lies outside). No sum here can
 * overflow: k >= 0 only meets cols - k, k < 0 only rows + k. */
static long THTensor_(diagonalLength)(long rows, long cols, long k) {
  long length = k >= 0 ? (rows < cols - k ? rows : cols - k) : (rows + k < cols ? rows + k : cols);
  return length > 0 ? length : 0;
}

/* The side of the square matrix that holds a vector of n elements on diagonal k: n + |k|, or 0
 * when that matrix would have more than LONG_MAX elements (|k| itself may not fit a long). */
static long THTensor_(diagonalMatrixSide)(long n, long k) {
  long side, elements;
  int overflow = k >= 0 ? __builtin_add_overflow(n, k, &side) : __builtin_sub_overflow(n, k, &side);
  overflow |= __builtin_mul_overflow(side, side, &elements);
  return overflow ? 0 : side;
}

void THTensor_(diag)(THTensor *r_, THTensor *t, long k) {
  THArgCheck(t->nDimension == 1 || t->nDimension == 2, 2,
             "expected a vector or a matrix, got a tensor of size %s", THTensor_(sizeDesc)(t).str);
  if (t->nDimension == 1) {
    THArgCheck(THTensor_(diagonalMatrixSide)(t->size[0], k) > 0, 3,
               "diagonal %ld is too far from the main diagonal: a matrix with a vector of %ld "
               "elements on it would have more than %ld elements", k, t->size[0], LONG_MAX);
  } else {
    THArgCheck(THTensor_(diagonalLength)(t->size[0], t->size[1], k) > 0, 3,
               "diagonal %ld is outside a %s matrix", k, THTensor_(sizeDesc)(t).str);
  }
  THTensor *result = THTensor_(resultApartFrom)(r_, t, NULL, 0);
  if (result != r_) {                          /* r_ shares memory with t: compute apart */
    THTensor_(diag)(result, t, k);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  /* From here |k| is below the side of a matrix that exists: its offsets cannot overflow. */
  if (t->nDimension == 1) {
    long n = t->size[0], side = THTensor_(diagonalMatrixSide)(n, k);
    THTensor_(resize2d)(r_, side, side);
    THTensor_(zero)(r_);
    real *rp = THTensor_(data)(r_) + (k >= 0 ? k * r_->stride[1] : -k * r_->stride[0]);
    const real *tp = THTensor_(data)(t);
    for (long i = 0; i < n; i++)
      rp[i * (r_->stride[0] + r_->stride[1])] = tp[i * t->stride[0]];
  } else {
    long length = THTensor_(diagonalLength)(t->size[0], t->size[1], k);
    THTensor_(resize1d)(r_, length);
    const real *tp = THTensor_(data)(t) + (k >= 0 ? k * t->stride[1] : -k * t->stride[0]);
    real *rp = THTensor_(data)(r_);
    for (long i = 0; i < length; i++)
      rp[i * r_->stride[0]] = tp[i * (t->stride[0] + t->stride[1])];
  }
}

/* r_ = t with the elements outside one triangle set to 0: tril (keepLower) keeps the elements
 * (i, j) with j <= i + k, triu those with j >= i + k. Every k <= -rows selects the same elements
 * as -rows, and every k >= cols as cols, so k is first brought into [-rows, cols]: then i + k + 1
 * cannot overflow, whatever k the caller gave (LONG_MIN and LONG_MAX included). */
static void THTensor_(triangle)(THTensor *r_, THTensor *t, long k, int keepLower) {
  THArgCheck(t->nDimension == 2, 2, "expected a matrix, got a tensor of size %s",
             THTensor_(sizeDesc)(t).str);
  /* t is read only by the copy, which handles shared memory; then only r_ is written. */
  if (r_ != t) {
    THTensor_(resizeAs)(r_, t);
    THTensor_(copy)(r_, t);
  }
  real *rp = THTensor_(data)(r_);
  long rows = r_->size[0], cols = r_->size[1];
  long rowStride = r_->stride[0], colStride = r_->stride[1];
  if (k < -rows)
    k = -rows;
  if (k > cols)
    k = cols;
  for (long i = 0; i < rows; i++) {
    long from = keepLower ? i + k + 1 : 0;
    long to = keepLower ? cols : i + k;
    if (from < 0)
      from = 0;
    if (to > cols)
      to = cols;
    for (long j = from; j < to; j++)
      rp[i * rowStride + j * colStride] = 0;
  }
}

void THTensor_(tril)(THTensor *r_, THTensor *t, long k) {
  THTensor_(triangle)(r_, t, k, 1);
}

void THTensor_(triu)(THTensor *r_, THTensor *t, long k) {
  THTensor_(triangle)(r_, t, k, 0);
}

#endif

#endif
